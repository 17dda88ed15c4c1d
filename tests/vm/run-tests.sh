#!/usr/bin/env bash
# The live-tracing scenarios (tests/vm/scenarios/[st]*.sh) in qemu under real Debian kernels,
# checked on the host. Each kernel gets two fresh boots: one runs tests/live's session checks
# (t0) on a tracefs nobody wrote since boot, the other the fresh-boot scenario (s0) first, then
# the others. A VM fault is retried once (run-guest.sh) and reported as such, apart from test
# failures.
#
#   tests/vm/run-tests.sh [SCENARIO...]     (default: per kernel, see scenarios_for)
#   SG_VM_KERNELS="6.1 6.12 6.12-trixie 7.x"  kernels to boot     REQUIRE_VM=1  a missing qemu is a failure
#   SG_VM_JOBS=2  guests at a time     SG_VM_PER_BOOT=4  scenarios a boot at most
#
# Exit: 0 passed (or skipped loudly without qemu), 1 a check failed, 75 VM fault.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
root=$(cd "$here/../.." && pwd)
bin=${SURFGRAPH:-$root/surfgraph}
kernels=${SG_VM_KERNELS:-6.1 6.12 6.12-trixie 7.x}
session_bin=${SG_TEST_SESSION:-$root/tests/live/test_session}
out=${SG_VM_OUT:-$root/tests/out/vm}
timeout=${SG_VM_SUITE_TIMEOUT:-900}

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
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is not installed"
command -v cpio >/dev/null || skip "cpio is not installed"
[ -x "$bin" ] && [ -x "$session_bin" ] ||
	{ echo "vm: build surfgraph and tests/live/test_session first (make vm)"; exit 1; }

all=()
for f in "$here"/scenarios/s[1-9]*.sh; do all+=("$(basename "$f" .sh)"); done
# Without arguments 6.1 runs every scenario; 6.12 and 7.x those where kernels differ (set-up and
# event layouts, restore, text vs binary, filters, --args; 6.12 the refusals too); trixie's
# 6.12, the same series as bookworm-backports', the fresh-boot checks only. Every kernel runs
# s0 and t0. (All of it stays under 15 minutes on the 2-core machines: measured in
# tests/vm/README.md.)
# SG_VM_FULL=1 runs every scenario on every kernel.
scenarios_for() {
	if [ $# -gt 1 ]; then
		shift
		echo "$@"
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
	shift
	for s in "$@"; do
		case ${s%%-*} in
		s0 | s3 | s9) c=$((c + 6 * f)) ;;
		s1 | s2 | s4 | s6 | s8 | s13) c=$((c + 3 * f)) ;;
		s14) c=$((c + 15 * f)) ;; # the switch to narrow re-patches every call site
		b3) c=$((c + 20 * f)) ;;  # seven runs, four of them patching every call site
		s5 | s15) c=$((c + 4 * f)) ;;
		*) c=$((c + f)) ;;
		esac
	done
	echo $c
}
# 7.x under TCG oopsed in int3 text patching with two vCPUs (one was stable)
# (SG_VM_SMP sets it for every kernel: the narrowing benchmark measures on one, as the issue did)
smp_for() {
	[ -n "${SG_VM_SMP:-}" ] && { echo "$SG_VM_SMP"; return; }
	case $1 in 7.*) echo 1 ;; *) echo 2 ;; esac
}
mkdir -p "$out"
# one suite per output directory at a time (make test may run while someone runs it by hand)
exec 8>"$out/.lock"
flock 8
initrd_for() { # BOOT SCENARIO...: the initramfs running these scenarios
	local b=$1 s
	shift
	printf '%s.sh\n' "$@" >"$out/list-$b"
	local files=("$bin=/bin/surfgraph" "$session_bin=/bin/test_session" "$out/list-$b=/sg/list"
		"$here/scenarios/live-lib.sh=/sg/live-lib.sh")
	for s in "$@"; do files+=("$here/scenarios/$s.sh=/sg/$s.sh"); done
	# s7 reads the ring buffer's binary pages with trace-cmd extract
	if [[ " $* " == *" s7-text "* ]]; then
		sg_need_pkgs trace-cmd >&2 || return 1
		files+=("$(command -v trace-cmd)=/bin/trace-cmd")
	fi
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
	initrd=$(initrd_for "$b" "$@") || skip "cannot build the initramfs (busybox-static, cpio?)"
	rm -f "$out/$b.rc" "$out/$b.wall"
	(
		t0=$(date +%s) rc=0
		"$here/run-guest.sh" --kernel "$k" --initrd "$initrd" --out "$out/$b" \
			--timeout "$timeout" --smp "$(smp_for "$k")" >"$out/$b.log" 2>&1 || rc=$?
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
