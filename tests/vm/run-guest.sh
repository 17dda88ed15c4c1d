#!/usr/bin/env bash
# Boot a test kernel with an initramfs from mkinitrd.sh under qemu (TCG only:
# KVM does not work on these machines), collect the console and the files the
# guest sent with sg_out, and classify the run. One retry on a VM fault.
#
#   tests/vm/run-guest.sh --kernel ID|PATH --initrd X.gz --out DIR
#                         [--timeout SEC] [--append "KERNEL ARGS"] [--smp N] [--arch arm64]
#
# ID: a kernel fetch-kernel.sh knows. arm64-* (or --arch arm64 with a PATH from an arm64
# kernel's cache) boot under qemu-system-aarch64 -M virt -cpu max; their console is the PL011
# (ttyAMA0), and the files come through a virtio console (hvc0) whose two modules
# (virtio_mmio, virtio_console: Debian builds them as modules) are appended to the initramfs
# as a second cpio archive, /lib/sg-modules, which /init loads.
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

usage() { SG_DIE_CODE=$SG_EX_USAGE sg_die "usage: $0 --kernel $SG_VM_KERNEL_IDS|VMLINUZ --initrd X.gz --out DIR [--timeout SEC] [--append ARGS] [--smp N] [--arch amd64|arm64]"; }
kernel='' initrd='' out='' timeout=$SG_VM_TIMEOUT append='' smp=2 arch=''
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel) kernel=${2:-}; shift 2 ;;
        --initrd) initrd=${2:-}; shift 2 ;;
        --out) out=${2:-}; shift 2 ;;
        --timeout) timeout=${2:-}; shift 2 ;;
        --append) append=${2:-}; shift 2 ;;
        --smp) smp=${2:-}; shift 2 ;;
        --arch) arch=${2:-}; shift 2 ;;
        *) usage ;;
    esac
done
if [ -z "$kernel" ] || [ -z "$initrd" ] || [ -z "$out" ]; then usage; fi
[ -r "$initrd" ] || sg_die "initrd not readable: $initrd"
case "$timeout$smp" in ''|*[!0-9]*) usage ;; esac

if [[ "|$SG_VM_KERNEL_IDS|" == *"|$kernel|"* ]]; then
    vmlinuz=$("$SG_VM_DIR/fetch-kernel.sh" "$kernel") ||
        sg_skip_or_fail "cannot fetch kernel $kernel"
    arch=${arch:-$(sg_kernel_arch "$kernel")}
else
    vmlinuz=$kernel
fi
arch=${arch:-amd64}
[ -r "$vmlinuz" ] || sg_die "kernel not readable: $vmlinuz"
case $arch in
    amd64) qemu=qemu-system-x86_64 qpkg=qemu-system-x86 ;;
    arm64) qemu=qemu-system-aarch64 qpkg=qemu-system-arm ;;
    *) usage ;;
esac
command -v "$qemu" >/dev/null || sg_need_pkgs "$qpkg" || sg_skip_or_fail "cannot install $qpkg"

# Names this script writes itself; a guest block may not overwrite them.
reserved=' console.log serial.raw qemu.log scenario.rc vm.status attempt1 .sg-files initrd.arm64.gz '

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
rm -rf "$out/attempt1" "$out/initrd.arm64.gz"

# arm64: the kernel's virtio_mmio and virtio_console as a second cpio archive after the
# initramfs (the kernel unpacks both), made once per kernel beside its unpacked package.
if [ "$arch" = arm64 ]; then
    kroot=$(readlink -f "$vmlinuz")
    case $kroot in
        */boot/vmlinuz-*) kroot=${kroot%/boot/vmlinuz-*} ;;
        */usr/lib/modules/*/vmlinuz) kroot=${kroot%/usr/lib/modules/*/vmlinuz} ;;
        *) sg_die "$vmlinuz: not in an unpacked kernel package (no modules beside it)" ;;
    esac
    mods=$kroot/../sg-modules.cpio.gz
    if [ ! -s "$mods" ]; then
        mst=$(mktemp -d "${TMPDIR:-/tmp}/sg-mods.XXXXXX")
        mkdir -p "$mst/lib/sg-modules"
        : >"$mst/lib/sg-modules/list"
        for m in virtio_mmio virtio_console; do
            f=$(find "$kroot/lib/modules" "$kroot/usr/lib/modules" -name "$m.ko*" 2>/dev/null | head -n1 || true)
            if [ -z "$f" ]; then
                # built in (7.x has virtio_console in the kernel)
                grep -qs "/$m\.ko\$" "$kroot"/lib/modules/*/modules.builtin \
                    "$kroot"/usr/lib/modules/*/modules.builtin && continue
                rm -rf "$mst"
                sg_die "no $m module in $kroot"
            fi
            case $f in
                *.xz) xz -dc "$f" ;;
                *.zst) zstd -dc "$f" ;;
                *.gz) gzip -dc "$f" ;;
                *) cat "$f" ;;
            esac >"$mst/lib/sg-modules/$m.ko"
            echo "$m.ko" >>"$mst/lib/sg-modules/list"
        done
        (cd "$mst" && find lib | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$mods.tmp"
        mv "$mods.tmp" "$mods"
        rm -rf "$mst"
    fi
    cat "$initrd" "$mods" >"$out/initrd.arm64.gz"
    initrd=$out/initrd.arm64.gz
fi

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

# qemu for the kernel's architecture, until it powers off or the timeout
qemu_run() {
    if [ "$arch" = arm64 ]; then
        timeout --kill-after=5 "$timeout" qemu-system-aarch64 \
            -M virt -accel "$SG_VM_ACCEL" -cpu max -m 1024 -smp "$smp" -nodefaults \
            -no-user-config -display none -monitor none -no-reboot \
            -kernel "$vmlinuz" -initrd "$initrd" \
            -append "console=ttyAMA0 quiet panic=-1 printk.time=1 $append" \
            -serial "file:$out/console.log" \
            -device virtio-serial-device -chardev "file,id=sgport,path=$out/serial.raw" \
            -device virtconsole,chardev=sgport \
            </dev/null >"$out/qemu.log" 2>&1
    else
        timeout --kill-after=5 "$timeout" qemu-system-x86_64 \
            -accel "$SG_VM_ACCEL" -cpu max -m 1024 -smp "$smp" -nodefaults -no-user-config \
            -display none -monitor none -no-reboot \
            -kernel "$vmlinuz" -initrd "$initrd" \
            -append "console=ttyS0 quiet panic=-1 printk.time=1 $append" \
            -serial "file:$out/console.log" -serial "file:$out/serial.raw" \
            </dev/null >"$out/qemu.log" 2>&1
    fi
}

# One boot; sets fault ('' when clean), rc, wall and cpu.
attempt() {
    local qrc=0 t0 t1 cpuf TIMEFORMAT='%3U %3S'
    : >"$out/console.log"; : >"$out/serial.raw"
    cpuf=$(mktemp "${TMPDIR:-/tmp}/sg-cpu.XXXXXX")
    t0=$(date +%s.%N)
    # qemu's CPU seconds (user + system, through timeout): what a boot costs whatever else runs
    # on the machine (the guest's clock, and so the wall time, follows the host's, shared)
    { time qemu_run; } 2>"$cpuf" || qrc=$?
    t1=$(date +%s.%N)
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
    cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$cpuf")
    rm -f "$cpuf"
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
    echo "fault: $fault (wall ${wall}s, qemu CPU ${cpu}s)" >"$out/vm.status"
    sg_log "VM FAULT twice: $fault (wall ${wall}s); see $out/console.log"
    exit "$SG_EX_VMFAULT"
fi
echo "ok: scenario rc $rc, init at ${boot:-?}s, wall ${wall}s, qemu CPU ${cpu}s" >"$out/vm.status"
sg_log "$(basename "$vmlinuz"): scenario rc $rc, /init at ${boot:-?}s guest uptime, wall ${wall}s, qemu CPU ${cpu}s"
[ "$rc" = 0 ] || exit "$SG_EX_FAIL"
