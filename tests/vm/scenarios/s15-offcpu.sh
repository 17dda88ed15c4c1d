# shellcheck shell=sh
# Scenario 15: where they waited, live. surfgraph enables sched:sched_switch beside
# function_graph in the buffer it reads; 10 calls of `sleep 0.01` (do_nanosleep) each show an
# [off-cpu] frame of about 10 ms. The tracefs snapshot after equals the one before (the enable
# file and set_event included); a sched_switch the user had enabled stays enabled; with
# --no-off-cpu set_event is never touched; -w's trace.dat reads back with the same frames.
sleeps='for i in 1 2 3 4 5 6 7 8 9 10; do sleep 0.01; done'
# set_event of the buffer surfgraph reads: its instance's, or the top level's
set_event() { for _f in "$T"/instances/surfgraph*/set_event "$T/set_event"; do [ -f "$_f" ] && { cat "$_f"; return; }; done; }
mkdir -p /out
snap /tmp/s15.before
# (the first run of the boot: the buffer's first expansion is allowed, same_fresh)
surfgraph -f do_nanosleep -m folded -o /out/s15.tree -w /out/s15.dat -- sh -c "$sleeps" \
	>/tmp/s15.folded 2>/tmp/s15.err
result s15_rc $?
snap /tmp/s15.after
if same_fresh /tmp/s15.before /tmp/s15.after >/tmp/s15.diff; then result s15_same same; else result s15_same differs; fi
# during a run: sched_switch is enabled (the buffer read has the records), set_event shows it
surfgraph -f do_nanosleep -d 4 -m top -q --no-save >/dev/null 2>&1 &
sg=$!
wait_tracing
result s15_during "$(set_event | tr '\n' ' ')"
wait $sg
# --no-off-cpu: set_event stays as it was (empty on this boot)
surfgraph -f do_nanosleep -d 4 -m folded --no-save --no-off-cpu >/tmp/s15.no.folded 2>/tmp/s15.no.err &
sg=$!
wait_tracing
result s15_no_during "$(set_event | tr '\n' ' ')"
sh -c "$sleeps"
wait $sg
result s15_no_rc $?
# a user's own sched_switch stays enabled, and the run still works (--force: an enabled event
# makes tracefs busy, surfgraph refuses it otherwise)
echo 1 >"$T/events/sched/sched_switch/enable"
snap /tmp/s15.pre
surfgraph -f do_nanosleep -m folded --no-save --force -- sh -c "$sleeps" >/tmp/s15.pre.folded 2>/tmp/s15.pre.err
result s15_pre_rc $?
snap /tmp/s15.post
if same /tmp/s15.pre /tmp/s15.post >/tmp/s15.pre.diff; then result s15_pre_same same; else result s15_pre_same differs; fi
result s15_pre_enable "$(cat "$T/events/sched/sched_switch/enable")"
echo 0 >"$T/events/sched/sched_switch/enable"
for f in folded err diff no.folded no.err pre.folded pre.err pre.diff; do sg_out s15.$f /tmp/s15.$f; done
[ -f /out/s15.tree ] && sg_out s15.tree /out/s15.tree
[ -f /out/s15.dat ] && sg_out s15.dat /out/s15.dat
