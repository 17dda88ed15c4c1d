# shellcheck shell=bash
# tests/lib.sh - the counted checks shared by the shell suites (sourced after SUITE, bin and out
# are set): ok/bad count a result, expect compares two strings, check runs a command that must
# succeed, sg runs surfgraph expecting an exit status, finish prints the suite's summary line
# and gives its status; skipped says a check could not run (a failure in CI).
pass=0 fail=0
LIMIT=${SG_TIME_LIMIT:-120}

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
# sg NAME STATUS ARGS...: run surfgraph (stdin from $in when set, or /dev/null; at most LIMIT
# seconds), stdout and stderr in $out/NAME.out and .err
sg() {
	local name=$1 want=$2 got
	shift 2
	timeout "$LIMIT" "$bin" "$@" <"${in:-/dev/null}" >"$out/$name.out" 2>"$out/$name.err"
	got=$?
	if [ "$got" = 124 ]; then
		bad "$name: no answer within $LIMIT s (hang?)"
	elif [ "$got" != "$want" ]; then
		bad "$name: exit $got, want $want: $(head -c 400 "$out/$name.err")"
	else
		ok
	fi
}
# skipped WHAT: a check that cannot run on this machine, said loudly; in CI (CI set, as on
# .ci/run's machine) or with SG_NO_SKIP=1 a failure: a check that vanishes there proves nothing.
skipped() {
	echo "SKIP $SUITE $1"
	if [ -n "${CI:-}" ] || [ "${SG_NO_SKIP:-0}" = 1 ]; then bad "skipped, which CI does not allow: $1"; fi
}
# attacker_setup: the attacker of the replays (bytes.sh, costs.sh): nobody CMD runs as uid
# 65534 when root runs the suite, else as the user running it; evil=$out/evil is its directory,
# plant FILE writes stdin into a file of its own there.
attacker_setup() {
	if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
		nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
	else
		nobody() { "$@"; }
	fi
	evil=$out/evil
	mkdir -p "$evil"
	if [ "$(id -u)" = 0 ]; then chown 65534:65534 "$evil"; fi
	plant() { nobody tee "$evil/$1" >/dev/null; }
}
finish() { # the summary line; the status is the suite's
	echo "$SUITE: $pass passed, $fail failed"
	[ "$fail" = 0 ]
}
