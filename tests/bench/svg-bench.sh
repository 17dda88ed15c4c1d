#!/usr/bin/env bash
# svg-bench: flame graph render time and bytes per frame on a generated ≥100,000-frame tree,
# next to flamegraph.pl on the same stacks (folded) when FLAMEGRAPH_PL names one.
set -euo pipefail
cd "$(dirname "$0")/../.."
. tests/bench/lib.sh
# flamegraph.pl (the anchor): FLAMEGRAPH_PL, else one on the PATH, else a clone of
# https://github.com/brendangregg/FlameGraph in the bench directory, else the copy this
# project's bench machine keeps in /var/tmp/fg. Debian does not package it; the bench never
# fetches it (CI has no network to count on): without one the ratios are not printed.
fg_where="FLAMEGRAPH_PL, the PATH, ${SG_BENCH_DIR:-tests/out/bench}/FlameGraph, /var/tmp/fg"
fg_get="git clone --depth 1 https://github.com/brendangregg/FlameGraph ${SG_BENCH_DIR:-tests/out/bench}/FlameGraph"
if [ -z "${FLAMEGRAPH_PL:-}" ]; then
	for f in "$(command -v flamegraph.pl || true)" "${SG_BENCH_DIR:-tests/out/bench}/FlameGraph/flamegraph.pl" \
		/var/tmp/fg/flamegraph.pl; do
		if [ -n "$f" ] && [ -f "$f" ]; then
			FLAMEGRAPH_PL=$f
			break
		fi
	done
fi
[ -x /usr/bin/time ] || { echo "svg-bench needs /usr/bin/time (apt-get install time)"; exit 1; }
bin=${SURFGRAPH:-$PWD/surfgraph}
out=${SG_BENCH_DIR:-tests/out/bench}/svg
mkdir -p "$out"

# Function names of real kernels, from the captures.
names=$out/names.txt
[ -s "$names" ] || for f in tests/data/linux-6.1/*.txt.gz; do gunzip -c "$f"; done |
	grep -oE '[A-Za-z_][A-Za-z0-9_.]*\(\)' | sed 's/()$//' | sort -u >"$names"

# A function_graph trace of 4 invocations of bench_root, each the same tree of 133,333 calls:
# fan-out 12, 10, 10, 10 and 10 below the root, durations from a fixed pseudo-random sequence
# (leaves 20 to 30 us). Siblings take distinct names from the pool. At --width 40000 every
# frame is wider than the default --minwidth (0.1 px), so every one of them is drawn.
gen_trace() {
	[ -s "$2" ] && return
	awk -v names="$names" -v fans="$1" '
	BEGIN {
		while ((getline l < names) > 0) pool[np++] = l
		split(fans, fan, " ")
		seed = 12345
		for (inv = 0; inv < 4; inv++) {
			print " 0)               |  bench_root() {"
			gen(1, 0)
			printf " 0) %s |  }\n", dur(total)
		}
	}
	function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed }
	function dur(ns,   us, m) {
		us = sprintf("%d.%03d us", int(ns / 1000), ns % 1000)
		m = ns > 1e9 ? "$" : ns > 1e8 ? "@" : ns > 1e7 ? "*" : ns > 1e6 ? "#" : ns > 1e5 ? "!" : ns > 1e4 ? "+" : " "
		return sprintf("%s %-12s", m, us)
	}
	# children of a node at depth d; returns their total time in global total
	function gen(d, key,   i, n, sum, t, name, ind) {
		n = fan[d]; sum = 0
		ind = sprintf("%" (2 * d + 2) "s", "")
		for (i = 0; i < n; i++) {
			name = pool[(key * 7 + i * 13) % np]
			if (d == 5) {
				t = 20000 + rnd() % 10000
				printf " 0) %s |%s%s();\n", dur(t), ind, name
			} else {
				printf " 0)               |%s%s() {\n", ind, name
				gen(d + 1, key * 31 + i + 1)
				t = total + 500 + rnd() % 5000
				printf " 0) %s |%s}\n", dur(t), ind
			}
			sum += t
		}
		total = sum + 2000
	}' >"$2"
}
trace=$out/bench.txt
gen_trace "12 10 10 10 10" "$trace"
tree=$out/bench.tree
folded=$out/bench.folded
# the merged tree and one invocation (--keep 1; a .tree keeps at least one)
[ -s "$tree" ] || "$bin" -f bench_root -i "$trace" -o "$tree" --keep 1 -m top -q >/dev/null
[ -s "$folded" ] || "$bin" -i "$tree" -m folded -q >"$folded"
nodes=$("$bin" -i "$tree" -m tree -q | tail -n +5 | wc -l)

# Best of three CPU seconds (user + sys) of a command, its stdout to $1: the machine is shared,
# CPU time is what the work costs whatever else runs.
best() {
	local b=999999 t o=$1 tf=$out/time.txt
	shift
	for _ in 1 2 3; do
		/usr/bin/time -o "$tf" -f '%U %S' "$@" >"$o" 2>/dev/null
		t=$(awk '{ print $1 + $2 }' "$tf")
		b=$(echo "if ($t < $b) $t else $b" | bc -l)
	done
	echo "$b"
}
frames() { grep -c '<title>' "$1" || true; }

W=40000
# the renderer alone (layout and SVG of the loaded tree, no input parsing, no fsync):
# best of 5, CPU seconds
read -r t_render n_sg b_sg < <(tests/out/svg-bench "$tree" $W "$out/render.svg")
# and the whole command: read the .tree, lay out, write the file atomically (fsync included)
t_sg=$(best /dev/null "$bin" -i "$tree" -m svg -s 0 --width $W --outdir "$out/sg" -q)
printf 'flame graph: %d-node merged tree (%s), --width %d; CPU seconds, best of 3 (5)\n' "$nodes" "$(basename "$trace")" $W
printf '  surfgraph render (layout + SVG):  %7.3f s  %7d frames  %9d bytes  %5.1f bytes/frame (target <= 200)\n' \
	"$t_render" "$n_sg" "$b_sg" "$(echo "$b_sg / $n_sg" | bc -l)"
printf '  surfgraph -i bench.tree -m svg:   %7.3f s  (the whole command: reads the .tree, fsyncs the file)\n' "$t_sg"
# the default width (1200 px): what a user gets on screen
"$bin" -i "$tree" -m svg -s 0 --outdir "$out/sg-1200" -q >/dev/null
printf '  ... at --width 1200: %d frames wider than 0.1 px drawn, %d bytes\n' \
	"$(frames "$out/sg-1200/bench.svg")" "$(stat -c %s "$out/sg-1200/bench.svg")"
# cairo images are at most 32767 px wide
for m in png pdf; do
	t=$(best /dev/null "$bin" -i "$tree" -m "$m" -s 0 --width 30000 --outdir "$out/sg" -q)
	printf '  surfgraph -m %s --width 30000:   %7.3f s  %9d bytes\n' "$m" "$t" "$(stat -c %s "$out/sg/bench.$m")"
done

if [ -n "${FLAMEGRAPH_PL:-}" ]; then
	t_fg=$(best "$out/flamegraph.svg" perl "$FLAMEGRAPH_PL" --width $W "$folded")
	n_fg=$(frames "$out/flamegraph.svg")
	b_fg=$(stat -c %s "$out/flamegraph.svg")
	printf '  flamegraph.pl (folded in, SVG out): %7.3f s  %7d frames  %9d bytes  %5.1f bytes/frame\n' \
		"$t_fg" "$n_fg" "$b_fg" "$(echo "$b_fg / $n_fg" | bc -l)"
	printf '  render: %.1fx faster than flamegraph.pl (target >= 30x); whole command: %.1fx\n' \
		"$(echo "$t_fg / $t_render" | bc -l)" "$(echo "$t_fg / $t_sg" | bc -l)"
else
	echo "  flamegraph.pl: none in $fg_where; to compare: $fg_get (or FLAMEGRAPH_PL=/path/to/flamegraph.pl)"
fi

# The default width (1200 px) on a trace whose merged tree has 100,000 paths (fan-out 9, 10, 10,
# 10, 10; 4 invocations, so the histogram strip's selection data is embedded): about 10,000
# frames are wide enough to draw. The whole command from the trace (parse, aggregate, bucket
# trees, SVG written atomically) against flamegraph.pl drawing the same tree from its folded
# stacks; run one after the other, three times, medians of CPU seconds, so contention on a
# shared machine hits both. Bytes per drawn frame count everything in the file (the
# selection's table of drawable paths included).
trace2=$out/bench100k.txt
gen_trace "9 10 10 10 10" "$trace2"
folded2=$out/bench100k.folded
[ -s "$folded2" ] || "$bin" -f bench_root -i "$trace2" -m folded -q >"$folded2"
# Every other mode on the same trace in the same rounds, against the SVG's time (goal: each
# within 2x of it): the text outputs and the exports write every path or call, not only the
# drawable frames.
modes="tree walk top folded pprof speedscope chrome"
: >"$out/t-sg.txt"
: >"$out/t-fg.txt"
for m in $modes; do : >"$out/t-$m.txt"; done
for _ in 1 2 3; do
	cpu_s "$bin" -f bench_root -i "$trace2" -m svg -s 0 --outdir "$out/sg-100k" -q >>"$out/t-sg.txt"
	if [ -n "${FLAMEGRAPH_PL:-}" ]; then cpu_s perl "$FLAMEGRAPH_PL" "$folded2" >>"$out/t-fg.txt"; fi
	for m in $modes; do
		cpu_s "$bin" -f bench_root -i "$trace2" -m "$m" -q >>"$out/t-$m.txt"
	done
done
svg=$out/sg-100k/bench_root.svg
n=$(frames "$svg")
b=$(stat -c %s "$svg")
t=$(median <"$out/t-sg.txt")
printf 'flame graph at the default width: 100,000-path merged tree (bench100k.txt, %d lines), medians of 3, CPU s\n' "$(wc -l <"$trace2")"
printf '  surfgraph -f bench_root -i bench100k.txt -m svg: %7.3f s  %6d frames  %8d bytes  %5.1f bytes/frame (goal <= 250)\n' \
	"$t" "$n" "$b" "$(echo "$b / $n" | bc -l)"
if [ -n "${FLAMEGRAPH_PL:-}" ]; then
	perl "$FLAMEGRAPH_PL" "$folded2" >"$out/fg-100k.svg"
	tf=$(median <"$out/t-fg.txt")
	printf '  flamegraph.pl (folded in):                       %7.3f s  %6d frames  %8d bytes\n' \
		"$tf" "$(frames "$out/fg-100k.svg")" "$(stat -c %s "$out/fg-100k.svg")"
	printf '  default width: %.1fx flamegraph.pl (goal >= 30)\n' "$(echo "$tf / $t" | bc -l)"
else
	echo "  default width: no flamegraph.pl to compare with ($fg_where): $fg_get"
fi
# each mode beside the SVG of the same rounds
for m in $modes; do
	tm=$(median <"$out/t-$m.txt")
	printf '  -m %-10s (trace in): %7.3f s  %5.2fx the SVG (goal <= 2: %s)\n' "$m" "$tm" \
		"$(echo "$tm / $t" | bc -l)" "$([ "$(echo "$tm <= 2 * $t" | bc -l)" = 1 ] && echo met || echo not met)"
done
