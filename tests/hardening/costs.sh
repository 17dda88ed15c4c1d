#!/usr/bin/env bash
# Costs an input could still choose (issue 37.4-6 and 8), replayed with inputs of uid 65534's
# when the suite runs as root: diff's name matching among 40,000 siblings, a merge of files that
# list 16,300 sources, every task deep in calls, and a small compressed trace.dat that would fill
# /var/tmp. Each is bound by CPU seconds (ulimit -t), bytes written (ulimit -f) or an exact count
# of what was left out, never by the clock; each bound is ten times or more what surfgraph needs.
# Usage: tests/hardening/costs.sh (SURFGRAPH=path overrides)
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
out=$PWD/tests/out/hardening-costs
fix=$PWD/tests/data/linux-6.1/do_fault.txt
dat=$PWD/tests/data/linux-6.1/do_fault_trace-cmd.dat
rm -rf "$out"
mkdir -p "$out"
chmod 755 "$out"
export SOURCE_DATE_EPOCH=0 LC_ALL=C
unset SURFGRAPH_TMP_MAX
SUITE=hardening-costs
. tests/lib.sh

err() { # NAME TEXT: stderr of NAME is exactly TEXT
	if [ "$(cat "$out/$1.err")" = "$2" ]; then ok; else
		bad "$1: stderr is '$(cat "$out/$1.err")', want '$2'"
	fi
}
attacker_setup
# sg_sub NAME STATUS ARGS: sg for a subshell, its verdict in NAME.rc for lim to count
sg_sub() {
	local name=$1 want=$2 got
	shift 2
	timeout "$LIMIT" "$bin" "$@" </dev/null >"$out/$name.out" 2>"$out/$name.err"
	got=$?
	if [ "$got" = "$want" ]; then echo ok; else echo "exit $got, want $want: $(head -c 300 "$out/$name.err")"; fi >"$out/$name.rc"
}
# lim NAME STATUS ULIMIT-ARGS -- ARGS: sg under a ulimit (CPU seconds, file size); a process the
# limit killed exits 128 + its signal (CPU: SIGKILL 137 or SIGXCPU 152; file size: SIGXFSZ 153)
lim() {
	local name=$1 want=$2 limits=()
	shift 2
	while [ "$1" != -- ]; do limits+=("$1"); shift; done
	shift
	(ulimit "${limits[@]}" && sg_sub "$name" "$want" "$@")
	if [ "$(cat "$out/$name.rc" 2>/dev/null)" = ok ]; then ok; else
		bad "$name (ulimit ${limits[*]}): $(cat "$out/$name.rc" 2>/dev/null)"
	fi
}

# ---- 37.4: diff's clone and rename matching, near-linear in siblings ----
# one root with 40,000 distinct children named a... before, b... after: nothing pairs, and each
# child used to be looked up among all the others (19.5 s of CPU at 20,000; ours 0.1 s)
kids() { # N NAME-FORMAT: a trace of one root calling N leaves named by the format
	awk -v n="$1" -v f="$2" 'BEGIN {
		printf " 0)   t-1    |               |  root() {\n"
		for (i = 1; i <= n; i++)
			printf " 0)   t-1    |   1.000 us    |    " f "();\n", i
		printf " 0)   t-1    | + 99.000 us   |  }\n" }'
}
kids 40000 'a%d' | plant wide-a.txt
kids 40000 'b%d' | plant wide-b.txt
lim wide 0 -t 10 -- diff -f root "$evil/wide-a.txt" "$evil/wide-b.txt" -m folded
check "diff: 40,000 gone and 40,000 new paths" test "$(grep -c ' 1000 0$' "$out/wide.out"),$(grep -c ' 0 1000$' "$out/wide.out")" = 40000,40000
# the same children as compiler clones: every one pairs (.isra.0 before, .constprop.0 after)
kids 40000 'f%d.isra.0' | plant clones-a.txt
kids 40000 'f%d.constprop.0' | plant clones-b.txt
lim clones 0 -t 10 -- diff -f root "$evil/clones-a.txt" "$evil/clones-b.txt" -m folded
check "diff: 40,000 clones paired, none left apart" test "$(grep -c ' 1000 1000$' "$out/clones.out"),$(grep -vc ' 1000 1000$' "$out/clones.out")" = 40000,0
# renames by subtree (issue 34): 20,000 gone and 20,000 new siblings that call something, a%d
# calling x%d before, b%d calling x%d after: each pair alike, but only the 8 largest of each side
# (all equal here: the first by name) are compared, so 8 pairs; the same with one x for all:
# every pair equally alike, none paired (each caller and its x a path of its own)
parents() { # N BEFORE-FORMAT CALLEE-FORMAT: a trace of one root calling N callers of one leaf
	awk -v n="$1" -v f="$2" -v g="$3" 'BEGIN {
		printf " 0)   t-1    |               |  root() {\n"
		for (i = 1; i <= n; i++) {
			printf " 0)   t-1    |               |    " f "() {\n", i
			printf " 0)   t-1    |   1.000 us    |      " g "();\n", i
			printf " 0)   t-1    |   2.000 us    |    }\n" }
		printf " 0)   t-1    | + 99.000 us   |  }\n" }'
}
parents 20000 'a%d' 'x%d' | plant ren-a.txt
parents 20000 'b%d' 'x%d' | plant ren-b.txt
lim renames 0 -t 10 -- diff -f root "$evil/ren-a.txt" "$evil/ren-b.txt" --ascii
check "diff: 20,000 gone and 20,000 new siblings alike in pairs: the 8 largest paired" \
	grep -qx 'matched: a1 -> b1 (100% alike), a10 -> b10 (100% alike), a100 -> b100 (100% alike), a1000 -> b1000 (100% alike), 4 more paths, 8 renames by subtree (docs/diff.md; --exact-names: none)' "$out/renames.out"
check "diff: and the others apart" test "$(grep -c '  \[gone\]$' "$out/renames.out"),$(grep -c '  \[new\]$' "$out/renames.out")" = 39984,39984
parents 20000 'a%d' 'x' | plant same-a.txt
parents 20000 'b%d' 'x' | plant same-b.txt
lim renames-same 0 -t 10 -- diff -f root "$evil/same-a.txt" "$evil/same-b.txt" -m folded
check "diff: 20,000 gone and 20,000 new siblings all alike: none paired" test "$(grep -c ' 1000 0$' "$out/renames-same.out"),$(grep -c ' 0 1000$' "$out/renames-same.out")" = 40000,40000

# ---- 37.5: merge's metadata: indexed, and never more than the reader takes ----
"$bin" -f __do_fault -i "$fix" -m top -q -o "$out/good.tree" >/dev/null
# sources=16300 and as many source.I lines: each was looked up among all the others, twice
# (main: 5.9 to 11 s of CPU to merge it once; ours 0.1 s)
awk '{ print } /^root=/ { print "sources=16300"; for (i = 1; i <= 16300; i++) print "source." i "=r" }' \
	"$out/good.tree" | plant sources.tree
lim merge-once 0 -t 2 -- merge "$evil/sources.tree" "$out/good.tree" -o "$out/once.tree"
lim merge-readback 0 -t 2 -- -i "$out/once.tree" -m top --no-save -q
check "merge: the output lists 16301 sources" grep -qx 'sources=16301' "$out/once.tree"
# twice: 32,615 key=value lines, which the reader refuses: merge refuses to write them
lim merge-twice 1 -t 2 -- merge "$evil/sources.tree" "$evil/sources.tree" -o "$out/twice.tree"
err merge-twice "surfgraph: the .tree file would hold 32615 key=value lines (sources=32600: a merged run lists its runs, up to 6 lines each), more than the 16384 surfgraph reads back: not written"
check "merge: nothing written" test ! -e "$out/twice.tree"

# ---- 37.6: open calls bounded per task and in all ----
# a complete root first, then TASKS tasks each DEPTH calls deep, none returning
deep() { # TASKS DEPTH
	awk -v n="$1" -v d="$2" 'BEGIN {
		printf " 0)   t-0    |               |  root() {\n 0)   t-0    |   1.000 us    |    leaf();\n"
		printf " 0)   t-0    |   3.000 us    |  }\n"
		ind = ""
		for (k = 0; k < d; k++) { sp[k] = ind; ind = ind "  " }
		for (i = 1; i <= n; i++)
			for (k = 0; k < d; k++)
				printf " 0)   t-%d    |               |  %s%s() {\n", i, sp[k], k ? "f" k : "root"
	}'
}
# (one task past 131,072 open calls: tests/hardening/test_limits, no text trace gets that deep)
# 32,768 tasks 33 calls deep (1,081,344 open calls; 65,536 tasks 100 deep took 2.16 GB): the
# 32,768 past 2^20 in all left out; 31,775 tasks hold 33 open calls, one more its root alone
nobody bash -c "$(declare -f deep); deep 32768 33" |
	timeout "$LIMIT" /usr/bin/time -o "$out/deep.rss" -f %M "$bin" -f root -i - -m top \
		--no-save >"$out/deep-all.out" 2>"$out/deep-all.err"
check "depth: 2^20 open calls in all, the rest said" grep -qx 'surfgraph: left out 32768 events of calls made while 131072 calls were open in their task or 1048576 in all (the most surfgraph follows at once); their invocations are incomplete' "$out/deep-all.err"
check "depth: 31776 invocations open, the first complete" grep -qx 'surfgraph: root: 1 complete invocation, 31776 incomplete, not merged (31776 still open at its end, 1 cut by missing events (lost, or before a CPU'"'"'s buffer began))' "$out/deep-all.err"
check "depth: the complete one exact: root 3 us, 2 of them its own" grep -Eq '^ +1 +3\.000 +2\.000 .* root$' "$out/deep-all.out"
check "depth: and its leaf, 1 us" grep -Eq '^ +1 +1\.000 +1\.000 .* leaf$' "$out/deep-all.out"

# ---- 37.8: a compressed trace.dat's header checked before it is copied; the copy bounded ----
if command -v zstd >/dev/null; then
	z() { zstd -q -c; }
else
	z() { gzip -c; }
fi
# the magic, version 6, then 256 MB of zeros: page size 0 (main copied 7.2 GB of such zeros)
{ printf '\027\010Dtracing6\0'; head -c 256M /dev/zero; } | z | plant zeros6.dat.z
lim dat-zeros 1 -f 1024 -- -f x -i "$evil/zeros6.dat.z" -m top --no-save
err dat-zeros "surfgraph: $evil/zeros6.dat.z: not a readable trace.dat file: bad page size in its header"
# a good header, then zeros: copied up to SURFGRAPH_TMP_MAX (4 MB; nothing past 8 MB written)
{ head -c 24 "$dat"; head -c 256M /dev/zero; } | z | plant header.dat.z
SURFGRAPH_TMP_MAX=4M lim dat-max 1 -f 8192 -- -f x -i "$evil/header.dat.z" -m top --no-save
err dat-max "surfgraph: $evil/header.dat.z: more than 4 MB to copy to /var/tmp (SURFGRAPH_TMP_MAX): too large (a trace.dat must be a file libtracecmd can seek in: decompress it to one and give its path to -i)"
SURFGRAPH_TMP_MAX=4X lim dat-max-bad 1 -f 8192 -t 10 -- -f x -i "$evil/header.dat.z" -m top --no-save
err dat-max-bad "surfgraph: SURFGRAPH_TMP_MAX=4X: not a size (bytes, or a number with K, M or G)"
# a tenth of /var/tmp kept free (a 700 MB tmpfs in a mount namespace of its own: 70 MB)
if unshare -m true 2>/dev/null; then
	{ head -c 24 "$dat"; head -c 1G /dev/zero; } | z | plant big.dat.z
	unshare -m sh -c 'mount -t tmpfs -o size=700m tmpfs /var/tmp && exec "$0" "$@"' "$bin" \
		-f x -i "$evil/big.dat.z" -m top --no-save >"$out/dat-tenth.out" 2>"$out/dat-tenth.err"
	check "trace.dat copy: a tenth of /var/tmp kept free" grep -q "^surfgraph: $evil/big.dat.z: copying it to /var/tmp would leave less than 70 MB free there (a tenth of it, at least 64 MB): stopped after [0-9]* MB" "$out/dat-tenth.err"
else
	echo "hardening-costs: the tenth of /var/tmp skipped (no mount namespace)"
fi

rm -rf "$evil"
finish
