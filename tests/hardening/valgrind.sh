#!/usr/bin/env bash
# make valgrind: the golden tests (offcpu.sh and compress.sh too), merge and exports, every
# surfgraph run under valgrind.
# Passes when every run reports 0 errors and 0 bytes definitely lost.
# Logs: tests/out/valgrind/vg.PID.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind: not installed (apt-get install valgrind)"; exit 1; }
logs=$PWD/tests/out/valgrind
rm -rf "$logs"
mkdir -p "$logs"
# the CLI tests run some commands as another user (an unwritable directory): their logs too
chmod 1777 "$logs"
wrap=$logs/surfgraph
cat >"$wrap" <<WRAP
#!/bin/sh
exec valgrind -q --num-callers=40 --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \\
	--show-leak-kinds=definite --suppressions=$PWD/tests/hardening/valgrind.supp \\
	--log-file=$logs/vg.%p $PWD/surfgraph "\$@"
WRAP
chmod +x "$wrap"
start=$(date +%s)
fail=0
# the suites' own output directories (tests/out-valgrind/SUITE, at tests/out's depth): make -j2
# test runs them on the plain binary beside it
export SG_TEST_OUT=tests/out-valgrind
SURFGRAPH=$wrap tests/golden/run.sh || fail=1
SURFGRAPH=$wrap tests/golden/facts.sh || fail=1
SURFGRAPH=$wrap tests/golden/offcpu.sh || fail=1
SURFGRAPH=$wrap tests/golden/cli.sh || fail=1
SURFGRAPH=$wrap tests/golden/compress.sh || fail=1
SURFGRAPH=$wrap tests/merge/run.sh || fail=1
SURFGRAPH=$wrap tests/exports/run.sh || fail=1
runs=$(ls "$logs"/vg.* 2>/dev/null | wc -l)
# with -q, a clean run's log is empty; anything in a log is an error or a definite leak
bad=$(find "$logs" -name 'vg.*' -size +0 | wc -l)
if [ "$bad" != 0 ]; then
	for f in $(find "$logs" -name 'vg.*' -size +0 | head -5); do
		echo "--- $f"
		head -30 "$f"
	done
	fail=1
fi
echo "valgrind: $runs runs, $bad with errors or definite leaks ($(($(date +%s) - start)) s)"
exit $fail
