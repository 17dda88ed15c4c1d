# shellcheck shell=sh
# Capture (not a test): the fixtures tests/data/linux-arm64-6.1/ (tests/data/README.md). For each
# root (__do_fault, do_sys_openat2, vfs_read) one capture by hand: set_graph_function, the
# function_graph tracer, a workload of execs, opens and reads, then the one buffer printed twice
# (`trace` does not consume: the default columns, then with funcgraph-proc and funcgraph-abstime)
# and its binary pages saved by trace-cmd extract, with /proc/kallsyms bound over by the symbols
# the text names (as c1). Three views of the same events. Run by hand on an arm64 kernel:
#   make arm64
#   sr=/var/tmp/surfgraph-vm/sysroot-arm64
#   initrd=$(SG_VM_ARCH=arm64 SG_VM_SYSROOT=$sr tests/vm/mkinitrd.sh /tmp/c2.gz \
#       tests/vm/scenarios/c2-arm64-capture.sh $sr/usr/bin/trace-cmd=/bin/trace-cmd)
#   tests/vm/run-guest.sh --kernel arm64-6.1 --smp 1 --timeout 1800 --initrd "$initrd" --out OUT
T=$SG_TRACEFS
work() {
	for _ in 1 2 3; do
		for f in /proc/version /proc/cmdline /etc/passwd /etc/group; do
			dd if=$f of=/dev/null bs=512 2>/dev/null
		done
		ls / /proc/self >/dev/null
	done
}
echo 2048 >"$T/buffer_size_kb"
for root in __do_fault do_sys_openat2 vfs_read; do
	echo 0 >"$T/tracing_on"
	echo "$root" >"$T/set_graph_function"
	echo function_graph >"$T/current_tracer"
	echo 0 >"$T/options/funcgraph-proc"
	echo 0 >"$T/options/funcgraph-abstime"
	echo >"$T/trace"
	echo 1 >"$T/tracing_on"
	work
	echo 0 >"$T/tracing_on"
	cat "$T/trace" >"/tmp/$root.txt"
	echo 1 >"$T/options/funcgraph-proc"
	echo 1 >"$T/options/funcgraph-abstime"
	cat "$T/trace" >"/tmp/${root}_proc_abstime.txt"
	awk -F'|' '/[a-z_0-9.]+\(\)/ {s = $NF; sub(/^ */, "", s); sub(/\(.*/, "", s); print s}' \
		"/tmp/$root.txt" | sort -u >/tmp/names
	awk 'NR == FNR {k[$1] = 1; next} ($3 in k) && NF == 3' /tmp/names /proc/kallsyms >/tmp/kallsyms
	mount -o bind /tmp/kallsyms /proc/kallsyms
	trace-cmd extract -o "/tmp/$root.dat" >"/tmp/$root.extract.err" 2>&1
	umount /proc/kallsyms
	cat "$T/per_cpu/cpu0/stats" >"/tmp/$root.stats"
	for f in "$root.txt" "${root}_proc_abstime.txt" "$root.dat" "$root.extract.err" "$root.stats"; do
		sg_out "$f" "/tmp/$f"
	done
	rm -f /tmp/"$root"*
done
echo 0 >"$T/options/funcgraph-proc"
echo 0 >"$T/options/funcgraph-abstime"
echo nop >"$T/current_tracer"
cat "$T/events/ftrace/funcgraph_entry/format" >/tmp/e
cat "$T/events/ftrace/funcgraph_exit/format" >/tmp/x
sg_out funcgraph_entry.format /tmp/e
sg_out funcgraph_exit.format /tmp/x
