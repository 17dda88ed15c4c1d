# shellcheck shell=sh
# Capture (not a test): the fixtures tests/data/linux-arm64-*/ (issue 27), real arm64 captures
# of __do_fault, do_sys_openat2 and vfs_read. Per root, one buffer (function_graph set up by
# hand, 1 vCPU, 8 MB so nothing is overwritten: per_cpu/cpu0/stats is sent along), printed
# three ways: `trace` with the default columns, `trace` again after funcgraph-proc and
# funcgraph-abstime are set (print-time options: the same records), and its binary pages with
# trace-cmd extract (Debian's arm64 trace-cmd) into a trace.dat, /proc/kallsyms bound over by
# the symbols the text names (and the next of each) as in c1 (the whole of it is 4 MB and
# minutes of TCG). The three
# forms of one buffer must give the same trees. trace-cmd extract leaves current_tracer at nop,
# so the tracer is set again for each root. Run by hand (tests/data/README.md):
#   make arm64   # only for the sysroot: the guest runs no surfgraph
#   S=/var/tmp/surfgraph-vm/sysroot-arm64
#   initrd=$(SG_VM_ARCH=arm64 SG_VM_SYSROOT=$S tests/vm/mkinitrd.sh /tmp/c3.gz \
#       tests/vm/scenarios/c3-arm64-capture.sh "$S/usr/bin/trace-cmd=/bin/trace-cmd")
#   tests/vm/run-guest.sh --kernel arm64-6.1 --smp 1 --timeout 3600 --initrd "$initrd" --out OUT
# (arm64-7.x the same; `--append sg_c3_roots=do_sys_openat2,vfs_read` for some roots only).
# OUT/<root>.txt, <root>_proc_abstime.txt, <root>.dat, <root>.stats, <root>.extract.err.
T=$SG_TRACEFS
# (dd, not cat, for vfs_read: busybox cat copies with sendfile, which never calls vfs_read)
work___do_fault() {
	for _ in 1 2 3; do
		ls -R /etc /lib >/dev/null 2>&1
		dd if=/init of=/dev/null bs=4096 2>/dev/null
		busybox true
	done
}
work_do_sys_openat2() {
	for _ in 1 2; do
		cat /proc/meminfo /proc/stat /proc/sys/kernel/osrelease /init /lib/sg.sh >/dev/null 2>&1
	done
	ls -R /etc >/dev/null 2>&1
}
work_vfs_read() {
	for _ in 1 2 3; do
		for f in /proc/version /proc/cmdline /init /lib/sg.sh; do
			dd if=$f of=/dev/null bs=512 2>/dev/null
		done
	done
	dd if=/init bs=1024 2>/dev/null | dd of=/dev/null bs=256 2>/dev/null
}
echo 0 >"$T/tracing_on"
echo 8192 >"$T/buffer_size_kb"
uname -a >/tmp/uname
sg_out uname /tmp/uname
# the roots to capture: all three, or those of the kernel argument sg_c3_roots=A,B (an unknown
# KEY=VALUE argument reaches /init's environment)
for root in $(echo "${sg_c3_roots:-__do_fault,do_sys_openat2,vfs_read}" | tr , ' '); do
	echo "$root" >"$T/set_graph_function"
	echo function_graph >"$T/current_tracer"
	sg_log "$root: tracer set"
	echo 0 >"$T/options/funcgraph-proc"
	echo 0 >"$T/options/funcgraph-abstime"
	echo >"$T/trace"
	echo 1 >"$T/tracing_on"
	"work_$root"
	echo 0 >"$T/tracing_on"
	cat "$T/trace" >"/tmp/$root.txt"
	echo 1 >"$T/options/funcgraph-proc"
	echo 1 >"$T/options/funcgraph-abstime"
	cat "$T/trace" >"/tmp/${root}_proc_abstime.txt"
	cat "$T/per_cpu/cpu0/stats" >"/tmp/$root.stats"
	# every name the text prints after its last "|" that is a symbol
	awk -F'|' '{print $NF}' "/tmp/$root.txt" | grep -oE '[A-Za-z_][A-Za-z_0-9.]*' | sort -u >/tmp/names
	# (and the symbol after each: libtraceevent names no address past the last symbol it has)
	awk 'NR == FNR {k[$1] = 1; next} ($3 in k) || last {print} {last = $3 in k}' /tmp/names \
		/proc/kallsyms >/tmp/kallsyms
	mount -o bind /tmp/kallsyms /proc/kallsyms
	trace-cmd extract -o "/tmp/$root.dat" >"/tmp/$root.extract.err" 2>&1
	echo "extract rc=$?" >>"/tmp/$root.extract.err"
	umount /proc/kallsyms
	echo "after extract: current_tracer $(cat "$T/current_tracer")" >>"/tmp/$root.extract.err"
	sg_log "$root: $(grep -c "$root() {" "/tmp/$root.txt") entries"
	for f in "$root.txt" "${root}_proc_abstime.txt" "$root.dat" "$root.stats" "$root.extract.err"; do
		sg_out "$f" "/tmp/$f"
	done
	rm -f "/tmp/$root"*
done
echo nop >"$T/current_tracer"
