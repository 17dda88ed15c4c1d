# shellcheck shell=sh
# Investigation of s3's flake on 6.1 (not part of the suite: run it by name, run-tests.sh
# r1-s3flake): s3's settings (overwrite 0, global clock, per-CPU buffer sizes, filters the run
# clears), then nine runs of surfgraph with a workload of 1 to 2 s, each stopped by a signal.
# For each run it reports what the workload did (iterations, guest seconds), what the kernel
# says its buffers took and handed out (per_cpu/cpuN/stats: entries, overrun, dropped, read
# events) right before the signal, and surfgraph's own -v summary, so a run that captured
# nothing shows whether the kernel recorded nothing or surfgraph read nothing.
#
# Found so far (6.1, 2 vCPUs; 33 runs of three versions of this scenario, the last one 9 times
# with the binary from before 9e9bd50 too: none captured nothing):
# before 9e9bd50, in 6 of the 9 runs of the second version, the binary reader had read only the
# first few records (read events = 4 on one CPU, the count of s3's failures, or 0 to 122) when
# the signal came 0.3 to 1.1 s into tracing, while 216 to 874 entries waited unread:
# libtraceevent sorting its function table on the first look-up (it read them all afterwards). With the sort in
# the set-up the reader kept up (0 to 132 entries unread before the signal). Why a failing s3 run
# never read the rest, even at the end, is not known.
nondefault_settings

# what the kernel's buffers say, one line per CPU: entries overrun dropped read
r1_stats() {
	for _c in 0 1; do
		awk -v c="$_c" '/^entries:/ { e = $2 } /^overrun:/ { o = $2 } /^dropped events:/ { d = $3 }
			/^read events:/ { r = $3 } END { printf "cpu%s entries=%s overrun=%s dropped=%s read=%s\n", c, e, o, d, r }' \
			"$T/per_cpu/cpu$_c/stats"
	done
}

# As s3 does it: the workload right after wait_tracing, then the signal, then a snapshot of
# tracefs (s3's comparison reads every file). The first version of this scenario read the
# settings and the kernel's counts in between, a second of forks under tracing; the second ran
# `workload 1`, which lasts from 0 to 1 s (to the next whole second of uptime). Both captured
# __do_fault in all of 6 and 9 runs. Now, as s3 since its workload was lengthened, 2 (1 to 2 s).
snap /tmp/r1.before
i=0
for sig in INT TERM HUP INT TERM HUP INT TERM HUP; do
	i=$((i + 1))
	surfgraph -v -f __do_fault -d 120 -m tree --ascii --no-save >/tmp/r1.$i.out 2>/tmp/r1.$i.err &
	sg=$!
	wait_tracing
	t0=$(cut -d' ' -f1 /proc/uptime)
	workload 2
	n=$WORKLOAD_N
	t1=$(cut -d' ' -f1 /proc/uptime)
	r1_stats | sed 's/^/before the signal: /' >/tmp/r1.$i.facts
	kill -$sig $sg
	wait $sg
	{
		echo "run $i SIG$sig exit $?: tracing at $t0, workload $n iterations to $t1," \
			"surfgraph gone at $(cut -d' ' -f1 /proc/uptime)"
		cat /tmp/r1.$i.facts
	} >/tmp/r1.$i.f2
	result r1_${i}_records "$(sed -n 's/.*: \([0-9]*\) records .*/\1/p' /tmp/r1.$i.err)"
	sg_out r1.$i.facts /tmp/r1.$i.f2
	sg_out r1.$i.err /tmp/r1.$i.err
	sg_out r1.$i.out /tmp/r1.$i.out
	snap /tmp/r1.after
done
# back to defaults for the next scenarios
default_settings
