# shellcheck shell=bash
# Host-side check of scenario 9 (s9-signals.sh), sourced by run-tests.sh beside checks.sh:
# every terminating signal restores tracefs, SIGTSTP does not stop a capture, the -- CMD child
# gets SIGTERM before SIGKILL.

check_s9() {
	local sig all=1
	for sig in QUIT USR1 USR2 ALRM XCPU XFSZ; do
		if [ "$(val s9_$sig)" != same ]; then
			bad "s9: after SIG$sig tracefs differs: $(head -c 600 "$o/s9.$sig.diff")"
			all=0
		elif [ "$(val s9_${sig}_rc)" != 0 ] || ! grep -q 'complete invocations' "$o/s9.$sig.err"; then
			bad "s9: SIG$sig: exit $(val s9_${sig}_rc), no summary: $(head -c 300 "$o/s9.$sig.err")"
			all=0
		elif [ "$(val s9_${sig}_state)" != none ]; then
			bad "s9: SIG$sig left /run/surfgraph/state behind"
			all=0
		fi
	done
	[ $all = 1 ] && ok "s9: SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ: each ended the capture with the summary, tracefs byte-identical, no state left"
	if [ "$(val s9_tstp_state)" = T ] || [ "$(val s9_tstp_tracing)" != 1 ]; then
		bad "s9: SIGTSTP: process state $(val s9_tstp_state), tracing_on $(val s9_tstp_tracing)"
	elif ! grep -q 'not stopping while tracing' "$o/s9.TSTP.err"; then
		bad "s9: SIGTSTP was not reported: $(head -c 300 "$o/s9.TSTP.err")"
	elif [ "$(val s9_TSTP)" != same ] || [ "$(val s9_tstp_rc)" != 0 ]; then
		bad "s9: after SIGTSTP then SIGINT: exit $(val s9_tstp_rc), $(head -c 600 "$o/s9.TSTP.diff")"
	else
		ok "s9: SIGTSTP ignored while tracing (state $(val s9_tstp_state), tracing on, said so); SIGINT then restored tracefs"
	fi
	if [ "$(val s9_child_term)" != term ] || [ "$(val s9_child_rc)" != 0 ]; then
		bad "s9: the -- CMD child was not given SIGTERM first (its trap wrote '$(val s9_child_term)', exit $(val s9_child_rc)): $(head -c 300 "$o/s9.child.err")"
	else
		ok "s9: -d 2 -- CMD: the child got SIGTERM and ran its trap before surfgraph exited"
	fi
}
