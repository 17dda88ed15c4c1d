# shellcheck shell=sh
# Capture (not a test): the fixture tests/data/linux-7.3/do_sys_openat2_funcgraph-tail.txt.gz,
# the 7.3 counterpart of linux-6.1's, for issue 23's 6.1-against-7.3 diff (renamed and cloned
# functions). Taken as the 6.1 one was: function_graph on do_sys_openat2 with funcgraph-tail
# and nothing else, a workload of file opens (`cat` of /proc, /sys and initramfs files and
# `ls -R` of a small tree, about 250 opens), a buffer large enough that nothing is lost (the
# per-CPU stats are sent along to show it), then `cat trace`. Run by hand (tests/data/README.md):
#   initrd=$(tests/vm/mkinitrd.sh /tmp/c2.gz tests/vm/scenarios/c2-openat2-capture.sh)
#   flock /tmp/surfgraph-vm.lock tests/vm/run-guest.sh --kernel 7.x --smp 1 --timeout 300 \
#       --initrd "$initrd" --out OUT
T=$SG_TRACEFS
echo 0 >"$T/tracing_on"
echo 32768 >"$T/buffer_size_kb"
echo do_sys_openat2 >"$T/set_graph_function"
echo function_graph >"$T/current_tracer"
echo funcgraph-tail >"$T/trace_options"
echo >"$T/trace"
echo 1 >"$T/tracing_on"
i=0
while [ $i -lt 30 ]; do
	cat /proc/meminfo /proc/stat /proc/sys/kernel/osrelease \
		/sys/kernel/mm/transparent_hugepage/enabled /init /lib/sg.sh >/dev/null 2>&1
	i=$((i + 1))
done
ls -R /etc /lib >/dev/null 2>&1
echo 0 >"$T/tracing_on"
cat "$T/trace" >/tmp/openat2.txt
cat "$T/per_cpu/cpu0/stats" >/tmp/openat2.stats
sg_log "invocations: $(grep -c 'do_sys_openat2() {' /tmp/openat2.txt)"
sg_out openat2.txt /tmp/openat2.txt
sg_out openat2.stats /tmp/openat2.stats
