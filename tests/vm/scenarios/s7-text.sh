# shellcheck shell=sh
# Scenario 7: the binary and the text reader give the same tree shape on the same workload.
# (dd, not cat: busybox cat copies with sendfile, which never calls vfs_read)
# the same kernel state for both: first reads activate pages and update atimes
work() {
	for i in 1 2 3 4 5; do for f in /proc/version /proc/cmdline /etc/passwd; do
		dd if=$f of=/dev/null bs=512 2>/dev/null; done; done
}
work; work
for r in bin text; do
	opt=
	[ $r = text ] && opt=--text
	surfgraph -f vfs_read --no-irqs $opt -m folded --no-save -- \
		sh -c 'for i in 1 2 3 4 5; do for f in /proc/version /proc/cmdline /etc/passwd; do
			dd if=$f of=/dev/null bs=512 2>/dev/null; done; done' \
		>/tmp/s7.$r.folded 2>/tmp/s7.$r.err
	result s7_${r}_rc $?
	sg_out s7.$r.folded /tmp/s7.$r.folded
	sg_out s7.$r.err /tmp/s7.$r.err
done
