#!/usr/bin/env bash
# make bench: parse+aggregate throughput next to `wc -l` on the same file, and peak RSS at two
# input sizes (it must not grow with the input). Then the other benchmarks found beside it.
set -euo pipefail
cd "$(dirname "$0")/../.."
. tests/bench/lib.sh
bin=${SURFGRAPH:-$PWD/surfgraph}
out=${SG_BENCH_DIR:-tests/out/bench}
mkdir -p "$out"
src=tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz
[ -f "$out/unit.txt" ] || gunzip -c "$src" >"$out/unit.txt"

# An input of about MB megabytes: the capture repeated.
make_input() {
	local mb=$1 f=$out/input-$1.txt
	if [ ! -f "$f" ]; then
		local unit reps
		unit=$(stat -c %s "$out/unit.txt")
		reps=$(((mb * 1000000 + unit - 1) / unit))
		for _ in $(seq "$reps"); do cat "$out/unit.txt"; done >"$f"
	fi
	echo "$f"
}

rss_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }

command -v bc >/dev/null || { echo "bench needs bc (apt-get install bc)"; exit 1; }
[ -x /usr/bin/time ] || { echo "bench needs /usr/bin/time (apt-get install time)"; exit 1; }

small=$(make_input 50)
big=$(make_input 210)
size=$(stat -c %s "$big")
mb=$(echo "$size / 1000000" | bc -l)
cat "$big" >/dev/null # warm the page cache
# medians of 5 CPU seconds, wc -l and surfgraph interleaved (lib.sh)
read -r t_wc t_sg < <(pair 5 "wc -l $big" "$bin -f do_sys_openat2 -i $big -m top -q")
printf 'input: %.0f MB (%s repeated), %s lines\n' "$mb" "$(basename "${src%.gz}")" "$(wc -l <"$big")"
printf '  wc -l:                 %7.3f s  %8.1f MB/s\n' "$t_wc" "$(echo "$mb / $t_wc" | bc -l)"
rate=$(echo "$mb / $t_sg" | bc -l)
printf '  surfgraph -m top:      %7.3f s  %8.1f MB/s  (%.2f of wc -l speed; goal >= 600 MB/s: %s, %.0f%%)\n' \
	"$t_sg" "$rate" "$(echo "$t_wc / $t_sg" | bc -l)" \
	"$([ "$(echo "$rate >= 600" | bc)" = 1 ] && echo met || echo not met)" \
	"$(echo "100 * $rate / 600" | bc -l)"
# SG_BENCH_OLD=path/to/an/older/surfgraph: the same input, the same rounds, for a before/after
if [ -n "${SG_BENCH_OLD:-}" ]; then
	read -r t_new t_old < <(pair 5 "$bin -f do_sys_openat2 -i $big -m top -q" \
		"$SG_BENCH_OLD -f do_sys_openat2 -i $big -m top -q")
	printf '  this build / %s:  %7.3f s / %7.3f s  %8.1f / %8.1f MB/s\n' "$SG_BENCH_OLD" \
		"$t_new" "$t_old" "$(echo "$mb / $t_new" | bc -l)" "$(echo "$mb / $t_old" | bc -l)"
fi
r_small=$(rss_kb "$bin" -f do_sys_openat2 -i "$small" -m top -q)
r_big=$(rss_kb "$bin" -f do_sys_openat2 -i "$big" -m top -q)
printf '  peak RSS: %d KB at %.0f MB of input, %d KB at %.0f MB (must not grow)\n' \
	"$r_small" "$(echo "$(stat -c %s "$small") / 1000000" | bc -l)" "$r_big" "$mb"

[ -n "${SG_BENCH_TEXT_ONLY:-}" ] && exit 0 # the text part alone
for b in tests/bench/*-bench.sh; do
	[ -x "$b" ] && "$b"
done
exit 0
