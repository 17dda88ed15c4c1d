#!/usr/bin/env bash
# Living with it (issue 22, points 1, 5, 6 and 7): a saved run is never replaced by looking at
# other traces, the root a trace names itself, several roots each with their own numbers and
# files, and output from the kept invocations only saying so. Counts are derived from the
# fixtures with grep and awk.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
SUITE=trust
bin=${SURFGRAPH:-./surfgraph}
bin=$(realpath "$bin")
out=${SG_TEST_OUT:-tests/out}/trust
rm -rf "$out" && mkdir -p "$out"
export SOURCE_DATE_EPOCH=0
# shellcheck source=tests/lib.sh
. tests/lib.sh
top=$PWD
f61=tests/data/linux-6.1/do_fault.txt
f612=tests/data/linux-6.12/do_fault.txt
gunzip -c tests/data/linux-7.3/do_fault.txt.gz >"$out/do_fault-7.3.txt"
gunzip -c tests/data/linux-6.1/schedule_funcgraph-proc.txt.gz >"$out/sched.txt"
# whole calls at depth 0 (an entry or a leaf two spaces after the bar), per function
depth0() { grep -cE "^ *([0-9.]+ \| +)?[0-9]+\) .*\|  $1\(\)( \{|;)" "$2"; }

# Point 1: two runs saved (as live runs save them), then three looks at other traces in the
# same directory: the saved runs stay, and `diff ROOT.tree` still compares them.
s=$out/scene
mkdir -p "$s"
(cd "$s" && "$bin" -f __do_fault -i "$top/$f61" -m top -q -o __do_fault.tree >/dev/null &&
	"$bin" -f __do_fault -i "$top/$f612" -m top -q -o __do_fault.tree >/dev/null &&
	cp __do_fault.tree saved.tree && cp __do_fault.tree.old saved.tree.old)
expect "scene: two runs saved" "$(cd "$s" && ls)" "$(printf '%s\n' __do_fault.tree __do_fault.tree.old saved.tree saved.tree.old)"
(cd "$s" && "$bin" -f __do_fault -i "$top/$out/do_fault-7.3.txt" -m hist >/dev/null 2>&1) || bad "look: -m hist"
(cd "$s" && "$bin" -f __do_fault -i "$top/tests/data/linux-6.1/do_fault_pipe.txt" -m tree >/dev/null 2>&1) || bad "look: -m tree"
(cd "$s" && "$bin" -f schedule -i "$top/$out/sched.txt" -m folded >/dev/null 2>&1) || bad "look: -m folded"
check "scene: the last saved run is untouched" cmp -s "$s/saved.tree" "$s/__do_fault.tree"
check "scene: the run before it is untouched" cmp -s "$s/saved.tree.old" "$s/__do_fault.tree.old"
expect "scene: the looks wrote nothing" "$(cd "$s" && ls | grep -cv '^saved\|^__do_fault\.tree')" 0
(cd "$s" && "$bin" diff __do_fault.tree >diff.out 2>diff.err)
expect "scene: diff exit" "$?" 0
check "scene: diff compares the saved runs" grep -q "^BEFORE __do_fault.tree.old$" "$s/diff.out"
expect "scene: diff invocations, before and after" \
	"$(awk '$1 == "invocations" {print $2, $3}' "$s/diff.out")" "$(depth0 __do_fault $f61) $(depth0 __do_fault $f612)"
expect "scene: diff names its two files" "$(sed 's/, [0-9T:-]*Z)/)/g' "$s/diff.err")" \
	"surfgraph: comparing __do_fault.tree.old ($top/$f61) with __do_fault.tree ($top/$f612)"
# the same trace read twice and diffed: said, not 0.00% without a word
(cd "$s" && "$bin" -f __do_fault -i "$top/$f61" -m top -q -o twice.tree >/dev/null &&
	"$bin" -f __do_fault -i "$top/$f61" -m top -q -o twice.tree >/dev/null &&
	"$bin" diff twice.tree >/dev/null 2>twice.err)
check "diff of one trace's two reads warned" grep -qx "surfgraph: warning: both runs were made from $top/$f61: the difference is only in how they were read, not in the kernel (give BEFORE and AFTER)" "$s/twice.err"
# -o 1 is surfGraph's "save under the default name", with -i too; not on a .tree input
mkdir -p "$out/o1"
(cd "$out/o1" && "$bin" -f __do_fault -i "$top/$f61" -m top -o 1 >/dev/null 2>err)
check "-o 1 with -i writes ROOT.tree" grep -qx "surfgraph: wrote __do_fault.tree" "$out/o1/err"
sg o1-tree 2 -i "$s/saved.tree" -m top -o 1
check "-o 1 on a .tree refused" grep -qx "surfgraph: -o 1 names the .tree after the root of a traced run: give -o FILE.tree to copy $s/saved.tree" "$out/o1-tree.err"
# --no-save with -i states the default (older scripts pass it): the same output, nothing written
mkdir -p "$out/nosave"
for input in "$top/$f61" "$top/$s/saved.tree"; do
	(cd "$out/nosave" && "$bin" -f __do_fault -i "$input" -m top --no-save >with 2>err &&
		"$bin" -f __do_fault -i "$input" -m top >without 2>/dev/null)
	check "--no-save with -i $input: exit 0, same output" cmp -s "$out/nosave/with" "$out/nosave/without"
	check "--no-save with -i $input: nothing written" test "$(ls "$out/nosave")" = "$(printf 'err\nwith\nwithout')"
done
sg nosave-o 2 -f __do_fault -i $f61 -m top --no-save -o "$out/x.tree"
check "--no-save with -o refused" grep -q "^surfgraph: --no-save writes no .tree file: -o has nothing to do" "$out/nosave-o.err"
sg keep-nosave 2 -f __do_fault -i $f61 -m top --keep 3
check "--keep with -i and no -o refused" grep -qx "surfgraph: --keep chooses what a .tree keeps: reading a saved trace (-i) writes one only when -o asks (-o FILE.tree)" "$out/keep-nosave.err"
# README's offline example prints what the README shows (no .tree written)
sg readme 0 -f __do_fault -i examples/do_fault.txt -m tree
expect "README: the offline run's summary" "$(cat "$out/readme.err")" \
	"$(sed -n '/^## Try it/,/^The `hist` line/s/^    \(surfgraph: \)/\1/p' README.md)"

# Point 5: without -f, the trace's one top-level function is the root, said on stderr; several
# are listed with their counts (exit 2)
sg guess 0 -i $f61 -m top
expect "guess: the root said" "$(head -1 "$out/guess.err")" \
	"surfgraph: the root is __do_fault, the function of every whole top-level call in the trace ($(depth0 __do_fault $f61)); -f FUNC takes another"
"$bin" -f __do_fault -i $f61 -m top >"$out/guess.want" 2>/dev/null
check "guess: the same profile as -f __do_fault" cmp -s "$out/guess.out" "$out/guess.want"
sg guess-dat 0 -i tests/data/linux-6.1/do_fault_trace-cmd.dat -m top
check "guess: trace.dat" grep -q "^surfgraph: the root is __do_fault," "$out/guess-dat.err"
# several functions whose whole calls none dominates are listed (the trace's cut pieces left out,
# as tests/golden/rootguess.sh checks on every capture): three of six __do_fault renamed
awk '/\|  __do_fault\(\) \{/ && ++k <= 3 { sub(/__do_fault\(\)/, "filemap_fault()") } { print }' $f61 >"$out/split.txt"
sg guess-several 2 -i "$out/split.txt" -m top
expect "guess: several top-level functions listed" "$(cat "$out/guess-several.err")" \
	"surfgraph: which function? the whole top-level calls in $out/split.txt are of 2 functions: __do_fault ($(depth0 __do_fault "$out/split.txt")), filemap_fault ($(depth0 filemap_fault "$out/split.txt")) (none has nine in ten of them; the calls cut at its start do not count); give the root with -f FUNC"
in=$f61 sg guess-stdin 2 -i - -m top
check "guess: stdin is read once" grep -q "^surfgraph: which function? give the root with -f FUNC (stdin is read once" "$out/guess-stdin.err"
in=

# Point 6: several roots, each with its own files and numbers. In do_fault.txt,
# special_mapping_fault and shmem_fault are both called inside __do_fault, never inside each
# other: the N-th of their calls in the trace is invocation N.
mkdir -p "$out/two"
sg two 0 -f special_mapping_fault -f shmem_fault -i $f61 -s 1 --outdir "$out/two" -o "$out/two.tree"
want=$(grep -oE '\| +(special_mapping_fault|shmem_fault)\(\) \{' $f61 | sed 's/^| *//; s/().*//' |
	awk '{printf "%s-%06d.svg\n", $1, NR}')
expect "two: per-invocation files named after their roots" "$(cd "$out/two" && ls -- *-0*.svg)" "$(echo "$want" | sort)"
for f in $want; do
	r=${f%-*} i=${f#*-}
	i=$((10#${i%.svg}))
	check "two: $f titled after its root" grep -q ">$r — invocation ${i}<" "$out/two/$f"
done
# without -s: the slowest and the typical graph of each root, among its own invocations
sg two-defaults 0 -f special_mapping_fault -f shmem_fault -i $f61 --outdir "$out/two"
for r in special_mapping_fault shmem_fault; do
	p50=$(awk -F'\t' -v r=$r '$1 == "stat" && $2 == r {printf "%.3f us", $8 / 1000}' "$out/two.tree")
	check "two: typical $r is its own p50 ($p50)" grep -qE "^surfgraph: wrote $out/two/$r-typical\.svg \(typical $r: $p50, the p50\)$" "$out/two-defaults.err"
	check "two: the slowest $r" grep -qE "^surfgraph: wrote $out/two/$r-slowest\.svg \(the slowest $r\)$" "$out/two-defaults.err"
done
# a root called inside another root's invocations has no statistics of its own: said
sg nested 0 -f __do_fault -f shmem_fault -i $f61 -m hist
check "nested: said, with its calls counted" grep -qx "surfgraph: shmem_fault: all its $(grep -c 'shmem_fault() {' $f61) calls ran inside the invocations of __do_fault, as part of their trees: no invocations or histogram of its own (-f shmem_fault alone counts them all)" "$out/nested.err"

# Point 7: output from the kept invocations only says how many of the run's they are
sg kept-save 0 -f schedule -i "$out/sched.txt" -m top -q -o "$out/sched.tree"
all=$(awk -F= '$1 == "invocations" {print $2}' "$out/sched.tree")
# the kept: the last --keep (inv lines) and the slowest (slowinv), one invocation once
kept=$(awk -F'\t' '$1 == "inv" || $1 == "slowinv" {print $2}' "$out/sched.tree" | sort -u | wc -l)
sg kept-walk 0 -i "$out/sched.tree" -m walk
expect "kept: walk blocks are the kept invocations" "$(grep -c '^0 ' "$out/kept-walk.out")" "$kept"
check "kept: walk says $kept of $all" grep -qx "surfgraph: $kept of $all invocations shown, the ones the run kept (the last --keep and the --keep-slowest); the rest are in the merged tree and statistics only" "$out/kept-walk.err"
sg kept-each 0 -i "$out/sched.tree" -m tree --each
check "kept: --each says it" grep -q "^surfgraph: $kept of $all invocations shown" "$out/kept-each.err"
sg kept-sort 0 -f schedule -i "$out/sched.txt" -m walk --sort duration
check "kept: --sort duration on a trace says it" grep -q "^surfgraph: $kept of $all invocations shown" "$out/kept-sort.err"
# the timelines hold the last --keep (32 by default, the .tree's keep=)
last=$(awk -F= '$1 == "keep" {print $2}' "$out/sched.tree")
sg kept-chrome 0 -f schedule -i "$out/sched.txt" -m chrome
expect "kept: chrome events of the last $last" "$(grep -o '"invocation":[0-9]*' "$out/kept-chrome.out" | sort -u | wc -l)" "$last"
check "kept: chrome says $last of $all" grep -qx "surfgraph: $last of $all invocations shown, the last ones (--keep N; --keep all streams every one); the rest are in the merged tree and statistics only" "$out/kept-chrome.err"
sg kept-chrome-all 0 -f schedule -i "$out/sched.txt" -m chrome --keep all
expect "kept: --keep all, no line" "$(grep -c 'invocations shown' "$out/kept-chrome-all.err")" 0
# every invocation kept: nothing to say
sg kept-all 0 -i tests/data/diff/do_fault-6.1.tree -m walk
expect "kept: all kept, no line" "$(grep -c 'invocations shown' "$out/kept-all.err")" 0

# A saved run always reloads (VM s1 on arm64 6.1 once wrote a .tree it then refused): every
# fixture's .tree reads back to the same folded stacks and writes back byte for byte.
mkdir -p "$out/reload"
for f in tests/data/linux-*/*.dat tests/data/linux-*/*.txt tests/data/linux-*/*.txt.gz; do
	case $(basename "$f") in
	*do_fault*) root=__do_fault ;;
	*do_sys_openat2*) root=do_sys_openat2 ;;
	*vfs_read*) root=vfs_read ;;
	*) continue ;;
	esac
	r=$out/reload/$(echo "$f" | tr / _)
	"$bin" -i "$f" -f "$root" -m folded -o "$r.tree" >"$r.a" 2>/dev/null || continue
	if ! "$bin" -i "$r.tree" -m folded -o "$r.again.tree" >"$r.b" 2>"$r.err"; then
		bad "reload: $f: $(head -1 "$r.err")"
		continue
	fi
	check "reload: $f: the same folded stacks" cmp -s "$r.a" "$r.b"
	check "reload: $f: written back byte for byte" cmp -s "$r.tree" "$r.again.tree"
done
expect "reload: fixtures tried" "$(ls "$out"/reload/*.again.tree | wc -l)" 28
# A trace where one call of the root shows its duration and another does not (fuzz_text found
# it): the histogram counts the second at 0, and its bucket line must too, or the .tree it
# writes is refused when read back ("a bucket line's invocations differ from the hist lines").
printf '%s\n' ' 0)               |  a_root() {' ' 0)   1.382 us    |    b();' \
	' 0)   2.000 us    |  }' ' 0)               |  a_root() {' ' 0)               |    b();' \
	' 0)               |  }' >"$out/mixed.txt"
sg mixed-save 0 -f a_root -i "$out/mixed.txt" -m top -q -o "$out/mixed.tree"
expect "reload: mixed durations: bucket lines" "$(grep '^bucket' "$out/mixed.tree" | tr '\t' ' ' | paste -sd,)" \
	"bucket 0 1000 1,bucket 2000 4000 1"
sg mixed-load 0 -i "$out/mixed.tree" -m top -q
expect "reload: mixed durations: read back" "$(cat "$out/mixed-load.err")" ""
# The root interrupted in its own body: the kernel prints the interrupt's calls at the root's
# depth (as arm64 6.1 prints irq_enter_rcu beside get_page_from_freelist in
# tests/data/linux-arm64-6.1/do_fault.txt); the kept calls reload and replay in the trace's order.
cat >"$out/irqroot.txt" <<'TRACE'
# tracer: function_graph
#
# CPU  DURATION                  FUNCTION CALLS
# |     |   |                     |   |   |   |
 0)               |  __do_fault() {
 0) + 35.072 us   |  irq_enter_rcu();
 0)               |  do_interrupt_handler() {
 0)   ==========> |
 0)               |    gic_handle_irq() {
 0) + 32.064 us   |      __irq_resolve_mapping();
 0) ! 101.504 us  |    }
 0)   <========== |
 0) ! 160.000 us  |  }
 0) + 40.656 us   |    filemap_fault();
 0) ! 300.000 us  |  }
TRACE
sg irqroot 0 -i "$out/irqroot.txt" -f __do_fault -m replay -o "$out/irqroot.tree"
sg irqroot-reload 0 -i "$out/irqroot.tree" -m replay
check "irq at the root's depth: the .tree reloads, the same replay" cmp -s "$out/irqroot.out" "$out/irqroot-reload.out"
expect "irq at the root's depth: replay's calls, in the trace's order" \
	"$(sed -n 's/.* | *\([a-z_]*\)()$/\1/p' "$out/irqroot-reload.out" | paste -sd,)" \
	"$(grep -oE '[a-z_]+\(\)( \{|;)' "$out/irqroot.txt" | sed 's/().*//' | paste -sd,)"

finish
