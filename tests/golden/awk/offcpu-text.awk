# The [off-cpu] frames, derived from function_graph text with funcgraph-abstime and
# funcgraph-proc and sched:sched_switch enabled (its records are "/* sched_switch: ... */"
# comments), independently of surfgraph: folded lines "PATH;[off-cpu] NS", one per path, summed
# over the complete invocations of ROOT (-v root=NAME; the root at depth 0).
#
# The definition (docs/tree-format.md): a task inside the root is switched out at a
# sched_switch record naming it prev; it still runs until the context switch itself, so each of
# its events after that moves the start to the event's end (a leaf line's time plus its
# duration). A record naming it next brings it back; its first event after that ends the
# interval, which belongs to the innermost call open then. Times are the abstime column
# (microseconds) in ns, durations the column's ns.
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
		if (inroot[prev]) {
			if (!state[prev]) last[prev] = ts
			state[prev] = 1
		}
		if (state[next_] == 1) state[next_] = 2
		next
	}
	if (body ~ /^ *\/\*/) next
	ind = body; sub(/[^ ].*/, "", ind); depth = (length(ind) - 2) / 2
	name = body; sub(/^ */, "", name)
	kind = name ~ /^}/ ? "exit" : name ~ /\) \{$/ ? "entry" : name ~ /\);$/ ? "leaf" : ""
	if (kind == "") next
	if (state[pid] == 1) {
		end = ts + (kind == "leaf" ? dur($3) : 0)
		if (end > last[pid]) last[pid] = end
	} else if (state[pid] == 2) {
		state[pid] = 0
		path = ""; for (i = 0; i < n[pid]; i++) path = path (i ? ";" : "") st[pid, i]
		inv[pid, path ";[off-cpu]"] += ts - last[pid]
		paths[path ";[off-cpu]"] = 1
	}
	sub(/\(.*/, "", name)
	if (kind == "entry") {
		if (depth == 0 && name == root) { inroot[pid] = 1; n[pid] = 0 }
		if (inroot[pid]) st[pid, n[pid]++] = name
	} else if (kind == "exit" && inroot[pid]) {
		n[pid]--
		if (depth == 0) {
			inroot[pid] = 0
			for (p in paths) if ((pid, p) in inv) { sum[p] += inv[pid, p]; delete inv[pid, p] }
		}
	}
}
END { for (p in sum) printf "%s %.0f\n", p, sum[p] }
