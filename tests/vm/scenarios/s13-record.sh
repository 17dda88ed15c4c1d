# shellcheck shell=sh
# Scenario 13: record once, analyse later. A live capture with -w saves the binary pages as a
# trace.dat beside its .tree; on the host, trace-cmd report reads the file and surfgraph -i gives
# the live run's tree again, and the live run's -m chrome places every call at the time and for
# the duration of its records in the file (check_s13).
# While it records, its directory is renamed away and a link to another directory put in its
# place (issue 21.2: the window is the whole capture): the .tree, the trace.dat and its page
# files stay in the directory the run opened, the other one gets nothing.
mkdir -p /out/rec /out/other
surfgraph -f __do_fault -d 3 -m chrome --keep all -q -o /out/rec/s13.tree -w /out/rec/s13.dat >/tmp/s13.out 2>/tmp/s13.err &
sg=$!
wait_tracing
mv /out/rec /out/rec.gone
ln -s /out/other /out/rec
workload 4
wait $sg
result s13_rc $?
result s13_tracer_after "$(cat "$T/current_tracer")"
result s13_other "$(ls -A /out/other | tr '\n' ' ')"
# no page files left beside the output
result s13_left "$(ls /out/rec.gone | grep -c pages || true)"
sg_out s13.err /tmp/s13.err
sg_out s13.chrome.json /tmp/s13.out
[ -f /out/rec.gone/s13.tree ] && sg_out s13.tree /out/rec.gone/s13.tree
[ -f /out/rec.gone/s13.dat ] && sg_out s13.dat /out/rec.gone/s13.dat
