#!/usr/bin/env bash
# The live-tracing scenarios (tests/vm/scenarios/s*.sh) in qemu under real Debian kernels, checked
# on the host. One boot per kernel runs its scenarios; a VM fault is retried once (run-guest.sh)
# and reported as such, apart from test failures.
#
#   tests/vm/run-tests.sh [SCENARIO...]     (default: all; e.g. s1-tree s3-restore)
#   SG_VM_KERNELS="6.1 6.12"  kernels to boot     REQUIRE_VM=1  a missing qemu is a failure
#
# Exit: 0 passed (or skipped loudly without qemu), 1 a check failed, 75 VM fault.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
root=$(cd "$here/../.." && pwd)
bin=${SURFGRAPH:-$root/surfgraph}
kernels=${SG_VM_KERNELS:-6.1 6.12}
out=${SG_VM_OUT:-$root/tests/out/vm}
timeout=${SG_VM_SUITE_TIMEOUT:-420}

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
[ -x "$bin" ] || { echo "vm: build surfgraph first (make)"; exit 1; }

all=()
for f in "$here"/scenarios/s[0-9]*.sh; do all+=("$(basename "$f" .sh)"); done
# Without arguments 6.1 runs every scenario, and 6.12 those where kernels differ (event
# layouts, tracefs files, instances, restore, filters): the suite stays under 10 minutes.
# SG_VM_FULL=1 runs every scenario on every kernel.
scenarios_for() {
	if [ $# -gt 1 ]; then
		shift
		echo "$@"
	elif [ "$1" = 6.12 ] && [ "${SG_VM_FULL:-0}" != 1 ]; then
		echo s1-tree s3-restore s5-refuse s7-text s8-filters
	else
		echo "${all[@]}"
	fi
}
mkdir -p "$out"
# one suite per output directory at a time (make test may run while someone runs it by hand)
exec 8>"$out/.lock"
flock 8
initrd_for() { # KERNEL SCENARIO...: the initramfs running these scenarios
	local k=$1 s
	shift
	printf '%s.sh\n' "$@" >"$out/list-$k"
	local files=("$bin=/bin/surfgraph" "$out/list-$k=/sg/list"
		"$here/scenarios/live-lib.sh=/sg/live-lib.sh")
	for s in "$@"; do files+=("$here/scenarios/$s.sh=/sg/$s.sh"); done
	"$here/mkinitrd.sh" "$out/initrd-$k.gz" "$here/scenarios/live-driver.sh" "${files[@]}"
}

pass=0 fail=0 faults=0
ok() { echo "PASS $k $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $k $1"; fail=$((fail + 1)); }
val() { sed -n "s/^$1=//p" "$o/results" | tail -n1; }

. "$here/scenarios/checks.sh"

for k in $kernels; do
	"$here/fetch-kernel.sh" "$k" >/dev/null || skip "cannot fetch kernel $k"
	read -r -a scen <<<"$(scenarios_for "$k" "$@")"
	initrd=$(initrd_for "$k" "${scen[@]}") || skip "cannot build the initramfs (busybox-static, cpio?)"
	o=$out/$k
	rc=0
	t0=$(date +%s)
	"$here/run-guest.sh" --kernel "$k" --initrd "$initrd" --out "$o" --timeout "$timeout" || rc=$?
	case $rc in
	0 | 1) ;;
	75) echo "VMFAULT $k: $(cat "$o/vm.status")"; faults=$((faults + 1)); continue ;;
	77) skip "no VM possible" ;;
	*) echo "FAIL $k: run-guest.sh exited $rc"; fail=$((fail + 1)); continue ;;
	esac
	echo "vm $k: $(cat "$o/vm.status") ($(($(date +%s) - t0)) s on the host)"
	if [ ! -f "$o/results" ]; then
		bad "no results from the guest (see $o/console.log)"
		continue
	fi
	for s in "${scen[@]}"; do
		"check_${s%%-*}" || true
	done
done
echo "vm: $pass passed, $fail failed, $faults VM faults"
[ $fail = 0 ] || exit 1
[ $faults = 0 ] || exit 75
