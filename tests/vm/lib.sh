# shellcheck shell=bash disable=SC2034
# Shared helpers for the qemu test bed in tests/vm (sourced, not executed).
#
# Exit codes used by every script here:
#   0  success
#   1  test failure (the guest ran, the check did not pass)
#   2  usage error
#   75 VM fault: kernel panic / Oops / BUG, hang or timeout, even after one retry
#   77 skipped: no way to run a VM here (only when REQUIRE_VM is not 1)

SG_VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SG_VM_CACHE=${SG_VM_CACHE:-/var/tmp/surfgraph-vm}
SG_VM_TIMEOUT=${SG_VM_TIMEOUT:-60}
# Single-threaded TCG: with one host thread per vCPU (thread=multi), a vCPU can
# run a stale translation of code that ftrace has just re-patched and hit a
# leftover int3 (seen as "Oops: int3" on 6.12 with function_graph).
SG_VM_ACCEL=${SG_VM_ACCEL:-tcg,thread=single}
REQUIRE_VM=${REQUIRE_VM:-0}

# The kernels fetch-kernel.sh knows (usage lines); arm64-* boot under qemu-system-aarch64.
SG_VM_KERNEL_IDS='6.1|6.12|6.12-trixie|7.x|arm64-6.1|arm64-6.12|arm64-7.x'

# sg_kernel_arch ID: the Debian architecture of a kernel id (arm64-* or amd64)
sg_kernel_arch() {
    case $1 in
        arm64-*) echo arm64 ;;
        *) echo amd64 ;;
    esac
}

SG_EX_FAIL=1
SG_EX_USAGE=2
SG_EX_VMFAULT=75
SG_EX_SKIP=77

sg_log() { printf 'sg-vm: %s\n' "$*" >&2; }
sg_die() { sg_log "error: $*"; exit "${SG_DIE_CODE:-1}"; }

# Cannot run a VM at all: skip (77), or fail (1) when REQUIRE_VM=1.
sg_skip_or_fail() {
    if [ "$REQUIRE_VM" = 1 ]; then
        sg_log "FAIL (REQUIRE_VM=1): $*"
        exit "$SG_EX_FAIL"
    fi
    sg_log "SKIP: $*"
    exit "$SG_EX_SKIP"
}

# apt-get update once per process, only when something must be fetched.
sg_apt_updated=0
sg_apt_update() {
    if [ "$sg_apt_updated" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
        sg_apt_updated=1
    fi
}

# sg_need_pkgs PKG...: install the Debian packages that are not installed yet.
sg_need_pkgs() {
    local missing=() p
    for p in "$@"; do
        [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = 'install ok installed' ] ||
            missing+=("$p")
    done
    [ "${#missing[@]}" = 0 ] && return 0
    sg_log "installing ${missing[*]}"
    sg_apt_update
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >&2
}

# Path of the static busybox shipped by busybox-static.
sg_busybox() {
    sg_need_pkgs busybox-static
    local bb
    for bb in /bin/busybox /usr/bin/busybox; do
        [ -x "$bb" ] || continue
        case "$(file -L "$bb" 2>/dev/null)" in
            *'statically linked'*) echo "$bb"; return 0 ;;
        esac
    done
    # `file` may be missing: trust the package's own file list.
    bb=$(dpkg -L busybox-static | grep -E '/s?bin/busybox$' | head -n1)
    if [ -z "$bb" ] || [ ! -x "$bb" ]; then sg_die "no static busybox found"; fi
    echo "$bb"
}

# sg_apt_private SUITE [ARCH]: a private apt state in $SG_VM_CACHE/apt-SUITE[-ARCH] holding only
# that suite (and, for bookworm itself, its updates and security suites) for ARCH (default: the
# host's), updated once a day; sets the array sg_apt_opts for apt-get/apt-cache. The host's
# sources, lists and dpkg database are never read or written: a foreign architecture needs no
# `dpkg --add-architecture`, and nothing is installed.
sg_apt_private() {
    local suite=$1 arch=${2:-} adir mirror key=/usr/share/keyrings/debian-archive-keyring.gpg
    adir=$SG_VM_CACHE/apt-$suite${arch:+-$arch}
    mirror=$(sg_debian_mirror)
    mkdir -p "$adir/lists/partial" "$adir/cache/archives/partial" "$adir/empty"
    {
        echo "deb [signed-by=$key] $mirror $suite main"
        if [ "$suite" = bookworm ]; then
            echo "deb [signed-by=$key] $mirror bookworm-updates main"
            echo "deb [signed-by=$key] ${mirror%/debian}/debian-security bookworm-security main"
        fi
    } >"$adir/sources.list"
    : >>"$adir/status"
    sg_apt_opts=(-o "Dir::Etc::SourceList=$adir/sources.list"
                 -o "Dir::Etc::SourceParts=$adir/empty"
                 -o "Dir::Etc::Preferences=$adir/empty/preferences"
                 -o "Dir::Etc::PreferencesParts=$adir/empty"
                 -o "Dir::State::Lists=$adir/lists"
                 -o "Dir::Cache=$adir/cache")
    if [ -n "$arch" ]; then
        # a status of its own (empty): --download-only then fetches the whole dependency closure
        sg_apt_opts+=(-o "APT::Architecture=$arch" -o "APT::Architectures=$arch"
                      -o "Dir::State::status=$adir/status"
                      -o "Dir::State::extended_states=$adir/extended_states")
    fi
    if [ -z "$(find "$adir/lists" -maxdepth 1 -name '*_Packages*' -mmin -1440 2>/dev/null | head -n1)" ]; then
        sg_log "updating private apt lists for $suite${arch:+ ($arch)}"
        apt-get "${sg_apt_opts[@]}" update -qq >&2
    fi
}

# Mirror host used by the machine's apt sources (deb.debian.org if none found).
sg_debian_mirror() {
    local uri
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
              /etc/apt/sources.list.d/*.sources 2>/dev/null |
          grep -v '^[[:space:]]*#' | grep -oE 'https?://[^ ]+/debian/?( |$)' |
          head -n1 | tr -d ' ') || true
    uri=${uri%/}
    echo "${uri:-http://deb.debian.org/debian}"
}
