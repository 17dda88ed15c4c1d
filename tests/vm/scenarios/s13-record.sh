# shellcheck shell=sh
# Scenario 13: record once, analyse later. A live capture with -w saves the binary pages as a
# trace.dat beside its .tree; on the host, trace-cmd report reads the file and surfgraph -i gives
# the live run's tree again, and the live run's -m chrome places every call at the time and for
# the duration of its records in the file (check_s13).
mkdir -p /out
surfgraph -f __do_fault -d 3 -m chrome --keep all -q -o /out/s13.tree -w /out/s13.dat >/tmp/s13.out 2>/tmp/s13.err &
sg=$!
wait_tracing
workload 4
wait $sg
result s13_rc $?
result s13_tracer_after "$(cat "$T/current_tracer")"
# no page files left beside the output
result s13_left "$(ls /out | grep -c pages || true)"
sg_out s13.err /tmp/s13.err
sg_out s13.chrome.json /tmp/s13.out
[ -f /out/s13.tree ] && sg_out s13.tree /out/s13.tree
[ -f /out/s13.dat ] && sg_out s13.dat /out/s13.dat
