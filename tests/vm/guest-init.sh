#!/bin/sh
# /init of the test initramfs built by mkinitrd.sh (runs inside the guest as
# PID 1): mount the pseudo filesystems, run /scenario.sh, report, power off.
# No `set -e` here: whatever happens, PID 1 must reach `poweroff -f`.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME=/root
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
mount -t tracefs tracefs /sys/kernel/tracing
mount -t debugfs debugfs /sys/kernel/debug

# arm64 guests: run-guest.sh appended the virtio console's modules; sg_out's port is its hvc0
# (the virt board has one UART, the console)
if [ -f /lib/sg-modules/list ]; then
    for m in $(cat /lib/sg-modules/list); do
        insmod "/lib/sg-modules/$m" || echo "sg: insmod $m failed"
    done
    i=0
    while [ ! -c /dev/hvc0 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    export SG_PORT=/dev/hvc0
fi

# shellcheck disable=SC1091
. /lib/sg.sh
boot=$(cut -d' ' -f1 /proc/uptime)
echo "sg: init at ${boot}s, kernel $(uname -r)"

# shellcheck disable=SC1091
(cd / && . /scenario.sh)
rc=$?

end=$(cut -d' ' -f1 /proc/uptime)
echo "sg: scenario exited $rc at ${end}s"
printf 'kernel=%s\nboot_s=%s\nend_s=%s\nrc=%s\n' "$(uname -r)" "$boot" "$end" "$rc" |
    sg_out guest.info
# Last line on the port: the host takes everything before it as complete.
echo "=== done $rc ===" >"$SG_PORT"
poweroff -f
