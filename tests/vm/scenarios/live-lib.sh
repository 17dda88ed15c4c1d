# shellcheck shell=sh
# Guest-side helpers shared by the live scenarios (installed as /sg/live-lib.sh; busybox ash).
T=${SG_TRACEFS:-/sys/kernel/tracing}

# snap DIR: a copy of every tracefs setting a run could touch, one file each, for `cmp -r`-like
# comparison. Left out: the buffers themselves, timestamps and counters that move on their own.
# One awk reads them all: a `cat` per file (about 80) took seconds a snapshot under TCG. (awk
# reads lines, so a missing final newline would not show; tracefs ends every line.)
snap() {
	_d=$1
	_l=
	rm -rf "$_d"
	mkdir -p "$_d"
	# (events/sched/sched_switch/enable: the one event file a run writes, for [off-cpu])
	for _f in "$T"/* "$T"/options/* "$T"/per_cpu/cpu*/buffer_size_kb \
		"$T"/events/sched/sched_switch/enable; do
		[ -f "$_f" ] || continue
		case ${_f#"$T"/} in
		trace | trace_pipe | trace_marker* | free_buffer | snapshot | printk_formats | \
			saved_cmdlines | saved_tgids | available_filter_functions* | available_events | \
			touched_functions | README | *_profile | error_log | kprobe_events | \
			dynamic_events | uprobe_events | set_event_notrace_pid | set_event_pid) continue ;;
		esac
		_l="$_l $_f"
	done
	# shellcheck disable=SC2086 # tracefs names have no spaces
	awk -v T="$T" -v D="$_d" 'BEGIN {
		for (i = 1; i < ARGC; i++) {
			n = substr(ARGV[i], length(T) + 2)
			gsub("/", "_", n)
			out = D "/" n
			printf "" >out
			while ((r = (getline l <ARGV[i])) > 0)
				print l >out
			if (r < 0)
				print "unreadable" >out
			close(ARGV[i])
			close(out)
		}
		exit
	}' $_l
	ls "$T/instances" >"$_d/instances.list"
}

# same A B: the two snapshots are identical; prints the files that differ.
same() {
	_snapcmp "$1" "$2" exact
}

# same_fresh FRESH AFTER: like same, but a buffer never expanded in FRESH may stand expanded in
# AFTER, where the kernel's own first expansion puts it: buffer_size_kb a plain size K from the
# "(expanded: M)" M up to M + one sub-buffer page (4 KB), every per-CPU size K, the total of all
# CPUs (buffer_total_size_kb) K times their number. Prints the files that differ otherwise.
same_fresh() {
	_snapcmp "$1" "$2" fresh
}

# _snapcmp A B exact|fresh: one awk over both snapshots (a `cmp` per file took seconds under TCG);
# each name once, whichever snapshot has it; a file only one side has differs. Files are compared
# line by line as they are read: enabled_functions lists every patched call site while a killed
# run's tracer is still on (tens of thousands of lines), too much to gather into strings.
_snapcmp() {
	awk -v A="$1" -v B="$2" -v mode="$3" '
	function same_file(fa, fb,   ra, rb, la, lb, eq) {
		if (fa == fb)
			return 1 # one name is one stream in awk: reading it twice would interleave
		eq = 1
		for (;;) {
			ra = (getline la <fa)
			rb = (getline lb <fb)
			if (ra != rb || (ra > 0 && la != lb)) {
				eq = 0
				break
			}
			if (ra <= 0)
				break
		}
		close(fa)
		close(fb)
		return eq
	}
	# the first 200 characters, lines joined by spaces
	function head(f,   s, l) {
		s = ""
		while (length(s) < 200 && (getline l <f) > 0)
			s = s l " "
		close(f)
		sub(/ $/, "", s)
		return substr(s, 1, 200)
	}
	BEGIN {
		for (i = 1; i < ARGC; i++) {
			n = ARGV[i]
			sub(/.*\//, "", n)
			if (!(n in seen))
				names[nn++] = n
			seen[n] = 1
			if (index(ARGV[i], B "/") == 1 && n ~ /^per_cpu_cpu[0-9]+_buffer_size_kb$/)
				ncpu++
		}
		m = ""
		if (mode == "fresh") {
			fa = head(A "/buffer_size_kb")
			if (match(fa, /\(expanded: [0-9]+\)/))
				m = substr(fa, RSTART + 11, RLENGTH - 12) + 0
		}
		if (m != "") {
			k = head(B "/buffer_size_kb")
			if (k !~ /^[0-9]+$/ || k + 0 < m || k + 0 > m + 4) {
				print "differs: buffer_size_kb: fresh=[" fa "] after=[" k "], not the expanded size " m
				rc = 1
			}
		}
		for (j = 0; j < nn; j++) {
			n = names[j]
			if (m != "" && n == "buffer_size_kb")
				continue
			if (m != "" && n ~ /^per_cpu_cpu[0-9]+_buffer_size_kb$/) {
				want = k ""
			} else if (m != "" && n == "buffer_total_size_kb") {
				want = (k * ncpu) ""
			} else {
				if (same_file(A "/" n, B "/" n))
					continue
				print "differs: " n ": before=[" head(A "/" n) "] after=[" head(B "/" n) "]"
				rc = 1
				continue
			}
			if (head(B "/" n) == want)
				continue
			print "differs: " n ": fresh=[" head(A "/" n) "] after=[" head(B "/" n) "], want " want " (expanded)"
			rc = 1
		}
		exit rc
	}' "$1"/* "$2"/*
}

# uptime in hundredths of a second
uptime_cs() { sed 's/^\([0-9]*\)\.\([0-9][0-9]\).*/\1\2/; s/^0*\([0-9]\)/\1/' /proc/uptime; }
# A workload that faults pages in and reads files, for SECONDS (default 3) seconds, to the
# hundredth, and at least one round. WORKLOAD_N: the rounds it did.
workload() {
	WORKLOAD_N=0
	# in hundredths: whole seconds of uptime made "workload 1" last anything from 0 to 1 s (6.1
	# s9 in CI of fec1975: a run that saw no __do_fault at all)
	_end=$(($(uptime_cs) + ${1:-3} * 100))
	while [ "$WORKLOAD_N" = 0 ] || [ "$(uptime_cs)" -lt "$_end" ]; do
		ls -R /sys/kernel/mm >/dev/null 2>&1
		cat /proc/cpuinfo /proc/meminfo /proc/self/maps >/dev/null
		find /bin -name '*a*' >/dev/null 2>&1
		dd if=/dev/zero of=/tmp/wl bs=4k count=64 2>/dev/null
		rm -f /tmp/wl
		WORKLOAD_N=$((WORKLOAD_N + 1))
	done
}

# s3's settings, every one changed from its default (r1 investigates s3 with the same)
nondefault_settings() {
	echo 2000 >"$T/buffer_size_kb"
	echo 1000 >"$T/per_cpu/cpu1/buffer_size_kb"
	echo vfs_read >"$T/set_ftrace_filter"
	echo vfs_write >>"$T/set_ftrace_filter"
	echo __do_fault >>"$T/set_ftrace_filter"
	echo schedule >"$T/set_graph_notrace"
	echo 1 >"$T/set_ftrace_pid"
	echo 7 >"$T/max_graph_depth"
	echo 1000 >"$T/tracing_thresh"
	echo global >"$T/trace_clock"
	echo 0 >"$T/options/overwrite"
}

# nondefault_settings undone: the kernel's defaults back for the next scenarios
default_settings() {
	echo >"$T/set_ftrace_filter"
	echo >"$T/set_graph_notrace"
	echo >"$T/set_ftrace_pid"
	echo 0 >"$T/max_graph_depth"
	echo 0 >"$T/tracing_thresh"
	echo local >"$T/trace_clock"
	echo 1 >"$T/options/overwrite"
	echo 1408 >"$T/buffer_size_kb"
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

# background PID...: lowest CPU priority for a load started beside surfgraph (and what it forks
# from now on), so the load still runs but surfgraph's set-up, which under TCG is seconds of
# kernel text patching, is not starved by it (7.x boots with one vCPU).
background() {
	renice 19 -p "$@" >/dev/null
}

# result NAME VALUE: a key=value line for the host's checks (sent as OUT/results).
result() {
	echo "$1=$2" >>/tmp/results
	echo "sg: result $1=$2"
}

# wait_tracing [SECONDS]: until a surfgraph started in the background is recording
# (function_graph set and tracing_on), at most SECONDS (default 60, 600 on arm64). Set-up loads
# kallsyms, which takes seconds under TCG; on an arm64 guest (TCG emulating aarch64) s1's set-up
# took 46 s of guest time on 7.3 and over 60 on 6.1, the host's two cores shared with others.
wait_tracing_max=60
[ "$(uname -m)" != aarch64 ] || wait_tracing_max=600
wait_tracing() {
	_i=0
	while [ $_i -lt $((${1:-$wait_tracing_max} * 10)) ]; do
		# read, not $(cat): a fork each tenth of a second slows the set-up it waits for. The
		# tracer first: surfgraph turns tracing off before it sets the tracer and on after,
		# so tracing_on read after the tracer is its own. (The other order saw the 1 from
		# before the run: reading current_tracer waits seconds while the tracer is patched in.)
		read -r _tr <"$T/current_tracer"
		read -r _on <"$T/tracing_on"
		if [ "$_on" = 1 ] && [ "$_tr" = function_graph ]; then
			return 0
		fi
		sleep 0.1
		_i=$((_i + 1))
	done
	echo "wait_tracing: surfgraph did not start tracing in ${1:-$wait_tracing_max} s" >&2
	return 1
}
