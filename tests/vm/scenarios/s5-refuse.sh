# shellcheck shell=sh
# Scenario 5: a second concurrent run is refused; a busy tracer is refused without --force and
# taken over (then given back) with it; an unknown function exits 2 with suggestions.
surfgraph -f __do_fault -d 120 -m tree --no-save >/dev/null 2>/tmp/s5.first.err &
sg=$!
wait_tracing
surfgraph -f __do_fault -d 1 -m tree --no-save >/dev/null 2>/tmp/s5.second.err
result s5_second_rc $?
kill -INT $sg
wait $sg
result s5_first_rc $?
sg_out s5.second.err /tmp/s5.second.err

echo vfs_read >"$T/set_ftrace_filter"
echo function >"$T/current_tracer"
snap /tmp/s5.before
surfgraph -f __do_fault -d 1 -m tree --no-save >/dev/null 2>/tmp/s5.busy.err
result s5_busy_rc $?
sg_out s5.busy.err /tmp/s5.busy.err
surfgraph -f __do_fault -d 3 --force -m tree --no-save >/dev/null 2>/tmp/s5.force.err &
sg=$!
wait_tracing
workload 4
wait $sg
result s5_force_rc $?
snap /tmp/s5.after
if same /tmp/s5.before /tmp/s5.after >/tmp/s5.force.diff; then result s5_force_restored same; else result s5_force_restored differs; fi
sg_out s5.force.err /tmp/s5.force.err
sg_out s5.force.diff /tmp/s5.force.diff
echo nop >"$T/current_tracer"
echo >"$T/set_ftrace_filter"

snap /tmp/s5.before
surfgraph -f __do_fualt -d 1 -m tree --no-save >/dev/null 2>/tmp/s5.unknown.err
result s5_unknown_rc $?
snap /tmp/s5.after
if same /tmp/s5.before /tmp/s5.after >/dev/null; then result s5_unknown_untouched yes; else result s5_unknown_untouched no; fi
sg_out s5.unknown.err /tmp/s5.unknown.err

# the reader of the output goes away mid-capture (| head): surfgraph stops, tracefs restored
workload 40 &
wl=$!
background $wl
surfgraph -f __do_fault -m raw -d 60 --no-save 2>/tmp/s5.pipe.err | head -n 1 >/dev/null
result s5_pipe_state "$([ -e /run/surfgraph/state ] && echo left || echo none)"
result s5_pipe_tracer "$(cat "$T/current_tracer")"
kill $wl
wait $wl
sg_out s5.pipe.err /tmp/s5.pipe.err
