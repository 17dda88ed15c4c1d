# shellcheck shell=bash
# Host-side check of scenario 11 (Ctrl-C during set-up); sourced like checks.sh, which sets
# k, o, ok, bad and val.

check_s11() {
	if [ "$(val s11_late)" = yes ]; then
		ok "s11: inconclusive: the set-up was over within 0.3 s, the signal came while tracing"
		return
	fi
	[ "$(val s11_rc)" = 0 ] ||
		{ bad "s11: exit $(val s11_rc), want 0 as an interrupted run: $(head -c 300 "$o/s11.err")"; return; }
	grep -q 'before tracing began (function_graph was still being set up): nothing traced, nothing written' "$o/s11.err" ||
		{ bad "s11: no 'stopped before tracing began': $(head -c 300 "$o/s11.err")"; return; }
	grep -q 'is it the traced function' "$o/s11.err" &&
		{ bad "s11: still asks whether __do_fault is the traced function"; return; }
	[ -z "$(val s11_files | tr -d ' ')" ] || { bad "s11: wrote $(val s11_files)"; return; }
	[ "$(val s11_same)" = same ] || { bad "s11: tracefs differs after: $(head -c 600 "$o/s11.diff")"; return; }
	ok "s11: Ctrl-C during set-up: 'stopped before tracing began', exit 0, nothing written, tracefs byte-identical"
}
