# Complete invocations of a root per task, from function_graph text with funcgraph-proc: a root
# entered at depth 0 ("ROOT() {") and closed at depth 0 by the same task. Prints
# "COMM COUNT" per task name as the trace prints it (cut to 7 characters), for -v root=NAME.
# The task is the field before the duration's, the call follows the last "|" (funcgraph-abstime
# puts the time and a "|" first).
{
	nb = split($0, f, "|")
	if (nb < 3 || !match(f[nb - 2], /[^ ]+-[0-9]+ *$/) || f[nb] !~ /^  [^ ]/) next
	task = substr(f[nb - 2], RSTART, RLENGTH)
	sub(/ +$/, "", task)
	body = substr(f[nb], 3)
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
