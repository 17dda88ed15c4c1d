#!/usr/bin/env bash
# Download and unpack a Debian kernel with CONFIG_FUNCTION_GRAPH_TRACER=y into
# the cache (once; later calls reuse it) and print the path of its vmlinuz.
#
#   tests/vm/fetch-kernel.sh [6.1|6.12|6.12-trixie|7.x]        (default 6.1)
#
#   6.1         = bookworm's linux-image-amd64, through the host's apt sources
#   6.12        = bookworm-backports' linux-image-amd64
#   6.12-trixie = trixie's linux-image-amd64
#   7.x         = trixie-backports' linux-image-amd64 (resolved, not pinned: 7.3.4 when
#                 this was written)
#   The suites other than the host's are resolved through a private apt configuration kept
#   in the cache (the host's apt setup is never changed).
#
# Result: $SG_VM_CACHE/kernel-<id>/vmlinuz (symlink), root/ (dpkg -x of the .deb,
# modules included under root/lib/modules), package (name and version).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ver=${1:-6.1}
case "$ver" in
    6.1) suite='' prefix=6.1 ;;
    6.12) suite=bookworm-backports prefix=6.12 ;;
    6.12-trixie) suite=trixie prefix=6.12 ;;
    7.x) suite=trixie-backports prefix=7 ;;
    *) SG_DIE_CODE=$SG_EX_USAGE sg_die "usage: $0 [6.1|6.12|6.12-trixie|7.x]" ;;
esac

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

apt_opts=()
if [ -n "$suite" ]; then
    # Private apt state holding only that suite.
    adir=$SG_VM_CACHE/apt-$suite
    mkdir -p "$adir/lists/partial" "$adir/cache/archives/partial"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $(sg_debian_mirror) $suite main" \
        >"$adir/sources.list"
    apt_opts=(-o "Dir::Etc::SourceList=$adir/sources.list"
              -o "Dir::Etc::SourceParts=/nonexistent"
              -o "Dir::State::Lists=$adir/lists"
              -o "Dir::Cache=$adir/cache")
    sg_log "updating private apt lists for $suite"
    apt-get "${apt_opts[@]}" update -qq >&2
fi

resolve() {
    apt-cache "${apt_opts[@]}" depends linux-image-amd64 2>/dev/null |
        awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }'
}
pkg=$(resolve || true)
if [ -z "$pkg" ] && [ "$ver" = 6.1 ]; then
    sg_apt_update
    pkg=$(resolve || true)
fi
[ -n "$pkg" ] || sg_die "cannot resolve linux-image-amd64 for $ver (apt sources?)"
case "$pkg" in
    linux-image-"$prefix".*) ;;
    *) sg_die "linux-image-amd64 resolves to $pkg, not a $ver kernel" ;;
esac

tmp=$(mktemp -d "$SG_VM_CACHE/.fetch-$ver.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sg_log "downloading $pkg"
(cd "$tmp" && apt-get "${apt_opts[@]}" -o APT::Sandbox::User=root download -qq "$pkg" >&2)
deb=$(ls "$tmp"/*.deb)
dpkg-deb -f "$deb" Package Version >"$tmp/package"
dpkg -x "$deb" "$tmp/root"
# From 7.x the image package holds no kernel: it is in the linux-binary-* it depends on.
bin=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | awk '$1 ~ /^linux-binary-/ { print $1; exit }')
rm -f "$deb"
if [ -n "$bin" ]; then
    sg_log "downloading $bin"
    (cd "$tmp" && apt-get "${apt_opts[@]}" -o APT::Sandbox::User=root download -qq "$bin" >&2)
    deb=$(ls "$tmp"/linux-binary-*.deb)
    dpkg -x "$deb" "$tmp/root"
    rm -f "$deb"
fi
# boot/vmlinuz-VER up to 6.12, usr/lib/modules/VER/vmlinuz from 7.x
vmlinuz=$(cd "$tmp/root" && ls boot/vmlinuz-* usr/lib/modules/*/vmlinuz 2>/dev/null | head -n1 || true)
[ -n "$vmlinuz" ] || sg_die "no vmlinuz in $pkg${bin:+ or $bin}"
ln -s "root/$vmlinuz" "$tmp/vmlinuz"

rm -rf "$kdir"
mv "$tmp" "$kdir"
trap - EXIT
chmod 755 "$kdir"
readlink -f "$kdir/vmlinuz"
