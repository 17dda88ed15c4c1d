# shellcheck shell=sh
# Scenario 7: the binary and the text reader on the very same events. One capture is left in
# the ring buffer; the kernel's text of it (`trace`, which does not consume) and its binary
# pages (trace-cmd extract) are sent to the host, which builds the trees from both: any
# difference is a reader's, not the kernel's (two captures of a workload differ by the
# interrupts and timers that came). The live readers are covered by s1 (binary) and s5 (text).
# (dd, not cat: busybox cat copies with sendfile, which never calls vfs_read)
work() {
	for i in 1 2 3 4 5; do for f in /proc/version /proc/cmdline /etc/passwd; do
		dd if=$f of=/dev/null bs=512 2>/dev/null; done; done
}
work
echo 0 >"$T/tracing_on"
echo vfs_read >"$T/set_graph_function"
echo function_graph >"$T/current_tracer"
echo 1 >"$T/options/funcgraph-proc"
echo >"$T/trace"
echo 1 >"$T/tracing_on"
work
echo 0 >"$T/tracing_on"
cat "$T/trace" >/tmp/s7.txt
result s7_text_rc $?
trace-cmd extract -o /tmp/s7.dat >/tmp/s7.extract.err 2>&1
result s7_dat_rc $?
echo 0 >"$T/options/funcgraph-proc"
echo nop >"$T/current_tracer"
echo >"$T/set_graph_function"
echo >"$T/trace"
echo 1 >"$T/tracing_on"
sg_out s7.txt /tmp/s7.txt
sg_out s7.dat /tmp/s7.dat
sg_out s7.extract.err /tmp/s7.extract.err
# the live text reader (trace_pipe, funcgraph-proc) on the same workload
surfgraph -f vfs_read --text -m folded --no-save -- sh -c 'for i in 1 2 3 4 5; do
	for f in /proc/version /proc/cmdline /etc/passwd; do dd if=$f of=/dev/null bs=512 2>/dev/null; done; done' \
	>/tmp/s7.live.folded 2>/tmp/s7.live.err
result s7_live_rc $?
sg_out s7.live.err /tmp/s7.live.err
sg_out s7.live.folded /tmp/s7.live.folded
