# The [off-cpu] intervals (offcpu-intervals.awk) from `trace-cmd report -R -t FILE.dat`: every
# record as it is (funcgraph_entry, funcgraph_exit, sched_switch) at its ns timestamp. In a
# binary trace every entry and every return is a record of its own, at its own time.
/: (funcgraph_entry|funcgraph_exit|sched_switch): / {
	t = $0; sub(/: (funcgraph_entry|funcgraph_exit|sched_switch): .*/, "", t); sub(/.* /, "", t)
	split(t, q, "."); ts = q[1] * 1000000000 + q[2]
	if ($0 ~ /: sched_switch: /) {
		prev = $0; sub(/.* prev_pid=/, "", prev); sub(/ .*/, "", prev)
		next_ = $0; sub(/.* next_pid=/, "", next_); sub(/ .*/, "", next_)
		switched(prev, next_, ts)
		next
	}
	pid = $0; sub(/ +\[[0-9]+\] .*/, "", pid); sub(/.*-/, "", pid)
	name = $0; sub(/.* func=/, "", name); sub(/ .*/, "", name)
	depth = $0; sub(/.* depth=/, "", depth); sub(/ .*/, "", depth)
	event(pid, ts, ts, $0 ~ /: funcgraph_entry: / ? "entry" : "exit", name, depth + 0)
}
