#!/usr/bin/env bash
# Smoke test of the qemu test bed, no surfgraph binary needed: boot each test
# kernel, trace a busybox workload with function_graph rooted at __do_fault
# (scenarios/smoke.sh), and check the trace has `__do_fault() {` lines. Also
# prints what the guest said about function_graph in a tracefs instance.
#
#   tests/vm/smoke.sh [6.1] [6.12]          (default: both)
#
# Results go to ${SG_VM_OUT:-$SG_VM_CACHE/smoke}/<ver>/. One PASS/FAIL/VMFAULT
# line per kernel. Exit: 0 all passed, 1 a check failed, 75 VM fault (and no
# failure), 77 skipped (no VM possible and REQUIRE_VM is not 1).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(6.1 6.12)
outbase=${SG_VM_OUT:-$SG_VM_CACHE/smoke}
mkdir -p "$outbase"

initrd=$("$SG_VM_DIR/mkinitrd.sh" "$outbase/initrd.gz" "$SG_VM_DIR/scenarios/smoke.sh")

# graph_roots TRACE: the distinct outermost functions entered in a
# function_graph trace (least indented "f() {" / "f();" lines).
graph_roots() {
    awk -F'|' '!/^#/ && NF > 1 {
        line = substr($0, index($0, "|") + 1)
        if (line !~ /^ *[A-Za-z0-9_.]+\(\)( \{|;)/) next
        match(line, /^ */); ind = RLENGTH
        name = line; sub(/^ */, "", name); sub(/\(.*/, "", name)
        if (min == "" || ind < min) { min = ind; delete seen; n = 0 }
        if (ind == min && !(name in seen)) { seen[name] = 1; names[++n] = name }
    }
    END { for (i = 1; i <= n && i <= 8; i++) printf "%s%s", (i > 1 ? " " : ""), names[i]
          if (n > 8) printf " ... (%d in all)", n; print "" }' "$1"
}

failed=0 faulted=0
for k in "${kernels[@]}"; do
    "$SG_VM_DIR/fetch-kernel.sh" "$k" >/dev/null || sg_skip_or_fail "cannot fetch kernel $k"
    out=$outbase/$k
    rc=0
    "$SG_VM_DIR/run-guest.sh" --kernel "$k" --initrd "$initrd" --out "$out" || rc=$?
    status=$(cat "$out/vm.status" 2>/dev/null || echo "no status")
    case "$rc" in
        0) ;;
        "$SG_EX_VMFAULT") echo "VMFAULT smoke $k: $status"; faulted=1; continue ;;
        "$SG_EX_SKIP") exit "$SG_EX_SKIP" ;;
        *) echo "FAIL smoke $k: run-guest exited $rc ($status)"; failed=1; continue ;;
    esac
    n=$(grep -c '__do_fault() {' "$out/trace" 2>/dev/null || true)
    if [ "${n:-0}" -gt 0 ]; then
        echo "PASS smoke $k ($(cat "$out/uname")): ${n} '__do_fault() {' lines; $status"
    else
        echo "FAIL smoke $k: no '__do_fault() {' line in $out/trace; $status"
        failed=1
    fi
    if [ -f "$out/instance.txt" ]; then
        sed "s/^/  instance($k): /" "$out/instance.txt"
    fi
    if [ -f "$out/instance.trace" ]; then
        echo "  instance($k): trace_roots=$(graph_roots "$out/instance.trace")" \
            "(top-level set_graph_function was __do_fault)"
    fi
done

[ "$failed" = 0 ] || exit "$SG_EX_FAIL"
[ "$faulted" = 0 ] || exit "$SG_EX_VMFAULT"
