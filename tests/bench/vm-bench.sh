#!/usr/bin/env bash
# make bench, VM part: events per second consumed by the binary reader (trace_pipe_raw) and by
# the text reader (trace_pipe) under the same load in qemu, what each lost and the CPU seconds
# surfgraph used per million records (tests/vm/scenarios/b1-bench.sh, tabled by
# readers-table.sh); then, on one vCPU, an unrelated workload's slowdown not tracing, fully
# patched and with --narrow (tests/vm/scenarios/b2-narrow.sh); and what narrowing costs in
# fidelity, one workload traced fully patched and narrowed three times each in one boot
# (tests/vm/scenarios/b3-fidelity.sh, the table from tests/bench/fidelity.sh). Skipped, saying
# so, without qemu.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${SG_VM_OUT:-tests/out/vm-bench}
SG_VM_KERNELS=${SG_VM_KERNELS:-6.1} SG_VM_OUT=$out tests/vm/run-tests.sh b1-bench
# the readers' table: records, losses, CPU per million records (run-tests.sh skips without qemu)
dirs=()
for k in ${SG_VM_KERNELS:-6.1}; do
	[ -f "$out/$k/results" ] && dirs+=("$out/$k")
done
[ ${#dirs[@]} = 0 ] || tests/bench/readers-table.sh "${dirs[@]}"
# the switch to narrow re-patches every call site: minutes under TCG
# (b3 runs whatever b2 found; the first failure's status is the script's)
rc=0
SG_VM_KERNELS=${SG_VM_KERNELS:-6.1} SG_VM_OUT=${SG_VM_OUT:-tests/out/vm-bench}-narrow SG_VM_SMP=1 \
	SG_VM_SUITE_TIMEOUT=${SG_VM_SUITE_TIMEOUT:-1800} \
	tests/vm/run-tests.sh b2-narrow || rc=$?
SG_VM_KERNELS=${SG_VM_KERNELS:-6.1} SG_VM_OUT=${SG_VM_OUT:-tests/out/vm-bench}-fidelity SG_VM_SMP=1 \
	SG_VM_SUITE_TIMEOUT=${SG_VM_SUITE_TIMEOUT:-1800} \
	tests/vm/run-tests.sh b3-fidelity || { r=$?; [ $rc != 0 ] || rc=$r; }
exit $rc
