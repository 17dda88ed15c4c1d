# shellcheck shell=bash
# Host-side checks of the live scenarios, one check_sN per scenario; sourced by run-tests.sh,
# which sets k (kernel), o (its output directory), and ok/bad/val.

check_s1() {
	local n
	[ "$(val s1_rc)" = 0 ] || { bad "s1: surfgraph exited $(val s1_rc): $(head -c 300 "$o/s1.err")"; return; }
	n=$(sed -n 's/.*__do_fault: \([0-9]*\) complete invocations.*/\1/p' "$o/s1.err" | head -n1)
	[ "${n:-0}" -gt 0 ] || { bad "s1: no complete invocation ($(head -c 300 "$o/s1.err"))"; return; }
	# durations: the root's average between 0.1 us and 1 s
	local avg
	avg=$(sed -n 's/.*avg \([0-9.]*\) us.*/\1/p' "$o/s1.out" | head -n1)
	awk -v a="${avg:-0}" 'BEGIN { exit !(a > 0.1 && a < 1000000) }' ||
		{ bad "s1: implausible average duration '${avg}' us"; return; }
	"$bin" -i "$o/s1.tree" -m folded -q >"$o/s1.reload.folded" ||
		{ bad "s1: the .tree does not reload"; return; }
	[ -s "$o/s1.reload.folded" ] || { bad "s1: the reloaded tree is empty"; return; }
	ok "s1: $n complete __do_fault invocations, avg ${avg} us, .tree reloads"
}
