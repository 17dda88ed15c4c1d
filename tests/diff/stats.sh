#!/usr/bin/env bash
# Diff's significance on real captures (docs/diff.md): an A/A check (two halves of one capture,
# alternate invocations, split by awk) flags at most 5% of paths, and a change injected into a
# copy of a capture (one function's durations +30%, its callers' printed durations longer by as
# much, by awk) is flagged on that function and its callers and nowhere else; 6.1, 6.12, 7.3.
# Also: the .tree's per-path sums against awk's from the trace, and merge of the halves.
# Usage: tests/diff/stats.sh        (needs ./surfgraph and python3; SURFGRAPH=path overrides)
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
out=${SG_TEST_OUT:-tests/out}/diffstats
rm -rf "$out"
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0 LC_ALL=C
SUITE=diffstats
. tests/lib.sh
command -v python3 >/dev/null || { echo "FAIL diffstats: python3 is needed: make deps"; exit 1; }

# tree NAME ROOT TRACE: NAME.tree from the trace
tree() { "$bin" -q -f "$2" -i "$3" -m top -o "$out/$1.tree" >/dev/null || bad "$1: reading $3 failed"; }
# half NAME ROOT TRACE HALF BY: the HALF-th half of the trace's ROOT calls (split.awk), as NAME.tree
half() {
	awk -v ROOT="$2" -v HALF="$4" -v BY="$5" -f tests/diff/split.awk "$3" >"$out/$1.txt"
	tree "$1" "$2" "$out/$1.txt"
}
# json NAME BEFORE AFTER [OPTIONS]: diff -m json into NAME.json
json() {
	local name=$1 b=$2 a=$3
	shift 3
	"$bin" diff -q -m json "$b" "$a" "$@" >"$out/$name.json" || bad "$name: diff failed"
}
# flagged NAME [self_]: the paths the diff marks significant (total time, or self_ time)
flagged() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for p in d["paths"]:
    if p[sys.argv[2] + "significant"]:
        print(p["path"])' "$out/$1.json" "${2:-}"
}
# count NAME: the paths the diff compared
count() { python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["paths"]))' "$out/$1.json"; }

# aa NAME ROOT TRACE BY: halves by BY; at most 5% of the paths flagged (of total or self time)
aa() {
	local name=$1 n f s
	half "$name-0" "$2" "$3" 0 "$4"
	half "$name-1" "$2" "$3" 1 "$4"
	json "$name" "$out/$name-0.tree" "$out/$name-1.tree"
	n=$(count "$name")
	f=$(flagged "$name" | wc -l)
	s=$(flagged "$name" self_ | wc -l)
	echo "$name: $f of $n paths flagged (self: $s)" >>"$out/summary.txt"
	[ "$n" -gt 100 ] && [ $((f * 20)) -le "$n" ] && [ $((s * 20)) -le "$n" ] && ok ||
		bad "$name: A/A flags $f (self $s) of $n paths, more than 5%"
}

zcat tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz >"$out/openat2-61.txt"
tree traces-61 __do_fault tests/data/linux-6.1/do_fault.txt
tree traces-612 __do_fault tests/data/linux-6.12/do_fault.txt
zcat tests/data/linux-6.12/schedule_funcgraph-proc.txt.gz >"$out/schedule-612.txt"
zcat tests/data/linux-7.3/do_fault.txt.gz >"$out/do_fault-73.txt"

# --- the stored sums: awk from the trace, merge of the halves -----------------------------------
# the root's sum of squared durations, and path_openat's (its time per do_sys_openat2 call),
# from the printed durations (tests/golden/awk/openat2-slow-typical.awk: one line per call)
tree openat2 do_sys_openat2 "$out/openat2-61.txt"
awk -f tests/golden/awk/openat2-slow-typical.awk "$out/openat2-61.txt" |
	awk '{ n++; q += $2 * $2; po += $3 * $3; if ($3) k++ }
	     END { printf "pstat\t%d\t%.0f\npstat\t%d\t%.0f\n", n, q, k, po }' >"$out/sums.want"
awk -F'\t' '$1 == "node" { p = $2 } $1 == "pstat" && (p == "do_sys_openat2" ||
	p == "do_sys_openat2;do_filp_open;path_openat") { print $1 "\t" $2 "\t" $3 }' \
	"$out/openat2.tree" >"$out/sums.got"
cmp -s "$out/sums.want" "$out/sums.got" && ok ||
	bad "sums: the .tree's pstat lines are $(tr '\n' ' ' <"$out/sums.got"), awk says $(tr '\n' ' ' <"$out/sums.want")"
expect "sums: version" "$(head -1 "$out/openat2.tree")" "# surfgraph-tree 6"
# the two halves merged: the whole's node and pstat lines, to the last digit
half oa-0 do_sys_openat2 "$out/openat2-61.txt" 0 alt
half oa-1 do_sys_openat2 "$out/openat2-61.txt" 1 alt
"$bin" merge -q -o "$out/oa-merged.tree" "$out/oa-0.tree" "$out/oa-1.tree" || bad "merge failed"
cmp -s <(grep -E '^(node|pstat)' "$out/openat2.tree") <(grep -E '^(node|pstat)' "$out/oa-merged.tree") &&
	ok || bad "merge: the halves' sums do not add up to the whole's"
expect "halves: invocations" "$(grep -h '^invocations=' "$out/oa-0.tree" "$out/oa-1.tree" | tr '\n' ' ')" \
	"invocations=109 invocations=110 "

# --- A/A: two halves of one capture -------------------------------------------------------------
aa aa-612 schedule "$out/schedule-612.txt" alt
# The 7.3 capture alternates faults: shmem_fault in 194 of the even __do_fault calls and 97 of
# the odd ones, special_mapping_fault in 95 and 192; the 6.1 one two kinds of open
# (path_openat through proc_tgid_net_lookup in 40 of the even calls and 20 of the odd ones,
# proc_fdinfo_permission in 2 and 40). Alternate calls differ for real there, so their A/A
# halves are alternate pairs of calls; and the alternate halves must show the difference.
aa aa-73 __do_fault "$out/do_fault-73.txt" pairs
aa aa-61 do_sys_openat2 "$out/openat2-61.txt" pairs
half alt-73-0 __do_fault "$out/do_fault-73.txt" 0 alt
half alt-73-1 __do_fault "$out/do_fault-73.txt" 1 alt
json alt-73 "$out/alt-73-0.tree" "$out/alt-73-1.tree"
flagged alt-73 >"$out/alt-73.flagged"
grep -qx '__do_fault;shmem_fault' "$out/alt-73.flagged" &&
	grep -qx '__do_fault;special_mapping_fault' "$out/alt-73.flagged" && ok ||
	bad "alt-73: the alternate calls' real difference (shmem_fault, special_mapping_fault) not flagged"
json alt-61 "$out/oa-0.tree" "$out/oa-1.tree"
flagged alt-61 >"$out/alt-61.flagged"
grep -qx 'do_sys_openat2;do_filp_open;path_openat;proc_tgid_net_lookup' "$out/alt-61.flagged" &&
	grep -q ';proc_fdinfo_permission$' "$out/alt-61.flagged" && ok ||
	bad "alt-61: the alternate calls' real difference (proc_tgid_net_lookup, proc_fdinfo_permission) not flagged"

# --- an injected change: FUNCTION +30% in a copy of the capture ---------------------------------
# inject NAME ROOT TRACE FUNCTION: BEFORE the capture, AFTER its copy with FUNCTION 30% longer
inject() {
	awk -v FN="$4" -f tests/diff/inject.awk "$3" >"$out/$1.txt"
	tree "$1-before" "$2" "$3"
	tree "$1" "$2" "$out/$1.txt"
	json "$1" "$out/$1-before.tree" "$out/$1.tree"
}
# only NAME FUNCTION: every flagged path (total time) is FUNCTION's or a caller of it, and
# only FUNCTION's paths are flagged for self time
only() {
	local p bad_paths="" self_paths=""
	while read -r p; do
		# a path flagged must lead to a FUNCTION path among the compared ones
		grep -qE "^$(printf '%s' "$p" | sed 's/[.[\*^$]/\\&/g')(;[^;]+)*;$2\$|^$(printf '%s' "$p" | sed 's/[.[\*^$]/\\&/g')\$" \
			<(python3 -c 'import json, sys
for p in json.load(open(sys.argv[1]))["paths"]:
    if p["path"].split(";")[-1] == sys.argv[2]: print(p["path"])' "$out/$1.json" "$2") ||
			bad_paths="$bad_paths $p"
	done < <(flagged "$1")
	[ -z "$bad_paths" ] && ok || bad "$1: flagged beyond $2 and its callers:$bad_paths"
	while read -r p; do
		[ "${p##*;}" = "$2" ] || self_paths="$self_paths $p"
	done < <(flagged "$1" self_)
	[ -z "$self_paths" ] && ok || bad "$1: self time flagged beyond $2:$self_paths"
}
# has NAME PATH [self_]: PATH is flagged
has() {
	flagged "$1" "${3:-}" >"$out/$1.flagged${3:-}"
	grep -qxF -- "$2" "$out/$1.flagged${3:-}" && ok || bad "$1: $2 not flagged${3:+ (self)}"
}
# hasnt NAME PATH: PATH is not flagged, and its interval holds 0
hasnt() {
	python3 -c 'import json, sys
p = [p for p in json.load(open(sys.argv[1]))["paths"] if p["path"] == sys.argv[2]][0]
sys.exit(not (p["significant"] is False and p["ci_low_ns"] <= 0 <= p["ci_high_ns"]))' \
		"$out/$1.json" "$2" && ok || bad "$1: $2 flagged, or no interval holding 0"
}

# 6.1: path_openat is 83% of do_sys_openat2: the change shows in every caller
inject inj-61 do_sys_openat2 "$out/openat2-61.txt" path_openat
has inj-61 'do_sys_openat2;do_filp_open;path_openat'
has inj-61 'do_sys_openat2;do_filp_open;path_openat' self_
has inj-61 'do_sys_openat2;do_filp_open'
has inj-61 'do_sys_openat2'
only inj-61 path_openat
# the injected figures: path_openat and each caller longer by 30% of path_openat, per call
# printed; per invocation, 78851424 ns * 0.3 / 219 = 108016 ns (rounded per call: 108015-108016)
python3 -c 'import json, sys
d = {p["path"]: p for p in json.load(open(sys.argv[1]))["paths"]}
for k in ("do_sys_openat2", "do_sys_openat2;do_filp_open", "do_sys_openat2;do_filp_open;path_openat"):
    assert 108014 <= d[k]["delta_ns"] <= 108017, (k, d[k]["delta_ns"])
    assert d[k]["ci_low_ns"] < d[k]["delta_ns"] < d[k]["ci_high_ns"], k' "$out/inj-61.json" &&
	ok || bad "inj-61: deltas are not the injected 30% of path_openat, or outside their interval"
# 7.3: shmem_get_folio_gfp, under shmem_fault in half of the __do_fault calls; __do_fault's
# 578 calls span 9 us to 8 ms, more than the 7.8 us the change adds per call: not flagged there
inject inj-73 __do_fault "$out/do_fault-73.txt" shmem_get_folio_gfp
has inj-73 '__do_fault;shmem_fault;shmem_get_folio_gfp'
has inj-73 '__do_fault;shmem_fault;shmem_get_folio_gfp' self_
has inj-73 '__do_fault;shmem_fault'
hasnt inj-73 '__do_fault'
only inj-73 shmem_get_folio_gfp
# 6.12: dequeue_entities, 96% of the calls under dequeue_task_fair; schedule itself holds the
# task's sleep (252 us to 4 s per call): the 16 us the change adds are within its noise
inject inj-612 schedule "$out/schedule-612.txt" dequeue_entities
has inj-612 'schedule;dequeue_task_fair;dequeue_entities'
has inj-612 'schedule;dequeue_task_fair;dequeue_entities' self_
has inj-612 'schedule;dequeue_task_fair'
hasnt inj-612 'schedule'
only inj-612 dequeue_entities
# the root itself 30% longer, in each: flagged there and nowhere else
for c in "61 do_sys_openat2 openat2-61" "73 __do_fault do_fault-73" "612 schedule schedule-612"; do
	set -- $c
	inject "root-$1" "$2" "$out/$3.txt" "$2"
	has "root-$1" "$2"
	has "root-$1" "$2" self_
	only "root-$1" "$2"
done

# --- what the text says -------------------------------------------------------------------------
"$bin" diff -q "$out/inj-61-before.tree" "$out/inj-61.tree" >"$out/inj-61.out" || bad "inj-61: text diff failed"
grep -qE '^significance: Welch.s t-test .* 99% ' "$out/inj-61.out" && ok || bad "inj-61: no significance line"
grep -qE '^ +[0-9.]+ +[0-9.]+ +\+108\.01[56] +\+30\.0[0-9]% +\+[0-9.]+\.\.\+[0-9.]+ \* .*path_openat$' "$out/inj-61.out" &&
	ok || bad "inj-61: path_openat's line in the text: $(grep 'path_openat$' "$out/inj-61.out" | head -1)"
# the largest changes: only the significant one (path_openat's self), unless --all
awk '/largest significant changes/ { getline; while ((getline l) > 0 && l != "") n++ } END { exit n != 1 }' \
	"$out/inj-61.out" && ok || bad "inj-61: the largest significant changes are not path_openat alone"
# within the noise (A/A): no largest change, unless --all
"$bin" diff -q "$out/aa-73-0.tree" "$out/aa-73-1.tree" >"$out/aa-73.out"
grep -qx 'largest significant changes in self time: none (--all: those within the noise too)' \
	"$out/aa-73.out" && ok || bad "aa-73: largest changes listed though none is significant"
"$bin" diff -q --all "$out/aa-73-0.tree" "$out/aa-73-1.tree" >"$out/aa-73-all.out"
grep -qx '10 largest changes in self time per invocation:' "$out/aa-73-all.out" && ok ||
	bad "aa-73: --all does not list the changes within the noise"
# --fail-above on avg: only a significant growth trips it
sg gate-real 3 diff -q "$out/inj-61-before.tree" "$out/inj-61.tree" --fail-above 10
grep -q 'grew by +25' "$out/gate-real.err" && ok || bad "gate-real: $(cat "$out/gate-real.err")"
grep -q 'more than --fail-above 10.00%, a significant change (p=' "$out/gate-real.err" && ok ||
	bad "gate-real: $(cat "$out/gate-real.err")"
# the alternate halves of 7.3: avg +124% from a few 8 ms calls, not a significant change
sg gate-noise 0 diff "$out/alt-73-1.tree" "$out/alt-73-0.tree" --fail-above 0.01
grep -q 'avg grew by +124.29%, more than --fail-above 0.01% but within the noise' "$out/gate-noise.err" &&
	ok || bad "gate-noise: $(cat "$out/gate-noise.err")"
sg gate-all 3 diff "$out/alt-73-1.tree" "$out/alt-73-0.tree" --fail-above 0.01 --all
# the p50 row: the rank test of the two histograms, and --metric p50's gate on it
grep -qE '^  p50 +352\.808 us +439\.120 us .* p=0\.00029 \* \(rank test of the histograms\)$' "$out/inj-61.out" &&
	ok || bad "inj-61: p50's rank test: $(grep '^  p50' "$out/inj-61.out")"
"$bin" diff -q "$out/aa-73-0.tree" "$out/aa-73-1.tree" >"$out/aa-73-p50.out"
grep -qE '^  p50 .* p=0\.6 ~ \(rank test of the histograms\)$' "$out/aa-73-p50.out" && ok ||
	bad "aa-73: p50's rank test: $(grep '^  p50' "$out/aa-73-p50.out")"
sg gate-p50 3 diff -q "$out/inj-61-before.tree" "$out/inj-61.tree" --fail-above 10 --metric p50
grep -q 'p50 grew by +24.46% .*, a significant change (p=0.00029 at 99%)' "$out/gate-p50.err" && ok ||
	bad "gate-p50: $(cat "$out/gate-p50.err")"
# too few invocations to test (6 and 10): said, and not a regression (issue 33); --all: the growth
sg gate-few 0 diff "$out/traces-61.tree" "$out/traces-612.tree" --fail-above 10 -m folded
grep -q 'avg grew by +33.08%, more than --fail-above 10.00% but 6 and 10 invocations are too few to tell it from the noise (fewer than 10 in a run): passes' \
	"$out/gate-few.err" && ok || bad "gate-few: $(cat "$out/gate-few.err")"
sg gate-few-all 3 diff -q "$out/traces-61.tree" "$out/traces-612.tree" --fail-above 10 --all -m folded

# --- the gates of p99 and max: only a significant growth trips them (issue 33) -------------------
# A/A, halves of one capture by pairs of calls, both ways: p99 and max move by up to 50% (one or
# two long calls), none of it significant; main's gate tripped on 6.1's and 7.3's
for h in "aa-61 do_sys_openat2" "aa-73 __do_fault"; do
	set -- $h
	for m in p99 max; do
		for w in "0 1" "1 0"; do
			set -- $h
			a=${w% *} b=${w#* }
			sg "gate-$1-$m-$a" 0 diff -q "$out/$1-$a.tree" "$out/$1-$b.tree" --fail-above 10 --metric $m -m folded
		done
	done
done
# a change of every call: __rcu_read_unlock 30% longer in a copy of the 6.1 capture (2223 calls a
# side). awk counts the calls of 2 us or more, the histogram's bound next to the pooled p99: 18
# in the capture, 44 in the copy; Fisher's exact test (python3's integers) gives p = 0.0012
awk -v FN=__rcu_read_unlock -f tests/diff/inject.awk "$out/openat2-61.txt" >"$out/rcu.txt"
tree rcu-before __rcu_read_unlock "$out/openat2-61.txt"
tree rcu __rcu_read_unlock "$out/rcu.txt"
for f in openat2-61 rcu; do
	awk '/__rcu_read_unlock\(\);/ && match($0, /[0-9]+\.[0-9]+ us/) {
		n++; if (substr($0, RSTART, RLENGTH - 3) + 0 >= 2) k++ } END { print n, k }' "$out/$f.txt"
done | tr '\n' ' ' >"$out/rcu.counts"
expect "rcu: calls of 2 us or more" "$(cat "$out/rcu.counts")" "2223 18 2223 44 "
p=$(python3 -c 'from math import comb
n0 = n1 = 2223; k0, k1 = 18, 44; k = k0 + k1
P = lambda j: comb(n1, j) * comb(n0, k - j) / comb(n0 + n1, k)
print("%.2g" % sum(P(j) for j in range(k + 1) if P(j) <= P(k1) * (1 + 1e-7)))')
"$bin" diff -q "$out/rcu-before.tree" "$out/rcu.tree" >"$out/rcu.out"
grep -qE "^  p99 +1\.852 us +2\.408 us .* p=$p \* \(18 -> 44 calls of 2\.000 us or more\)\$" "$out/rcu.out" && ok ||
	bad "rcu: p99's row (want p=$p): $(grep '^  p99' "$out/rcu.out")"
# max: 3 calls of the copy past the capture's max: 2 * C(2223,3) / C(4446,3) = 0.25
grep -qE '^  max .* p=0\.25 ~ \(3 calls past the other run.s max\)$' "$out/rcu.out" && ok ||
	bad "rcu: max's row: $(grep '^  max' "$out/rcu.out")"
sg gate-rcu-p99 3 diff -q "$out/rcu-before.tree" "$out/rcu.tree" --fail-above 10 --metric p99 -m folded
grep -q "p99 grew by +30.02% .*, a significant change (p=$p at 99%)" "$out/gate-rcu-p99.err" && ok ||
	bad "gate-rcu-p99: $(cat "$out/gate-rcu-p99.err")"
sg gate-rcu-max 0 diff "$out/rcu-before.tree" "$out/rcu.tree" --fail-above 10 --metric max -m folded
grep -q 'max grew by +29.99%, more than --fail-above 10.00% but within the noise (p=0.25' "$out/gate-rcu-max.err" &&
	ok || bad "gate-rcu-max: $(cat "$out/gate-rcu-max.err")"
# the root 30% longer in every call still trips p50 (6.1's do_sys_openat2, 219 calls)
sg gate-root-p50 3 diff -q "$out/root-61-before.tree" "$out/root-61.tree" --fail-above 10 --metric p50 -m folded
# 219 calls: 4 past the pooled p99, too few for a test of the p99: said, and passes
sg gate-root-p99 0 diff "$out/root-61-before.tree" "$out/root-61.tree" --fail-above 10 --metric p99 -m folded
grep -q 'p99 grew by +30.00%, more than --fail-above 10.00% but only [0-9]* calls of both runs are in its tail' "$out/gate-root-p99.err" &&
	ok || bad "gate-root-p99: $(cat "$out/gate-root-p99.err")"
# older files: no test, and why
sg old 0 diff tests/data/diff/do_fault-6.1.tree "$out/inj-73.tree" --force -m json
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["test"] is None and "version 5" in d["why_untested"]
assert all(p["significant"] is None for p in d["paths"])' "$out/old.out" && ok ||
	bad "old: a version 4 file compared with significance, or without saying why not"

# --- the differential flame graph: within the noise is grey, the tooltip gives the interval -----
"$bin" diff -q "$out/aa-61-0.tree" "$out/aa-61-1.tree" -m svg -o "$out/aa-61.svg" || bad "aa-61: -m svg failed"
# every frame of the A/A halves is grey, though their deltas are not 0
fills=$(grep -o '<rect x="[^"]*" width="[^"]*" height="15" fill="#[0-9a-f]*"' "$out/aa-61.svg" | grep -o '#[0-9a-f]*' | sort -u | tr '\n' ' ')
expect "aa-61 svg: fills" "$fills" "#d8d8d8 "
grep -q 'delta -[1-9][0-9.]* us (-[0-9.]*%), calls [^;]*; 99% interval -[0-9.]* to +[0-9.]* us, within the noise</title>' "$out/aa-61.svg" &&
	ok || bad "aa-61 svg: no tooltip with a change within the noise and its interval"
grep -q 'grey unchanged or within the noise (99%)' "$out/aa-61.svg" && ok || bad "aa-61 svg: caption"
# the caption's avg by significance too (issue 33): +124% of the alternate 7.3 halves, within the
# noise, not in the bold red of a slower root; the injected +25% is
"$bin" diff -q "$out/alt-73-1.tree" "$out/alt-73-0.tree" -m svg -o "$out/alt-73.svg" || bad "alt-73: -m svg failed"
grep -q '__do_fault avg [^<]*(+124.29%), 289 → 289 invocations, within the noise (p=[0-9.e-]*)' "$out/alt-73.svg" &&
	! grep -q '<tspan fill="#d00000" font-weight="bold">__do_fault avg' "$out/alt-73.svg" && ok ||
	bad "alt-73 svg: the avg's caption: $(grep -o '[^>]*__do_fault avg[^<]*' "$out/alt-73.svg" | head -1)"
"$bin" diff -q "$out/inj-61-before.tree" "$out/inj-61.tree" -m svg -o "$out/inj-61.svg" || bad "inj-61: -m svg failed"
grep -q '<tspan fill="#d00000" font-weight="bold">do_sys_openat2 avg [^<]*(+25.04%)' "$out/inj-61.svg" && ok ||
	bad "inj-61 svg: the significant avg's caption not in red"
grep -q '<title>path_openat .*delta +108.015 us (+30.00%), calls 1 → 1; 99% interval +57.560 to +163.762 us, significant</title><rect [^>]* fill="#ff' \
	"$out/inj-61.svg" && ok || bad "inj-61 svg: path_openat not red with its interval"

# --- reading it: --depth, --min-percent, --min-delta, --color ---------------------------------
"$bin" diff -q "$out/inj-61-before.tree" "$out/inj-61.tree" --depth 2 --min-percent 5 --color=always >"$out/read.out"
# the tree: the root and its children of at least 5% of it (of the larger of 431 and 539 us:
# do_filp_open 470 us, getname 34.6 us, not get_unused_fd_flags 12.5 us), in red / grey
sed 's/\x1b\[[0-9]*m//g' "$out/read.out" | awk '/before_us .*function$/ { t = 1; next } t && /^ /' |
	awk '{ print $NF }' | tr '\n' ' ' >"$out/read.names"
expect "read: names" "$(cat "$out/read.names")" "do_sys_openat2 do_filp_open getname "
grep -q $'^\x1b\\[31m .*+108.016 .* do_sys_openat2\x1b\\[m$' "$out/read.out" && ok || bad "read: the root not in red"
grep -q $'^\x1b\\[90m .*getname\x1b\\[m$' "$out/read.out" && ok || bad "read: getname not in grey"
grep -qx '(2464 paths hidden: --min-percent 5.00% (of the root.s time) --depth 2)' "$out/read.out" && ok ||
	bad "read: the hidden paths' line: $(tail -1 "$out/read.out")"
# not a terminal: no colour unless asked
"$bin" diff -q "$out/inj-61-before.tree" "$out/inj-61.tree" --depth 2 >"$out/read2.out"
grep -q $'\x1b' "$out/read2.out" && bad "read2: colour when piped" || ok
# --min-delta: changes under 50 us hidden, path_openat's 108 us and its callers kept
"$bin" diff -q "$out/inj-61-before.tree" "$out/inj-61.tree" --min-delta 50us >"$out/read3.out"
expect "read3: lines" "$(awk '/before_us .*function$/ { t = 1; next } t && /^ /' "$out/read3.out" | wc -l)" 3
grep -q -- '--min-delta 50.000 us (smaller changes' "$out/read3.out" && ok || bad "read3: $(tail -1 "$out/read3.out")"
sg read4 2 diff "$out/inj-61-before.tree" "$out/inj-61.tree" --min-delta 5
grep -q 'min-delta wants a time such as 5us' "$out/read4.err" && ok || bad "read4: $(cat "$out/read4.err")"

# --- names across kernel versions ---------------------------------------------------------------
# A copy of the 6.1 capture with 7.3's names: link_path_walk.part.0.constprop.0 without its
# clone suffixes, kmem_cache_alloc as kmem_cache_alloc_noprof, do_filp_open as do_file_open.
sed -e 's/link_path_walk\.part\.0\.constprop\.0/link_path_walk/' \
	-e 's/kmem_cache_alloc\b/kmem_cache_alloc_noprof/g' -e 's/do_filp_open/do_file_open/' \
	"$out/openat2-61.txt" >"$out/renamed.txt"
tree renamed do_sys_openat2 "$out/renamed.txt"
# names NAME OPTIONS...: how many paths diff matched, and how many it calls new or gone
names() {
	local name=$1
	shift
	json "$name" "$out/openat2.tree" "$out/renamed.tree" "$@"
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(d["matched_names"], sum(p["state"] != "both" for p in d["paths"]),
      sum(p["delta_ns"] != 0 for p in d["paths"]))' "$out/$name.json"
}
# by default clones and _noprof by name, and do_filp_open -> do_file_open by its subtree (issue
# 34): below it the same functions (but for clones and _noprof), so everything pairs, as with
# --rename; the five paths matched by name are do_filp_open's link_path_walk and the
# kmem_cache_alloc paths
expect "names: default" "$(names names-default)" "6 0 0"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
m = {x["path"]: x for x in d["matches"]}
x = m["do_sys_openat2;do_file_open"]
assert (x["before_name"], x["after_name"], x["how"], x["similarity"]) == ("do_filp_open", "do_file_open", "subtree", 1), x
x = m["do_sys_openat2;do_file_open;path_openat;link_path_walk"]
assert (x["before_name"], x["how"], x["similarity"]) == ("link_path_walk.part.0.constprop.0", "clone", None), x
assert sorted(x["how"] for x in m.values()) == ["clone"] * 5 + ["subtree"], m
p = {q["path"]: q for q in d["paths"]}
assert p["do_sys_openat2;getname;getname_flags.part.0;kmem_cache_alloc_noprof"]["before_name"] == "kmem_cache_alloc"' \
	"$out/names-default.json" && ok || bad "names: default matching of the 6.1 and renamed paths"
"$bin" diff -q "$out/openat2.tree" "$out/renamed.tree" >"$out/names-default.out"
grep -qx 'names: 5 paths matched under another name in BEFORE (compiler clones, _noprof, --rename; --exact-names: none)' \
	"$out/names-default.out" && ok || bad "names: default: the header does not count the 5 clones"
grep -qx 'matched: do_filp_open -> do_file_open (100% alike), 1 rename by subtree (docs/diff.md; --exact-names: none)' \
	"$out/names-default.out" && ok || bad "names: default: the header does not name the rename by subtree"
# --exact-names: nothing matched, every path with a renamed name in it gone, its twin new
m=$(grep -cP '^node\t[^\t]*(do_filp_open|link_path_walk\.part\.0\.constprop\.0|kmem_cache_alloc)(;|\t)' "$out/openat2.tree")
expect "names: --exact-names" "$(names names-exact-only --exact-names)" "0 $((2 * m)) $((2 * m))"
"$bin" diff -q "$out/openat2.tree" "$out/renamed.tree" --exact-names >"$out/names-exact-only.out"
grep -q '^names:\|^matched:' "$out/names-exact-only.out" && bad "names: --exact-names: a match said" || ok
grep -qE '[|`]- do_file_open  \[new\]$' "$out/names-exact-only.out" && ok || bad "names: --exact-names: do_file_open not new"
# --rename OLD=NEW, or a file of them: everything paired, no change anywhere
expect "names: --rename" "$(names names-rename --rename do_filp_open=do_file_open)" "6 0 0"
printf '# 6.1 -> 7.3\n\ndo_filp_open=do_file_open\n' >"$out/renames.txt"
expect "names: --rename FILE" "$(names names-file --rename "$out/renames.txt")" "6 0 0"
"$bin" diff -q "$out/openat2.tree" "$out/renamed.tree" --rename do_filp_open=do_file_open >"$out/names.out"
grep -qx 'names: 6 paths matched under another name in BEFORE (compiler clones, _noprof, --rename; --exact-names: none)' \
	"$out/names.out" && ok || bad "names: the header does not say how many paths were matched"
grep -q '^matched:' "$out/names.out" && bad "names: --rename's pair said as found by subtree" || ok
python3 -c 'import json, sys
m = {x["path"]: x for x in json.load(open(sys.argv[1]))["matches"]}
assert m["do_sys_openat2;do_file_open"]["how"] == "rename", m' "$out/names-rename.json" && ok ||
	bad "names: --rename's pair not how=rename"
grep -qE '^ .*[|`]- link_path_walk  \[BEFORE: link_path_walk\.part\.0\.constprop\.0\]$' "$out/names.out" && ok ||
	bad "names: link_path_walk's line does not name its BEFORE name"
# --rename still pairs with --exact-names (it names the pair itself), nothing else does: the
# clones below do_file_open stay apart
expect "names: --exact-names --rename" "$(names names-exact --exact-names --rename do_filp_open=do_file_open | cut -d' ' -f1)" "1"
"$bin" diff -q "$out/openat2.tree" "$out/renamed.tree" --exact-names --rename do_filp_open=do_file_open >"$out/names-exact.out"
grep -qx 'names: 1 path matched under another name in BEFORE (--rename; --exact-names: no other)' \
	"$out/names-exact.out" && ok || bad "names: --exact-names --rename: $(grep '^names' "$out/names-exact.out")"
sg rename-bad 1 diff "$out/openat2.tree" "$out/renamed.tree" --rename do_filp_open
grep -q "rename do_filp_open: No such file" "$out/rename-bad.err" && ok || bad "rename-bad: $(cat "$out/rename-bad.err")"
sg rename-bad2 2 diff "$out/openat2.tree" "$out/renamed.tree" --rename =x
grep -q "rename wants OLD=NEW" "$out/rename-bad2.err" && ok || bad "rename-bad2: $(cat "$out/rename-bad2.err")"

# --- 6.1 against 7.3, real captures of do_sys_openat2 (issue 23): renames are not changes --------
# With do_filp_open=do_file_open given, the header counts the paths matched under another name and
# none of the ten largest changes is a rename (tests/diff/top-renames.awk, by its own stripping of
# the clone suffixes and _noprof); without the rename they all are, and with --exact-names the
# clones too (link_path_walk.part.0.constprop.0), so the check can fail.
zcat tests/data/linux-7.3/do_sys_openat2_funcgraph-tail.txt.gz >"$out/openat2-73.txt"
tree openat2-73 do_sys_openat2 "$out/openat2-73.txt"
# v73 NAME OPTIONS...: the text diff of the two, and top-renames.awk's renames among its largest
v73() {
	local name=$1
	shift
	"$bin" diff -q -f do_sys_openat2 "$out/openat2.tree" "$out/openat2-73.tree" "$@" \
		>"$out/$name.out" || bad "$name: diff failed"
	awk -v RENAME=do_filp_open=do_file_open -f tests/diff/top-renames.awk \
		"$out/openat2.tree" "$out/openat2-73.tree" "$out/$name.out" >"$out/$name.renames"
}
v73 v73 --rename do_filp_open=do_file_open
n=$(sed -n 's/^names: \([0-9]*\) paths matched under another name in BEFORE .*/\1/p' "$out/v73.out")
[ "${n:-0}" -gt 0 ] && ok || bad "v73: the header does not say how many paths were matched: $n"
top=$(awk '/^10 largest .*changes in self time/ { getline; while ((getline l) > 0 && l != "") n++ }
	END { print n + 0 }' "$out/v73.out")
expect "v73: largest changes" "$top" 10
[ ! -s "$out/v73.renames" ] && ok ||
	bad "v73: renames among the largest changes: $(head -3 "$out/v73.renames")"
# with --exact-names, as before issue 34: do_file_open's paths not seen as do_filp_open's
v73 v73-norename --exact-names
[ "$(wc -l <"$out/v73-norename.renames")" -ge 5 ] && ok ||
	bad "v73-norename: do_file_open's paths not seen as renames of do_filp_open's"
# by default (issue 34): do_filp_open -> do_file_open found by the functions below them, so at
# most 2 of the 10 largest changes are new or gone (main: 9), none of them a rename
v73 v73-default
grep -qx 'matched: do_filp_open -> do_file_open (70% alike), tick_sched_timer -> tick_nohz_handler (4 paths, 60% alike or more), step_into -> step_into_slowpath (86% alike), getname -> getname_flags (74% alike), 1 more path, 8 renames by subtree (docs/diff.md; --exact-names: none)' \
	"$out/v73-default.out" && ok || bad "v73-default: header: $(grep '^matched' "$out/v73-default.out")"
fresh=$(awk '/^10 largest .*changes in self time/ { getline; while ((getline l) > 0 && l != "") {
	split(l, f, " +"); if (f[5] == "new" || f[5] == "gone") n++ } } END { print n + 0 }' "$out/v73-default.out")
[ "$fresh" -le 2 ] && ok || bad "v73-default: $fresh of the 10 largest changes new or gone"
[ ! -s "$out/v73-default.renames" ] && ok ||
	bad "v73-default: renames among the largest changes: $(head -3 "$out/v73-default.renames")"
grep -qE '^ .*[|`]- do_file_open  \[BEFORE: do_filp_open\]$' "$out/v73-default.out" && ok ||
	bad "v73-default: do_file_open's line does not name do_filp_open"
# the differential graph's tooltip of do_file_open says how it was matched
"$bin" diff -q -f do_sys_openat2 "$out/openat2.tree" "$out/openat2-73.tree" -m svg \
	-o "$out/v73-default.svg" || bad "v73-default: -m svg failed"
grep -qF '; BEFORE: do_filp_open (renamed: matched by subtree, 70% of the time below in functions both call)</title>' \
	"$out/v73-default.svg" && ok || bad "v73-default: the SVG's tooltip of do_file_open does not say the match"
# each rename's similarity as docs/diff.md defines it, worked out by subtree-sim.awk from the two
# .tree files (BEFORE's path with BEFORE's names, from the JSON's matches): the JSON's to the 4th
# decimal (do_filp_open -> do_file_open 0.7028)
"$bin" diff -q -m json -f do_sys_openat2 "$out/openat2.tree" "$out/openat2-73.tree" \
	>"$out/v73-default.json" || bad "v73-default: -m json failed"
python3 -c 'import json, sys
ms = json.load(open(sys.argv[1]))["matches"]
was = {m["path"]: m["before_name"] for m in ms}
for m in ms:
    if m["how"] == "subtree":
        k = m["path"].split(";")
        # the path in BEFORE: each name as BEFORE had it
        g = [was.get(";".join(k[:i + 1]), k[i]) for i in range(len(k))]
        print(";".join(g), m["path"], "%.4f" % m["similarity"], sep="\t")' \
	"$out/v73-default.json" >"$out/v73-sim.txt"
expect "v73-default: renames by subtree in the JSON" "$(wc -l <"$out/v73-sim.txt")" 8
while IFS=$'\t' read -r g n sim; do
	want=$(awk -v G="$g" -v N="$n" -f tests/diff/subtree-sim.awk "$out/openat2.tree" "$out/openat2-73.tree")
	expect "v73-default: similarity of $n" "$sim" "$want"
done <"$out/v73-sim.txt"
grep -qF '"before_name": "do_filp_open", "after_name": "do_file_open", "how": "subtree", "similarity": 0.7028}' \
	"$out/v73-default.json" && ok || bad "v73-default: the JSON's match of do_filp_open"
# --rename wins over a better pair by subtree: do_filp_open taken as getname_flags, and
# do_file_open, alike to no gone sibling left (getname: 22%), new
"$bin" diff -q -m json -f do_sys_openat2 "$out/openat2.tree" "$out/openat2-73.tree" \
	--rename do_filp_open=getname_flags >"$out/v73-force.json" || bad "v73-force: diff failed"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
m = {x["path"]: x for x in d["matches"]}
x = m["do_sys_openat2;getname_flags"]
assert (x["before_name"], x["how"], x["similarity"]) == ("do_filp_open", "rename", None), x
p = {q["path"]: q["state"] for q in d["paths"]}
assert (p["do_sys_openat2;do_file_open"], p["do_sys_openat2;getname"]) == ("new", "gone")' \
	"$out/v73-force.json" && ok || bad "v73-force: --rename does not force its pair over the subtree match"
v73 v73-exact --exact-names --rename do_filp_open=do_file_open
w=do_sys_openat2';do_file_open;path_openat;link_path_walk'$'\t''do_sys_openat2;do_filp_open;path_openat;'
grep -qxF "${w}link_path_walk.part.0.constprop.0" "$out/v73-exact.renames" && ok ||
	bad "v73-exact: link_path_walk's clone not seen among the largest changes"

# The mark agrees with the numbers: '!' exactly where the interval (the typical time's) lies on
# the other side of 0 than the delta (the average's), '*' never so; the header counts the '!'s.
# Columns of a tree row: before after delta delta% ci s ...; awk reads the signs itself.
awk '$5 ~ /^[-+][0-9.]+\.\.[-+][0-9.]+$/ && ($6 == "*" || $6 == "!") {
	split($5, ci, /\.\./); d = $3 + 0
	against = (d > 0 && ci[2] + 0 < 0) || (d < 0 && ci[1] + 0 > 0)
	if (against != ($6 == "!")) bad++; if ($6 == "!") marked++
} END { print marked + 0, bad + 0 }' "$out/v73.out" >"$out/v73.against"
read -r marked wrong <"$out/v73.against"
[ "$marked" -gt 0 ] && [ "$wrong" = 0 ] && ok ||
	bad "v73: '!' on $marked rows, $wrong rows whose mark disagrees with their delta and interval"
grep -q "^  ! changed, but the typical time moved the other way than the average ([1-9][0-9]* of the changed paths)" \
	"$out/v73.out" && ok || bad "v73: the header does not explain the '!' marks"

# The header counts each path once: changed, within the noise, or untested (issue 33: every
# changed path was counted a second time as '?', though the JSON had no untested path).
"$bin" diff -q -m json -f do_sys_openat2 "$out/openat2.tree" "$out/openat2-73.tree" \
	--rename do_filp_open=do_file_open >"$out/v73.json" || bad "v73: diff -m json failed"
want=$(python3 -c 'import json, sys
v = [p["significant"] for p in json.load(open(sys.argv[1]))["paths"]]
print(v.count(True), v.count(False), v.count(None))' "$out/v73.json")
got=$(sed -n 's/^  s: \* changed (\([0-9]*\) paths), ~ within the noise (\([0-9]*\)), ? fewer than 10 invocations in a run (\([0-9]*\))$/\1 \2 \3/p' "$out/v73.out")
[ -n "$got" ] && [ "$got" = "$want" ] && ok ||
	bad "v73: the header counts changed/noise/untested as '$got', the JSON's paths as '$want'"

# -m json names the test of each metric, the runs per side, and each match it made (issue 34)
"$bin" diff -q -m json "$out/rcu-before.tree" "$out/rcu.tree" >"$out/rcu.json" || bad "rcu: -m json failed"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["tests"]["p99"] == "fisher-exact-past-pooled-p99" and d["tests"]["max"] == "exceedance-past-other-max"
assert d["tests"]["p50"] == "mann-whitney-histogram" and d["tests"]["level"] == 0.99
assert d["runs"] == {"before": 1, "after": 1}
r = d["roots"][0]
assert r["p99_calls_past"] == [18, 44] and r["p99_at_ns"] == 2000 and r["p99_significant"] is True
assert abs(r["p99_p"] - 0.0012022) < 1e-6, r["p99_p"]
assert r["max_calls_past"] == [0, 3] and r["max_significant"] is False' "$out/rcu.json" && ok ||
	bad "rcu json: the tests of p99 and max, or the runs"
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
m = {x["before_name"]: (x["after_name"], x["path"]) for x in d["matches"]}
assert m["do_filp_open"] == ("do_file_open", "do_sys_openat2;do_file_open"), m
assert len(d["matches"]) == d["matched_names"] == sum("before_name" in p for p in d["paths"])' \
	"$out/v73.json" && ok || bad "v73 json: the matches made"

cat "$out/summary.txt"
finish
