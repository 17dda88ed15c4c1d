#!/usr/bin/env bash
# Build a busybox-static initramfs (cpio newc + gzip) that runs one guest-side
# scenario script under a test kernel, sends its results out on the second
# serial port, and powers off. Prints the absolute path of OUT.gz.
#
#   tests/vm/mkinitrd.sh OUT.gz SCENARIO.sh [FILE[=GUESTPATH]...]
#
# FILE: a host file copied to /bin/<basename> (or to GUESTPATH when given);
# for a dynamic ELF executable, every library `ldd` lists and the dynamic
# loader are copied too, at their host paths, so it runs in the guest.
#
# In the guest, /init mounts proc, sysfs, devtmpfs, tmpfs (/tmp), tracefs
# (/sys/kernel/tracing) and debugfs, then sources /lib/sg.sh (sg_out, ...) and
# /scenario.sh in a subshell, reports the scenario's exit status and runs
# `poweroff -f`. All busybox applets (sh, ls, cat, dd, find, gzip, timeout...)
# are on PATH as a workload. Files guest-init.sh and guest-lib.sh hold the
# guest side.
#
# SG_VM_ARCH=arm64 (with SG_VM_SYSROOT, from arm64-sysroot.sh): an initramfs for the arm64
# guests: the sysroot's busybox, and the libraries of an arm64 FILE found in the sysroot by
# their DT_NEEDED names (ldd cannot run an arm64 program here).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if [ $# -lt 2 ]; then
    SG_DIE_CODE=$SG_EX_USAGE sg_die "usage: $0 OUT.gz SCENARIO.sh [FILE[=GUESTPATH]...]"
fi
out=$1 scenario=$2
shift 2
[ -r "$scenario" ] || sg_die "scenario not readable: $scenario"
sg_need_pkgs cpio busybox-static
bb=$(sg_busybox)
arch=${SG_VM_ARCH:-amd64}
case $arch in
    amd64) gbb=$bb ;;
    arm64)
        sr=${SG_VM_SYSROOT:-}
        [ -n "$sr" ] && [ -x "$sr/bin/busybox" ] ||
            sg_die "SG_VM_ARCH=arm64 needs SG_VM_SYSROOT with bin/busybox (tests/vm/arm64-sysroot.sh)"
        gbb=$sr/bin/busybox ;;
    *) SG_DIE_CODE=$SG_EX_USAGE sg_die "SG_VM_ARCH: amd64 or arm64, not '$arch'" ;;
esac

st=$(mktemp -d "${TMPDIR:-/tmp}/sg-initrd.XXXXXX")
trap 'rm -rf "$st"' EXIT

mkdir -p "$st"/{bin,sbin,usr/bin,usr/sbin,lib,dev,proc,sys,tmp,run,root,etc}
cp "$gbb" "$st/bin/busybox"
# Relative links: nothing in the staging tree may point back into the host. (The host's
# busybox lists the applets: arm64's cannot run here, and both come from one source package.)
"$bb" --list-full | while read -r applet; do
    up=$(echo "$applet" | sed 's|[^/]*/|../|g; s|[^/]*$||')
    [ -e "$st/$applet" ] || ln -s "${up}bin/busybox" "$st/$applet"
done
# The kernel opens /dev/console before /init runs; devtmpfs is mounted later.
mknod -m 600 "$st/dev/console" c 5 1
mknod -m 666 "$st/dev/null" c 1 3
echo 'root:x:0:0:root:/root:/bin/sh' >"$st/etc/passwd"
echo 'root:x:0:' >"$st/etc/group"

install -m 755 "$SG_VM_DIR/guest-init.sh" "$st/init"
install -m 644 "$SG_VM_DIR/guest-lib.sh" "$st/lib/sg.sh"
install -m 644 "$scenario" "$st/scenario.sh"

# copy_arm64_libs ELF: its interpreter and, recursively, every DT_NEEDED library from the
# sysroot's multiarch directories, at the same paths in the guest.
copy_arm64_libs() {
    local elf=$1 interp name d found
    interp=$(readelf -lW "$elf" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
    if [ -n "$interp" ] && [ ! -e "$st$interp" ]; then
        [ -e "$sr$interp" ] || sg_die "$elf: no $interp in $sr"
        mkdir -p "$st$(dirname "$interp")"
        cp -L "$sr$interp" "$st$interp"
    fi
    for name in $(readelf -dW "$elf" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
        found=''
        for d in /lib/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu; do
            [ -e "$sr$d/$name" ] || continue
            found=$d/$name
            break
        done
        [ -n "$found" ] || sg_die "$elf: $name is not in the arm64 sysroot $sr"
        [ -e "$st$found" ] && continue
        mkdir -p "$st$(dirname "$found")"
        cp -L "$sr$found" "$st$found"
        copy_arm64_libs "$sr$found"
    done
}

# copy_with_libs SRC DEST: the file plus what it needs to run.
copy_with_libs() {
    local src=$1 dest=$2 lib deps
    mkdir -p "$st$(dirname "$dest")"
    # Replace, never write through, an applet link already at $dest.
    cp -L --remove-destination "$src" "$st$dest"
    chmod a+rX "$st$dest"
    # Only dynamic ELF files have anything to resolve.
    [ "$(head -c 4 "$src" | tr -dc 'A-Z')" = ELF ] || return 0
    if [ "$arch" = arm64 ]; then
        readelf -hW "$src" | grep -q 'Machine:.*AArch64' || sg_die "$src: not an arm64 program"
        copy_arm64_libs "$src"
        return 0
    fi
    deps=$(ldd "$src" 2>/dev/null || true)     # static: "not a dynamic executable"
    case "$deps" in
        *'not found'*) sg_die "$src: missing shared libraries: $(grep 'not found' <<<"$deps" | tr -s ' \t\n' ' ')" ;;
    esac
    for lib in $(grep -oE '(^|[[:space:]])/[^[:space:]]+' <<<"$deps" || true); do
        [ -e "$st$lib" ] || cp -L --parents "$lib" "$st"
    done
}
for f in "$@"; do
    case "$f" in
        *=/*) src=${f%%=/*} dest=/${f#*=/} ;;
        *) src=$f dest=/bin/$(basename "$f") ;;
    esac
    [ -r "$src" ] || sg_die "file not readable: $src"
    copy_with_libs "$src" "$dest"
done

mkdir -p "$(dirname "$out")"
(cd "$st" && find . -mindepth 1 | LC_ALL=C sort |
    cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$out.tmp"
mv "$out.tmp" "$out"
readlink -f "$out"
