#!/usr/bin/env bash
# The latency distribution (issue 13): -m hist's buckets and percentiles on real captures,
# derived from the trace text with awk and sort (not from surfgraph's output), checked against
# the .tree file and -m hist; the .tree's stored figures give the same -m hist.
set -euo pipefail
out=${SG_TEST_OUT:-tests/out}/tail
# shellcheck source=tests/golden/lib.sh
. "$(dirname "$0")/lib.sh"

# Nearest rank over a sorted list of ns on stdin: the smallest value with p% at or below it.
pctl() { awk -v p="$1" '{v[NR] = $1} END {r = p * NR / 100; k = int(r); if (k < r) k++; if (k < 1) k = 1; printf "%.0f\n", v[k]}'; }
# "lo_ns hi_ns count" per non-empty bucket: [0, 1 us), then [2^(k-1) us, 2^k us).
buckets() {
	awk '{q = int($1 / 1000); k = 0; while (q >= 1) { q = int(q / 2); k++ }; n[k]++; if (k > m) m = k}
	END {for (k = 0; k <= m; k++) if (n[k]) printf "%.0f %.0f %d\n", k ? 1000 * 2 ^ (k - 1) : 0, 1000 * 2 ^ k, n[k]}'
}
stat_col() { awk -F'\t' -v c="$1" '$1 == "stat" {print $c}' "$out/t.tree"; }

# check NAME ROOT TRACE: durations (sorted ns, one a line) in $out/durations
check() {
	local name=$1 root=$2 f=$3 d=$out/durations
	"$bin" -f "$root" -i "$f" -m hist -q -o "$out/t.tree" >"$out/$name.hist"
	expect "$name invocations" "$(awk -F'\t' '$1 == "stat" {print $3}' "$out/t.tree")" "$(wc -l <"$d")"
	expect "$name hist lines" "$(awk -F'\t' '$1 == "hist" {print $3, $4, $5}' "$out/t.tree")" "$(buckets <"$d")"
	expect "$name hist counts add up" "$(awk -F'\t' '$1 == "hist" {s += $5} END {print s}' "$out/t.tree")" "$(wc -l <"$d")"
	expect "$name p50" "$(stat_col 8)" "$(pctl 50 <"$d")"
	expect "$name p90" "$(stat_col 11)" "$(pctl 90 <"$d")"
	expect "$name p99" "$(stat_col 9)" "$(pctl 99 <"$d")"
	expect "$name p99.9" "$(stat_col 12)" "$(pctl 99.9 <"$d")"
	expect "$name max" "$(stat_col 10)" "$(tail -1 "$d")"
	# -m hist's count column, bucket by bucket
	expect "$name -m hist counts" "$(awk '/^ *[0-9.]+ [mun]?s - +([0-9.]+ [mun]?s|inf) +[0-9]+ +\|/ {print $4 == "inf" ? $5 : $6}' "$out/$name.hist")" \
		"$(buckets <"$d" | awk '{print $3}')"
	# the scatter: a dot per complete invocation (fewer than 10,000), with the trace's durations
	expect "$name dots' durations" "$(awk -F'\t' '$1 == "dot" {print $8}' "$out/t.tree" | sort -n | md5sum)" "$(md5sum <"$d")"
	# the same from the .tree: its stored percentiles and buckets
	"$bin" -i "$out/t.tree" -m hist -q >"$out/$name.tree.hist"
	expect "$name -m hist from the .tree" "$(cmp -s "$out/$name.hist" "$out/$name.tree.hist" && echo same)" same
}

# do_sys_openat2 (funcgraph-tail, no task column, 2 CPUs): an entry and the next return on the
# same CPU make one whole call; 2 returns have no entry, 1 entry no return.
f=$(data linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz)
awk '/do_sys_openat2\(\) \{/ {o[$1] = 1; next}
	/\} \/\* do_sys_openat2 \*\// && o[$1] {o[$1] = 0; sub(/ us.*/, ""); split($NF, p, "."); printf "%d\n", p[1] * 1000 + p[2]}' "$f" |
	sort -n >"$out/durations"
expect "openat2 whole calls" "$(wc -l <"$out/durations")" 219
check openat2 do_sys_openat2 "$f"

# the slowest kept whole (--keep-slowest, default 8): the 8 longest durations, longest first
expect "openat2 slowinv durations" "$(awk -F'\t' '$1 == "slowinv" {print $8}' "$out/t.tree")" \
	"$(sort -rn "$out/durations" | head -8)"
"$bin" -f do_sys_openat2 -i "$f" -m top -q --keep-slowest 3 --keep 0 -o "$out/k3.tree" >/dev/null
expect "--keep-slowest 3" "$(grep -c '^slowinv' "$out/k3.tree")" 3
expect "--keep 0 --keep-slowest 3: only the slowest" "$(grep -c '^inv	' "$out/k3.tree")" 0
# the slowest, 112th of the whole calls (awk: the 112th paired return), is the one kept first
nth=$(awk '/do_sys_openat2\(\) \{/ {o[$1] = 1; next} /\} \/\* do_sys_openat2 \*\// && o[$1] {o[$1] = 0; n++; sub(/ us.*/, ""); split($NF, p, "."); if (p[1] * 1000 + p[2] == '"$(sort -rn "$out/durations" | head -1)"') print n}' "$f")
expect "openat2 slowest's number" "$(awk -F'\t' '$1 == "slowinv" {print $2; exit}' "$out/t.tree")" "$nth"
# --pick: that invocation alone, in any mode: its walk block is the one -m walk prints
"$bin" -f do_sys_openat2 -i "$f" -m walk -q | awk -v n="$nth" '/^#/ {k = $3 == n} k' >"$out/walk-all"
"$bin" -f do_sys_openat2 -i "$f" -m walk -q --pick slowest >"$out/walk-pick"
expect "--pick slowest -m walk" "$(cmp -s "$out/walk-all" "$out/walk-pick" && echo same)" same
"$bin" -i "$out/t.tree" -m walk -q --pick "$nth" >"$out/walk-pick-tree"
expect "--pick N from the .tree" "$(cmp -s "$out/walk-all" "$out/walk-pick-tree" && echo same)" same
# any invocation of a trace can be picked, kept or not: the 3rd, in -m folded, adds up to it
third=$(awk '/do_sys_openat2\(\) \{/ {o[$1] = 1; next} /\} \/\* do_sys_openat2 \*\// && o[$1] {o[$1] = 0; if (++n == 3) {sub(/ us.*/, ""); split($NF, p, "."); print p[1] * 1000 + p[2]}}' "$f")
expect "--pick 3 -m folded sums to its duration" \
	"$("$bin" -f do_sys_openat2 -i "$f" -m folded -q --pick 3 | awk '{s += $NF} END {print s}')" "$third"
st=0
"$bin" -i "$out/t.tree" -m tree -q --pick 3 >/dev/null 2>"$out/pick.err" || st=$?
expect "--pick of one not kept: exit" "$st" 1
expect "--pick of one not kept: message" "$(cat "$out/pick.err")" \
	"surfgraph: --pick 3: that invocation is not kept (40 are: the last --keep and the --keep-slowest; -m tree --each --sort duration lists them)"
# --sort duration: the kept ones (the last 32 and the 8 slowest, 40 distinct), longest first
"$bin" -i "$out/t.tree" -m tree --each --sort duration --ascii --depth 1 -q |
	sed -n 's/^invocation \([0-9]*\) of .*duration \(.*\)$/\1/p' >"$out/sorted"
expect "--sort duration: how many" "$(wc -l <"$out/sorted")" 40
expect "--sort duration: order" "$(awk -F'\t' '$1 == "inv" || $1 == "slowinv" {print $8, $2}' "$out/t.tree" | sort -u | sort -k1,1nr -k2,2n | awk '{print $2}' | tr '\n' ' ')" \
	"$(tr '\n' ' ' <"$out/sorted")"

# diff --slow: the slow calls against the typical ones, from the .tree and from the trace.
# By hand: the 8 longest whole calls (112, 34, 78, 182, 121, 178, 97, 83) against the 159 of
# 256-512 us. The slowest, invocation 112 (2270.916 us on CPU 1), takes a timer interrupt in
# pid_revalidate whose irq_exit_rcu runs RCU callbacks: "rcu_do_batch" closes at 100.851 us,
# then 90.074 us, and more batches follow, all printed inside the call; most of the 8 show
# such irq_exit_rcu -> handle_softirqs -> rcu_core subtrees, which none of the 159 typical
# calls has at those paths ("new" in the diff). Their time lands under do_filp_open ->
# path_openat, where the walk and the permission checks are interrupted. awk gives both
# sides' averages per call, of the root and of path_openat (the sum of its "} /* path_openat
# */" lines in each call), truncated to the ns as diff does.
awk -f tests/golden/awk/openat2-slow-typical.awk "$f" >"$out/calls"
read -r sr sp < <(sort -k2,2nr -k1,1n "$out/calls" | head -8 | awk '{r += $2; p += $3} END {printf "%d %d\n", int(r / NR), int(p / NR)}')
read -r tn tr tp < <(awk '$2 >= 256000 && $2 < 512000 {r += $2; p += $3; n++} END {printf "%d %d %d\n", n, int(r / n), int(p / n)}' "$out/calls")
us() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }
pct() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", 100 * a / b}'; }
"$bin" -f do_sys_openat2 -i "$f" -m top -q -o "$out/o.tree" >/dev/null
"$bin" diff --slow "$out/o.tree" --ascii >"$out/slow.txt"
expect "diff --slow: the slow side" "$(sed -n 1p "$out/slow.txt")" \
	"slow: the 8 slowest invocations, whole (3 at or past the p99, 1.433 ms)"
expect "diff --slow: the typical side" "$(sed -n 2p "$out/slow.txt")" \
	"typical: the $tn invocations from 256.000 us to 512.000 us (the buckets that hold the p40 to the p60)"
expect "diff --slow: where the slow time goes" "$(sed -n 3p "$out/slow.txt")" \
	"the slow calls take +$(us $((sr - tr))) us more ($(us "$sr") us against $(us "$tr") us per call); $(pct $((sp - tp)) $((sr - tr)))% of that under do_filp_open -> path_openat"
expect "diff --slow: interrupts" "$(sed -n 4p "$out/slow.txt" | sed 's/^[0-9.]*%/N%/')" \
	"N% of it is interrupt work inside the calls (+789.234 us per call)"
p='do_sys_openat2;do_filp_open;path_openat;link_path_walk.part.0.constprop.0;walk_component;lookup_fast;pid_revalidate;irq_exit_rcu;handle_softirqs;rcu_core_si;rcu_core;rcu_do_batch'
expect "diff --slow: RCU callbacks under pid_revalidate, in the slow calls only" \
	"$("$bin" diff --slow "$out/o.tree" -m folded -q | awk -v p="$p" '$1 == p {print ($2 == 0 && $3 > 0)}')" 1
expect "the slowest call's trace runs rcu_do_batch" "$(awk '/\} \/\* rcu_do_batch \*\// {n++} END {print (n > 0)}' <("$bin" -f do_sys_openat2 -i "$f" --pick slowest -m raw -q))" 1
"$bin" diff --slow -f do_sys_openat2 "$f" --ascii >"$out/slow-trace.txt"
expect "diff --slow from the trace = from the .tree" "$(cmp -s "$out/slow.txt" "$out/slow-trace.txt" && echo same)" same
"$bin" diff --slow "$out/o.tree" -m svg -q -o "$out/slow.svg"
expect "diff --slow -m svg" "$(grep -c '<svg' "$out/slow.svg")" 1
st=0
"$bin" diff --slow tests/data/tree/do_fault-v1.tree >/dev/null 2>"$out/slow-old.err" || st=$?
expect "diff --slow of an old .tree: exit" "$st" 1
expect "diff --slow of an old .tree: message" "$(cat "$out/slow-old.err")" \
	"surfgraph: diff --slow needs the durations' histogram: a .tree of version 3 (read the trace again)"

# schedule with funcgraph-proc: pairs per task, cut where a CPU's buffer began after the entry
f=$(data linux-6.1/schedule_funcgraph-proc.txt.gz)
awk -F'|' -f tests/golden/awk/schedule-durations.awk "$f" "$f" | sort -n >"$out/durations"
check schedule schedule "$f"

# flame graphs: at most 1000 per-invocation files a run, and it says how many more were due
awk 'BEGIN {print "# tracer: function_graph"; for (i = 1; i <= 1005; i++) printf " 0)   %d.000 us    |  f();\n", i}' >"$out/many.txt"
rm -rf "$out/many"
"$bin" -f f -i "$out/many.txt" -s 1 --outdir "$out/many" >/dev/null 2>"$out/many.err"
expect "cap: files" "$(find "$out/many" -name 'f-*.svg' | wc -l)" 1000
expect "cap: the last written" "$(cd "$out/many" && ls f-*.svg | tail -1)" f-001000.svg
expect "cap: said" "$(tail -1 "$out/many.err")" \
	"surfgraph: 5 more were due but not written: at most 1000 a run (a larger -s STEP, or --pick N)"
# without -s: the slowest (1005 us) and a typical one: the p50 is 503 us (invocation 503), and
# the nearest a run keeps (the last 32, the 8 slowest, 16 spread over the run: every 64th) is 512
rm -rf "$out/few"
"$bin" -f f -i "$out/many.txt" --outdir "$out/few" >"$out/few.out" 2>/dev/null
expect "default graphs" "$(cd "$out/few" && echo *)" "f-slowest.svg f-typical.svg f.svg"
expect "default graphs: which invocations" "$(grep -ho 'f — invocation [0-9]*<' "$out/few/f-slowest.svg" "$out/few/f-typical.svg" | paste -sd' ')" \
	"f — invocation 1005< f — invocation 512<"

# the one-line form in -m tree's header
"$bin" -f schedule -i "$f" -m tree --ascii -q --depth 1 >"$out/sched.tree.txt"
expect "tree header histogram" "$(sed -n 3p "$out/sched.tree.txt")" \
	"  hist 128 us [____.#.________] 4.194 s  p90 31.351 ms  p99.9 4.000 s"

# an older .tree has no histogram: -m hist says so
st=0
"$bin" -i tests/data/tree/do_fault-v1.tree -m hist -q >/dev/null 2>"$out/old.err" || st=$?
expect "old .tree: exit" "$st" 1
expect "old .tree: message" "$(cat "$out/old.err")" \
	"surfgraph: -m hist: this .tree file has no histogram (written before version 3); read the trace again"

# a trace without durations has no distribution: said, exit 1
f=$(data linux-6.1/vfs_write_nofuncgraph-duration.txt.gz)
st=0
"$bin" -f vfs_write -i "$f" -m hist -q >/dev/null 2>"$out/nodur.err" || st=$?
expect "no durations: exit" "$st" 1
expect "no durations: message" "$(cat "$out/nodur.err")" \
	"surfgraph: -m hist: the trace has no durations (nofuncgraph-duration): no distribution to show"

echo "tail: $n checked, $fail failed"
[ $fail = 0 ]
