# report-calls.awk - the calls of ROOT's invocations in `trace-cmd report -t` output, one line
# each, derived from the funcgraph records alone: "ts cpu task-pid dur_us depth func", the
# invocation's calls in entry order, invocations in the order their root returned.
# usage: trace-cmd report -t FILE.dat | awk -v root=ROOT -f report-calls.awk
# An exit closes the last entry still open at its depth: a stack per depth, as arm64 prints an
# interrupt (do_interrupt_handler) at the interrupted call's own depth, between its entry and
# its exit, and the report's exit lines carry no name; the root's own included (arm64 6.1:
# irq_enter_rcu beside __do_fault, inside it).
$4 ~ /^funcgraph_(entry|exit):$/ {
	task = $1; cpu = $2; gsub(/[][]/, "", cpu); cpu += 0; ts = $3; sub(/:$/, "", ts)
	bar = index($0, "|"); head = substr($0, 1, bar - 1); body = substr($0, bar + 1)
	dur = ""
	if (match(head, /[0-9]+\.[0-9]+ us/)) dur = substr(head, RSTART, RLENGTH - 3)
	match(body, /^ */); depth = (RLENGTH - 2) / 2; name = substr(body, RLENGTH + 1)
	sub(/\(.*$/, "", name); sub(/ *}.*$/, "", name)
	if ($4 == "funcgraph_entry:") {
		if (!(task in base)) {
			if (name != root) next
			base[task] = depth; n[task] = 0
		}
		k = ++n[task]
		line[task, k] = ts " " cpu " " task " " (dur == "" ? "-" : dur) " " depth - base[task] " " name
		if (dur == "") open[task, depth, ++sp[task, depth]] = k
		else if (k == 1) flush(task) # the root a leaf
	} else if (task in base && sp[task, depth] > 0) {
		k = open[task, depth, sp[task, depth]--]
		split(line[task, k], f, " ")
		line[task, k] = f[1] " " f[2] " " f[3] " " dur " " f[5] " " f[6]
		# the root's exit ends it: a call at the root's depth may be an interrupt of the root
		if (k == 1) flush(task)
	}
}
function flush(t,   i, key, kk) {
	for (i = 1; i <= n[t]; i++) print line[t, i]
	# an entry left open (its exit lost) must not take a later invocation's exit
	for (key in sp) { split(key, kk, SUBSEP); if (kk[1] == t) delete sp[key] }
	delete base[t]
}
