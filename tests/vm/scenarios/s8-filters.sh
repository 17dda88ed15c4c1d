# shellcheck shell=sh
# Scenario 8: the filters: -p (only that task), --max-depth, -x (set_graph_notrace),
# --no-sleep-time, -C (only that CPU), with other tasks busy meanwhile.
dd if=/dev/zero of=/dev/null bs=1 count=100000000 2>/dev/null &
dpid=$!
# another task reading meanwhile, which -p must leave out
dd if=/dev/zero of=/dev/null bs=1 count=100000000 2>/dev/null &
wl=$!
background $dpid $wl
result s8_dpid $dpid
surfgraph -f ksys_read -p $dpid --max-depth 2 -x vfs_read --no-sleep-time -n 20 -m walk \
	--no-save >/tmp/s8a.out 2>/tmp/s8a.err
result s8a_rc $?
# the last CPU (7.x boots with one)
cpu=$(($(grep -c '^processor' /proc/cpuinfo) - 1))
result s8_cpu $cpu
surfgraph -f ksys_read -C $cpu -n 20 -m walk --no-save >/tmp/s8c.out 2>/tmp/s8c.err
result s8c_rc $?
kill $dpid $wl
wait
sg_out s8a.out /tmp/s8a.out
sg_out s8a.err /tmp/s8a.err
sg_out s8c.out /tmp/s8c.out
sg_out s8c.err /tmp/s8c.err
