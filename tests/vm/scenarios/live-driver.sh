# shellcheck shell=sh
# Guest side of tests/vm/run-tests.sh (runs as /scenario.sh): each live scenario listed in
# /sg/list, in turn, then the key=value results for the host's checks.
. /sg/live-lib.sh
: >/tmp/results
result kernel "$(uname -r)"
# t0 and s0 in one boot (the arm64 guests, a boot costing minutes): s0's reference is the
# tracefs as booted, snapshot before t0 writes anything
if grep -q '^t0-session.sh$' /sg/list && grep -q '^s0-fresh.sh$' /sg/list; then
	snap /tmp/s0.fresh
fi
for s in $(cat /sg/list); do
	sg_log "scenario $s"
	t0=$(cut -d' ' -f1 /proc/uptime)
	(. "/sg/$s")
	result "${s%%-*}_seconds" "$(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" \
		'BEGIN { printf "%.1f", b - a }')"
	# whatever a scenario left running must not disturb the next (t0 gave everything back, as
	# it checked: s0 after it compares with the boot's tracing_on=1)
	[ "$s" = t0-session.sh ] || echo 0 >"$T/tracing_on" 2>/dev/null
done
sg_out results /tmp/results
