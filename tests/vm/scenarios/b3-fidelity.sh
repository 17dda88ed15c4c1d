# shellcheck shell=sh
# Benchmark (tests/bench/vm-bench.sh; the table from tests/bench/fidelity.sh): what --narrow costs
# in fidelity. One fixed workload (B3_LOOPS rounds of execs of the static busybox: each exec
# faults its text in, __do_fault -> shmem_fault/filemap_fault, and maps the vDSO,
# special_mapping_fault) is traced with `-- CMD` (only its tasks, start to end) by a first full
# run that warms the caches and gives the functions to narrow to, then six times, alternately
# fully patched and narrowed from the start (--narrow-from the first run's .tree, so every
# invocation of a narrowed run is narrowed) in the order F N N F F N: a drift over the boot
# (page cache, slab, the host's load) then weighs on both kinds alike, to first order.
mkdir -p /out
B3_LOOPS=${B3_LOOPS:-300}
cat >/tmp/b3-work.sh <<EOF
_a=\$(cut -d' ' -f1 /proc/uptime)
_i=0
while [ \$_i -lt $B3_LOOPS ]; do
	/bin/busybox true
	/bin/ls /bin >/dev/null
	_i=\$((_i + 1))
done
_b=\$(cut -d' ' -f1 /proc/uptime)
awk -v a="\$_a" -v b="\$_b" 'BEGIN { printf "%.2f\n", b - a }' >/tmp/b3.wl
EOF
result b3_loops "$B3_LOOPS"
b3_run() { # NAME ARGS...: one traced run of the workload, its .tree kept as /out/b3.NAME.tree
	_name=$1
	shift
	rm -f /tmp/b3.wl
	_a=$(cut -d' ' -f1 /proc/uptime)
	surfgraph -f __do_fault -o "/out/b3.$_name.tree" -m tree "$@" -- /bin/sh /tmp/b3-work.sh \
		>/dev/null 2>"/tmp/b3.$_name.err"
	result "b3_${_name}_rc" $?
	_b=$(cut -d' ' -f1 /proc/uptime)
	# the whole run (set-up and restore included) and the workload's own time under it
	result "b3_${_name}_run_s" "$(awk -v a="$_a" -v b="$_b" 'BEGIN { printf "%.1f", b - a }')"
	result "b3_${_name}_workload_s" "$(cat /tmp/b3.wl 2>/dev/null)"
	sg_out "b3.$_name.err" "/tmp/b3.$_name.err"
	[ -f "/out/b3.$_name.tree" ] && sg_out "b3.$_name.tree" "/out/b3.$_name.tree"
}
b3_run learn
for _r in full1 narrow1 narrow2 full2 full3 narrow3; do
	case $_r in
	full*) b3_run $_r ;;
	narrow*) b3_run $_r --narrow-from /out/b3.learn.tree ;;
	esac
done
