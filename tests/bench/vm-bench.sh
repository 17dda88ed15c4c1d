#!/usr/bin/env bash
# make bench, VM part: events per second consumed by the binary reader (trace_pipe_raw) and by
# the text reader (trace_pipe) under the same load in qemu, and what each lost
# (tests/vm/scenarios/b1-bench.sh). Skipped, saying so, without qemu.
set -euo pipefail
cd "$(dirname "$0")/../.."
SG_VM_KERNELS=${SG_VM_KERNELS:-6.1} SG_VM_OUT=${SG_VM_OUT:-tests/out/vm-bench} \
	exec tests/vm/run-tests.sh b1-bench
