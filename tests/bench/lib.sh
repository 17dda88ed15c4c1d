# shellcheck shell=bash
# tests/bench/lib.sh - what make bench's scripts share: a command's CPU seconds and the median
# of several. The machine may be shared: each script runs its anchor and surfgraph one after
# the other, round after round, so contention hits both alike, and takes the medians.

# CPU seconds (user + system) of one run of a command, its output thrown away.
cpu_s() {
	local tf
	tf=$(mktemp)
	/usr/bin/time -o "$tf" -f '%U %S' "$@" >/dev/null 2>&1 || true
	awk '{ print $1 + $2 }' "$tf"
	rm -f "$tf"
}

# The median of the numbers on stdin, one a line.
median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Rounds of the two commands, interleaved: pair ROUNDS "ANCHOR CMD" "SURFGRAPH CMD" prints the
# two medians (the commands as strings, word-split: no spaces inside arguments).
pair() {
	local n=$1 a=$2 b=$3 ta tb
	ta=$(mktemp)
	tb=$(mktemp)
	for _ in $(seq "$n"); do
		# shellcheck disable=SC2086
		cpu_s $a >>"$ta"
		# shellcheck disable=SC2086
		cpu_s $b >>"$tb"
	done
	echo "$(median <"$ta") $(median <"$tb")"
	rm -f "$ta" "$tb"
}
