# Complete invocations of a root per task, from function_graph text with funcgraph-proc: a root
# entered at depth 0 ("ROOT() {") and closed at depth 0 by the same task. Prints
# "COMM COUNT" per task name as the trace prints it (cut to 7 characters), for -v root=NAME.
$3 == "|" && match($0, /\|  [^ ]/) {
	task = $2
	body = substr($0, RSTART + 3)
	if (body == root "() {")
		open[task] = 1
	else if (body ~ /^}/ && open[task]) {
		open[task] = 0
		comm = task
		sub(/-[0-9]+$/, "", comm)
		n[comm]++
	}
}
END { for (c in n) print c, n[c] }
