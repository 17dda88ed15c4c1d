# shellcheck shell=sh
# Scenario 16: the live `-m tui` in tmux (100x30, TERM=screen): the view refreshes while tracing
# (the root's calls on screen grow between two captures of the pane a workload apart), q stops
# the capture and keeps the final view, a second q quits. tracefs is byte-identical to before
# (s3's non-default settings) already under the final view and after, and the .tree is saved.
# tmux, its libraries and the terminfo entry come from the host (run-tests.sh's initrd_for).
mkdir -p /out /dev/pts
grep -q ' /dev/pts ' /proc/mounts || mount -t devpts devpts /dev/pts
nondefault_settings
snap /tmp/s16.before
rm -f /out/s16.tree /tmp/s16.exit
# the client: no terminal of its own (the console's TERM=linux has no terminfo entry here)
tm() { TERM=screen tmux -S /tmp/s16.sock -f /dev/null "$@" </dev/null; }
# pane PATTERN [SECONDS]: poll the pane until it shows PATTERN (grep -E), for SECONDS (default
# 30) of uptime at most (a count of polls would not do: under TCG a capture-pane takes up to a
# second)
pane() {
	_end=$(($(cut -d. -f1 /proc/uptime) + ${2:-30}))
	while [ "$(cut -d. -f1 /proc/uptime)" -lt "$_end" ]; do
		tm capture-pane -p -t s16 | grep -qE "$1" && return 0
		sleep 0.2
	done
	return 1
}
tm new-session -d -s s16 -x 100 -y 30 "TERM=screen surfgraph -f __do_fault -m tui --ascii \
-o /out/s16.tree 2>/tmp/s16.err; echo \$? >/tmp/s16.exit; sleep 3600"
if ! wait_tracing; then
	result s16_started no
else
	result s16_started yes
	# the view at least once with a call: then two captures a workload apart
	workload 3
	pane '  __do_fault: [1-9][0-9]* calls' || sg_log "s16: no call on the screen yet"
	tm capture-pane -p -t s16 >/tmp/s16.a
	workload 3
	# a refresh comes about once a second: two seconds more, idle, for the last one to show
	sleep 2
	tm capture-pane -p -t s16 >/tmp/s16.b
	tm send-keys -t s16 q
	# after the last read and the restore: unpatching every call site took over 30 s of
	# guest time with this machine's cores shared
	pane 'stopped by q' 240 || sg_log "s16: the final view did not show"
	tm capture-pane -p -t s16 >/tmp/s16.c
	# the final view is up, tracing is over: tracefs is given back before the view waits for q
	snap /tmp/s16.mid
	if same /tmp/s16.before /tmp/s16.mid >/tmp/s16.mid.diff; then
		result s16_mid same
	else
		result s16_mid differs
	fi
	tm send-keys -t s16 q
	_end=$(($(cut -d. -f1 /proc/uptime) + 60))
	while [ ! -s /tmp/s16.exit ] && [ "$(cut -d. -f1 /proc/uptime)" -lt "$_end" ]; do
		sleep 0.2
	done
	tm capture-pane -p -t s16 >/tmp/s16.d
fi
result s16_rc "$(cat /tmp/s16.exit 2>/dev/null || echo none)"
tm kill-server 2>/dev/null
# whatever happened, surfgraph is gone (tmux's SIGHUP stops a run still capturing) before the
# comparison
sleep 1
snap /tmp/s16.after
if same /tmp/s16.before /tmp/s16.after >/tmp/s16.diff; then
	result s16 same
else
	result s16 differs
fi
for f in a b c d err diff mid.diff; do
	[ -f /tmp/s16.$f ] && sg_out s16.$f /tmp/s16.$f
done
[ -f /out/s16.tree ] && sg_out s16.tree /out/s16.tree
default_settings
