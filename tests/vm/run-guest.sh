#!/usr/bin/env bash
# Boot a test kernel with an initramfs from mkinitrd.sh under qemu (TCG only:
# KVM does not work on these machines), collect the console and the files the
# guest sent with sg_out, and classify the run. One retry on a VM fault.
#
#   tests/vm/run-guest.sh --kernel 6.1|6.12|PATH --initrd X.gz --out DIR
#                         [--timeout SEC] [--append "KERNEL ARGS"] [--smp N]
#
# DIR receives: console.log (ttyS0), serial.raw (ttyS1 as sent), qemu.log,
# one file per sg_out block (DIR/NAME), guest.info (kernel, boot_s = uptime
# when /init started, end_s, rc), scenario.rc, vm.status (one line), and
# attempt1/ with the logs of a faulted first attempt.
#
# Exit: 0 guest finished and the scenario exited 0; 1 guest finished but the
# scenario exited non-zero; 75 VM fault (panic, Oops, BUG, hang, timeout, or
# the guest stopped before /init finished) twice in a row; 2 usage; 77 skip
# (qemu cannot be had, unless REQUIRE_VM=1).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { SG_DIE_CODE=$SG_EX_USAGE sg_die "usage: $0 --kernel 6.1|6.12|6.12-trixie|7.x|VMLINUZ --initrd X.gz --out DIR [--timeout SEC] [--append ARGS] [--smp N]"; }
kernel='' initrd='' out='' timeout=$SG_VM_TIMEOUT append='' smp=2
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel) kernel=${2:-}; shift 2 ;;
        --initrd) initrd=${2:-}; shift 2 ;;
        --out) out=${2:-}; shift 2 ;;
        --timeout) timeout=${2:-}; shift 2 ;;
        --append) append=${2:-}; shift 2 ;;
        --smp) smp=${2:-}; shift 2 ;;
        *) usage ;;
    esac
done
if [ -z "$kernel" ] || [ -z "$initrd" ] || [ -z "$out" ]; then usage; fi
[ -r "$initrd" ] || sg_die "initrd not readable: $initrd"
case "$timeout$smp" in ''|*[!0-9]*) usage ;; esac

case "$kernel" in
    6.1|6.12|6.12-trixie|7.x) vmlinuz=$("$SG_VM_DIR/fetch-kernel.sh" "$kernel") ||
                  sg_skip_or_fail "cannot fetch kernel $kernel" ;;
    *) vmlinuz=$kernel ;;
esac
[ -r "$vmlinuz" ] || sg_die "kernel not readable: $vmlinuz"
command -v qemu-system-x86_64 >/dev/null || sg_need_pkgs qemu-system-x86 ||
    sg_skip_or_fail "cannot install qemu-system-x86"

# Names this script writes itself; a guest block may not overwrite them.
reserved=' console.log serial.raw qemu.log scenario.rc vm.status attempt1 .sg-files '

mkdir -p "$out"
out=$(cd "$out" && pwd)
# Clear what an earlier run left here (only files this script made).
clean_out() {
    local f
    if [ -f "$out/.sg-files" ]; then
        while read -r f; do rm -f "$out/$f"; done <"$out/.sg-files"
    fi
    rm -f "$out"/{console.log,serial.raw,qemu.log,scenario.rc,vm.status,.sg-files} "$out"/*.b64
}
clean_out
rm -rf "$out/attempt1"

# Split serial.raw into DIR/NAME files; echo the scenario's rc ('' if absent).
decode() {
    local name enc
    tr -d '\r' <"$out/serial.raw" | awk -v dir="$out" -v list="$out/.sg-blocks" '
        BEGIN { printf "" > list }
        /^=== begin [A-Za-z0-9._-]+ (gzip|plain) ===$/ {
            name = $3; enc = $4; file = dir "/" name ".b64"; printf "" > file; inblk = 1; next }
        /^=== end [A-Za-z0-9._-]+ ===$/ {
            if (inblk && $3 == name) { close(file); print name, enc > list }
            inblk = 0; next }
        /^=== done -?[0-9]+ ===$/ { print $3 > (dir "/scenario.rc"); inblk = 0; next }
        inblk { print > file }'
    while read -r name enc; do
        case "$reserved" in *" $name "*)
            sg_log "guest block '$name' uses a reserved name: dropped"
            rm -f "$out/$name.b64"; continue ;;
        esac
        if [ "$enc" = gzip ]; then
            base64 -d <"$out/$name.b64" | gunzip >"$out/$name" ||
                sg_log "block '$name' did not decode"
        else
            base64 -d <"$out/$name.b64" >"$out/$name" || sg_log "block '$name' did not decode"
        fi
        rm -f "$out/$name.b64"
        echo "$name" >>"$out/.sg-files"
    done <"$out/.sg-blocks"
    rm -f "$out/.sg-blocks"
    for name in "$out"/*.b64; do    # begin without end: the guest stopped mid-file
        [ -e "$name" ] && sg_log "incomplete block: $(basename "$name" .b64)" && rm -f "$name"
    done
    cat "$out/scenario.rc" 2>/dev/null || true
}

# Kernel lines (printk.time=1 stamps them) telling of a panic, BUG (soft
# lockup, bad page...) or an Oops; die() lines all carry "[#N]".
oops_re='^\[ *[0-9]+\.[0-9]+\] .*(Kernel panic|BUG:|Oops|: [0-9a-f]{4} \[#[0-9]+\])'

# One boot; sets fault ('' when clean) and rc.
attempt() {
    local qrc=0 t0 t1
    : >"$out/console.log"; : >"$out/serial.raw"
    t0=$(date +%s.%N)
    timeout --kill-after=5 "$timeout" qemu-system-x86_64 \
        -accel "$SG_VM_ACCEL" -cpu max -m 1024 -smp "$smp" -nodefaults -no-user-config \
        -display none -monitor none -no-reboot \
        -kernel "$vmlinuz" -initrd "$initrd" \
        -append "console=ttyS0 quiet panic=-1 printk.time=1 $append" \
        -serial "file:$out/console.log" -serial "file:$out/serial.raw" \
        </dev/null >"$out/qemu.log" 2>&1 || qrc=$?
    t1=$(date +%s.%N)
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
    rc=$(decode)
    fault=''
    if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
        fault="timeout after ${timeout}s"
    elif grep -qE "$oops_re" "$out/console.log"; then
        fault="kernel: $(grep -m1 -E "$oops_re" "$out/console.log" | tr -d '\r')"
    elif [ "$qrc" != 0 ]; then
        fault="qemu exited $qrc: $(tail -n1 "$out/qemu.log")"
    elif [ -z "$rc" ]; then
        fault="guest stopped before /init finished"
    fi
}

attempt
if [ -n "$fault" ]; then
    sg_log "VM fault ($fault) after ${wall}s; retrying once"
    mkdir "$out/attempt1"
    mv "$out"/{console.log,serial.raw,qemu.log} "$out/attempt1/"
    clean_out
    attempt
fi

boot=$(sed -n 's/^boot_s=//p' "$out/guest.info" 2>/dev/null || true)
if [ -n "$fault" ]; then
    echo "fault: $fault (wall ${wall}s)" >"$out/vm.status"
    sg_log "VM FAULT twice: $fault (wall ${wall}s); see $out/console.log"
    exit "$SG_EX_VMFAULT"
fi
echo "ok: scenario rc $rc, init at ${boot:-?}s, wall ${wall}s" >"$out/vm.status"
sg_log "$(basename "$vmlinuz"): scenario rc $rc, /init at ${boot:-?}s guest uptime, wall ${wall}s"
[ "$rc" = 0 ] || exit "$SG_EX_FAIL"
