# shellcheck shell=sh
# Benchmark (tests/bench/vm-bench.sh): the binary and the text reader on the same load, one at a
# time: a loop of short `dd bs=1` runs reading through ksys_read, 4 s each, at two loads (a
# pause of 0.1 s and of 0.02 s between the dd runs). surfgraph -v says what reading cost it in
# CPU (getrusage from tracing on to the last record read: the set-up's and the restore's kernel
# text patching, charged to surfgraph too and seconds under TCG, is left out; the recording of
# the events is charged to the traced tasks) and how many records it took from the buffers.
result b1_cpus "$(grep -c ^processor /proc/cpuinfo)"
for load in 0.1 0.02; do
	for r in bin text; do
		opt=
		[ $r = text ] && opt=--text
		n=$r.$load
		surfgraph -v -f ksys_read -d 4 $opt -m top --no-save >/dev/null 2>/tmp/b1.$n.err &
		sg=$!
		wait_tracing
		# short dd runs and pauses: at 0.1 s, about 2,000 reads a second, 60,000 events
		(while :; do
			dd if=/dev/zero of=/dev/null bs=1 count=300 2>/dev/null
			sleep $load
		done) &
		wait $sg
		result b1_${n}_rc $?
		kill $(jobs -p) 2>/dev/null
		wait
		sg_out b1.$n.err /tmp/b1.$n.err
	done
done
