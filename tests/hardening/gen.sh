#!/usr/bin/env bash
# Generators of big or hostile function_graph text on stdout, so no big file is committed.
# Usage: gen.sh deep DEPTH | wide CALLS NAMES | overflow N | rounding | hostile
set -euo pipefail

case $1 in
deep) # f0() { f1() { ... leaf(); } ... }: every level's total is the leaf's 1 us, self 0
	# (a third argument N makes each name N bytes longer: f0_xxx...)
	awk -v d="$2" -v long="${3:-0}" 'BEGIN {
		pad = ""
		tail = long > 0 ? "_" : ""
		for (i = 1; i < long; i++)
			tail = tail "x"
		for (i = 0; i < d; i++) {
			printf " 0)               |  %sf%d%s() {\n", pad, i, tail
			pad = pad "  "
		}
		printf " 0)   1.000 us    |  %sleaf();\n", pad
		for (i = d - 1; i >= 0; i--) {
			pad = substr(pad, 3)
			printf " 0)   1.000 us    |  %s}\n", pad
		}
	}'
	;;
wide) # one root with CALLS leaf calls cycling through NAMES names, 1 ns each
	awk -v n="$2" -v k="$3" 'BEGIN {
		print " 0)               |  root() {"
		for (i = 0; i < n; i++)
			printf " 0)   0.001 us    |    g%d();\n", i % k
		printf " 0) %.3f us |  }\n", n / 1000
	}'
	;;
overflow) # N roots of 999999999999999.999 us each: their sum does not fit in 64 bits
	for ((i = 0; i < $2; i++)); do
		echo " 0)               |  root() {"
		echo " 0) \$ 999999999999999.999 us |    child();"
		echo " 0) \$ 999999999999999.999 us |  }"
	done
	echo " 0) \$ 99999999999999999999.999 us |  }"
	;;
rounding) # children printed longer than their parent (the kernel rounds long durations)
	cat <<'TXT'
 0)               |  root() {
 0)   7.000 us    |    a();
 0)   7.000 us    |    b();
 0) + 10.000 us   |  }
TXT
	;;
hostile) # names with XML specials, quotes, ';', a control byte and invalid UTF-8
	printf ' 0)               |  root() {\n'
	printf ' 0)   1.000 us    |    <script>alert(1)</script>();\n'
	printf ' 0)   2.000 us    |    a&amp;b"c'"'"'d();\n'
	printf ' 0)   3.000 us    |    semi;colon();\n'
	printf ' 0)   4.000 us    |    ctl\001x\177y();\n'
	printf ' 0)   5.000 us    |    bad\377\376utf8\300\257();\n'
	printf ' 0)   6.000 us    |    ok_\303\251t\303\251();\n'
	printf ' 0)   7.000 us    |    pct%%41();\n'
	printf ' 0)   8.000 us    |    esc\033]0;title\007\033[31m();\n'
	printf ' 0) + 38.000 us   |  }\n'
	;;
*)
	echo "gen.sh: unknown generator $1" >&2
	exit 2
	;;
esac
