# shellcheck shell=sh
# Scenario 4: SIGKILL mid-capture leaves tracefs changed; the next run restores it first, says
# so, and then traces normally; after it, tracefs is as before the killed run.
echo 1200 >"$T/buffer_size_kb"
echo vfs_read >"$T/set_ftrace_filter"
snap /tmp/s4.before
surfgraph -f __do_fault -d 120 --buffer-size 500 -m tree --no-save >/dev/null 2>/tmp/s4.killed.err &
sg=$!
wait_tracing
workload 1
kill -KILL $sg
wait $sg
result s4_killed_rc $?
snap /tmp/s4.killed
if same /tmp/s4.before /tmp/s4.killed >/dev/null; then result s4_left_changed no; else result s4_left_changed yes; fi
workload 60 &
wl=$!
background $wl
surfgraph -f __do_fault -d 2 -m tree --ascii --no-save >/tmp/s4.out 2>/tmp/s4.err
result s4_rc $?
kill $wl
wait $wl
snap /tmp/s4.after
if same /tmp/s4.before /tmp/s4.after >/tmp/s4.diff; then result s4_restored same; else result s4_restored differs; fi
sg_out s4.err /tmp/s4.err
sg_out s4.diff /tmp/s4.diff
echo >"$T/set_ftrace_filter"
echo 1408 >"$T/buffer_size_kb"
