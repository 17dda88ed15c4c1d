#!/usr/bin/env bash
# Part of make bench: reading a large trace.dat. The 6.1 trace-cmd recording's pages repeated
# (tests/bench/dat-repeat.c, timestamps moved on each time) into files of about DAT_MB MB
# (default "40 400"); then events per second of `surfgraph -i FILE.dat -m folded` against
# `trace-cmd report FILE.dat >/dev/null` on the same file, medians of five CPU times, interleaved.
set -euo pipefail
cd "$(dirname "$0")/../.."
. tests/bench/lib.sh
bin=${SURFGRAPH:-$PWD/surfgraph}
out=${SG_BENCH_DIR:-tests/out/bench}
mkdir -p "$out"
command -v trace-cmd >/dev/null || { echo "dat-bench: needs trace-cmd (apt-get install trace-cmd)"; exit 1; }
src=tests/data/linux-6.1/do_fault_trace-cmd.dat
${CC:-cc} -O2 -Wall -D_GNU_SOURCE -o "$out/dat-repeat" tests/bench/dat-repeat.c
# shellcheck disable=SC2046
${CC:-cc} -O2 -Wall -o "$out/dat-floor" tests/bench/dat-floor.c $(pkg-config --cflags --libs libtracecmd libtraceevent)

# The file of about $1 MB, made once and kept in the bench directory (the 400 MB one is not
# made again by a later run); refused when its filesystem has not twice that free.
make_dat() {
	local mb=$1 big=$out/big-$1.dat ncpus per free
	if [ ! -f "$big" ]; then
		free=$(df -Pm "$out" | awk 'NR == 2 { print $4 }')
		if [ "$free" -lt $((2 * mb)) ]; then
			echo "dat-bench: $mb MB asked, $free MB free in $out (df -h): SG_BENCH_DIR elsewhere" >&2
			return 1
		fi
		# the recording as version 6 without compression: its CPU data is whole pages in one place
		[ -f "$out/unit6.dat" ] ||
			trace-cmd convert --file-version 6 --compression none -i "$src" -o "$out/unit6.dat" >/dev/null 2>&1
		ncpus=$(trace-cmd dump --flyrecord "$out/unit6.dat" 2>&1 | grep -c "size of cpu")
		per=$(trace-cmd dump --flyrecord "$out/unit6.dat" 2>&1 | awk '/size of cpu/ { s += $2 } END { print s }')
		"$out/dat-repeat" "$out/unit6.dat" "$ncpus" $(((mb * 1000000 + per - 1) / per)) "$big" >&2
	fi
	# the events counted once per file, by trace-cmd's own report
	[ -s "$big.events" ] && [ "$big.events" -nt "$big" ] ||
		trace-cmd report "$big" 2>/dev/null | grep -cE 'funcgraph_(entry|exit):' >"$big.events"
	echo "$big"
}

# One file: medians of 5 CPU seconds, trace-cmd report, surfgraph and the library's floor
# interleaved; $2 the goal against trace-cmd report.
bench_dat() {
	local big=$1 goal=$2 events tt ts tf t_tc t_sg t_fl
	events=$(cat "$big.events")
	cat "$big" >/dev/null # warm the page cache
	tt=$(mktemp)
	ts=$(mktemp)
	tf=$(mktemp)
	for _ in 1 2 3 4 5; do
		cpu_s trace-cmd report "$big" >>"$tt"
		cpu_s "$bin" -f __do_fault -i "$big" -m folded -q >>"$ts"
		cpu_s "$out/dat-floor" "$big" >>"$tf"
	done
	t_tc=$(median <"$tt")
	t_sg=$(median <"$ts")
	t_fl=$(median <"$tf")
	rm -f "$tt" "$ts" "$tf"
	printf 'trace.dat: %.0f MB, %d funcgraph events (%s repeated)\n' \
		"$(echo "$(stat -c %s "$big") / 1000000" | bc -l)" "$events" "$(basename "$src")"
	printf '  trace-cmd report >/dev/null: %7.3f s  %9.0f events/s\n' "$t_tc" "$(echo "$events / $t_tc" | bc -l)"
	printf '  surfgraph -i -m folded:      %7.3f s  %9.0f events/s  %.0f ns/event  (%.2fx trace-cmd report; goal >= %d: %s)\n' \
		"$t_sg" "$(echo "$events / $t_sg" | bc -l)" "$(echo "$t_sg * 1000000000 / $events" | bc -l)" \
		"$(echo "$t_tc / $t_sg" | bc -l)" "$goal" \
		"$([ "$(echo "$t_tc / $t_sg >= $goal" | bc -l)" = 1 ] && echo met || echo not met)"
	# What libtracecmd 1.3 costs before the first record (dat-floor.c): a reader that decoded
	# every event for free would still take this long, so trace-cmd report's time over it
	# bounds the ratio.
	printf '  libtracecmd open + close alone (dat-floor): %.3f s, %.0f%% of the %dx budget (%.3f s);\n' \
		"$t_fl" "$(echo "100 * $t_fl * $goal / $t_tc" | bc -l)" "$goal" "$(echo "$t_tc / $goal" | bc -l)"
	printf '    left for decoding %d events at %dx: %.0f ns each (surfgraph now: %.0f ns)\n' "$events" "$goal" \
		"$(echo "($t_tc / $goal - $t_fl) * 1000000000 / $events" | bc -l)" \
		"$(echo "($t_sg - $t_fl) * 1000000000 / $events" | bc -l)"
}

# DAT_MB: the sizes, 40 (45 MB: the library's open is most of the budget) and 400 (the decoding
# at scale) by default; each with its goal against trace-cmd report.
for mb in ${DAT_MB:-40 400}; do
	big=$(make_dat "$mb") || continue
	bench_dat "$big" "$([ "$mb" -ge 400 ] && echo 20 || echo 10)"
done
