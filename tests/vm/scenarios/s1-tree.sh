# shellcheck shell=sh
# Scenario 1: `surfgraph -f __do_fault -d 3 -m tree -o /out/f.tree` under a workload.
mkdir -p /out
t0=$(cut -d' ' -f1 /proc/uptime)
surfgraph -f __do_fault -d 3 -m tree --ascii -o /out/f.tree >/tmp/s1.out 2>/tmp/s1.err &
sg=$!
wait_tracing && result s1_setup_s "$(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" \
	'BEGIN { printf "%.1f", b - a }')"
workload 4
wait $sg
result s1_rc $?
sg_out s1.out /tmp/s1.out
sg_out s1.err /tmp/s1.err
[ -f /out/f.tree ] && sg_out s1.tree /out/f.tree
