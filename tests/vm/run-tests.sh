#!/usr/bin/env bash
# The live-tracing scenarios (tests/vm/scenarios/[st]*.sh) in qemu under real Debian kernels,
# checked on the host. Each x86 kernel gets two fresh boots: one runs tests/live's session checks
# (t0) on a tracefs nobody wrote since boot, the other the fresh-boot scenario (s0) first, then
# the others. An arm64 kernel (arm64-*: qemu-system-aarch64, TCG, about ten times slower) gets
# one boot for all of its scenarios: the boot's snapshot is taken first, t0 runs on the buffer
# never expanded, s0 compares with that snapshot, then the rest. The arm64 guests run the
# cross-built build/arm64/surfgraph and test_session (make arm64); their captures are read on
# the host by the x86 surfgraph and trace-cmd. A VM fault is retried once (run-guest.sh) and
# reported as such, apart from test failures.
#
#   tests/vm/run-tests.sh [SCENARIO...]     (default: per kernel, see scenarios_for)
#   SG_VM_KERNELS="6.1 6.12 6.12-trixie 7.x arm64-6.1 arm64-6.12 arm64-7.x"  kernels to boot
#   REQUIRE_VM=1  a missing qemu is a failure
#   SG_VM_JOBS=2  guests at a time     SG_VM_PER_BOOT=4  scenarios a boot at most
#
# Exit: 0 passed (or skipped loudly without qemu), 1 a check failed, 75 VM fault.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
root=$(cd "$here/../.." && pwd)
bin=${SURFGRAPH:-$root/surfgraph}
kernels=${SG_VM_KERNELS:-6.1 6.12 6.12-trixie 7.x arm64-6.1 arm64-6.12 arm64-7.x}
session_bin=${SG_TEST_SESSION:-$root/tests/live/test_session}
arm64_bin=${SURFGRAPH_ARM64:-$root/build/arm64/surfgraph}
arm64_session=${SG_TEST_SESSION_ARM64:-$root/build/arm64/test_session}
sysroot=${SG_VM_SYSROOT:-$SG_VM_CACHE/sysroot-arm64}
out=${SG_VM_OUT:-$root/tests/out/vm}
timeout=${SG_VM_SUITE_TIMEOUT:-900}
# one arm64 boot runs every scenario of its kernel (measured in tests/vm/README.md)
arm64_timeout=${SG_VM_ARM64_TIMEOUT:-3600}

skip() {
	if [ "$REQUIRE_VM" = 1 ]; then
		echo "vm: FAIL (REQUIRE_VM=1): $*"
		exit 1
	fi
	echo "######################################################################"
	echo "## vm: SKIPPED: $*"
	echo "## the live-tracing tests did not run (set REQUIRE_VM=1 to make this fatal)"
	echo "######################################################################"
	exit 0
}
is_arm64() { [ "$(sg_kernel_arch "$1")" = arm64 ]; }
x86=0 arm=0
for k in $kernels; do
	if is_arm64 "$k"; then arm=1; else x86=1; fi
done
[ $x86 = 0 ] || command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is not installed"
[ $arm = 0 ] || command -v qemu-system-aarch64 >/dev/null ||
	skip "qemu-system-aarch64 is not installed (Debian: qemu-system-arm)"
command -v cpio >/dev/null || skip "cpio is not installed"
[ -x "$bin" ] && [ -x "$session_bin" ] ||
	{ echo "vm: build surfgraph and tests/live/test_session first (make vm)"; exit 1; }
[ $arm = 0 ] || { [ -x "$arm64_bin" ] && [ -x "$arm64_session" ] && [ -x "$sysroot/bin/busybox" ]; } ||
	{ echo "vm: build the arm64 surfgraph and test_session first (make arm64)"; exit 1; }

all=()
for f in "$here"/scenarios/s[1-9]*.sh; do all+=("$(basename "$f" .sh)"); done
# Without arguments 6.1 runs every scenario; 6.12 and 7.x those where kernels differ (set-up and
# event layouts, restore, text vs binary, filters, --args; 6.12 the refusals too); trixie's
# 6.12, the same series as bookworm-backports', the fresh-boot checks only. Every kernel runs
# s0 and t0. (All of it stays under 15 minutes on the 2-core machines: measured in
# tests/vm/README.md.)
# An arm64 kernel: the session checks and the fresh-boot scenario, a capture (s1), the two readers
# on one capture (s7), -w's trace.dat read on the x86 host (s13); on 7.x --args too (s10).
# SG_VM_FULL=1 runs every scenario on every kernel.
scenarios_for() {
	if [ $# -gt 1 ]; then
		shift
		echo "$@"
	elif is_arm64 "$1" && [ "${SG_VM_FULL:-0}" = 1 ]; then
		echo t0-session s0-fresh "${all[@]}"
	elif is_arm64 "$1"; then
		echo t0-session s0-fresh s1-tree s7-text s13-record "$([ "$1" != arm64-7.x ] || echo s10-args)"
	elif [ "${SG_VM_FULL:-0}" = 1 ] || [ "$1" = 6.1 ]; then
		echo s0-fresh "${all[@]}"
	elif [ "$1" = 6.12-trixie ]; then
		echo s0-fresh
	elif [ "$1" = 6.12 ]; then
		echo s0-fresh s1-tree s3-restore s5-refuse s7-text s8-filters s10-args
	else
		echo s0-fresh s1-tree s3-restore s7-text s8-filters s10-args s13-record s15-offcpu
	fi
}
# What a scenario costs in guest time, roughly (tens of seconds on 2 vCPUs; 7.x's one vCPU is
# half as fast again): boots start longest first, so two lanes end together.
cost_of() {
	local c=0 s f=2
	[ "$(smp_for "$1")" = 1 ] && f=3
	! is_arm64 "$1" || f=20 # TCG emulating aarch64 on x86
	shift
	for s in "$@"; do
		case ${s%%-*} in
		s0 | s3 | s9) c=$((c + 6 * f)) ;;
		s1 | s2 | s4 | s6 | s8 | s13) c=$((c + 3 * f)) ;;
		s14) c=$((c + 15 * f)) ;; # the switch to narrow re-patches every call site
		b3) c=$((c + 20 * f)) ;;  # seven runs, four of them patching every call site
		s5 | s15 | s16) c=$((c + 4 * f)) ;;
		*) c=$((c + f)) ;;
		esac
	done
	echo $c
}
# 7.x under TCG oopsed in int3 text patching with two vCPUs (one was stable)
# (SG_VM_SMP sets it for every kernel: the narrowing benchmark measures on one, as the issue did)
smp_for() {
	[ -n "${SG_VM_SMP:-}" ] && { echo "$SG_VM_SMP"; return; }
	# arm64: one vCPU, as the issue measured (the boot takes as long as all x86 boots of a kernel)
	case $1 in 7.* | arm64-*) echo 1 ;; *) echo 2 ;; esac
}
mkdir -p "$out"
# one suite per output directory at a time (make test may run while someone runs it by hand)
exec 8>"$out/.lock"
flock 8
initrd_for() { # KERNEL BOOT SCENARIO...: the initramfs running these scenarios
	local k=$1 b=$2 s
	shift 2
	printf '%s.sh\n' "$@" >"$out/list-$b"
	local gbin=$bin gsession=$session_bin tc=''
	if is_arm64 "$k"; then
		gbin=$arm64_bin gsession=$arm64_session tc=$sysroot/usr/bin/trace-cmd
	fi
	local files=("$gbin=/bin/surfgraph" "$gsession=/bin/test_session" "$out/list-$b=/sg/list"
		"$here/scenarios/live-lib.sh=/sg/live-lib.sh")
	for s in "$@"; do files+=("$here/scenarios/$s.sh=/sg/$s.sh"); done
	# s7 reads the ring buffer's binary pages with trace-cmd extract
	if [[ " $* " == *" s7-text "* ]]; then
		if [ -z "$tc" ]; then
			sg_need_pkgs trace-cmd >&2 || return 1
			tc=$(command -v trace-cmd)
		fi
		files+=("$tc=/bin/trace-cmd")
	fi
	# s16 drives the live -m tui through tmux: the host's tmux (an x86 guest's only), its
	# libraries (mkinitrd.sh), the terminfo entry of the TERM it sets and a UTF-8 locale
	if [[ " $* " == *" s16-tui-live "* ]]; then
		if is_arm64 "$k"; then
			echo "vm: s16-tui-live runs on x86 guests only (the host's tmux)" >&2
			return 1
		fi
		sg_need_pkgs tmux >&2 || return 1
		files+=("$(command -v tmux)=/usr/bin/tmux")
		for ti in /lib/terminfo/s/screen /usr/share/terminfo/s/screen; do
			[ ! -e "$ti" ] || files+=("$ti=$ti")
		done
		# tmux will not start without a UTF-8 locale: C.UTF-8's character types
		files+=("/usr/lib/locale/C.utf8/LC_CTYPE=/usr/lib/locale/C.utf8/LC_CTYPE")
	fi
	SG_VM_ARCH=$(sg_kernel_arch "$k") SG_VM_SYSROOT=$sysroot \
		"$here/mkinitrd.sh" "$out/initrd-$b.gz" "$here/scenarios/live-driver.sh" "${files[@]}"
}

pass=0 fail=0 faults=0
ok() { echo "PASS $k $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $k $1"; fail=$((fail + 1)); }
val() { sed -n "s/^$1=//p" "$o/results" | tail -n1; }

. "$here/scenarios/checks.sh"

# Boots run SG_VM_JOBS at a time (default 2: single-threaded TCG keeps one host core busy per
# guest), longest first; their checks then run in order.
jobs=${SG_VM_JOBS:-2}
boots=() # "KERNEL NAME SCENARIO..." each
for k in $kernels; do
	"$here/fetch-kernel.sh" "$k" >/dev/null || skip "cannot fetch kernel $k"
	read -r -a scen <<<"$(scenarios_for "$k" "$@")"
	if is_arm64 "$k"; then
		# one boot: t0 (if asked) first, on the buffer never expanded
		boots+=("$k $k ${scen[*]}")
		continue
	fi
	read -r -a scen <<<"${scen[*]/t0-session/}"
	# s14 boots alone: its switch to narrow takes minutes under TCG, a boot's worth by itself
	if [[ " ${scen[*]} " == *" s14-narrow "* ]] && [ ${#scen[@]} -gt 1 ]; then
		read -r -a scen <<<"${scen[*]/s14-narrow/}"
		boots+=("$k $k-narrow s14-narrow")
	fi
	# at most SG_VM_PER_BOOT scenarios a boot, so the guests share the cores evenly (s0 stays
	# first in the first boot: it needs the fresh one)
	per=${SG_VM_PER_BOOT:-4}
	for ((i = 0; i < ${#scen[@]}; i += per)); do
		boots+=("$k $k$([ $i = 0 ] || echo "-$((i / per + 1))") ${scen[*]:i:per}")
	done
done
for k in $kernels; do
	is_arm64 "$k" && continue # t0 in its one boot
	if [ $# = 0 ] || [[ " $* " == *" t0-session "* ]]; then boots+=("$k $k-session t0-session"); fi
done
# the order they start in: by cost, most first (the checks still run in the order above)
order=()
while read -r _ spec; do order+=("$spec"); done < <(
	for spec in "${boots[@]}"; do
		read -r -a a <<<"$spec"
		echo "$(cost_of "${a[0]}" "${a[@]:2}") $spec"
	done | sort -s -k1,1nr)

start_boot() { # KERNEL NAME SCENARIO...: in the background; NAME.rc and NAME.wall when done
	local k=$1 b=$2 initrd
	shift 2
	initrd=$(initrd_for "$k" "$b" "$@") || skip "cannot build the initramfs (busybox-static, cpio?)"
	rm -f "$out/$b.rc" "$out/$b.wall"
	local tmo=$timeout
	! is_arm64 "$k" || tmo=$arm64_timeout
	(
		t0=$(date +%s) rc=0
		"$here/run-guest.sh" --kernel "$k" --initrd "$initrd" --out "$out/$b" \
			--timeout "$tmo" --smp "$(smp_for "$k")" >"$out/$b.log" 2>&1 || rc=$?
		echo $(($(date +%s) - t0)) >"$out/$b.wall"
		echo $rc >"$out/$b.rc"
	) &
}
running=0
for spec in "${order[@]}"; do
	read -r -a a <<<"$spec"
	if [ $running -ge "$jobs" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	start_boot "${a[@]}"
	running=$((running + 1))
done
wait

for spec in "${boots[@]}"; do
	read -r -a a <<<"$spec"
	k=${a[0]} b=${a[1]} o=$out/${a[1]}
	rc=$(cat "$out/$b.rc" 2>/dev/null || echo missing)
	cat "$out/$b.log" >&2
	case $rc in
	0 | 1) ;;
	75) echo "VMFAULT $b: $(cat "$o/vm.status")"; faults=$((faults + 1)); continue ;;
	77) skip "no VM possible" ;;
	*) echo "FAIL $b: run-guest.sh exited $rc"; fail=$((fail + 1)); continue ;;
	esac
	echo "vm $b ($(val kernel 2>/dev/null)): $(cat "$o/vm.status") ($(cat "$out/$b.wall") s on the host)"
	if [ ! -f "$o/results" ]; then
		bad "no results from the guest (see $o/console.log)"
		continue
	fi
	for s in "${a[@]:2}"; do
		"check_${s%%-*}" || true
	done
done
echo "vm: $pass passed, $fail failed, $faults VM faults"
[ $fail = 0 ] || exit 1
[ $faults = 0 ] || exit 75
