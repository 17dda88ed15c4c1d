#!/usr/bin/env bash
# Merge tests: `surfgraph merge` on runs of real captures, figures worked out with awk from the
# traces and from the runs merged (never from the merged file itself); refusals and damage.
# Usage: tests/merge/run.sh        (needs ./surfgraph; SURFGRAPH=path overrides)
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
out=tests/out/merge
rm -rf "$out"
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0 LC_ALL=C
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() {
	echo "FAIL $1"
	fail=$((fail + 1))
}
expect() { # what got want
	if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi
}
# merge NAME EXPECTED_STATUS ARGS...: stdout and stderr in $out/NAME.out and .err
merge() {
	local name=$1 want=$2
	shift 2
	"$bin" merge "$@" >"$out/$name.out" 2>"$out/$name.err"
	local got=$?
	if [ "$got" = "$want" ]; then ok; else bad "$name: exit $got, want $want ($(head -c 300 "$out/$name.err"))"; fi
}
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

# --- a run merged with itself: every count and total doubles, nothing else changes ------------
merge self 0 "$out/a.tree" "$out/a.tree" -o "$out/self.tree"
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
# kept invocations: both copies, the second numbered after the first run's 6
expect "self: kept" "$(awk '/^inv\t/ {print $2}' "$out/self.tree" | tr '\n' ' ')" "1 2 3 4 5 6 7 8 9 10 11 12 "
# the second copy's inv, invnode (and call) lines are the run's own, numbered 6 later
expect "self: second copy" "$(sed -n '/^inv\t7\t/,/^end$/p' "$out/self.tree" | grep -v '^end$' |
	awk -F'\t' -v OFS='\t' '$1 == "inv" { $2 -= 6 } { print }' | md5sum)" \
	"$(sed -n '/^inv\t1\t/,/^end$/p' "$out/a.tree" | grep -v '^end$' | md5sum)"
expect "self: sources" "$(meta "$out/self.tree" sources) $(meta "$out/self.tree" source.1) $(meta "$out/self.tree" invocations.2)" "2 $out/a.tree 6"
expect "self: exact percentiles" "$(meta "$out/self.tree" percentiles)" ""
# every mode reads it; folded weights are the single run's doubled
"$bin" -i "$out/self.tree" -m folded --no-save >"$out/self.folded" 2>/dev/null || bad "self: -m folded failed"
expect "self: folded" "$(md5sum <"$out/self.folded")" \
	"$("$bin" -i "$out/a.tree" -m folded --no-save 2>/dev/null | awk '{ $NF *= 2; print }' | md5sum)"
for m in tree walk top svg png pdf; do
	"$bin" -i "$out/self.tree" -m $m --no-save --outdir "$out" >/dev/null 2>"$out/mode.err" </dev/null &&
		ok || bad "self: -m $m failed: $(cat "$out/mode.err")"
done
# diff: the per-invocation average does not move
"$bin" diff "$out/a.tree" "$out/self.tree" >"$out/diff.out" 2>/dev/null || bad "self: diff failed"
grep -qE '^  avg +737\.077 us +737\.077 us +0 ns +0\.00%$' "$out/diff.out" && ok || bad "self: diff avg moved"

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
	c[$2] += $3; t[$2] += $4; s[$2] += $5; if ($6 < mn[$2]) mn[$2] = $6; if ($7 > mx[$2]) mx[$2] = $7 }
	END { for (p in c) printf "%s\t%d\t%d\t%d\t%d\t%d\n", p, c[p], t[p], s[p], mn[p], mx[p] }' \
	"$out/a.tree" "$out/b.tree" | sort >"$out/nodes.want"
awk -F'\t' -v OFS='\t' '$1 == "node" { $1 = ""; sub(/^\t/, ""); print }' "$out/ab.tree" | sort >"$out/nodes.got"
cmp -s "$out/nodes.want" "$out/nodes.got" && ok || bad "kernels: node lines differ from the two runs added"
expect "kernels: kept" "$(grep -c '^inv	' "$out/ab.tree")" 16
expect "kernels: labels" "$(meta "$out/ab.tree" source.2) $(meta "$out/ab.tree" invocations.1) $(meta "$out/ab.tree" invocations.2)" "$out/b.tree 6 10"
"$bin" -i "$out/ab.tree" -m top --no-save >"$out/ab.top" 2>/dev/null || bad "kernels: -m top failed"
"$bin" diff "$out/a.tree" "$out/ab.tree" >/dev/null 2>&1 || bad "kernels: diff failed"
# a merged run merges again: its sources are listed, not it
merge nested 0 "$out/ab.tree" "$out/a.tree" -o "$out/aba.tree"
expect "nested: sources" "$(meta "$out/aba.tree" sources) $(meta "$out/aba.tree" source.1) $(meta "$out/aba.tree" source.3)" "3 $out/a.tree $out/a.tree"
expect "nested: invocations" "$(meta "$out/aba.tree" invocations)" 22

# --- runs that kept fewer invocations than they had: percentiles are estimates, and say so ----
save $f61 "$out/a2.tree" --keep 2
save $f612 "$out/b2.tree" --keep 2
merge approx 0 "$out/a2.tree" "$out/b2.tree" -o "$out/ab2.tree"
expect "approx: flagged" "$(meta "$out/ab2.tree" percentiles)" approximate
grep -q 'p50 and p99 are estimates' "$out/approx.err" && ok || bad "approx: no note on stderr"
# the invocation-weighted mean of the runs' own p50 and p99
expect "approx: p50 p99" "$(stat_col "$out/ab2.tree" 8) $(stat_col "$out/ab2.tree" 9)" \
	"$(awk -F'\t' '$1 == "stat" { n += $3; a += $3 * $8; b += $3 * $9 } END { printf "%d %d\n", int(a / n), int(b / n) }' "$out/a2.tree" "$out/b2.tree")"
# exact figures stay exact
expect "approx: exact rest" "$(awk -F'\t' '$1 == "stat" {print $3, $5, $6, $7, $10}' "$out/ab2.tree")" \
	"$(awk -F'\t' '$1 == "stat" {print $3, $5, $6, $7, $10}' "$out/ab.tree")"
expect "approx: kept" "$(awk '/^inv\t/ {print $2}' "$out/ab2.tree" | tr '\n' ' ')" "5 6 15 16 "

# --- refusals: different roots, counts-only with timed, damaged and missing runs, usage --------
"$bin" -q -f vfs_read -i tests/data/linux-6.1/vfs_read_tracing_thresh20.txt -m top -o "$out/vr.tree" >/dev/null
merge roots 1 "$out/a.tree" "$out/vr.tree" -o "$out/x.tree"
err_is roots "surfgraph: $out/a.tree is a run of __do_fault, $out/vr.tree a run of vfs_read: only runs of the same root merge (compare them with surfgraph diff --force)"
sed 's/^time=ns$/time=none/' "$out/a.tree" >"$out/counts.tree"
merge counts 1 "$out/a.tree" "$out/counts.tree" -o "$out/x.tree"
err_is counts "surfgraph: $out/a.tree has durations, $out/counts.tree call counts only: their totals do not add up"
head -c 400 "$out/a.tree" >"$out/cut.tree"
merge cut 1 "$out/a.tree" "$out/cut.tree" -o "$out/x.tree"
err_is cut "surfgraph: $out/cut.tree:17: truncated: the last line has no newline"
sed 's/^node\t__do_fault\t6\t/node\t__do_fault\tsix\t/' "$out/a.tree" >"$out/bad.tree"
merge damaged 1 "$out/a.tree" "$out/bad.tree" -o "$out/x.tree"
grep -q "^surfgraph: $out/bad.tree:[0-9]*: " "$out/damaged.err" && ok || bad "damaged: no file:line: $(cat "$out/damaged.err")"
merge notree 1 "$out/a.tree" $f61 -o "$out/x.tree"
grep -q "^surfgraph: $f61:1: not a surfgraph .tree file" "$out/notree.err" && ok || bad "notree: $(cat "$out/notree.err")"
merge missing 1 "$out/a.tree" "$out/nonexistent.tree" -o "$out/x.tree"
err_is missing "surfgraph: cannot open $out/nonexistent.tree: No such file or directory"
[ -e "$out/x.tree" ] && bad "a refused merge wrote its output" || ok
cp "$out/a.tree" "$out/in.tree"
merge overwrite 1 "$out/in.tree" "$out/b.tree" -o "$out/in.tree"
err_is overwrite "surfgraph: $out/in.tree is an input: not overwritten (choose another -o)"
cmp -s "$out/a.tree" "$out/in.tree" && ok || bad "overwrite: the input changed"
merge noout 2 "$out/a.tree"
err_is noout "surfgraph: merge wants the runs' .tree files and -o ALL.tree for the result (see surfgraph merge --help)"
merge option 2 -f __do_fault "$out/a.tree" -o "$out/x.tree"
err_is option "surfgraph: merge: -f is not a merge option (see surfgraph merge --help)"
merge mode 2 -m svg "$out/a.tree" -o "$out/x.tree"
err_is mode "surfgraph: merge: -m is not a merge option (see surfgraph merge --help)"
merge help 0 --help
grep -q '^Usage: surfgraph merge RUN.tree... -o ALL.tree$' "$out/help.out" && ok || bad "help: no usage line"
# the result replaces an older merge, which is kept as .old
merge again 0 "$out/a.tree" "$out/a.tree" -o "$out/self.tree"
[ -e "$out/self.tree.old" ] && ok || bad "again: no self.tree.old"

echo "merge: $pass passed, $fail failed"
[ "$fail" = 0 ]
