# shellcheck shell=sh
# Scenario 6: a small buffer under load: lost events are reported, not silent, and the summary
# says how many trees they cut.
surfgraph -f ksys_read --buffer-size 8 -d 4 -m tree --ascii -o /tmp/s6.tree >/tmp/s6.out 2>/tmp/s6.err &
sg=$!
wait_tracing
for i in 1 2 3; do dd if=/dev/zero of=/dev/null bs=1 count=200000 2>/dev/null & done
workload 5
wait $sg
result s6_rc $?
kill $(jobs -p) 2>/dev/null
wait
sg_out s6.err /tmp/s6.err
sg_out s6.tree /tmp/s6.tree
