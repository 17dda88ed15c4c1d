#!/usr/bin/env bash
# Merge tests: `surfgraph merge` on runs of real captures, figures worked out with awk from the
# traces and from the runs merged (never from the merged file itself); refusals and damage.
# Usage: tests/merge/run.sh        (needs ./surfgraph; SURFGRAPH=path overrides)
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
out=${SG_TEST_OUT:-tests/out}/merge
rm -rf "$out"
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0 LC_ALL=C
SUITE=merge
. tests/lib.sh

# merge NAME EXPECTED_STATUS ARGS...: stdout and stderr in $out/NAME.out and .err
merge() { sg "$1" "$2" merge "${@:3}"; }
err_is() {
	if [ "$(cat "$out/$1.err")" = "$2" ]; then ok; else bad "$1: stderr is '$(cat "$out/$1.err")', want '$2'"; fi
}
meta() { grep "^$2=" "$1" | cut -d= -f2-; }
stat_col() { awk -F'\t' -v c="$2" '$1 == "stat" {print $c}' "$1"; }
# The "N.NNN us" durations of the given lines, in integer ns, one a line.
durs() { sed -E 's/.*[ +!#*@$] +([0-9]+)\.([0-9]{3}) us.*/\1\2/' | sed -E 's/^0+([0-9])/\1/'; }

f61=tests/data/linux-6.1/do_fault.txt
f612=tests/data/linux-6.12/do_fault.txt
save() { "$bin" -q -f __do_fault -i "$1" -m top -o "$2" "${@:3}" >/dev/null || bad "saving $2 failed"; }
save $f61 "$out/a.tree"
save $f612 "$out/b.tree"
# twin FILE: a second run with the same figures as FILE, made at another time (as if its capture
# had been taken again): FILE-twin.tree
twin() { sed 's/^created=.*/created=1970-01-02T00:00:00Z/' "$1" >"${1%.tree}-twin.tree"; }
twin "$out/a.tree"

# --- a run merged with its twin: every count and total doubles, nothing else changes ----------
merge self 0 "$out/a.tree" "$out/a-twin.tree" -o "$out/self.tree"
expect "self: message" "$(cat "$out/self.err")" "surfgraph: merged 2 runs, 12 complete invocations, into $out/self.tree"
for k in invocations incomplete total_ns lost_events; do
	expect "self: $k" "$(meta "$out/self.tree" $k)" "$(($(meta "$out/a.tree" $k) * 2))"
done
# stat: invocations, incomplete and total double; min, avg, p50, p99, max stay (nearest rank of a doubled list)
expect "self: stat" "$(awk -F'\t' '$1 == "stat"' "$out/self.tree")" \
	"$(awk -F'\t' -v OFS='\t' '$1 == "stat" { $3 *= 2; $4 *= 2; $5 *= 2; print }' "$out/a.tree")"
# node lines: calls, total and self double, min and max stay, same paths in the same order
expect "self: nodes" "$(awk -F'\t' '$1 == "node"' "$out/self.tree" | md5sum)" \
	"$(awk -F'\t' -v OFS='\t' '$1 == "node" { $3 *= 2; $4 *= 2; $5 *= 2; print }' "$out/a.tree" | md5sum)"
# the scatter: each run's starts are on its own clock, so the merged run has none (and the
# flame graph says so): no scatter or dot lines, while the run had a dot per invocation
expect "self: the run's dots" "$(grep -c '^dot	' "$out/a.tree")" "$(awk -F'\t' '$1 == "stat" {print $3}' "$out/a.tree")"
expect "self: no scatter" "$(grep -cE '^(scatter|dot)	' "$out/self.tree")" 0
# kept invocations: both copies, the second numbered after the first run's 6
expect "self: kept" "$(awk '/^inv\t/ {print $2}' "$out/self.tree" | tr '\n' ' ')" "1 2 3 4 5 6 7 8 9 10 11 12 "
# the second copy's inv, invnode (and call) lines are the run's own, numbered 6 later
kept_of() { sed -n "/^inv\t$2\t/,/^# slowinv\t/p" "$1" | grep -v '^# slowinv'; }
expect "self: second copy" "$(kept_of "$out/self.tree" 7 |
	awk -F'\t' -v OFS='\t' '$1 == "inv" { $2 -= 6 } { print }' | md5sum)" \
	"$(kept_of "$out/a.tree" 1 | md5sum)"
# version 3: p90 and p99.9 stay; every histogram bucket and bucket tree doubles exactly
expect "self: hist" "$(awk -F'\t' '$1 == "hist"' "$out/self.tree")" \
	"$(awk -F'\t' -v OFS='\t' '$1 == "hist" { $5 *= 2; print }' "$out/a.tree")"
expect "self: buckets" "$(grep -E '^(bucket|bnode)\b' "$out/self.tree" | md5sum)" \
	"$(awk -F'\t' -v OFS='\t' '$1 == "bucket" { $4 *= 2 } $1 == "bnode" { $3 *= 2; $4 *= 2; $5 *= 2 }
	$1 == "bucket" || $1 == "bnode"' "$out/a.tree" | md5sum)"
# the slowest: keep_slowest (8) of the 12, longest first, the earlier copy first on a tie
expect "self: slowest" "$(awk -F'\t' '$1 == "slowinv" {print $2 ":" $8}' "$out/self.tree" | tr '\n' ' ')" \
	"$(awk -F'\t' '$1 == "inv" {print $2 ":" $8; print $2 + 6 ":" $8}' "$out/a.tree" |
		sort -t: -k2,2nr -k1,1n | head -8 | tr '\n' ' ')"
# -m hist: the same percentiles, each count doubled, the same cumulative percentages
"$bin" -i "$out/a.tree" -m hist >"$out/a.hist" 2>&1 || bad "a: -m hist failed"
"$bin" -i "$out/self.tree" -m hist >"$out/self.hist" 2>&1 || bad "self: -m hist failed"
expect "self: -m hist" "$(sed 1d "$out/self.hist")" \
	"$(sed 1d "$out/a.hist" | awk '/^ *[0-9.]+ [mun]?s - / { c = $6; sub(" " c "  [|]", " " c * 2 "  |") } { print }')"
grep -q '^__do_fault: 12 complete invocations, 0 incomplete$' "$out/self.hist" && ok || bad "self: -m hist count"
# diff --slow: the same calls compared, per invocation the same figures; twice the invocations
"$bin" diff --slow "$out/a.tree" >"$out/a.slow" 2>&1 || bad "a: diff --slow failed"
"$bin" diff --slow "$out/self.tree" >"$out/self.slow" 2>&1 || bad "self: diff --slow failed ($(head -c 300 "$out/self.slow"))"
expect "self: diff --slow" "$(sed '1,2d; /^  invocations /d' "$out/self.slow")" "$(sed '1,2d; /^  invocations /d' "$out/a.slow")"
expect "self: diff --slow sides" "$(sed -n '1,2p; /^  invocations /p' "$out/self.slow")" \
	"$(sed -n '1,2p; /^  invocations /p' "$out/a.slow" | sed -E 's/the 1 slowest invocation,/the 2 slowest invocations,/; s/\(1 at/(2 at/;
	s/the 2 invocations/the 4 invocations/; s/^(  invocations +)2( +)1( +)-1$/\14\22\3-2/')"
expect "self: sources" "$(meta "$out/self.tree" sources) $(meta "$out/self.tree" source.1) $(meta "$out/self.tree" invocations.2)" "2 $out/a.tree 6"
expect "self: exact percentiles" "$(meta "$out/self.tree" percentiles)" ""
# every mode reads it; folded weights are the single run's doubled
"$bin" -i "$out/self.tree" -m folded >"$out/self.folded" 2>/dev/null || bad "self: -m folded failed"
expect "self: folded" "$(md5sum <"$out/self.folded")" \
	"$("$bin" -i "$out/a.tree" -m folded 2>/dev/null | awk '{ $NF *= 2; print }' | md5sum)"
for m in tree walk top svg png pdf; do
	"$bin" -i "$out/self.tree" -m $m --outdir "$out" >/dev/null 2>"$out/mode.err" </dev/null &&
		ok || bad "self: -m $m failed: $(cat "$out/mode.err")"
done
# diff: the per-invocation average does not move
"$bin" diff "$out/a.tree" "$out/self.tree" >"$out/diff.out" 2>/dev/null || bad "self: diff failed"
grep -qE '^  avg +737\.077 us +737\.077 us +0 ns +0\.00%( |$)' "$out/diff.out" && ok || bad "self: diff avg moved"

# --- two kernels' runs of the same root (6.1 and 6.12 captures of __do_fault) ------------------
merge kernels 0 "$out/a.tree" "$out/b.tree" -o "$out/ab.tree"
closes() { grep -E '^ [0-9]\) [^|]*\|  }$' "$1" | durs; }
{ closes $f61; closes $f612; } | sort -n >"$out/durs"
expect "kernels: invocations" "$(meta "$out/ab.tree" invocations)" "$(wc -l <"$out/durs")"
expect "kernels: total_ns" "$(meta "$out/ab.tree" total_ns)" "$(awk '{s += $1} END {print s}' "$out/durs")"
# 16 durations: min, p50 (8th, nearest rank), p99 (16th), max; avg by integer division
expect "kernels: stat" "$(awk -F'\t' '$1 == "stat" {print $3, $5, $6, $7, $8, $9, $10}' "$out/ab.tree")" \
	"$(awk '{v[NR] = $1; s += $1} END {printf "%d %d %d %d %d %d %d\n", NR, s, v[1], int(s / NR), v[8], v[16], v[NR]}' "$out/durs")"
# nodes: each path's figures from the two runs, added (calls, total, self) and combined (min, max)
awk -F'\t' '$1 == "node" {
	if (!($2 in c)) { c[$2] = 0; t[$2] = 0; s[$2] = 0; mn[$2] = $6; mx[$2] = $7; ord[++n] = $2 }
	c[$2] += $3; t[$2] += $4; s[$2] += $5; if ($6 < mn[$2]) mn[$2] = $6; if ($7 > mx[$2]) mx[$2] = $7
	r[$2] += $8; e[$2] += $9; en[$2] = en[$2] $10 }
	END { for (p in c) printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", p, c[p], t[p], s[p], mn[p], mx[p], r[p], e[p], en[p] }' \
	"$out/a.tree" "$out/b.tree" | sort >"$out/nodes.want"
awk -F'\t' -v OFS='\t' '$1 == "node" { $1 = ""; sub(/^\t/, ""); print }' "$out/ab.tree" | sort >"$out/nodes.got"
cmp -s "$out/nodes.want" "$out/nodes.got" && ok || bad "kernels: node lines differ from the two runs added"
expect "kernels: kept" "$(grep -c '^inv	' "$out/ab.tree")" 16
# 16 durations, all kept: p90 (15th) and p99.9 (16th) exact; the histogram counts them by bucket
expect "kernels: p90 p999" "$(stat_col "$out/ab.tree" 11) $(stat_col "$out/ab.tree" 12)" \
	"$(awk '{v[NR] = $1} END {print v[15], v[16]}' "$out/durs")"
bucket_of() { awk '{ b = 0; lo = 0; while ($1 >= lo * 2 && $1 >= 1000) { lo = lo ? lo * 2 : 1000; b++ } print lo "\t" (lo ? lo * 2 : 1000) }'; }
expect "kernels: hist" "$(awk -F'\t' '$1 == "hist" {print $3 "\t" $4 "\t" $5}' "$out/ab.tree")" \
	"$(bucket_of <"$out/durs" | uniq -c | awk -v OFS='\t' '{print $2, $3, $1}')"
# the slowest: the 8 longest of the 16 (keep_slowest 8), numbered as the kept ones
expect "kernels: slowest" "$(awk -F'\t' '$1 == "slowinv" {print $8}' "$out/ab.tree" | tr '\n' ' ')" \
	"$(sort -nr "$out/durs" | head -8 | tr '\n' ' ')"
expect "kernels: slowest numbered" "$(awk -F'\t' '$1 == "inv" {d[$2] = $8} $1 == "slowinv" && d[$2] != $8 {print "seq " $2 " differs"}' "$out/ab.tree")" ""
expect "kernels: labels" "$(meta "$out/ab.tree" source.2) $(meta "$out/ab.tree" invocations.1) $(meta "$out/ab.tree" invocations.2)" "$out/b.tree 6 10"
"$bin" -i "$out/ab.tree" -m top >"$out/ab.top" 2>/dev/null || bad "kernels: -m top failed"
"$bin" diff "$out/a.tree" "$out/ab.tree" >/dev/null 2>&1 || bad "kernels: diff failed"
# a merged run merges again: its sources are listed, not it
merge nested 0 "$out/ab.tree" "$out/a-twin.tree" -o "$out/aba.tree"
expect "nested: sources" "$(meta "$out/aba.tree" sources) $(meta "$out/aba.tree" source.1) $(meta "$out/aba.tree" source.3)" "3 $out/a.tree $out/a-twin.tree"
expect "nested: invocations" "$(meta "$out/aba.tree" invocations)" 22

# --- runs that kept fewer invocations than they had: percentiles exact where the slowest they
# kept whole cover the rank, else from the merged histogram, and the file says which ----------
save $f61 "$out/a2.tree" --keep 2
save $f612 "$out/b2.tree" --keep 2
merge kept2 0 "$out/a2.tree" "$out/b2.tree" -o "$out/ab2.tree"
# the 8th (p50) is 9th longest: among both runs' 8 slowest, and above b2's shortest kept one
expect "kept2: exact" "$(meta "$out/ab2.tree" percentiles)" ""
expect "kept2: p50 p99 p90 p999" "$(awk -F'\t' '$1 == "stat" {print $8, $9, $11, $12}' "$out/ab2.tree")" \
	"$(awk '{v[NR] = $1} END {print v[8], v[16], v[15], v[16]}' "$out/durs")"
expect "kept2: kept" "$(awk '/^inv\t/ {print $2}' "$out/ab2.tree" | tr '\n' ' ')" "5 6 15 16 "
save $f61 "$out/a3.tree" --keep 2 --keep-slowest 2
save $f612 "$out/b3.tree" --keep 2 --keep-slowest 2
# the runs' quantile sketches (version 6) give the p50 the kept ones do not: within 0.5%
merge sketch 0 "$out/a3.tree" "$out/b3.tree" -o "$out/ab3s.tree"
expect "sketch: flagged" "$(meta "$out/ab3s.tree" percentiles)" "sketch:p50 exact:p90,p99,p999"
grep -q '^surfgraph: p50 from the runs. quantile sketches, within 0.5% ' "$out/sketch.err" && ok || bad "sketch: no note on stderr ($(cat "$out/sketch.err"))"
expect "sketch: p50 within 0.5%" "$(awk -F'\t' -v want="$(sed -n 8p "$out/durs")" '$1 == "stat" {
	d = $8 - want; if (d < 0) d = -d; print (d <= 0.005 * want) ? "within" : $8 " against " want }' "$out/ab3s.tree")" within
expect "sketch: p99 p90 p999 exact" "$(awk -F'\t' '$1 == "stat" {print $9, $11, $12}' "$out/ab3s.tree")" \
	"$(awk '{v[NR] = $1} END {print v[16], v[15], v[16]}' "$out/durs")"
# the merged sketch is the runs' added: its bins' counts sum to the invocations, merged again too
expect "sketch: counts" "$(awk -F'\t' '$1 == "qsketch" { n = split($6, b, ","); s = $4; for (i = 1; i <= n; i++) { split(b[i], x, ":"); s += x[2] } print s }' "$out/ab3s.tree")" 16
"$bin" -i "$out/ab3s.tree" -m tree 2>/dev/null | grep -q approximate && bad "sketch: said approximate" || ok
# older runs (version 5, no qsketch lines): p50 from the merged histogram's buckets, and said so
to_v5() { sed '1s/6$/5/; /^qsketch\t/d; /^# qsketch\t/d' "$1"; }
to_v5 "$out/a3.tree" >"$out/a3.v5.tree"
to_v5 "$out/b3.tree" >"$out/b3.v5.tree"
merge approx 0 "$out/a3.v5.tree" "$out/b3.v5.tree" -o "$out/ab3.tree"
expect "approx: flagged" "$(meta "$out/ab3.tree" percentiles)" "buckets:p50 exact:p90,p99,p999"
expect "approx: no sketch" "$(grep -c '^qsketch' "$out/ab3.tree")" 0
grep -q 'p50 is approximate, at most the top of its histogram bucket' "$out/approx.err" && ok || bad "approx: no note on stderr ($(cat "$out/approx.err"))"
# p50: the 8th duration's bucket's last ns; p90 the 15th, the 2nd longest, above a3's 2nd (1135090)
expect "approx: p50 p99 p90 p999" "$(awk -F'\t' '$1 == "stat" {print $8, $9, $11, $12}' "$out/ab3.tree")" \
	"$(sed -n 8p "$out/durs" | bucket_of | awk '{printf "%d ", $2 - 1}'; awk '{v[NR] = $1} END {print v[16], v[15], v[16]}' "$out/durs")"
# exact figures stay exact, the histogram too
expect "approx: exact rest" "$(awk -F'\t' '$1 == "stat" || $1 == "hist" {print $3, $5, $6, $7, $10}' "$out/ab3.tree")" \
	"$(awk -F'\t' '$1 == "stat" || $1 == "hist" {print $3, $5, $6, $7, $10}' "$out/ab.tree")"
# the slowest: only those certainly the slowest of all (not below a run's shortest kept one)
expect "approx: slowest" "$(awk -F'\t' '$1 == "slowinv" {print $8}' "$out/ab3.tree" | tr '\n' ' ')" \
	"$(sort -nr "$out/durs" | head -2 | tr '\n' ' ')"
"$bin" diff --slow "$out/ab3.tree" >/dev/null 2>"$out/ab3.slow.err" && ok || bad "approx: diff --slow failed: $(cat "$out/ab3.slow.err")"

# every call kept (--keep 32) but only 2 of the slowest: the kept ones make all four exact
save $f61 "$out/a4.tree" --keep-slowest 2
twin "$out/a4.tree"
merge allkept 0 "$out/a4.tree" "$out/a4-twin.tree" -o "$out/a44.tree"
expect "allkept: exact" "$(meta "$out/a44.tree" percentiles)" ""
expect "allkept: stat" "$(awk -F'\t' '$1 == "stat" {print $8, $9, $11, $12}' "$out/a44.tree")" \
	"$(awk -F'\t' '$1 == "stat" {print $8, $9, $11, $12}' "$out/a.tree")"
expect "allkept: slowest" "$(awk -F'\t' '$1 == "slowinv" {print $2 ":" $8}' "$out/a44.tree" | tr '\n' ' ')" "2:2622473 8:2622473 "

# --- a version 2 run with a version 3 one: no histogram, bucket trees or slowest, and it says so
# a version 2 file: no keep_slowest, stat lines of 10 columns, none of version 3's, 4's or 5's lines
to_v2() {
	awk -F'\t' 'NR == 1 { print "# surfgraph-tree 2"; next } /^keep_slowest=/ { next }
	$1 == "# slowinv" { slow = 1 } $1 == "end" { slow = 0 } slow { next }
	$1 == "stat" { sub(/\t[^\t]*\t[^\t]*$/, "") } $1 ~ /^(hist|bucket|bnode|scatter|dot|pstat|recs|rec|qsketch|# hist|# bucket|# scatter|# dot|# pstat|# recs|# rec|# qsketch)$/ { next }
	{ print }' "$1"
}
to_v2 "$out/b.tree" >"$out/b.v2.tree"
merge v2 0 "$out/a.tree" "$out/b.v2.tree" -o "$out/ab.v2.tree"
expect "v2: histogram" "$(meta "$out/ab.v2.tree" histogram)" none
expect "v2: no tail lines" "$(grep -cE '^(hist|bucket|bnode|slowinv)\b' "$out/ab.v2.tree")" 0
expect "v2: stat" "$(awk -F'\t' '$1 == "stat" {print $3, $6, $8, $9, $10, "[" $11 "]", "[" $12 "]"}' "$out/ab.v2.tree")" \
	"$(awk -F'\t' '$1 == "stat" {print $3, $6, $8, $9, $10, "[]", "[]"}' "$out/ab.tree")"
expect "v2: same nodes" "$(grep '^node' "$out/ab.v2.tree" | md5sum)" "$(grep '^node' "$out/ab.tree" | md5sum)"
grep -q "^surfgraph: $out/b.v2.tree has no latency histogram" "$out/v2.err" && ok || bad "v2: no note on stderr ($(cat "$out/v2.err"))"
"$bin" -i "$out/ab.v2.tree" -m hist >/dev/null 2>"$out/v2.hist.err" && bad "v2: -m hist succeeded" || ok
# the message names the merge, not the file's version (it is version 3)
grep -q 'merged from runs not all of which had a histogram' "$out/v2.hist.err" && ok ||
	bad "v2: -m hist's message: $(cat "$out/v2.hist.err")"
"$bin" diff --slow "$out/ab.v2.tree" >/dev/null 2>&1 && bad "v2: diff --slow succeeded" || ok
# the old runs alone: p50 and p99 the weighted mean of theirs, as before version 3
save $f61 "$out/a2k.tree" --keep 2
to_v2 "$out/a2k.tree" >"$out/a2k.v2.tree"
merge v2approx 0 "$out/a2k.v2.tree" "$out/b.v2.tree" -o "$out/ab2.v2.tree"
expect "v2approx: flagged" "$(meta "$out/ab2.v2.tree" percentiles)" approximate
grep -q 'p50 and p99 are estimates' "$out/v2approx.err" && ok || bad "v2approx: no note on stderr"
expect "v2approx: p50 p99" "$(stat_col "$out/ab2.v2.tree" 8) $(stat_col "$out/ab2.v2.tree" 9)" \
	"$(awk -F'\t' '$1 == "stat" { n += $3; a += $3 * $8; b += $3 * $9 } END { printf "%d %d\n", int(a / n), int(b / n) }' "$out/a2k.tree" "$out/b.tree")"

# --- refusals: different roots, counts-only with timed, damaged and missing runs, usage --------
"$bin" -q -f vfs_read -i tests/data/linux-6.1/vfs_read_tracing_thresh20.txt -m top -o "$out/vr.tree" >/dev/null
merge roots 1 "$out/a.tree" "$out/vr.tree" -o "$out/x.tree"
err_is roots "surfgraph: $out/a.tree is a run of __do_fault, $out/vr.tree a run of vfs_read: only runs of the same root merge (compare them with surfgraph diff --force)"
sed 's/^time=ns$/time=none/' "$out/a.tree" >"$out/counts.tree"
merge counts 1 "$out/a.tree" "$out/counts.tree" -o "$out/x.tree"
err_is counts "surfgraph: $out/a.tree has durations, $out/counts.tree call counts only: their totals do not add up"
head -c 400 "$out/a.tree" >"$out/cut.tree"
merge cut 1 "$out/a.tree" "$out/cut.tree" -o "$out/x.tree"
err_is cut "surfgraph: $out/cut.tree:$(($(wc -l <"$out/cut.tree") + 1)): truncated: the last line has no newline"
sed 's/^node\t__do_fault\t6\t/node\t__do_fault\tsix\t/' "$out/a.tree" >"$out/bad.tree"
merge damaged 1 "$out/a.tree" "$out/bad.tree" -o "$out/x.tree"
grep -q "^surfgraph: $out/bad.tree:[0-9]*: " "$out/damaged.err" && ok || bad "damaged: no file:line: $(cat "$out/damaged.err")"
# a trace is read as diff reads it (issue 34.2): a.tree's own trace is the same run, refused
merge notree 1 "$out/a.tree" $f61 -o "$out/x.tree"
grep -qx "surfgraph: $out/a.tree is the same run as $f61 (source $f61, created 1970-01-01T00:00:00Z, 6 complete invocations): merging it twice would count its invocations twice" "$out/notree.err" && ok || bad "notree: $(cat "$out/notree.err")"
# neither a .tree nor a trace whose root can be guessed: diff's refusal, exit status 2
printf ' 0)   1.000 us    |  foo();\n 0)   2.000 us    |  bar();\n' >"$out/two.txt"
merge noroot 2 "$out/a.tree" "$out/two.txt" -o "$out/x.tree"
err_is noroot "surfgraph: which function? the whole top-level calls in $out/two.txt are of 2 functions: bar (1), foo (1) (none has nine in ten of them; the calls cut at its start do not count); give the root with -f FUNC"
merge missing 1 "$out/a.tree" "$out/nonexistent.tree" -o "$out/x.tree"
err_is missing "surfgraph: cannot open $out/nonexistent.tree: No such file or directory"
[ -e "$out/x.tree" ] && bad "a refused merge wrote its output" || ok
cp "$out/a.tree" "$out/in.tree"
merge overwrite 1 "$out/in.tree" "$out/b.tree" -o "$out/in.tree"
err_is overwrite "surfgraph: $out/in.tree is an input: not overwritten (choose another -o)"
cmp -s "$out/a.tree" "$out/in.tree" && ok || bad "overwrite: the input changed"
merge noout 2 "$out/a.tree"
err_is noout "surfgraph: merge wants the runs' .tree files and -o ALL.tree for the result (see surfgraph merge --help)"
merge option 2 -x foo "$out/a.tree" -o "$out/x.tree"
err_is option "surfgraph: merge: -x is not a merge option (see surfgraph merge --help)"
merge mode 2 -m svg "$out/a.tree" -o "$out/x.tree"
err_is mode "surfgraph: merge: -m is not a merge option (see surfgraph merge --help)"
merge help 0 --help
grep -q '^Usage: surfgraph merge RUN.tree... -o ALL.tree$' "$out/help.out" && ok || bad "help: no usage line"
# the result replaces an older merge, which is kept as .old
merge again 0 "$out/a.tree" "$out/a-twin.tree" -o "$out/self.tree"
[ -e "$out/self.tree.old" ] && ok || bad "again: no self.tree.old"

# --- the same run given twice: refused, saying which and how it was told (issue 33) ---------
merge twice 1 "$out/a.tree" "$out/a.tree" -o "$out/x.tree"
err_is twice "surfgraph: $out/a.tree is the same run as $out/a.tree (source $f61, created 1970-01-01T00:00:00Z, 6 complete invocations): merging it twice would count its invocations twice"
# a copy is the same run: same source, creation time, counts and total
cp "$out/a.tree" "$out/acopy.tree"
merge copy 1 "$out/b.tree" "$out/a.tree" "$out/acopy.tree" -o "$out/x.tree"
err_is copy "surfgraph: $out/a.tree is the same run as $out/acopy.tree (source $f61, created 1970-01-01T00:00:00Z, 6 complete invocations): merging it twice would count its invocations twice"
# a merged run lists its runs: one of them given again is refused too
merge inside 1 "$out/ab.tree" "$out/a.tree" -o "$out/x.tree"
err_is inside "surfgraph: $out/ab.tree (its $out/a.tree) is the same run as $out/a.tree (created 1970-01-01T00:00:00Z, 6 complete invocations): merging it twice would count its invocations twice"
[ -e "$out/x.tree" ] && bad "a run given twice wrote the output" || ok
# under another name only the creation time and the counts tell: merged, and said
merge maybe 0 "$out/ab.tree" "$out/acopy.tree" -o "$out/abc.tree"
grep -qx "surfgraph: $out/ab.tree (its $out/a.tree) may be the same run as $out/acopy.tree (created 1970-01-01T00:00:00Z, 6 complete invocations): if so, its invocations count twice" "$out/maybe.err" &&
	ok || bad "maybe: no note ($(cat "$out/maybe.err"))"

# --- issue 33: merged percentiles within 1% of the exact ones, on the 7.3 vfs_read capture split
# into alternate halves (tests/diff/split.awk), each saved as a .tree and the two merged: p50,
# p90 and p99 against the nearest rank of the root's printed durations, by awk from the trace ---
zcat tests/data/linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz >"$out/vr73.txt"
for h in 0 1; do
	awk -v ROOT=vfs_read -v HALF=$h -f tests/diff/split.awk "$out/vr73.txt" >"$out/vr73-$h.txt"
	"$bin" -q -f vfs_read -i "$out/vr73-$h.txt" -m top -o "$out/vr73-$h.tree" >/dev/null || bad "vr73: half $h"
done
merge vr73 0 "$out/vr73-0.tree" "$out/vr73-1.tree" -o "$out/vr73m.tree"
# the root's returns: depth 0's "|  }" lines, their printed durations in ns
grep -E '\|  }$' "$out/vr73.txt" | durs | sort -n >"$out/vr73.durs"
expect "vr73: halves" "$(meta "$out/vr73-0.tree" invocations) $(meta "$out/vr73-1.tree" invocations)" \
	"$(awk 'END { print int((NR + 1) / 2), int(NR / 2) }' "$out/vr73.durs")"
for p in 50:8 90:11 99:9; do
	want=$(awk -v p=${p%:*} '{ v[NR] = $1 } END { r = int(p * NR / 100); if (r < p * NR / 100) r++; print v[r] }' "$out/vr73.durs")
	expect "vr73: p${p%:*} within 1% of $want" "$(awk -F'\t' -v c=${p#*:} -v w="$want" '$1 == "stat" {
		d = $c - w; if (d < 0) d = -d; print d * 100 <= w ? "within" : $c }' "$out/vr73m.tree")" within
done
# and diff of the whole capture against the merge: the p50 row's delta within 1%
"$bin" -q -f vfs_read -i "$out/vr73.txt" -m top -o "$out/vr73w.tree" >/dev/null
"$bin" diff "$out/vr73w.tree" "$out/vr73m.tree" >"$out/vr73.diff" 2>/dev/null || bad "vr73: diff failed"
expect "vr73: diff's p50 within 1%" "$(awk '$1 == "p50" { for (i = 2; i <= NF; i++) if ($i ~ /%$/) {
	d = $i + 0; print (d <= 1 && d >= -1) ? "within" : $i; exit } }' "$out/vr73.diff")" within
# the same halves as older files (version 5): the merge says its p50 is approximate in every
# output that shows it: text, -m hist, the SVG, diff's text and JSON
for h in 0 1; do to_v5 "$out/vr73-$h.tree" >"$out/vr73-$h.v5.tree"; done
merge vr73old 0 "$out/vr73-0.v5.tree" "$out/vr73-1.v5.tree" -o "$out/vr73o.tree"
expect "vr73old: from buckets" "$(meta "$out/vr73o.tree" percentiles)" "buckets:p50,p90 exact:p99,p999"
"$bin" -q -i "$out/vr73o.tree" -m tree >"$out/vr73o.txt" 2>&1
grep -qE '^  total .* p50 63\.999 us \(approximate\)  p99 901\.849 us  max' "$out/vr73o.txt" && ok ||
	bad "vr73old: -m tree: $(sed -n 2p "$out/vr73o.txt")"
"$bin" -q -i "$out/vr73o.tree" -m hist >"$out/vr73o.hist" 2>&1
grep -qE '^  p50 63\.999 us \(approximate\)  p90 255\.999 us \(approximate\)  p99 901\.849 us  p99\.9' "$out/vr73o.hist" && ok ||
	bad "vr73old: -m hist: $(sed -n 2p "$out/vr73o.hist")"
mkdir -p "$out/vr73svg"
"$bin" -q -i "$out/vr73o.tree" -m svg -s 0 --outdir "$out/vr73svg" >/dev/null 2>&1
expect "vr73old: svg" "$(grep -o '<title>p50 [^<]*</title>' "$out/vr73svg/vr73o.svg") $(grep -c '>~p50' "$out/vr73svg/vr73o.svg")" \
	"<title>p50 63.999 us (approximate)</title> 1"
"$bin" diff "$out/vr73w.tree" "$out/vr73o.tree" >"$out/vr73o.diff" 2>/dev/null
grep -qE '^  p50 .* approximate \(AFTER: a merge without quantile sketches\)' "$out/vr73o.diff" && ok ||
	bad "vr73old: diff: $(grep '^  p50' "$out/vr73o.diff")"
"$bin" diff -m json "$out/vr73w.tree" "$out/vr73o.tree" >"$out/vr73o.json" 2>/dev/null
expect "vr73old: json" "$(grep -o '"approximate": [^]]*]' "$out/vr73o.json")" '"approximate": ["p50", "p90"]'
# single runs and sketch merges say nothing of the kind
"$bin" -q -i "$out/vr73m.tree" -m hist 2>&1 | grep -q approximate && bad "vr73: a sketch merge said approximate" || ok

# tests/bench/fidelity.sh (make bench's narrowing fidelity table), on runs where -x read_hpet
# stands for a function narrowing did not patch (its time stays in its caller's self time, as
# narrowed): learn and narrowed runs without it, full runs with it. Its share of the root time,
# from the trace's own read_hpet and depth-0 durations, is what the full runs hold under a
# function never learned, what the narrowed ones lose, and what moves into self.
fd=$out/fidelity
mkdir -p "$fd"
for r in learn narrow1 narrow2 narrow3; do
	"$bin" -q -f __do_fault -i $f61 -x read_hpet -m top -o "$fd/b3.$r.tree" >/dev/null
done
# three captures of one trace stand for three taken apart: made at different times
for r in 1 2 3; do
	SOURCE_DATE_EPOCH=$r "$bin" -q -f __do_fault -i $f61 -m top -o "$fd/b3.full$r.tree" >/dev/null
done
SURFGRAPH=$bin tests/bench/fidelity.sh "$fd" >"$out/fidelity.out" 2>&1 || bad "fidelity: exit $?"
hpet=$(grep 'read_hpet();' $f61 | durs | awk '{ s += $1 } END { print s }')
root=$(grep -E '^ [0-9]\) [^|]*\|  }$' $f61 | durs | awk '{ s += $1 } END { print s }')
share=$(awk -v h="$hpet" -v r="$root" 'BEGIN { printf "%.2f", 100 * h / r }')
col() { awk -v r="$1" -v c="$2" '$1 == r { print $c }' "$out/fidelity.out"; }
expect "fidelity: read_hpet's share (a test that can fail)" "$([ "$share" != 0.00 ] && echo yes)" yes
expect "fidelity: full1 unlearned" "$(col full1 7)" "$share"
expect "fidelity: full2 lost" "$(col full2 6)" 0.00
expect "fidelity: narrow3 lost" "$(col narrow3 6)" "$share"
expect "fidelity: narrow1 unlearned" "$(col narrow1 7)" 0.00
expect "fidelity: moved into self" "$(awk -v f="$(col full1 8)" -v n="$(col narrow2 8)" 'BEGIN { printf "%.2f", n - f }')" "$share"
expect "fidelity: calls" "$(col narrow1 2)" "$(meta "$fd/b3.full1.tree" invocations)"
expect "fidelity: verdict" "$(grep '^verdict' "$out/fidelity.out")" "verdict: root totals mean=within p50=within p90=within"
rm "$fd/b3.full2.tree"
SURFGRAPH=$bin tests/bench/fidelity.sh "$fd" >"$out/fidelity.out" 2>&1 && bad "fidelity: a missing run was not refused" || ok
expect "fidelity: missing" "$(cat "$out/fidelity.out")" "fidelity: $fd/b3.full2.tree is missing"

# version 5's recorded calls go through a merge: the merged run replays each run's kept
# invocations, call for call, renumbered in the order of the runs
dat=tests/data/linux-6.1/do_fault_trace-cmd.dat
abst=tests/data/linux-6.1/do_fault_abstime_proc_overrun_tail.txt
save $dat "$out/r1.tree"
save $abst "$out/r2.tree"
merge recs 0 -o "$out/recs.tree" "$out/r1.tree" "$out/r2.tree"
calls_of() { "$bin" -q -i "$1" -m replay | grep -v '^#'; }
if [ "$(calls_of "$out/recs.tree")" = "$(calls_of "$out/r1.tree"; calls_of "$out/r2.tree")" ]; then
	ok
else
	bad "merge: the recorded calls differ from the runs'"
fi
if [ "$(grep -c '^rec	' "$out/recs.tree")" = $(($(grep -c '^rec	' "$out/r1.tree") + $(grep -c '^rec	' "$out/r2.tree"))) ] &&
	[ "$(grep -c '^rec	' "$out/r1.tree")" = 66 ]; then
	ok
else
	bad "merge: rec lines are not the runs' (66 + the abstime run's)"
fi

# --- traces merged, each run's per-path sums kept apart (issue 34, part 2) ------------------
# the 6.1 do_sys_openat2 capture in quarters by invocation (of each four pairs of calls)
zcat tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz >"$out/open.txt"
for q in 0 1 2 3; do
	awk -v ROOT=do_sys_openat2 -v HALF=$q -v BY=quarters -f tests/diff/split.awk "$out/open.txt" >"$out/q$q.txt"
done
merge traces 0 -f do_sys_openat2 "$out/q0.txt" "$out/q1.txt" -o "$out/A.tree"
expect "traces: message" "$(head -1 "$out/traces.err")" "surfgraph: merged 2 runs, 111 complete invocations, into $out/A.tree"
expect "traces: version" "$(head -1 "$out/A.tree")" "# surfgraph-tree 7"
expect "traces: sources" "$(meta "$out/A.tree" sources)" 2
# each run's sums of the root, from its trace by python (sg_logtime's rounding) and in the file
hand=$(python3 tests/diff/runtest.py do_sys_openat2 "$out/q0.txt" "$out/q1.txt" -- "$out/q2.txt" "$out/q3.txt" |
	awk '/^before/ { b = 1; next } /^after/ { b = 0 } b && / run / { sub(":", "", $2); printf "rpstat\t%s\t%s\t%s\t%s\n", $2, $3, $6, $8 }' | tr -d ,)
expect "traces: root's rpstat" "$(awk -F'\t' '$1 == "node" { n = $2 } $1 == "rpstat" && n == "do_sys_openat2" { print $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 }' "$out/A.tree")" "$hand"
# every path's rpstat lines add up to its pstat line
expect "traces: rpstat add up" "$(awk -F'\t' '$1 == "node" { if (n != "" && (i != pi || l != pl)) bad++; n = $2; i = l = 0 }
	$1 == "pstat" { pi = $2; pl = $5 } $1 == "rpstat" { i += $3; l += $4; r++ }
	END { if (i != pi || l != pl) bad++; print bad + 0, (r > 0) }' "$out/A.tree")" "0 1"
# the root guessed as diff guesses it; a merge of merges keeps every run apart, renumbered
merge guessed 0 "$out/q2.txt" "$out/q3.txt" -o "$out/B.tree"
grep -q "^surfgraph: the root is do_sys_openat2, " "$out/guessed.err" && ok || bad "guessed: $(cat "$out/guessed.err")"
merge nested 0 -q "$out/A.tree" "$out/B.tree" -o "$out/AB.tree"
expect "nested: the root's runs in order" \
	"$(awk -F'\t' '$1 == "node" { n = $2 } $1 == "rpstat" && n == "do_sys_openat2" { print $2, $3, $4 }' "$out/AB.tree")" \
	"$(python3 tests/diff/runtest.py do_sys_openat2 "$out/q0.txt" "$out/q1.txt" -- "$out/q2.txt" "$out/q3.txt" |
		awk '/ run / { print ++k, $3, $6 }' | tr -d ,)"
expect "nested: sources" "$(meta "$out/AB.tree" sources) $(grep -c '^rpstat	4	' "$out/AB.tree")" "4 $(grep -c '^rpstat	2	' "$out/B.tree")"
# a trace through a pipe with -f: read once, the same sums (without -f a pipe is read as a .tree)
merge pipe 0 -q -f do_sys_openat2 "$out/q0.txt" <(cat "$out/q1.txt") -o "$out/pipe.tree"
expect "pipe: rpstat" "$(grep -c '^rpstat' "$out/pipe.tree") $(grep '^rpstat' "$out/pipe.tree" | md5sum)" "$(grep -c '^rpstat' "$out/A.tree") $(grep '^rpstat' "$out/A.tree" | md5sum)"
# a single run stays version 6; a damaged rpstat line is refused where it is
expect "single run: version" "$(head -1 "$out/a.tree")" "# surfgraph-tree 6"
awk -F'\t' -v OFS='\t' '$1 == "rpstat" && !d { $4 = $4 + 1; d = 1 } { print }' "$out/A.tree" >"$out/rbad.tree"
merge rbad 1 "$out/rbad.tree" "$out/B.tree" -o "$out/x.tree"
err_is rbad "surfgraph: $out/rbad.tree:$(grep -c . "$out/rbad.tree"): a path's rpstat lines do not add up to its pstat line"
sed '0,/^rpstat\t1\t/s//rpstat\t3\t/' "$out/A.tree" >"$out/rsrc.tree"
merge rsrc 1 "$out/rsrc.tree" "$out/B.tree" -o "$out/x.tree"
grep -q "^surfgraph: $out/rsrc.tree:[0-9]*: an rpstat line's source is not one of sources=, in increasing order$" "$out/rsrc.err" && ok || bad "rsrc: $(cat "$out/rsrc.err")"
# past 64 runs the sums are merged only (a bounded file): version 6, no rpstat line
for i in $(seq 1 65); do sed "s/^created=.*/created=1970-01-01T00:00:$i/" "$out/a.tree" >"$out/many$i.tree"; done
merge many 0 "$out"/many*.tree -o "$out/many.tree"
grep -qx "surfgraph: 65 runs: their per-path sums are merged, not kept apart (at most 64 are): diff tests their invocations pooled" "$out/many.err" && ok || bad "many: $(cat "$out/many.err")"
expect "65 runs: version, rpstat lines" "$(head -1 "$out/many.tree") $(grep -c '^rpstat' "$out/many.tree")" "# surfgraph-tree 6 0"

finish
