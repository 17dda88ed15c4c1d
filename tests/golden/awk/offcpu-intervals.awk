# The [off-cpu] intervals' definition, shared by offcpu-text.awk and offcpu-dat.awk (each
# parses its format and calls these): awk -v root=NAME -f offcpu-intervals.awk -f offcpu-FMT.awk.
# Prints folded lines "PATH;[off-cpu] NS", one per path, summed over the complete invocations
# of the root (entered at depth 0).
#
# A task inside the root is switched out at a sched_switch record naming it prev; it still runs
# until the context switch itself, so each of its events after that moves the start to the
# event's end. A record naming it next brings it back; its first event after that ends the
# interval, which belongs to the innermost call open then.

# A sched_switch record at ts (ns).
function switched(prev, next_, ts) {
	if (inroot[prev]) {
		if (!state[prev]) last[prev] = ts
		state[prev] = 1
	}
	if (state[next_] == 1) state[next_] = 2
}

# An event of task pid starting at ts and ending at end (ns): kind entry, exit or leaf.
function event(pid, ts, end, kind, name, depth,   path, i, p) {
	if (state[pid] == 1) {
		if (end > last[pid]) last[pid] = end
	} else if (state[pid] == 2) {
		state[pid] = 0
		path = ""; for (i = 0; i < n[pid]; i++) path = path (i ? ";" : "") st[pid, i]
		inv[pid, path ";[off-cpu]"] += ts - last[pid]
		paths[path ";[off-cpu]"] = 1
	}
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
