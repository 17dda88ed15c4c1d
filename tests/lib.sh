# shellcheck shell=bash
# tests/lib.sh - the counted checks shared by the shell suites (sourced after SUITE is set):
# ok/bad count a result, expect compares two strings, check runs a command that must succeed,
# finish prints the suite's summary line and gives its status.
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { # WHAT: one FAIL line naming the suite
	echo "FAIL $SUITE $1"
	fail=$((fail + 1))
}
expect() { # WHAT GOT WANT
	if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi
}
check() { # WHAT COMMAND...: the command succeeds
	local name=$1
	shift
	if "$@"; then ok; else bad "$name"; fi
}
finish() { # the summary line; the status is the suite's
	echo "$SUITE: $pass passed, $fail failed"
	[ "$fail" = 0 ]
}
