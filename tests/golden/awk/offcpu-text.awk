# The [off-cpu] intervals (offcpu-intervals.awk) from function_graph text with
# funcgraph-abstime and funcgraph-proc and sched:sched_switch enabled, whose records are
# "/* sched_switch: ... */" comments. Times are the abstime column (microseconds) in ns,
# durations the column's ns; a leaf line ends at its time plus its duration.
function ns(t, p) { split(t, p, "."); return p[1] * 1000000000 + substr(p[2] "000000", 1, 6) * 1000 }
function dur(d, p) { gsub(/[^0-9.]/, "", d); split(d, p, "."); return p[1] * 1000 + substr(p[2] "000", 1, 3) }
BEGIN { FS = "|" }
NF < 4 { next }
{
	t = $1; gsub(/ /, "", t); ts = ns(t)
	proc = $2; sub(/^ *[0-9]+\) */, "", proc); sub(/ *$/, "", proc); pid = proc; sub(/.*-/, "", pid)
	body = $4; for (i = 5; i <= NF; i++) body = body "|" $i
	if (body ~ /\/\* sched_switch: /) {
		prev = body; sub(/.* prev_pid=/, "", prev); sub(/ .*/, "", prev)
		next_ = body; sub(/.* next_pid=/, "", next_); sub(/ .*/, "", next_)
		switched(prev, next_, ts)
		next
	}
	if (body ~ /^ *\/\*/) next
	ind = body; sub(/[^ ].*/, "", ind); depth = (length(ind) - 2) / 2
	name = body; sub(/^ */, "", name)
	kind = name ~ /^}/ ? "exit" : name ~ /\) \{$/ ? "entry" : name ~ /\);$/ ? "leaf" : ""
	if (kind == "") next
	sub(/\(.*/, "", name)
	event(pid, ts, ts + (kind == "leaf" ? dur($3) : 0), kind, name, depth)
}
