#!/usr/bin/env bash
# Download and unpack a Debian kernel with CONFIG_FUNCTION_GRAPH_TRACER=y into
# the cache (once; later calls reuse it) and print the path of its vmlinuz.
#
#   tests/vm/fetch-kernel.sh [6.1|6.12]        (default 6.1)
#
#   6.1  = bookworm's linux-image-amd64, resolved through the host's apt sources
#   6.12 = bookworm-backports' linux-image-amd64, resolved through a private apt
#          configuration kept in the cache (the host's apt setup is not changed)
#
# Result: $SG_VM_CACHE/kernel-<ver>/vmlinuz (symlink), root/ (dpkg -x of the .deb,
# modules included under root/lib/modules), package (name and version).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ver=${1:-6.1}
case "$ver" in
    6.1|6.12) ;;
    *) SG_DIE_CODE=$SG_EX_USAGE sg_die "usage: $0 [6.1|6.12]" ;;
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
if [ "$ver" = 6.12 ]; then
    # Private apt state holding only bookworm-backports.
    adir=$SG_VM_CACHE/apt-backports
    mkdir -p "$adir/lists/partial" "$adir/cache/archives/partial"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $(sg_debian_mirror) bookworm-backports main" \
        >"$adir/sources.list"
    apt_opts=(-o "Dir::Etc::SourceList=$adir/sources.list"
              -o "Dir::Etc::SourceParts=/nonexistent"
              -o "Dir::State::Lists=$adir/lists"
              -o "Dir::Cache=$adir/cache")
    sg_log "updating private apt lists for bookworm-backports"
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
    linux-image-"$ver".*) ;;
    *) sg_die "linux-image-amd64 resolves to $pkg, not a $ver kernel" ;;
esac

tmp=$(mktemp -d "$SG_VM_CACHE/.fetch-$ver.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sg_log "downloading $pkg"
(cd "$tmp" && apt-get "${apt_opts[@]}" -o APT::Sandbox::User=root download -qq "$pkg" >&2)
deb=$(ls "$tmp"/*.deb)
dpkg-deb -f "$deb" Package Version >"$tmp/package"
dpkg -x "$deb" "$tmp/root"
rm -f "$deb"
vmlinuz=$(cd "$tmp/root" && ls boot/vmlinuz-* | head -n1)
[ -n "$vmlinuz" ] || sg_die "no boot/vmlinuz-* in $pkg"
ln -s "root/$vmlinuz" "$tmp/vmlinuz"

rm -rf "$kdir"
mv "$tmp" "$kdir"
trap - EXIT
chmod 755 "$kdir"
readlink -f "$kdir/vmlinuz"
