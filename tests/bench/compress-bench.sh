#!/usr/bin/env bash
# Part of make bench: a compressed trace read directly (zlib, liblzma, libzstd in surfgraph's
# one process) against the same file decompressed by the tool into a pipe (`zcat X | surfgraph
# -i -`), and against the plain file: wall seconds and CPU seconds (both processes of a pipe),
# medians of 3, on about 50 MB of text (the capture bench.sh repeats).
set -euo pipefail
cd "$(dirname "$0")/../.."
. tests/bench/lib.sh
bin=${SURFGRAPH:-$PWD/surfgraph}
out=${SG_BENCH_DIR:-tests/out/bench}
mkdir -p "$out"
plain=$out/compress-50.txt
if [ ! -f "$plain" ]; then
	gunzip -c tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz >"$out/compress-unit.txt"
	unit=$(stat -c %s "$out/compress-unit.txt")
	for _ in $(seq $(((50000000 + unit - 1) / unit))); do cat "$out/compress-unit.txt"; done >"$plain"
fi
[ -f "$plain.gz" ] || gzip -6 -c "$plain" >"$plain.gz"
[ -f "$plain.xz" ] || xz -6 -T1 -c "$plain" >"$plain.xz"
[ -f "$plain.zst" ] || zstd -q -3 -c "$plain" >"$plain.zst"
mb=$(echo "$(stat -c %s "$plain") / 1000000" | bc -l)
args="-f do_sys_openat2 -m top --no-save -q"

# wall and CPU seconds of a shell command line (a pipe counts both sides)
wall_cpu() {
	local tf
	tf=$(mktemp)
	/usr/bin/time -o "$tf" -f '%e %U %S' sh -c "$1" >/dev/null 2>&1 || true
	awk '{ print $1, $2 + $3 }' "$tf"
	rm -f "$tf"
}
med3() { # CMDLINE: "wall cpu", medians of 3
	local w c
	w=$(mktemp) c=$(mktemp)
	for _ in 1 2 3; do wall_cpu "$1" | awk -v w="$w" -v c="$c" '{ print $1 >> w; print $2 >> c }'; done
	echo "$(median <"$w") $(median <"$c")"
	rm -f "$w" "$c"
}
row() { # LABEL CMDLINE
	local t
	read -r -a t < <(med3 "$2")
	printf '  %-34s %6.2f s wall %7.1f MB/s  %6.2f s CPU\n' "$1" "${t[0]}" \
		"$(echo "$mb / ${t[0]}" | bc -l)" "${t[1]}"
}
printf 'compressed input: %.0f MB of text (gzip -6 %s MB, xz -6 %s MB, zstd -3 %s MB)\n' "$mb" \
	"$(($(stat -c %s "$plain.gz") / 1000000))" "$(($(stat -c %s "$plain.xz") / 1000000))" \
	"$(($(stat -c %s "$plain.zst") / 1000000))"
row "plain file" "$bin -i $plain $args"
for z in gz:zcat xz:xzcat zst:zstdcat; do
	row "-i FILE.${z%%:*}" "$bin -i $plain.${z%%:*} $args"
	row "${z#*:} FILE.${z%%:*} | -i -" "${z#*:} $plain.${z%%:*} | $bin -i - $args"
done
