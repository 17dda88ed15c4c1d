# shellcheck shell=sh
# Benchmark (tests/bench/vm-bench.sh): the binary and the text reader on the same load, one at a
# time: a loop of short `dd bs=1` runs reading through ksys_read, 4 s each.
for r in bin text; do
	opt=
	[ $r = text ] && opt=--text
	surfgraph -v -f ksys_read -d 4 $opt -m top --no-save >/dev/null 2>/tmp/b1.$r.err &
	sg=$!
	wait_tracing
	# short dd runs and pauses: about 2,000 reads a second, 60,000 events
	(while :; do dd if=/dev/zero of=/dev/null bs=1 count=300 2>/dev/null; sleep 0.1; done) &
	wait $sg
	result b1_${r}_rc $?
	kill $(jobs -p) 2>/dev/null
	wait
	sg_out b1.$r.err /tmp/b1.$r.err
done
