# shellcheck shell=sh
# Scenario 9: every terminating signal gives tracefs back (not only INT, TERM, HUP); SIGTSTP
# does not stop a capture (the tracer would stay on while stopped) and says so; the -- CMD
# child gets SIGTERM and a moment to clean up when the capture ends first.
echo 1000 >"$T/buffer_size_kb"
echo vfs_read >"$T/set_ftrace_filter"
echo 5 >"$T/max_graph_depth"
snap /tmp/s9.before
for sig in QUIT USR1 USR2 ALRM XCPU XFSZ; do
	surfgraph -f __do_fault -d 120 -m tree --ascii --no-save >/tmp/s9.$sig.out 2>/tmp/s9.$sig.err &
	sg=$!
	wait_tracing
	workload 1
	kill -$sig $sg
	wait $sg
	result s9_${sig}_rc $?
	snap /tmp/s9.after
	if same /tmp/s9.before /tmp/s9.after >/tmp/s9.$sig.diff; then
		result s9_$sig same
	else
		result s9_$sig differs
	fi
	[ -e /run/surfgraph/state ] && result s9_${sig}_state left || result s9_${sig}_state none
	sg_out s9.$sig.diff /tmp/s9.$sig.diff
	sg_out s9.$sig.err /tmp/s9.$sig.err
done
# SIGTSTP: still running (not state T), still tracing, a line on stderr; then Ctrl-C as usual
surfgraph -f __do_fault -d 120 -m tree --ascii --no-save >/tmp/s9.TSTP.out 2>/tmp/s9.TSTP.err &
sg=$!
wait_tracing
kill -TSTP $sg
sleep 1
result s9_tstp_state "$(cut -d' ' -f3 /proc/$sg/stat)"
result s9_tstp_tracing "$(cat "$T/tracing_on")"
workload 1
kill -INT $sg
wait $sg
result s9_tstp_rc $?
snap /tmp/s9.after
if same /tmp/s9.before /tmp/s9.after >/tmp/s9.TSTP.diff; then result s9_TSTP same; else result s9_TSTP differs; fi
sg_out s9.TSTP.diff /tmp/s9.TSTP.diff
sg_out s9.TSTP.err /tmp/s9.TSTP.err
# the child outlives a 2 s capture: SIGTERM first, which its trap sees (SIGKILL would leave no file)
rm -f /tmp/s9.child.term
surfgraph -f __do_fault -d 2 -m tree --ascii --no-save -- \
	sh -c 'trap "echo term >/tmp/s9.child.term; exit 0" TERM; while :; do sleep 0.1; done' \
	>/tmp/s9.child.out 2>/tmp/s9.child.err
result s9_child_rc $?
result s9_child_term "$(cat /tmp/s9.child.term 2>/dev/null || echo none)"
sg_out s9.child.err /tmp/s9.child.err
# back to defaults for the next scenarios
echo >"$T/set_ftrace_filter"
echo 0 >"$T/max_graph_depth"
echo 1408 >"$T/buffer_size_kb"
