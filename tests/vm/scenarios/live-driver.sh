# shellcheck shell=sh
# Guest side of tests/vm/run-tests.sh (runs as /scenario.sh): each live scenario listed in
# /sg/list, in turn, then the key=value results for the host's checks.
. /sg/live-lib.sh
: >/tmp/results
result kernel "$(uname -r)"
for s in $(cat /sg/list); do
	sg_log "scenario $s"
	t0=$(cut -d' ' -f1 /proc/uptime)
	(. "/sg/$s")
	result "${s%%-*}_seconds" "$(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" \
		'BEGIN { printf "%.1f", b - a }')"
	# whatever a scenario left running must not disturb the next
	echo 0 >"$T/tracing_on" 2>/dev/null
done
sg_out results /tmp/results
