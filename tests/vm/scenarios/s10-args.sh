# shellcheck shell=sh
# Scenario 10: --args and --retval live. funcgraph-args (7.3: CONFIG_FUNCTION_TRACE_ARGS on in
# Debian) through the binary reader (named from /sys/kernel/btf/vmlinux, recorded with -w) and
# --text (the kernel's own names): the same names and values; --retval on a
# kernel without CONFIG_FUNCTION_GRAPH_RETVAL is refused with one line, and tracefs is left as
# it was. Needs 6.15 or later; on older kernels --args itself is the refusal checked.
# shellcheck disable=SC2016 # expanded by the sh -c below
work='for i in 1 2 3; do for f in /proc/version /etc/passwd; do dd if=$f of=/dev/null bs=512 2>/dev/null; done; done'
for r in bin text; do
	opt="-w /tmp/s10.dat"
	[ $r = text ] && opt=--text
	# shellcheck disable=SC2086 # two words for bin
	surfgraph -f vfs_read --no-irqs --args $opt -m walk --no-save -- sh -c "$work" \
		>/tmp/s10.$r.walk 2>/tmp/s10.$r.err
	result s10_${r}_rc $?
	sg_out s10.$r.walk /tmp/s10.$r.walk
	sg_out s10.$r.err /tmp/s10.$r.err
done
[ -f /tmp/s10.dat ] && sg_out s10.dat /tmp/s10.dat
# a kernel without BTF (no CONFIG_DEBUG_INFO_BTF): an empty file bound over it; raw values, -v
# says so once
: >/tmp/s10.nobtf
if [ -e /sys/kernel/btf/vmlinux ] && mount -o bind /tmp/s10.nobtf /sys/kernel/btf/vmlinux; then
	surfgraph -v -f vfs_read --no-irqs --args -m walk --no-save -- sh -c "$work" \
		>/tmp/s10.nobtf.walk 2>/tmp/s10.nobtf.err
	result s10_nobtf_rc $?
	umount /sys/kernel/btf/vmlinux
	sg_out s10.nobtf.walk /tmp/s10.nobtf.walk
	sg_out s10.nobtf.err /tmp/s10.nobtf.err
fi
surfgraph -f vfs_read --retval -m walk --no-save -- sh -c "$work" >/tmp/s10.ret.walk 2>/tmp/s10.ret.err
result s10_ret_rc $?
sg_out s10.ret.walk /tmp/s10.ret.walk
sg_out s10.ret.err /tmp/s10.ret.err
result s10_tracer_after "$(cat "$T/current_tracer")"
