# shellcheck shell=sh disable=SC2034
# Guest-side helpers (installed as /lib/sg.sh; /init sources it before
# /scenario.sh, so scenarios can call these directly). busybox ash.
#
# Framing on the second serial port (/dev/ttyS1), one file per block:
#   === begin NAME gzip ===
#   <base64 of the gzip of the file, 76-column lines>
#   === end NAME ===
# and, written by /init as the very last line:  === done RC ===
# run-guest.sh decodes each block into OUT/NAME.

SG_PORT=${SG_PORT:-/dev/ttyS1}
SG_TRACEFS=/sys/kernel/tracing

# sg_log MSG...: a line, stamped with the guest uptime, on the console
# (OUT/console.log on the host).
sg_log() { echo "sg: [$(cut -d' ' -f1 /proc/uptime)] $*"; }

# sg_out NAME [FILE|-]: send FILE (stdin when - or absent) to the host as
# OUT/NAME. NAME: letters, digits, '.', '_', '-'. Blocks are sent one at a
# time: do not call it from several processes at once.
sg_out() {
    _sg_n=$1 _sg_f=${2:--} _sg_rc=0
    case $_sg_n in
        ''|.|..|*[!A-Za-z0-9._-]*) echo "sg_out: bad name '$_sg_n'" >&2; return 2 ;;
    esac
    if [ "$_sg_f" = - ]; then
        gzip -c >/tmp/.sg_out.gz || _sg_rc=$?
    else
        gzip -c <"$_sg_f" >/tmp/.sg_out.gz || _sg_rc=$?
    fi
    {
        echo "=== begin $_sg_n gzip ==="
        base64 </tmp/.sg_out.gz
        echo "=== end $_sg_n ==="
    } >"$SG_PORT"
    rm -f /tmp/.sg_out.gz
    [ "$_sg_rc" = 0 ] || echo "sg_out: $_sg_n: reading $_sg_f failed" >&2
    return "$_sg_rc"
}
