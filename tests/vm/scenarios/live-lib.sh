# shellcheck shell=sh
# Guest-side helpers shared by the live scenarios (installed as /sg/live-lib.sh; busybox ash).
T=${SG_TRACEFS:-/sys/kernel/tracing}

# snap DIR: a copy of every tracefs setting a run could touch, one file each, for `cmp -r`-like
# comparison. Left out: the buffers themselves, timestamps and counters that move on their own.
snap() {
	_d=$1
	rm -rf "$_d"
	mkdir -p "$_d"
	for _f in "$T"/* "$T"/options/* "$T"/per_cpu/cpu*/buffer_size_kb; do
		[ -f "$_f" ] || continue
		case ${_f#"$T"/} in
		trace | trace_pipe | trace_marker* | free_buffer | snapshot | printk_formats | \
			saved_cmdlines | saved_tgids | available_filter_functions* | available_events | \
			touched_functions | README | *_profile | error_log | kprobe_events | \
			dynamic_events | uprobe_events | set_event_notrace_pid | set_event_pid) continue ;;
		esac
		_n=$(echo "${_f#"$T"/}" | tr / _)
		cat "$_f" >"$_d/$_n" 2>/dev/null || echo "unreadable" >"$_d/$_n"
	done
	ls "$T/instances" >"$_d/instances.list"
}

# same A B: the two snapshots are byte-identical; prints the files that differ.
same() {
	_rc=0
	for _f in "$1"/* "$2"/*; do
		_n=${_f##*/}
		if ! cmp -s "$1/$_n" "$2/$_n"; then
			echo "differs: $_n: before=[$(head -c 200 "$1/$_n" 2>/dev/null | tr '\n' ' ')]" \
				"after=[$(head -c 200 "$2/$_n" 2>/dev/null | tr '\n' ' ')]"
			_rc=1
		fi
	done
	return $_rc
}

# same_fresh FRESH AFTER: like same, but a buffer never expanded in FRESH may stand expanded in
# AFTER, where the kernel's own first expansion puts it: buffer_size_kb a plain size K from the
# "(expanded: M)" M up to M + one sub-buffer page (4 KB), every per-CPU size K, the total of all
# CPUs (buffer_total_size_kb) K times their number. Prints the files that differ otherwise.
same_fresh() {
	_m=$(sed -n 's/.*(expanded: \([0-9]*\)).*/\1/p' "$1/buffer_size_kb")
	if [ -z "$_m" ]; then
		same "$1" "$2"
		return
	fi
	_k=$(cat "$2/buffer_size_kb")
	_ncpu=$(ls "$2" | grep -c '^per_cpu_cpu[0-9]*_buffer_size_kb$')
	_rc=0
	case $_k in '' | *[!0-9]*) _k=-1 ;; esac
	if [ "$_k" -lt "$_m" ] || [ "$_k" -gt $((_m + 4)) ]; then
		echo "differs: buffer_size_kb: fresh=[$(cat "$1/buffer_size_kb")] after=[$(cat "$2/buffer_size_kb")], not the expanded size $_m"
		_rc=1
	fi
	for _f in "$1"/* "$2"/*; do
		_n=${_f##*/}
		case $_n in
		buffer_size_kb) continue ;;
		per_cpu_cpu*_buffer_size_kb) _want=$_k ;;
		buffer_total_size_kb) _want=$((_k * _ncpu)) ;;
		*)
			cmp -s "$1/$_n" "$2/$_n" && continue
			echo "differs: $_n: before=[$(head -c 200 "$1/$_n" 2>/dev/null | tr '\n' ' ')]" \
				"after=[$(head -c 200 "$2/$_n" 2>/dev/null | tr '\n' ' ')]"
			_rc=1
			continue
			;;
		esac
		[ "$(cat "$2/$_n" 2>/dev/null)" = "$_want" ] && continue
		echo "differs: $_n: fresh=[$(cat "$1/$_n" 2>/dev/null)] after=[$(cat "$2/$_n" 2>/dev/null)], want $_want (expanded)"
		_rc=1
	done
	return $_rc
}

# A workload that faults pages in and reads files, for SECONDS (default 3).
workload() {
	_end=$(($(cut -d. -f1 /proc/uptime) + ${1:-3}))
	while [ "$(cut -d. -f1 /proc/uptime)" -lt "$_end" ]; do
		ls -R /sys/kernel/mm >/dev/null 2>&1
		cat /proc/cpuinfo /proc/meminfo /proc/self/maps >/dev/null
		find /bin -name '*a*' >/dev/null 2>&1
		dd if=/dev/zero of=/tmp/wl bs=4k count=64 2>/dev/null
		rm -f /tmp/wl
	done
}

# A light workload until killed: a few processes a second. Each exec maps the vDSO
# (special_mapping_fault under __do_fault), enough for a capture, and it leaves the guest's CPU
# to surfgraph's set-up and teardown, which the busy loop of workload() competes with.
light_workload() {
	while :; do
		ls / >/dev/null
		cat /proc/version >/dev/null
		sleep 0.1
	done
}

# result NAME VALUE: a key=value line for the host's checks (sent as OUT/results).
result() {
	echo "$1=$2" >>/tmp/results
	echo "sg: result $1=$2"
}

# wait_tracing [SECONDS]: until a surfgraph started in the background is recording
# (function_graph set and tracing_on), at most SECONDS (default 60). Set-up loads kallsyms,
# which takes seconds under TCG.
wait_tracing() {
	_i=0
	while [ $_i -lt $((${1:-60} * 10)) ]; do
		if [ "$(cat "$T/tracing_on")" = 1 ] && [ "$(cat "$T/current_tracer")" = function_graph ]; then
			return 0
		fi
		sleep 0.1
		_i=$((_i + 1))
	done
	echo "wait_tracing: surfgraph did not start tracing in ${1:-60} s" >&2
	return 1
}
