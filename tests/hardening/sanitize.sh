#!/usr/bin/env bash
# make sanitize: the unit tests and the non-VM suites against the build made with
# -fsanitize=address,undefined (in SAN_DIR, apart from the normal objects). Every sanitizer
# report is written to a log file, so a report fails the run even where a test only looks at
# exit codes or ignores them.
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=${SAN_DIR:-build/asan}
reports=$PWD/$dir/reports
rm -rf "$reports"
mkdir -p "$reports"
export ASAN_OPTIONS=log_path=$reports/asan:detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1:strict_string_checks=1
export UBSAN_OPTIONS=log_path=$reports/ubsan:print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp:print_suppressions=0
fail=0
start=$(date +%s)

for t in ${SAN_UNIT_BIN:-}; do
	"./$t" >/dev/null || { echo "FAIL sanitize: $t"; fail=1; }
done
# its own output directories (tests/out-asan/SUITE, at tests/out's depth): make -j2 test runs
# the same suites on the normal build beside it
SG_TEST_OUT=tests/out-asan SG_SANITIZED=1 SURFGRAPH=$PWD/$dir/surfgraph SG_TEST_SESSION=$PWD/$dir/tests/live/test_session \
	${MAKE:-make} --no-print-directory ${SAN_SUITES:-golden dat exports live-host diff merge tui svg hardening browser} ||
	fail=1

if [ -n "$(ls -A "$reports")" ]; then
	echo "FAIL sanitize: reports in $reports:"
	for r in "$reports"/*; do
		echo "--- $r"
		head -40 "$r"
	done
	fail=1
fi
echo "sanitize: address,undefined: $([ $fail = 0 ] && echo "no reports" || echo FAILED) ($(($(date +%s) - start)) s)"
exit $fail
