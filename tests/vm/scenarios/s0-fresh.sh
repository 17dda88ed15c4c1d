# shellcheck shell=sh
# Scenario 0: a freshly booted kernel, nothing written to tracefs before (this scenario runs
# first in its boot, or after t0 in the arm64 guests' one boot: then the driver took the
# snapshot before t0 ran). Its snapshot is the reference for four runs in turn: -d with
# --buffer-size, -d without, SIGINT mid-capture, SIGKILL then a rerun that recovers. After
# each, every file surfgraph can touch (per-CPU buffer sizes included) must read as on the
# fresh boot, except the one documented change: a buffer never expanded ("7 (expanded: 1408)")
# stands at the kernel's own expanded size on the total and every CPU (same_fresh).
[ -d /tmp/s0.fresh ] || snap /tmp/s0.fresh
result s0_fresh_size "$(cat /tmp/s0.fresh/buffer_size_kb)"
s0_check() { # NAME: compare with the fresh snapshot, send the difference
	snap /tmp/s0.$1.after
	result s0_$1_size "$(cat "$T/buffer_size_kb")"
	if same_fresh /tmp/s0.fresh /tmp/s0.$1.after >/tmp/s0.$1.diff; then
		result s0_$1 same
	else
		result s0_$1 differs
	fi
	sg_out s0.$1.diff /tmp/s0.$1.diff
	sg_out s0.$1.err /tmp/s0.$1.err
}
run() { # NAME ARGS...: one surfgraph run of __do_fault under the workload
	_name=$1
	shift
	# until killed: set-up alone can outlast a fixed workload under TCG with one vCPU
	light_workload &
	_wl=$!
	surfgraph -f __do_fault "$@" -m tree --ascii --no-save >/dev/null 2>/tmp/s0.$_name.err
	result s0_${_name}_rc $?
	kill $_wl
	wait $_wl
}
run bufsize -d 3 --buffer-size 2048
s0_check bufsize
run plain -d 3
s0_check plain
surfgraph -f __do_fault -d 120 --buffer-size 600 -m tree --ascii --no-save >/dev/null 2>/tmp/s0.int.err &
sg=$!
wait_tracing
# 3 s: after the runs above every page the workload maps is cached and fault-around maps it
# without __do_fault; one loaded second once gave no call of it at all (CI of 3b2494e: exit 1,
# "no call of __do_fault in the live trace", tracefs restored)
workload 3
kill -INT $sg
wait $sg
result s0_int_rc $?
s0_check int
surfgraph -f __do_fault -d 120 --buffer-size 500 -m tree --no-save >/dev/null 2>/tmp/s0.killed.err &
sg=$!
wait_tracing
workload 1
kill -KILL $sg
wait $sg
result s0_killed_rc $?
run rerun -d 3
s0_check rerun
(cd /tmp/s0.fresh && for f in *; do echo "== $f"; cat "$f"; done) >/tmp/s0.snapshot
sg_out s0.snapshot /tmp/s0.snapshot
