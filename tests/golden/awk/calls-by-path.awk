# calls-by-path.awk - the calls of ROOT's complete invocations in function_graph text, summed per
# call path, derived from the kernel's lines alone. Any columns (CPU, funcgraph-proc, -abstime):
# the call is what follows the last "|", its duration the "N.NNN us" of the field before.
# usage: awk -v root=ROOT -f calls-by-path.awk TRACE
# Prints "node PATH CALLS TOTAL_NS" sorted by path, then "invocations N", "total_ns NS",
# "raised N" (calls of complete invocations, the roots among them), "raised_ns NS" (by how much
# the calls below the roots were raised, in all), "incomplete N" (root entries that never closed,
# or whose stack lost a return), "roots" and each invocation's duration in ns, in order.
#
# One stack per task (the funcgraph-proc column, or the task the CPU's last "=>" line names, or
# the CPU); a return closes the last call still open at its depth. Where the kernel's lines say
# what ran inside what only through the printed durations:
# - guests: calls printed at the depth of a call still open (an interrupt: arm64's
#   irq_enter_rcu/do_interrupt_handler/irq_exit_rcu, 6.1's the same on x86) are that call's
#   callees if its printed duration holds them beside its own callees (the interrupt came after
#   its calltime and before its rettime), else its caller's (after its rettime, before its exit
#   record was written: arm64 6.1's get_page_from_freelist prints 39 us around a 12.9 ms
#   interrupt); a root that does not hold its guests leaves them out of the invocation;
# - late callers: a call printed two or more levels below the innermost open call waits for
#   its caller's entry, printed after it (7.x records an entry after an interrupt that came
#   while it was being made); if the enclosing call returns first, the caller was notrace
#   (__schedule in an interrupt's preemption) and the enclosing call takes them;
# - raised: a call whose callees add up to more than its printed duration (6.12 on leave an
#   interrupt's time out of the interrupted call's) counts as their sum, except the root, which
#   keeps its printed duration; each call on its own (not the calls of one path together: one
#   short call among several would hide in the others' slack), and at the raised value in its
#   caller's callees.
function ns(s,   a, f) {
	split(s, a, ".")
	f = a[2]
	while (length(f) < 3) f = f "0"
	return a[1] * 1000 + f
}
function last(p) { sub(/.*;/, "", p); return p }
function prefix(p) { sub(/;[^;]*$/, "", p); return p }
function push(k, d, path, ph, guest,   n) {
	n = ++sp[k]
	fd[k, n] = d; fp[k, n] = path; fk[k, n] = 0; fg[k, n] = 0; fph[k, n] = ph
	fgst[k, n] = guest; fh[k, n] = ""; fw[k, n] = 0; fwt[k, n] = ""
}
# held places for the levels missing between the innermost open call and depth d
function gap(k, d) {
	while (fd[k, sp[k]] < d - 1) push(k, fd[k, sp[k]] + 1, fp[k, sp[k]] ";\001p" ++ntok, 1, 0)
}
# what the innermost frame's callee or guest at depth d is recorded under: sets guest
function parent(k, d,   n) {
	n = sp[k]
	guest = fd[k, n] == d
	if (!guest) {
		gap(k, d)
		return fp[k, sp[k]]
	}
	if (fh[k, n] == "") fh[k, n] = "\001h" ++ntok
	return prefix(fp[k, n]) ";" fh[k, n]
}
# time t of a closed call or leaf to its caller frame n
function credit(k, n, t, guest) { if (guest) fg[k, n] += t; else fk[k, n] += t }
# the innermost frame goes without its return: a held place never named dissolves into its
# caller; a call whose return is missing makes the invocation incomplete
function pop(k,   n) {
	n = sp[k]--
	if (!fph[k, n]) { bad[k] = 1; return }
	nm[last(fp[k, n])] = ""
	fk[k, n - 1] += fk[k, n]
}
# a recorded path with its held places and hosts resolved ("" when left out)
function named(p,   a, i, n, r) {
	n = split(p, a, ";")
	r = a[1]
	for (i = 2; i <= n; i++) {
		if (!(a[i] in nm)) r = r ";" a[i]
		else if (nm[a[i]] == "\002") return ""
		else if (nm[a[i]] != "") r = r ";" nm[a[i]]
	}
	return r
}
# the innermost frame returns after dur ns
function close_call(k, dur,   i, t) {
	i = sp[k]--
	t = dur
	if (fwt[k, i] != "") {
		if (fw[k, i] <= dur) {
			nm[fwt[k, i]] = last(fp[k, i])
		} else {
			nm[fwt[k, i]] = ""
			fk[k, i] -= fw[k, i]
			fk[k, i - 1] += fw[k, i]
		}
	}
	if (fg[k, i] > 0) {
		if (fk[k, i] + fg[k, i] <= dur) {
			nm[fh[k, i]] = last(fp[k, i])
			fk[k, i] += fg[k, i]
		} else if (i == 1) {
			nm[fh[k, i]] = "\002"
		} else {
			nm[fh[k, i]] = ""
			credit(k, i - 1, fg[k, i], fgst[k, i])
		}
	}
	# the root keeps its printed duration: the invocation lasted what the kernel says
	if (fk[k, i] > t) {
		nraised[k]++
		if (i > 1) {
			nraised_ns[k] += fk[k, i] - t
			t = fk[k, i]
		}
	}
	rec(k, fp[k, i], t)
	if (i > 1) credit(k, i - 1, t, fgst[k, i])
	else if (bad[k]) incomplete++
	else commit(k, t)
}
function rec(k, path, t) { nrec[k]++; recp[k, nrec[k]] = path; rect[k, nrec[k]] = t }
function commit(k, t,   i, p) {
	for (i = 1; i <= nrec[k]; i++) {
		p = named(recp[k, i])
		if (p == "") continue
		calls[p]++
		total[p] += rect[k, i]
	}
	raised += nraised[k]
	raised_ns += nraised_ns[k]
	inv++
	roots[inv] = t
	alltotal += t
}
/^ *[0-9]+\) .*=>/ && index($0, "|") == 0 {
	# a context switch: "cpu) prev-pid => next-pid"
	match($0, /^ *[0-9]+\)/)
	c = substr($0, RSTART, RLENGTH) + 0
	s = $0
	sub(/.*=> */, "", s)
	sub(/ *$/, "", s)
	cur[c] = s
	next
}
{
	nb = split($0, f, "|")
	if (nb < 2) next
	body = f[nb]
	if (!match(body, /^  +[^ ]/)) next
	depth = (RLENGTH - 3) / 2
	fn = substr(body, RLENGTH)
	sub(/ +$/, "", fn)
	if (fn ~ /^\/\*/) next
	dur = -1
	if (match(f[nb - 1], /[0-9]+(\.[0-9]+)? us/)) dur = ns(substr(f[nb - 1], RSTART, RLENGTH - 3))
	key = ""
	if (nb >= 3 && match(f[nb - 2], /[^ ]+-[0-9]+ *$/)) {
		key = substr(f[nb - 2], RSTART, RLENGTH)
		sub(/ +$/, "", key)
	} else if (match($0, /^ *([0-9.]+ +\| +)?[0-9]+\)/)) {
		c = substr($0, RSTART, RLENGTH)
		sub(/.*[| ]/, "", c)
		c = c + 0
		key = c in cur ? cur[c] : "cpu" c
	}
	name = fn
	sub(/\(.*/, "", name)
	if (fn ~ /\) \{$/) {
		if (!sp[key]) {
			if (depth != 0 || name != root) next
			sp[key] = 0; nrec[key] = 0; bad[key] = 0; nraised[key] = 0; nraised_ns[key] = 0
			push(key, 0, root, 0, 0)
			next
		}
		while (sp[key] && fd[key, sp[key]] > depth) pop(key)
		if (!sp[key]) { incomplete++; next }
		n = sp[key]
		if (fd[key, n] == depth && fph[key, n]) {
			# the late caller of the calls printed before it, if its duration holds them
			fph[key, n] = 0
			fw[key, n] = fk[key, n]
			fwt[key, n] = last(fp[key, n])
			fp[key, n] = prefix(fp[key, n]) ";" name
			next
		}
		p = parent(key, depth)
		push(key, depth, p ";" name, 0, guest)
	} else if (fn ~ /^}/) {
		if (!sp[key]) next
		for (i = sp[key]; i > 0 && fd[key, i] != depth; i--) ;
		if (i == 0) next
		while (sp[key] > i) pop(key)
		close_call(key, dur)
	} else if (fn ~ /\);/) {
		if (!sp[key]) next
		while (sp[key] && fd[key, sp[key]] > depth) pop(key)
		if (!sp[key]) { incomplete++; next }
		n = sp[key]
		if (fd[key, n] == depth && fph[key, n]) {
			# a late caller printed as a leaf (its entry came just before its return) if
			# its duration holds them
			if (fk[key, n] <= dur) {
				fph[key, n] = 0
				nm[last(fp[key, n])] = name
				fp[key, n] = prefix(fp[key, n]) ";" name
				close_call(key, dur)
				next
			}
			pop(key)
		}
		p = parent(key, depth)
		rec(key, p ";" name, dur)
		credit(key, sp[key], dur, guest)
	}
}
END {
	for (k in sp) if (sp[k]) incomplete++
	for (p in calls) printf "node %s %d %.0f\n", p, calls[p], total[p] | "sort"
	close("sort")
	printf "invocations %d\ntotal_ns %.0f\nraised %d\nraised_ns %.0f\nincomplete %d\nroots", inv, alltotal, raised,
		raised_ns, incomplete
	for (i = 1; i <= inv; i++) printf " %.0f", roots[i]
	printf "\n"
}
