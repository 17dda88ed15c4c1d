# shellcheck shell=sh
# Scenario 14: --narrow learns for 1.5 s (and while it writes the names, which the kernel looks
# up in every record as they come), then patches only what ran under __do_fault; 5 s after it
# has narrowed the run is stopped (SIGINT). Then --narrow-from narrows a second run from the
# start to the first run's functions. Before both, set_ftrace_filter holds two plain names of
# its own (the guests boot without modules): after each run every tracefs file,
# set_ftrace_filter included, reads as before (same_fresh: this may be the boot's first
# tracing). Once narrowed, enabled_functions (every patched function of the kernel) is counted.
# Under TCG the switch itself is slow (tens of seconds to minutes: the kernel re-patches every
# call site, and the guest retranslates the code it changed): a light load meanwhile.
echo vfs_read >"$T/set_ftrace_filter"
echo vfs_write >>"$T/set_ftrace_filter"
snap /tmp/s14.before
mkdir -p /out
s14_after() { # NAME: compare with the snapshot taken before, send the run's files
	snap /tmp/s14.$1.after
	if same_fresh /tmp/s14.before /tmp/s14.$1.after >/tmp/s14.$1.diff; then
		result s14_$1 same
	else
		result s14_$1 differs
	fi
	sg_out s14.$1.diff /tmp/s14.$1.diff
	sg_out s14.$1.err /tmp/s14.$1.err
	sg_out s14.$1.out /tmp/s14.$1.out
}
light_workload &
wl=$!
surfgraph -f __do_fault -d 900 --narrow-learn 0,1.5 -m raw -o /out/s14.tree \
	>/tmp/s14.learn.out 2>/tmp/s14.learn.err &
sg=$!
wait_tracing
# narrowed: the set_ftrace_filter surfgraph uses (its instance's, or the top level's, which the
# set-up emptied) holds the names
f=$T/set_ftrace_filter
[ -f "$T/instances/surfgraph/set_ftrace_filter" ] && f=$T/instances/surfgraph/set_ftrace_filter
i=0
while ! grep -q '^__do_fault' "$f" && [ $i -lt 6000 ] && kill -0 $sg; do
	sleep 0.1
	i=$((i + 1))
done
result s14_learn_wait_s $((i / 10))
workload 5
result s14_learn_enabled "$(wc -l <"$T/enabled_functions")"
kill -INT $sg
wait $sg
result s14_learn_rc $?
kill $wl
wait $wl
s14_after learn
[ -f /out/s14.tree ] && sg_out s14.tree /out/s14.tree
light_workload &
wl=$!
surfgraph -f __do_fault -d 900 --narrow-from /out/s14.tree -m tree --ascii -o /out/s14.from.tree \
	>/tmp/s14.from.out 2>/tmp/s14.from.err &
sg=$!
wait_tracing 300
workload 5
result s14_from_enabled "$(wc -l <"$T/enabled_functions")"
kill -INT $sg
wait $sg
result s14_from_rc $?
kill $wl
wait $wl
s14_after from
[ -f /out/s14.from.tree ] && sg_out s14.from.tree /out/s14.from.tree
cp "$T/set_ftrace_filter" /tmp/s14.filter
sg_out s14.filter /tmp/s14.filter
# back to defaults for the next scenarios
echo >"$T/set_ftrace_filter"
