# abstime-calls.awk - every call of a function_graph text trace with funcgraph-abstime and
# funcgraph-proc, for the time views (tests/browser/timechart.mjs, tests/tui/run.sh), derived
# from the text alone: per complete invocation of ROOT, in the order entered, one line
#   SEQ NAME AT_NS DUR_NS TASK CPU DEPTH CLAMPED
# AT_NS: the line's timestamp minus the root's (whole us printed, so whole us here); DUR_NS: the
# printed duration; DEPTH: the indentation (two spaces a level); CLAMPED 1 when the call ends at
# or after its caller's end or the start of the next call at its depth or above (docs/timelines.md:
# drawn 1 ns inside). usage: awk -v root=NAME -f abstime-calls.awk TRACE
function us2ns(s) { sub(/^ +/, "", s); split(s, p, "."); return p[1] * 1000000 + p[2] * 1000 }
function durns(s) { gsub(/[^0-9.]/, "", s); split(s, p, "."); return p[1] * 1000 + p[2] }
function flush(   i, j, e) {
	for (i = 1; i <= n; i++) {
		e = AT[i] + D[i]
		cl = 0
		for (j = i + 1; j <= n && DEP[j] > DEP[i]; j++)
			;
		if (j <= n && e >= AT[j])
			cl = 1
		if (PAR[i] && e >= AT[PAR[i]] + D[PAR[i]])
			cl = 1
		printf "%d %s %d %d %s %d %d %d\n", seq, N[i], AT[i], D[i], TASK[i], CPU[i], DEP[i], cl
	}
}
/^ *[0-9]+\.[0-9]+ \| / {
	split($0, f, "|")
	ts = us2ns(f[1])
	cpu = f[2]; sub(/^ +/, "", cpu); task = cpu
	sub(/\).*/, "", cpu); sub(/^[0-9]+\) +/, "", task); sub(/ +$/, "", task)
	body = f[4]; match(body, /^ */); depth = (RLENGTH - 2) / 2; sub(/^ +/, "", body)
	if (body ~ /^}/) {
		if (!(depth in open) || !inside)
			next
		D[open[depth]] = durns(f[3])
		delete open[depth]
		if (depth == 0) {
			seq++
			flush()
			inside = 0
		}
		next
	}
	name = body; sub(/\(.*/, "", name)
	if (depth == 0 && name == root) {
		inside = 1; n = 0; base = ts
		delete open
	}
	if (!inside)
		next
	n++
	N[n] = name; AT[n] = ts - base; TASK[n] = task; CPU[n] = cpu; DEP[n] = depth
	PAR[n] = depth ? open[depth - 1] : 0
	if (body ~ /{ *$/)
		open[depth] = n
	else
		D[n] = durns(f[3])
}
