#!/usr/bin/env bash
# Host tests of the live path: tracefs save/restore, crash recovery and the lock on the real
# tracefs (test_session), and surfgraph's own refusal on a kernel without function_graph,
# leaving tracefs untouched. Needs root; skips (saying so) without it, which fails in CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=${SG_TEST_OUT:-tests/out}/live
mkdir -p "$out"
if [ "$(id -u)" != 0 ]; then
	echo "live-host: SKIPPED (needs root)"
	# a check that vanishes proves nothing: in CI (CI set) or with SG_NO_SKIP=1 a failure
	[ -z "${CI:-}" ] && [ "${SG_NO_SKIP:-0}" != 1 ]
	exit
fi
# one run at a time on this machine's tracefs
exec 9>/tmp/surfgraph-live-host.lock
flock 9
"${SG_TEST_SESSION:-tests/live/test_session}" "$out/state"
pass=0 fail=0
T=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
if [ -n "$T" ] && ! grep -qw function_graph "$T/available_tracers"; then
	snap() { for f in current_tracer tracing_on buffer_size_kb trace_clock tracing_cpumask; do
		echo "$f=$(cat "$T/$f")"; done; ls "$T/instances"; }
	snap >"$out/before"
	rc=0
	"$bin" -f __do_fault -d 1 -m tree --no-save 2>"$out/nograph.err" || rc=$?
	snap >"$out/after"
	if [ $rc = 1 ] && grep -q 'function_graph not available.*CONFIG_FUNCTION_GRAPH_TRACER' "$out/nograph.err" &&
		[ "$(wc -l <"$out/nograph.err")" = 1 ] && cmp -s "$out/before" "$out/after" &&
		[ ! -e /run/surfgraph/state ]; then
		pass=$((pass + 1))
	else
		echo "FAIL live-host: no function_graph: exit $rc, $(cat "$out/nograph.err"), $(diff "$out/before" "$out/after")"
		fail=$((fail + 1))
	fi
fi
rc=0
"$bin" -f __do_fault -i tests/data/linux-6.1/do_fault.txt -d 1 -m tree 2>"$out/mixed.err" || rc=$?
if [ $rc = 2 ]; then pass=$((pass + 1)); else echo "FAIL live-host: -d with -i: exit $rc"; fail=$((fail + 1)); fi
rc=0
"$bin" -f __do_fault -m tree -- 2>"$out/dashdash.err" || rc=$?
if [ $rc = 2 ]; then pass=$((pass + 1)); else echo "FAIL live-host: '--' alone: exit $rc"; fail=$((fail + 1)); fi
echo "live-host: $pass passed, $fail failed"
[ $fail = 0 ]
