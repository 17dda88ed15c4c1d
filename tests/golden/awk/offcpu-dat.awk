# The [off-cpu] frames, derived from `trace-cmd report -R -t FILE.dat` (every record as it is:
# funcgraph_entry, funcgraph_exit and sched_switch with ns timestamps) independently of
# surfgraph, by the definition offcpu-text.awk states: folded lines "PATH;[off-cpu] NS" over the
# complete invocations of ROOT (-v root=NAME, at depth 0). In a binary trace every entry and
# every return is a record of its own, at its own time.
/: (funcgraph_entry|funcgraph_exit|sched_switch): / {
	t = $0; sub(/: (funcgraph_entry|funcgraph_exit|sched_switch): .*/, "", t); sub(/.* /, "", t)
	split(t, q, "."); ts = q[1] * 1000000000 + q[2]
	if ($0 ~ /: sched_switch: /) {
		prev = $0; sub(/.* prev_pid=/, "", prev); sub(/ .*/, "", prev)
		next_ = $0; sub(/.* next_pid=/, "", next_); sub(/ .*/, "", next_)
		if (inroot[prev]) {
			if (!state[prev]) last[prev] = ts
			state[prev] = 1
		}
		if (state[next_] == 1) state[next_] = 2
		next
	}
	pid = $0; sub(/ +\[[0-9]+\] .*/, "", pid); sub(/.*-/, "", pid)
	name = $0; sub(/.* func=/, "", name); sub(/ .*/, "", name)
	depth = $0; sub(/.* depth=/, "", depth); sub(/ .*/, "", depth)
	kind = $0 ~ /: funcgraph_entry: / ? "entry" : "exit"
	if (state[pid] == 1) {
		if (ts > last[pid]) last[pid] = ts
	} else if (state[pid] == 2) {
		state[pid] = 0
		path = ""; for (i = 0; i < n[pid]; i++) path = path (i ? ";" : "") st[pid, i]
		inv[pid, path ";[off-cpu]"] += ts - last[pid]
		paths[path ";[off-cpu]"] = 1
	}
	if (kind == "entry") {
		if (depth == 0 && name == root) { inroot[pid] = 1; n[pid] = 0 }
		if (inroot[pid]) st[pid, n[pid]++] = name
	} else if (inroot[pid]) {
		n[pid]--
		if (depth == 0) {
			inroot[pid] = 0
			for (p in paths) if ((pid, p) in inv) { sum[p] += inv[pid, p]; delete inv[pid, p] }
		}
	}
}
END { for (p in sum) printf "%s %.0f\n", p, sum[p] }
