#!/usr/bin/env bash
# Download and unpack a Debian kernel with CONFIG_FUNCTION_GRAPH_TRACER=y into
# the cache (once; later calls reuse it) and print the path of its vmlinuz.
#
#   tests/vm/fetch-kernel.sh [ID]        (default 6.1)
#
#   6.1         = bookworm's linux-image-amd64, through the host's apt sources
#   6.12        = bookworm-backports' linux-image-amd64
#   6.12-trixie = trixie's linux-image-amd64
#   7.x         = trixie-backports' linux-image-amd64 (resolved, not pinned: 7.3.4 when
#                 this was written)
#   arm64-6.1, arm64-6.12, arm64-7.x = the same suites' linux-image-arm64 (bookworm with its
#                 updates and security suites), booted by qemu-system-aarch64
#   The suites other than the host's, and every arm64 one, are resolved through a private apt
#   configuration kept in the cache (the host's apt setup is never changed).
#
# Result: $SG_VM_CACHE/kernel-<id>/vmlinuz (symlink), root/ (dpkg -x of the .deb,
# modules included under root/lib/modules), package (name and version).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ver=${1:-6.1}
arch=''
case "$ver" in
    arm64-*) arch=arm64 ;;
esac
case "${ver#arm64-}" in
    6.1) suite='' prefix=6.1 ;;
    6.12) suite=bookworm-backports prefix=6.12 ;;
    6.12-trixie) suite=trixie prefix=6.12 ;;
    7.x) suite=trixie-backports prefix=7 ;;
    *) SG_DIE_CODE=$SG_EX_USAGE sg_die "usage: $0 [$SG_VM_KERNEL_IDS]" ;;
esac
[ "$ver" != arm64-6.12-trixie ] || SG_DIE_CODE=$SG_EX_USAGE sg_die "usage: $0 [$SG_VM_KERNEL_IDS]"
[ -z "$arch" ] || [ -n "$suite" ] || suite=bookworm
meta=linux-image-${arch:-amd64}

kdir=$SG_VM_CACHE/kernel-$ver
if [ -e "$kdir/vmlinuz" ]; then
    readlink -f "$kdir/vmlinuz"
    exit 0
fi

mkdir -p "$SG_VM_CACHE"
exec 9>"$SG_VM_CACHE/kernel-$ver.lock"
flock 9
if [ -e "$kdir/vmlinuz" ]; then       # another caller finished meanwhile
    readlink -f "$kdir/vmlinuz"
    exit 0
fi

sg_apt_opts=()
[ -z "$suite" ] || sg_apt_private "$suite" "$arch"
apt_opts=("${sg_apt_opts[@]}")

resolve() {
    apt-cache "${apt_opts[@]}" depends "$meta" 2>/dev/null |
        awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }'
}
pkg=$(resolve || true)
if [ -z "$pkg" ] && [ "$ver" = 6.1 ]; then
    sg_apt_update
    pkg=$(resolve || true)
fi
[ -n "$pkg" ] || sg_die "cannot resolve $meta for $ver (apt sources?)"
case "$pkg" in
    linux-image-"$prefix".*) ;;
    *) sg_die "$meta resolves to $pkg, not a $ver kernel" ;;
esac

tmp=$(mktemp -d "$SG_VM_CACHE/.fetch-$ver.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sg_log "downloading $pkg"
(cd "$tmp" && apt-get "${apt_opts[@]}" -o APT::Sandbox::User=root download -qq "$pkg" >&2)
deb=$(ls "$tmp"/*.deb)
dpkg-deb -f "$deb" Package Version >"$tmp/package"
dpkg -x "$deb" "$tmp/root"
# From 7.x the image package holds no kernel: it is in the linux-binary-* it depends on. An arm64
# guest loads two modules (run-guest.sh), from 7.x in linux-modules-*; linux-base-* has the config.
pat='^linux-binary-'
[ -z "$arch" ] || pat='^linux-(binary|modules|base)-[0-9]'
deps=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | awk -v p="$pat" '$1 ~ p { print $1 }')
rm -f "$deb"
bin=''
for bin in $deps; do
    sg_log "downloading $bin"
    (cd "$tmp" && apt-get "${apt_opts[@]}" -o APT::Sandbox::User=root download -qq "$bin" >&2)
    deb=$(ls "$tmp"/*.deb)
    dpkg -x "$deb" "$tmp/root"
    rm -f "$deb"
done
# boot/vmlinuz-VER up to 6.12, usr/lib/modules/VER/vmlinuz from 7.x
vmlinuz=$(cd "$tmp/root" && ls boot/vmlinuz-* usr/lib/modules/*/vmlinuz 2>/dev/null | head -n1 || true)
[ -n "$vmlinuz" ] || sg_die "no vmlinuz in $pkg${bin:+ or $bin}"
ln -s "root/$vmlinuz" "$tmp/vmlinuz"

rm -rf "$kdir"
mv "$tmp" "$kdir"
trap - EXIT
chmod 755 "$kdir"
readlink -f "$kdir/vmlinuz"
