# shellcheck shell=sh
# Benchmark (tests/bench/vm-bench.sh): what --narrow saves an unrelated workload, and what it
# costs in fidelity. The workload, `dd if=/dev/zero of=/dev/null bs=64 count=300000` (syscalls,
# none under __do_fault), is timed 3 times each: not tracing, under a run as surfgraph sets up
# by default (everything patched), and under a --narrow run once it has narrowed. Both runs
# trace __do_fault under the same light load and keep their .tree for the fidelity check.
mkdir -p /out
b2_dd() { # NAME: three timed dd runs, in seconds of guest uptime
	for _i in 1 2 3; do
		_a=$(cut -d' ' -f1 /proc/uptime)
		dd if=/dev/zero of=/dev/null bs=64 count=300000 2>/dev/null
		_b=$(cut -d' ' -f1 /proc/uptime)
		result b2_$1_$_i "$(awk -v a="$_a" -v b="$_b" 'BEGIN { printf "%.2f", b - a }')"
	done
}
b2_dd none
b2_run() { # NAME ARGS...: a run under the light load, dd timed once WAIT says it is ready
	_name=$1
	shift
	light_workload &
	_wl=$!
	surfgraph -f __do_fault -d 1500 "$@" -m tree >/dev/null 2>/tmp/b2.$_name.err &
	_sg=$!
	wait_tracing
	if [ "$_name" = narrow ]; then
		# narrowed once set_ftrace_filter holds names (it was empty)
		_i=0
		while head -c 4 "$T/set_ftrace_filter" | grep -q '####' && [ $_i -lt 6000 ]; do
			sleep 0.1
			_i=$((_i + 1))
		done
		result b2_narrow_wait_s $((_i / 10))
	else
		sleep 3 # as long as --narrow learns
	fi
	result b2_${_name}_enabled "$(wc -l <"$T/enabled_functions")"
	b2_dd "$_name"
	sleep 2 # the light load alone, for the tree
	kill -INT $_sg
	wait $_sg
	result b2_${_name}_rc $?
	kill $_wl
	wait $_wl
	sg_out b2.$_name.err /tmp/b2.$_name.err
}
b2_run full -o /out/b2.full.tree
[ -f /out/b2.full.tree ] && sg_out b2.full.tree /out/b2.full.tree
b2_run narrow --narrow-learn 0,3 -o /out/b2.narrow.tree
[ -f /out/b2.narrow.tree ] && sg_out b2.narrow.tree /out/b2.narrow.tree
