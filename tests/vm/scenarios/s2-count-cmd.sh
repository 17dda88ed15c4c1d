# shellcheck shell=sh
# Scenario 2: -n 5 stops after exactly 5 complete invocations; `-- ls -R /sys/kernel` traces
# only that command's tasks and stops when it exits.
surfgraph -f __do_fault -n 5 -m walk --no-save >/tmp/s2n.out 2>/tmp/s2n.err &
sg=$!
wait_tracing
workload 30 &
wl=$!
wait $sg
result s2n_rc $?
kill $wl 2>/dev/null
wait $wl 2>/dev/null
sg_out s2n.out /tmp/s2n.out
sg_out s2n.err /tmp/s2n.err

# something else busy meanwhile, which must not show up
workload 20 &
wl=$!
background $wl
surfgraph -f __do_fault -m walk --no-save -- ls -R /sys/kernel >/tmp/s2c.out 2>/tmp/s2c.err
result s2c_rc $?
kill $wl 2>/dev/null
wait $wl 2>/dev/null
sg_out s2c.out /tmp/s2c.out
sg_out s2c.err /tmp/s2c.err
