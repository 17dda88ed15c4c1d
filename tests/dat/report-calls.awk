# report-calls.awk - the calls of ROOT's invocations in `trace-cmd report -t` output, one line
# each, derived from the funcgraph records alone: "ts cpu task-pid dur_us depth func", the
# invocation's calls in entry order, invocations in the order their root returned.
# usage: trace-cmd report -t FILE.dat | awk -v root=ROOT -f report-calls.awk
# An exit closes the last entry still open at its depth: a stack per depth, as arm64 prints an
# interrupt (do_interrupt_handler) at the interrupted call's own depth, between its entry and
# its exit, and the report's exit lines carry no name; the root's own included (arm64 6.1:
# irq_enter_rcu beside __do_fault, inside it).
# A page that begins after events the kernel dropped ("CPU:N [M EVENTS DROPPED]", or without a
# count) cuts what may have lost its records, and such an invocation is not printed: the one
# open in the task of CPU N's last funcgraph record, and the one open in the task of CPU N's
# next funcgraph record (the dropped events ran between the two).
/^CPU:[0-9]+ \[([0-9]+ )?EVENTS DROPPED\]/ {
	c = substr($1, 5) + 0
	if (c in cur && cur[c] in inv) cut[cur[c]] = 1
	lost[c] = 1
	next
}
$4 ~ /^funcgraph_(entry|exit):$/ {
	task = $1; cpu = $2; gsub(/[][]/, "", cpu); cpu += 0; ts = $3; sub(/:$/, "", ts)
	bar = index($0, "|"); head = substr($0, 1, bar - 1); body = substr($0, bar + 1)
	dur = ""
	if (match(head, /[0-9]+\.[0-9]+ us/)) dur = substr(head, RSTART, RLENGTH - 3)
	match(body, /^ */); depth = (RLENGTH - 2) / 2; name = substr(body, RLENGTH + 1)
	sub(/\(.*$/, "", name); sub(/ *}.*$/, "", name)
	cur[cpu] = task
	if (lost[cpu]) { delete lost[cpu]; if (task in inv) cut[task] = 1 }
	if ($4 == "funcgraph_entry:") {
		if (!(task in base)) {
			if (name != root) next
			base[task] = depth; n[task] = 0; inv[task] = 1
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
	for (i = 1; !(t in cut) && i <= n[t]; i++) print line[t, i]
	delete cut[t]; delete inv[t]
	# an entry left open (its exit lost) must not take a later invocation's exit
	for (key in sp) { split(key, kk, SUBSEP); if (kk[1] == t) delete sp[key] }
	delete base[t]
}
