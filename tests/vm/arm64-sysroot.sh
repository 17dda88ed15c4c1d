#!/usr/bin/env bash
# Unpack Debian bookworm's arm64 packages (and everything they depend on) into a sysroot in the
# cache, once, and print its path: the -dev packages the arm64 surfgraph is cross-built against
# (gcc-aarch64-linux-gnu --sysroot), and the guest's arm64 busybox-static and trace-cmd.
#
#   tests/vm/arm64-sysroot.sh PACKAGE...
#
# A private apt state for arm64 (sg_apt_private, an empty dpkg status of its own) resolves the
# whole dependency closure and downloads it; each .deb is unpacked with dpkg -x. Nothing is
# installed and the host's apt and dpkg setup are not touched: `dpkg --add-architecture arm64`
# with the -dev packages installed as :arm64 would change the host for good (a foreign
# architecture in every later apt-get update, :arm64 packages that can block the amd64 -dev
# ones' upgrades), and CI's fresh Debian 12 would need it too.
#
# Result: $SG_VM_CACHE/sysroot-arm64/ (usr/include, usr/lib/aarch64-linux-gnu, bin/busybox,
# usr/bin/trace-cmd ...), with .packages naming what was asked for; another PACKAGE list
# rebuilds it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -gt 0 ] || SG_DIE_CODE=$SG_EX_USAGE sg_die "usage: $0 PACKAGE..."
want=$(printf '%s\n' "$@" | LC_ALL=C sort -u | tr '\n' ' ')
sr=$SG_VM_CACHE/sysroot-arm64
if [ "$(cat "$sr/.packages" 2>/dev/null)" = "$want" ]; then
    echo "$sr"
    exit 0
fi
mkdir -p "$SG_VM_CACHE"
exec 9>"$SG_VM_CACHE/sysroot-arm64.lock"
flock 9
if [ "$(cat "$sr/.packages" 2>/dev/null)" = "$want" ]; then
    echo "$sr"
    exit 0
fi

sg_apt_private bookworm arm64
adir=$SG_VM_CACHE/apt-bookworm-arm64
rm -f "$adir"/cache/archives/*.deb
sg_log "downloading the arm64 sysroot: $want"
# --download-only against the empty status: every package of the closure is fetched.
# (NoLocking: the host's dpkg lock is not ours to take; nothing is installed.)
# shellcheck disable=SC2154 # sg_apt_opts: set by sg_apt_private
DEBIAN_FRONTEND=noninteractive apt-get "${sg_apt_opts[@]}" -o Debug::NoLocking=1 \
    -o APT::Sandbox::User=root install -y -qq --download-only --no-install-recommends "$@" >&2

tmp=$(mktemp -d "$SG_VM_CACHE/.sysroot-arm64.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
n=0
for deb in "$adir"/cache/archives/*.deb; do
    dpkg -x "$deb" "$tmp"
    n=$((n + 1))
done
rm -f "$adir"/cache/archives/*.deb
[ -e "$tmp/usr/include/stdio.h" ] || sg_die "no libc6-dev in the arm64 sysroot"
echo "$want" >"$tmp/.packages"
sg_log "arm64 sysroot: $n packages, $(du -sm "$tmp" | cut -f1) MB"
rm -rf "$sr"
mv "$tmp" "$sr"
trap - EXIT
chmod 755 "$sr"
echo "$sr"
