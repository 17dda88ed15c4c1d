# shellcheck shell=sh
# Capture (not a test): the fixtures tests/data/linux-*/do_nanosleep_sched_switch.* for the
# off-cpu frames. function_graph on do_nanosleep set up by hand, with sched:sched_switch
# enabled in the same buffer and funcgraph-abstime + funcgraph-proc, so the text trace carries
# every switch as a timestamped `/* sched_switch: ... */` comment. Workload: `sleep 0.01` in a
# loop beside a CPU-bound loop (one vCPU), so the sleeper is switched out inside the root and
# the busy task is preempted. The text (`trace`) and the binary pages (trace-cmd extract, a
# trace.dat) of the same buffer are sent to the host. Run by hand (tests/data/README.md):
#   initrd=$(tests/vm/mkinitrd.sh /tmp/c1.gz tests/vm/scenarios/c1-offcpu-capture.sh \
#       "$(command -v trace-cmd)=/bin/trace-cmd")
#   flock /tmp/surfgraph-vm.lock tests/vm/run-guest.sh --kernel 6.1 --smp 1 --initrd "$initrd" --out OUT
T=$SG_TRACEFS
busy() { while :; do :; done; }
echo 0 >"$T/tracing_on"
echo 4096 >"$T/buffer_size_kb"
echo do_nanosleep >"$T/set_graph_function"
echo function_graph >"$T/current_tracer"
echo 1 >"$T/options/funcgraph-abstime"
echo 1 >"$T/options/funcgraph-proc"
echo 1 >"$T/events/sched/sched_switch/enable"
echo >"$T/trace"
busy &
bp=$!
echo 1 >"$T/tracing_on"
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do sleep 0.01; done
echo 0 >"$T/tracing_on"
kill $bp
cat "$T/trace" >/tmp/offcpu.txt
cat "$T/per_cpu/cpu0/stats" >/tmp/offcpu.stats
# trace-cmd stores the whole /proc/kallsyms (4 MB); the fixture keeps only the symbols of the
# functions the text trace names, bound over /proc/kallsyms while trace-cmd reads it
awk -F'|' '/[a-z_0-9.]+\(\)/ {s = $NF; sub(/^ */, "", s); sub(/\(.*/, "", s); print s}' /tmp/offcpu.txt |
	sort -u >/tmp/names
awk 'NR == FNR {k[$1] = 1; next} ($3 in k) && NF == 3' /tmp/names /proc/kallsyms >/tmp/kallsyms
mount -o bind /tmp/kallsyms /proc/kallsyms
trace-cmd extract -o /tmp/offcpu.dat >/tmp/offcpu.extract.err 2>&1
umount /proc/kallsyms
sg_out offcpu.txt /tmp/offcpu.txt
sg_out offcpu.dat /tmp/offcpu.dat
sg_out offcpu.stats /tmp/offcpu.stats
sg_out offcpu.extract.err /tmp/offcpu.extract.err
