# shellcheck shell=sh
# Scenario 11: Ctrl-C while function_graph is still being set up (kallsyms takes seconds under
# TCG): "stopped before tracing began", exit status 0 as any interrupted run, no file written,
# every tracefs file as it was.
mkdir -p /tmp/s11 && cd /tmp/s11 || exit 1
snap /tmp/s11.before
surfgraph -f __do_fault -m tree --ascii >/tmp/s11.out 2>/tmp/s11.err &
sg=$!
sleep 0.3
# set-up over already (tracing_on and function_graph): the scenario proves nothing, say so
if [ "$(cat "$T/tracing_on")" = 1 ] && [ "$(cat "$T/current_tracer")" = function_graph ]; then
	result s11_late yes
else
	result s11_late no
fi
kill -INT $sg
wait $sg
result s11_rc $?
snap /tmp/s11.after
if same /tmp/s11.before /tmp/s11.after >/tmp/s11.diff; then
	result s11_same same
else
	result s11_same differs
fi
result s11_files "$(ls /tmp/s11 | tr '\n' ' ')"
sg_out s11.err /tmp/s11.err
sg_out s11.out /tmp/s11.out
sg_out s11.diff /tmp/s11.diff
cd / || exit 1
