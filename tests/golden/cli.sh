#!/usr/bin/env bash
# The command line as a user meets it: exit codes and the one-line messages for bad input.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") # absolute: some runs cd
out=${SG_TEST_OUT:-tests/out}/cli
rm -rf "$out" && mkdir -p "$out"
fail=0 n=0
fix=tests/data/linux-6.1/do_fault.txt

# run WANT_STATUS WANT_STDERR_SUBSTRING ARGS...
run() {
	local want=$1 msg=$2
	shift 2
	n=$((n + 1))
	"$bin" "$@" >"$out/stdout" 2>"$out/stderr"
	local got=$?
	if [ $got != "$want" ] || { [ -n "$msg" ] && ! grep -qF -- "$msg" "$out/stderr"; }; then
		echo "FAIL: surfgraph $*: exit $got (want $want), stderr: $(head -c 300 "$out/stderr") (want '$msg')"
		fail=$((fail + 1))
	fi
}
# said WANT_STATUS WANT_STDOUT WANT_STDERR ARGS...: a run that succeeds (or fails) saying what it
# should: its stdout holds WANT_STDOUT ('' : prints nothing), its stderr is WANT_STDERR exactly
said() {
	local want=$1 sout=$2 serr=$3
	shift 3
	n=$((n + 1))
	"$bin" "$@" >"$out/stdout" 2>"$out/stderr"
	local got=$? why=''
	if [ $got != "$want" ]; then
		why="exit $got (want $want)"
	elif [ -z "$sout" ] && [ -s "$out/stdout" ]; then
		why="stdout not empty: $(head -c 300 "$out/stdout")"
	elif [ -n "$sout" ] && ! grep -qF -- "$sout" "$out/stdout"; then
		why="stdout lacks '$sout': $(head -c 300 "$out/stdout")"
	elif [ "$(cat "$out/stderr")" != "$serr" ]; then
		why="stderr '$(head -c 300 "$out/stderr")', want '$serr'"
	fi
	[ -z "$why" ] || { echo "FAIL: surfgraph $*: $why"; fail=$((fail + 1)); }
}

run 2 "unknown option '--bogus' (see --help)" --bogus
run 2 "unknown mode 'pie': use svg, png, pdf, tree, walk, raw, folded, top, hist, pprof, replay, chrome, speedscope or tui" -f x -m pie -i $fix
# -m hist reads no per-invocation or drawing option; diff has no histogram
run 2 "--each is for -m tree, not -m hist" -f x -i $fix -m hist --each
run 2 "-s is for -m svg, png or pdf, not -m hist" -f x -i $fix -m hist -s 3
run 2 "diff: unknown mode 'hist': use tree, svg, png, pdf, folded or json" diff -m hist a b
run 2 "-m json is surfgraph diff's (for one run: -m speedscope, chrome or pprof)" -m json -i a.tree
run 2 "--level is a confidence level from 50 to below 100 (99, 95, 99.9), not '100'" diff --level 100 a b
run 2 "--all is for surfgraph diff (see surfgraph diff --help)" --all -i a.tree
run 2 "--rename wants OLD=NEW (or a file of such lines), not 'a='" diff --rename a= a b
run 2 "diff --slow compares one run's slow calls with its typical ones: one RUN (.tree, or a trace with -f), without --level" diff --slow --level 95 a
# --keep-slowest, --sort, --pick: their values, and the options they cannot go with
run 2 "--keep-slowest wants a whole number from 0 to 65536" -f x -i $fix --keep-slowest lots
run 2 "--sort name orders -m top's rows; -m tree takes --sort duration" -f x -i $fix -m tree --each --sort name
run 2 "--sort takes duration (the kept invocations of -m tree --each or walk, longest first) or total, self, calls or name (-m top's rows), not 'size'" -f x -i $fix -m tree --each --sort size
run 2 "--sort orders the invocations of --each (-m tree --each)" -f x -i $fix -m tree --sort duration
run 2 "--sort is for -m tree --each, walk, replay or top, not -m folded" -f x -i $fix -m folded --sort duration
run 2 "-m top --sort takes total, self, calls or name (its rows)" -f x -i $fix -m top --sort duration
run 2 "--pick takes an invocation's number (1, 2, ...), slowest or p50, not 'fast'" -f x -i $fix --pick fast
run 2 "--pick shows one invocation: not with --each" -f x -i $fix -m tree --each --pick 1
run 2 "--pick shows one invocation: not with -s" -f x -i $fix -s 2 --pick 1
run 2 "--pick shows one invocation: not with --keep all" -f x -i $fix -m chrome --keep all --pick 1
run 2 "diff: --pick is not a diff option" diff --pick 1 a b
run 2 "diff --slow compares one run's slow calls with its typical ones: one RUN (.tree, or a trace with -f), without a second" diff --slow a b
run 2 "without --fail-above" diff --slow --fail-above 5 a
run 2 "without --total" diff --slow --total a
run 2 "--slow is for surfgraph diff" -f x -i $fix --slow
run 2 "--keep wants a whole number from 0 to 65536, not 'many'" --keep many
run 2 "-s wants a whole number" -s -1 -f x -i $fix -m tree
run 2 "--keep all streams every invocation into -m chrome or speedscope" -f x -i $fix -m tree --keep all
run 2 "-m chrome writes to stdout: -o - would mix the .tree file into it" -f x -i $fix -m chrome -o -
run 2 "-m pprof writes to stdout: -o - would mix" -f x -i $fix -m pprof -o -
# the slowest's events span its duration, as the trace's 2622.473 us
said 0 '{"type":"evented","name":"__do_fault #2 (laid out: no times)","unit":"nanoseconds","startValue":0,"endValue":2622473,' \
	"surfgraph: __do_fault: 6 complete invocations" -f __do_fault -i $fix -m speedscope --keep all
run 2 "option '-f' needs a value" -f
# a single-valued option given twice is refused, naming it; the lists grow (issue 33 point 11)
run 2 "-m given twice ('tree', then 'top'): it takes one value" -f __do_fault -i $fix -m tree -m top
run 2 "--pick given twice ('slowest', then 'p50'): it takes one value" -f __do_fault -i $fix -m tree --pick slowest --pick p50
run 2 "--color given twice (alone, then 'never')" -f __do_fault -i $fix -m tree --color --color=never
run 2 "-o given twice ('$out/a.tree', then '$out/b.tree')" -f __do_fault -i $fix -m top -o "$out/a.tree" -o "$out/b.tree"
run 2 "diff: -m given twice ('json', then 'tree')" diff -m json -m tree a b
run 2 "--metric given twice ('p50', then 'p99')" diff --metric p50 --metric p99 a b
# two roots, two callees left out: the root's self time takes what -x left out (1098.115 us alone)
said 0 "         6       4422.463       1103.474      737.077     2622.473  100.00  __do_fault" "" \
	-f __do_fault -f shmem_fault -x vdso_fault -x __cond_resched -i $fix -m top -q -q
# diff reads both runs with one string table: the other trace's names are not this one's, and
# the name typed is never its own nearest (it answered "did you mean vfs_read" for vfs_read)
run 1 "no call of vfs_read in $fix (204 lines, 196 call events): is it the traced function?" \
	diff -f vfs_read tests/data/linux-arm64-6.1/vfs_read.txt.gz $fix
run 1 "no call of vfs_reed in tests/data/linux-arm64-6.1/vfs_read.txt.gz (" \
	diff -f vfs_reed tests/data/linux-arm64-6.1/vfs_read.txt.gz $fix
n=$((n + 1))
grep -q "did you mean vfs_read[,?]" "$out/stderr" ||
	{ echo "FAIL: diff -f vfs_reed: $(cat "$out/stderr")"; fail=$((fail + 1)); }
run 2 "unexpected argument 'extra'" -f x -m tree -i $fix extra
awk '/\|  __do_fault\(\) \{/ && ++k <= 3 { sub(/__do_fault\(\)/, "filemap_fault()") } { print }' $fix >"$out/split.txt"
run 2 "which function? the whole top-level calls in $out/split.txt are of 2 functions: __do_fault (3), filemap_fault (3) (none has nine" -i "$out/split.txt" -m tree
run 2 "-o fault.html: surfgraph writes no web page; -o NAME.svg (.png, .pdf) names the flame graph" \
	-f __do_fault -i $fix -o fault.html
n=$((n + 1))
[ -e fault.html ] && { echo "FAIL: -o fault.html was refused but written"; fail=$((fail + 1)); }
run 1 "cannot open /nonexistent/trace: No such file or directory" -f x -i /nonexistent/trace -m tree
run 1 "no call of nosuchfunc in $fix (204 lines, 196 call events)" -f nosuchfunc -i $fix -m tree
: >"$out/empty"
run 1 "$out/empty is empty" -f x -i "$out/empty" -m tree
head -c 100000 /dev/urandom >"$out/garbage"
# random bytes: binary data, said so (not "no call of x" in lines a stray byte made)
run 1 "surfgraph: $out/garbage: binary data, not a function_graph trace, trace.dat or .tree file" \
	-f x -i "$out/garbage" -m tree
n=$((n + 1))
! grep -q $'\033' "$out/stderr" || { echo "FAIL: garbage: escape in the message"; fail=$((fail + 1)); }
run 0 "" --help
grep -q "^Examples:" "$out/stdout" || { echo "FAIL: --help has no examples"; fail=$((fail + 1)); }
run 0 "" -V
grep -qE "^surfgraph [0-9]+\.[0-9]+" "$out/stdout" || { echo "FAIL: -V"; fail=$((fail + 1)); }

# a damaged .tree is refused with file:line: reason
"$bin" -f __do_fault -i $fix -m top -q -o "$out/good.tree" >/dev/null
head -n 20 "$out/good.tree" >"$out/cut.tree"
run 1 "$out/cut.tree:21: truncated: no 'end' line" -i "$out/cut.tree" -m tree
sed 's/^time=ns/time=fortnights/' "$out/good.tree" >"$out/bad.tree"
run 1 "$out/bad.tree:11: time must be ns or none" -i "$out/bad.tree" -m tree
run 1 "-m raw needs a trace: a .tree file keeps no trace lines" -i "$out/good.tree" -m raw

# stdin works for traces and .tree files alike
n=$((n + 1))
a=$("$bin" -f __do_fault -i - -m folded -q <$fix | md5sum)
b=$("$bin" -f __do_fault -i $fix -m folded -q | md5sum)
c=$("$bin" -i - -m folded -q <"$out/good.tree" | md5sum)
[ "$a" = "$b" ] && [ "$a" = "$c" ] || { echo "FAIL: stdin gives another result"; fail=$((fail + 1)); }

# the summary goes to stderr and names the file written; the default name is ROOT.tree, which
# reading a saved trace writes only when asked (-o 1)
n=$((n + 1))
rm -rf "$out/dn" && mkdir -p "$out/dn"
(cd "$out/dn" && "$bin" -f __do_fault -i "../../../../$fix" -m top >/dev/null 2>summary && rm summary)
[ -z "$(ls "$out/dn")" ] || { echo "FAIL: -i without -o wrote $(ls "$out/dn")"; fail=$((fail + 1)); }
n=$((n + 1))
(cd "$out/dn" && "$bin" -f __do_fault -i "../../../../$fix" -m top -o 1 >/dev/null 2>summary)
grep -q "wrote __do_fault.tree" "$out/dn/summary" && [ -f "$out/dn/__do_fault.tree" ] &&
	[ -z "$(ls "$out/dn" | grep '\.tmp\.')" ] || { echo "FAIL: default .tree ($(cat "$out/dn/summary"))"; fail=$((fail + 1)); }
# a glob root makes a safe file name
n=$((n + 1))
(cd "$out" && "$bin" -f '__do_fa?lt' -i "../../../$fix" -m top -q -o 1 >/dev/null)
[ -f "$out/__do_fa_lt.tree" ] || { echo "FAIL: glob file name: $(ls $out)"; fail=$((fail + 1)); }

# --outdir takes the flame graph and the .tree file alike
n=$((n + 1))
"$bin" -f __do_fault -i $fix --outdir "$out/od" -s 0 -q -o 1 >/dev/null 2>&1
[ -f "$out/od/__do_fault.svg" ] && [ -f "$out/od/__do_fault.tree" ] ||
	{ echo "FAIL: --outdir: $(ls "$out/od" 2>&1)"; fail=$((fail + 1)); }

# Point 1 of issue 14: no option is accepted and ignored. Filters slice a saved trace as the
# kernel would have traced it: the same call paths as the captures made with the option live.
d=tests/data/linux-6.1
paths() { "$bin" -m folded -q "$@" | cut -d' ' -f1 | sort; }
n=$((n + 1))
[ "$(paths -f __do_fault -i $fix --no-irqs)" = "$(paths -f __do_fault -i $d/do_fault_nofuncgraph-irqs.txt)" ] ||
	{ echo "FAIL: --no-irqs -i differs from the funcgraph-irqs=0 capture"; fail=$((fail + 1)); }
n=$((n + 1))
[ "$(paths -f __do_fault -i $fix --max-depth 3)" = "$(paths -f __do_fault -i $d/do_fault_max_depth3.txt)" ] ||
	{ echo "FAIL: --max-depth 3 -i differs from the max_graph_depth=3 capture"; fail=$((fail + 1)); }
# -x drops the function and its callees; its time becomes the caller's self time
n=$((n + 1))
"$bin" -f __do_fault -i $fix -m tree --ascii -q -x vmf_insert_pfn >"$out/x.txt"
! grep -q "vmf_insert_pfn\|lookup_memtype" "$out/x.txt" && grep -q "^ *2.603 ms *2.603 ms .*vvar_fault" "$out/x.txt" ||
	{ echo "FAIL: -x vmf_insert_pfn -i: $(grep -c . "$out/x.txt") lines"; fail=$((fail + 1)); }
# one invocation: every count's noun in the singular (issue 33: "1 complete invocations", "the 1
# slowest invocations"), and -m hist's ranges in the unit each reaches, as the TUI's
awk '{print} /^ [0-9]\) [^|]*\|  }$/ {exit}' $fix >"$out/one.txt"
"$bin" -f __do_fault -i "$out/one.txt" -m hist -o "$out/one.tree" >"$out/one.hist" 2>"$out/one.err"
"$bin" -f __do_fault -i "$out/one.txt" -m tree -q >"$out/one.tree.txt"
"$bin" diff --slow "$out/one.tree" >"$out/one.slow" 2>&1
one() { # what, file, the line it must hold (fixed string, whole line)
	n=$((n + 1))
	grep -qxF -- "$3" "$2" || { echo "FAIL: one invocation: $1: no line '$3' in: $(head -c 400 "$2")"; fail=$((fail + 1)); }
}
one "summary" "$out/one.err" "surfgraph: __do_fault: 1 complete invocation"
one "-m hist head" "$out/one.hist" "__do_fault: 1 complete invocation, 0 incomplete"
one "-m hist range" "$out/one.hist" "  1.024 ms -   2.048 ms            1  |########################################| 100.00"
one "-m tree head" "$out/one.tree.txt" "__do_fault: 1 complete invocation, 0 incomplete"
one "diff --slow" "$out/one.slow" "slow: the 1 slowest invocation, whole (1 at or past the p99, 1.135 ms)"
"$bin" merge "$out/one.tree" -o "$out/one-merged.tree" 2>"$out/one.merge"
one "merge" "$out/one.merge" "surfgraph: merged 1 run, 1 complete invocation, into $out/one-merged.tree"
one "diff --slow typical" "$out/one.slow" "typical: the 1 invocation from 1.024 ms to 2.048 ms (the buckets that hold the p40 to the p60)"
printf ' 0)   1.000 us    |  foo();\n' >"$out/l1.txt"
run 1 "no call of bar in $out/l1.txt (1 line, 1 call event)" -f bar -i "$out/l1.txt" -m top
# the same filters on a .tree file
n=$((n + 1))
"$bin" -i "$out/good.tree" -m tree --ascii -q --no-irqs >"$out/xt.txt"
[ "$(grep -c . "$out/xt.txt")" -lt 60 ] && ! grep -q irq_exit_rcu "$out/xt.txt" ||
	{ echo "FAIL: --no-irqs on a .tree: $(grep -c . "$out/xt.txt") lines"; fail=$((fail + 1)); }
# -p and -C keep the calls of those tasks and CPUs (schedule: 958 calls, 589 on CPU 0 only)
gunzip -c $d/schedule_funcgraph-proc.txt.gz >"$out/sched.txt"
run 0 "schedule: 589 complete invocations" -f schedule -i "$out/sched.txt" -m top -C 0
run 0 "schedule: 72 complete invocations" -f schedule -i "$out/sched.txt" -m top -p 14
run 0 "left out 900 calls of other tasks or CPUs" -f schedule -i "$out/sched.txt" -m top -p 14
run 1 "none of the 6 calls of __do_fault in $fix ran on CPUs 1 only" -f __do_fault -i $fix -m top -C 1
run 1 "none of the 6 calls of __do_fault in $fix ran in the -p tasks" -f __do_fault -i $fix -m top -p 1
run 2 "a .tree file keeps no CPU or task of each call: give -C" -i "$out/good.tree" -m tree -C 0
run 2 "holds the calls of __do_fault, not vfs_read: a .tree cannot be re-rooted" -i "$out/good.tree" -m tree -f vfs_read
said 0 "   2.603 ms  111.356 us        1   58.85   90.25  |  |- vvar_fault" "" -i "$out/good.tree" -m tree -f __do_fault
run 2 "--each is for -m tree, not -m top" -f __do_fault -i $fix -m top --each
run 2 "-s is for -m svg, png or pdf, not -m tree" -f __do_fault -i $fix -m tree -s 3
run 2 "--inverted is for -m svg, png or pdf, not -m folded" -f __do_fault -i $fix -m folded --inverted
run 2 "--unit is for -m folded or tree, not -m top" -f __do_fault -i $fix -m top --unit us
run 2 "--no-save writes no .tree file: -o has nothing to do" -f __do_fault -i $fix -m tree --no-save -o "$out/n.tree"
run 2 "--retval and --narrow* are for live tracing, not with -i" -f __do_fault -i $fix -m tree --text
run 2 "--narrow* are for live tracing, not with -i" -f __do_fault -i $fix -m tree --narrow
run 2 "--narrow* are for live tracing, not with -i" -f __do_fault -i $fix -m tree --narrow-from x.tree
run 2 "--narrow-learn wants N[,SECONDS]: N complete invocations (0: any number) or SECONDS (0: no limit), whichever comes first, not both 0; not '0,0'" -f x --narrow-learn 0,0
run 2 "--narrow-learn wants N[,SECONDS]" -f x --narrow-learn -5
run 2 "--narrow-learn wants N[,SECONDS]" -f x --narrow-learn 5,2x
run 2 "--narrow-learn wants N[,SECONDS]" -f x --narrow-learn 0
run 2 "--narrow-from narrows from the start to an earlier run's functions; --narrow-learn learns first: one or the other" -f x --narrow-from a.tree --narrow-learn 10
run 2 "--narrow-from narrows from the start to an earlier run's functions; --narrow learns first" -f x --narrow --narrow-from a.tree
run 2 "diff: --narrow is not a diff option" diff --narrow a.tree b.tree
run 2 "-m raw prints the trace lines unchanged" -f __do_fault -i $fix -m raw -x vmf_insert_pfn
run 2 "-m replay prints the calls as recorded unchanged" -f __do_fault -i $fix -m replay --max-depth 2
run 2 "--no-off-cpu is for -m tree, walk, folded, top, hist, svg, png, pdf, pprof, chrome or speedscope, not -m replay" -f __do_fault -i $fix -m replay --no-off-cpu
# --no-off-cpu: read by every mode but raw, by diff; live, not where no frame would be made
run 2 "--no-off-cpu is for -m tree, walk, folded, top, hist, svg, png, pdf, pprof, chrome or speedscope, not -m raw" -f __do_fault -i $fix -m raw --no-off-cpu
run 2 "--no-off-cpu: live --text makes no [off-cpu] frames to leave out" -f __do_fault --text --no-off-cpu
run 2 "--no-off-cpu: live --no-sleep-time makes no [off-cpu] frames to leave out" -f __do_fault --no-sleep-time --no-off-cpu
said 0 "  avg              737.077 us     737.077 us           0 ns     0.00%" "" diff -f __do_fault $fix $fix --no-off-cpu -q
run 2 "merge: --no-off-cpu is not a merge option" merge --no-off-cpu a.tree b.tree

# Point 2: a tree that fits. Times scale per value; --min-percent and --depth hide nodes and
# say how many; colours and the pager only on a terminal (piped output stays as it was).
run 0 "" -f schedule -i "$out/sched.txt" -m tree -q
n=$((n + 1))
grep -q "^ *45.036 s .* schedule$" "$out/stdout" && ! grep -q "45036276" "$out/stdout" &&
	! grep -q "hidden" "$out/stdout" && ! grep -q $'\033' "$out/stdout" ||
	{ echo "FAIL: -m tree times are not scaled: $(sed -n 5p "$out/stdout")"; fail=$((fail + 1)); }
all=$(grep -c . "$out/stdout")
run 0 "" -f schedule -i "$out/sched.txt" -m tree -q --min-percent 1
n=$((n + 1))
hid=$(sed -n 's/^(\([0-9]*\) nodes hidden: under 1.00% of the root;.*/\1/p' "$out/stdout")
[ -n "$hid" ] && [ $(($(grep -c . "$out/stdout") - 1 + hid)) = "$all" ] ||
	{ echo "FAIL: --min-percent 1: $hid hidden, $(grep -c . "$out/stdout") of $all lines"; fail=$((fail + 1)); }
# 10 lines: the summary (3, the histogram line included), a blank, the heading, 4 nodes, hidden
run 0 "" -f __do_fault -i $fix -m tree -q --depth 2 --ascii
n=$((n + 1))
[ "$(grep -c . "$out/stdout")" = 10 ] && grep -q "^(106 nodes hidden: deeper than --depth" "$out/stdout" ||
	{ echo "FAIL: --depth 2: $(cat "$out/stdout")"; fail=$((fail + 1)); }
run 0 "" -f __do_fault -i $fix -m tree -q --color=always
n=$((n + 1))
grep -q $'^\033\[31m   4.422 ms\033\[m' "$out/stdout" ||
	{ echo "FAIL: --color=always: $(sed -n 5p "$out/stdout" | od -c | head -2)"; fail=$((fail + 1)); }
# --unit us keeps the fixed microsecond columns for scripts
run 0 "" -f schedule -i "$out/sched.txt" -m tree -q --unit us
n=$((n + 1))
grep -q "^ *total_us *self_us" "$out/stdout" && grep -q "^ *45036276.320 .* schedule$" "$out/stdout" ||
	{ echo "FAIL: -m tree --unit us: $(sed -n 4,5p "$out/stdout")"; fail=$((fail + 1)); }
run 2 "-m tree --unit takes us" -f __do_fault -i $fix -m tree --unit ns
run 2 "--color takes auto, always or never, not 'sometimes'" -f __do_fault -i $fix -m tree --color=sometimes
run 2 "--depth is for -m tree, not -m folded" -f __do_fault -i $fix -m folded --depth 2
# on a terminal (script gives one): paged through $PAGER, coloured, 0.5% hidden by default (the
# pager a script: as root $PAGER runs without a shell, so no redirection in it)
if command -v script >/dev/null; then
	printf '#!/bin/sh\ncat >"%s/paged"\n' "$out" >"$out/pager.sh"
	chmod 755 "$out/pager.sh"
	n=$((n + 1))
	rm -f "$out/paged"
	PAGER="$out/pager.sh" script -qec "$bin -f schedule -i $out/sched.txt -m tree" /dev/null >"$out/tty" 2>&1
	grep -q $'\033\[31m' "$out/paged" && grep -q "hidden: under 0.50% of the root" "$out/paged" &&
		grep -q "schedule: 958 complete invocations" "$out/tty" && ! grep -q "hidden" "$out/tty" ||
		{ echo "FAIL: -m tree on a terminal: paged $(wc -l <"$out/paged" 2>&1), shown $(wc -l <"$out/tty")"; fail=$((fail + 1)); }
	n=$((n + 1))
	rm -f "$out/paged"
	PAGER="$out/pager.sh" script -qec "$bin -f schedule -i $out/sched.txt -m tree --no-pager" /dev/null >"$out/tty" 2>&1
	[ ! -e "$out/paged" ] && grep -q "hidden: under 0.50% of the root" "$out/tty" ||
		{ echo "FAIL: --no-pager on a terminal still paged"; fail=$((fail + 1)); }
fi

# Point 4: the previous ROOT.tree is kept as ROOT.tree.old, and `diff ROOT.tree` compares them
mkdir -p "$out/old"
(cd "$out/old" && "$bin" -f __do_fault -i "../../../../$fix" -m top -q -o 1 >/dev/null &&
	cp __do_fault.tree first.tree &&
	"$bin" -f __do_fault -i ../../../../tests/data/linux-6.12/do_fault.txt -m top -o 1 >/dev/null 2>summary)
n=$((n + 1))
cmp -s "$out/old/first.tree" "$out/old/__do_fault.tree.old" &&
	grep -q "the previous run is __do_fault.tree.old: surfgraph diff __do_fault.tree compares them" "$out/old/summary" ||
	{ echo "FAIL: the replaced .tree was not kept as .old: $(ls "$out/old") $(cat "$out/old/summary")"; fail=$((fail + 1)); }
n=$((n + 1))
(cd "$out/old" && "$bin" diff __do_fault.tree >diff.out 2>&1)
grep -q "^BEFORE __do_fault.tree.old$" "$out/old/diff.out" && grep -q "^  invocations  *6  *10 " "$out/old/diff.out" ||
	{ echo "FAIL: diff ROOT.tree: $(head -3 "$out/old/diff.out")"; fail=$((fail + 1)); }
# surfGraph's -o 0 (no .tree, as --no-save: with -i the default) and -o 1 (the
# default .tree), not files named 0 and 1
rm -rf "$out/o01" && mkdir -p "$out/o01"
n=$((n + 1))
(cd "$out/o01" && "$bin" -f __do_fault -i "../../../../$fix" -m top -q -o 0 >/dev/null 2>../o0.err)
st=$?
[ $st = 0 ] && [ -z "$(ls "$out/o01")" ] ||
	{ echo "FAIL: -o 0 with -i: exit $st, wrote $(ls "$out/o01"), $(cat "$out/o0.err")"; fail=$((fail + 1)); }
(cd "$out/o01" && "$bin" -f __do_fault -i "../../../../$fix" -m top -q -o 1 >/dev/null)
n=$((n + 1))
[ "$(ls "$out/o01")" = __do_fault.tree ] || { echo "FAIL: -o 1 wrote $(ls "$out/o01")"; fail=$((fail + 1)); }
# -o FILE in a directory that cannot be written is refused before anything is read or printed;
# the default name there is a warning after the output, which is not lost
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	as_user() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
else
	as_user() { "$@"; }
fi
mkdir -p "$out/ro" && chmod 555 "$out/ro"
n=$((n + 1))
(cd "$out/ro" && as_user "$bin" -f __do_fault -i "$PWD/../../../../$fix" -m tree -o x.tree >../ro.out 2>../ro.err)
st=$?
[ $st = 1 ] && [ ! -s "$out/ro.out" ] && grep -q "cannot write x.tree: .: Permission denied" "$out/ro.err" ||
	{ echo "FAIL: unwritable directory: exit $st, $(wc -l <"$out/ro.out") lines out, $(cat "$out/ro.err")"; fail=$((fail + 1)); }
n=$((n + 1))
(cd "$out/ro" && as_user "$bin" -f __do_fault -i "$PWD/../../../../$fix" -m tree --ascii -o 1 >../ro.out 2>../ro.err)
st=$?
[ $st = 0 ] && grep -q '^ *[0-9.]* [mu]s .* 100.00  100.00  __do_fault$' "$out/ro.out" &&
	[ "$(tail -1 "$out/ro.err")" = "surfgraph: warning: cannot write __do_fault.tree: .: Permission denied (give -o PATH, --outdir DIR or --no-save): the run is not saved" ] &&
	[ -z "$(ls "$out/ro")" ] ||
	{ echo "FAIL: unwritable directory, default name: exit $st, $(wc -l <"$out/ro.out") lines out, $(cat "$out/ro.err")"; fail=$((fail + 1)); }

# Point 5: first errors say what happened
printf 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n' >"$out/passwd"
run 1 "$out/passwd is not a function_graph trace: 2 lines, no function call in them (first: \"root:x:0:0:root:/root:/bin/bash\")" \
	-f x -i "$out/passwd" -m tree
run 1 "no call of do_fault in $fix (204 lines, 196 call events): did you mean __do_fault, " -f do_fault -i $fix -m tree
# every call cut: exit 1 and why, no picture and no .tree (an earlier run is not replaced)
gunzip -c $d/ksys_read_small_buffer_pipe_lost.txt.gz >"$out/lost.txt"
mkdir -p "$out/cut"
run 1 "no complete call of ksys_read in $out/lost.txt: 31 incomplete (1 still open at its end, 31 cut by missing events" \
	-f ksys_read -i "$out/lost.txt" --outdir "$out/cut" -s 0 -o 1
n=$((n + 1))
[ ! -e "$out/cut/ksys_read.svg" ] && [ ! -e "$out/cut/ksys_read.tree" ] && grep -q "a larger --buffer-size" "$out/stderr" ||
	{ echo "FAIL: a run without complete calls: $(ls "$out/cut") $(tail -1 "$out/stderr")"; fail=$((fail + 1)); }
run 2 "unknown option '--colr=never' (see --help): did you mean --color?" -f x -i $fix --colr=never
run 2 "diff: unknown option '--treshold' (see surfgraph diff --help): did you mean --threshold?" diff --treshold 5 a b
run 2 "merge: unknown option '--outptu' (see surfgraph merge --help): did you mean --output?" merge --outptu x a
run 2 "merge: option '-o' needs a value (see surfgraph merge --help)" merge a -o
run 2 "-w saves a live capture's binary pages: not with -i (the input is already a file)" -f x -i $fix -w x.dat
run 2 "-w saves a live capture's binary pages: not with --text" -f x --text -w x.dat
run 2 "diff: -w is not a diff option (see surfgraph diff --help)" diff -w x.dat a b

# Point 6: a trace.dat's kernel release reaches the .tree and the picture's notes
mkdir -p "$out/dat"
run 0 "" -f __do_fault -i tests/data/linux-6.1/do_fault_trace-cmd.dat -s 0 -q --outdir "$out/dat" -o 1
n=$((n + 1))
grep -q "^kernel=6.1.0-56-amd64$" "$out/dat/__do_fault.tree" && grep -q "kernel 6.1.0-56-amd64" "$out/dat/__do_fault.svg" ||
	{ echo "FAIL: trace.dat kernel: $(grep -c kernel "$out/dat/__do_fault.tree")"; fail=$((fail + 1)); }

# Issue 33, point 1: no output replaces a file surfgraph did not write (judged by its content),
# unless --force; its own earlier outputs are kept as .old
# yes WHAT CMD...: one more check, failed with WHAT unless CMD succeeds
yes() {
	local what=$1
	shift
	n=$((n + 1))
	"$@" || { echo "FAIL: $what"; fail=$((fail + 1)); }
}
own=$out/own
mkdir -p "$own"
gzip -c $fix >"$own/cap.txt.gz"
cp "$own/cap.txt.gz" "$own/cap.keep"
run 1 "$own/cap.txt.gz exists and is a compressed file: not replaced (choose another name, or --force to replace it)" \
	-f __do_fault -i $fix -m top -o "$own/cap.txt.gz"
yes "-o over a capture: the capture intact" cmp -s "$own/cap.txt.gz" "$own/cap.keep"
yes "-o over a capture: no .old made of it" test ! -e "$own/cap.txt.gz.old"
said 0 "         6       4422.463       1098.115      737.077     2622.473  100.00  __do_fault" "" \
	-f __do_fault -i $fix -m top -q -o "$own/a.tree"
said 0 "        10       9808.675        997.635      980.867     8811.069  100.00  __do_fault" "" \
	-f __do_fault -i tests/data/linux-6.12/do_fault.txt -m top -q -o "$own/b.tree"
cp $fix "$own/precious.txt"
run 1 "$own/precious.txt exists and is a trace: not replaced" diff "$own/a.tree" "$own/b.tree" -o "$own/precious.txt"
yes "diff -o over a trace: the trace intact" cmp -s "$own/precious.txt" $fix
said 0 "" "" diff "$own/a.tree" "$own/b.tree" -o "$own/precious.txt" --force -q
yes "diff --force: replaced by the text diff" grep -q '^BEFORE ' "$own/precious.txt"
yes "--force: no .old of another's file" test ! -e "$own/precious.txt.old"
# the extension says the kind: refused when -m says another, chosen by it when -m is not given
run 2 "diff -m png writes a PNG: -o $own/p.txt names text" diff "$own/a.tree" "$own/b.tree" -m png -o "$own/p.txt"
yes "diff -m png -o p.txt: nothing written" test ! -e "$own/p.txt"
said 0 "" "" diff "$own/a.tree" "$own/b.tree" -o "$own/d.png" -q
yes "diff -o d.png draws a PNG" test "$(head -c 4 "$own/d.png" | od -An -c | tr -d ' ')" = '211PNG'
# a second diff of each kind: the first kept as .old (its content said it was surfgraph's)
for m in tree:txt json:json folded:folded svg:svg png:png pdf:pdf; do
	e=${m#*:} m=${m%:*}
	said 0 "" "" diff "$own/a.tree" "$own/b.tree" -m $m -o "$own/d.$e" -q
	cp "$own/d.$e" "$own/d.$e.first"
	said 0 "" "" diff "$own/b.tree" "$own/a.tree" -m $m -o "$own/d.$e" -q
	yes "diff -m $m: the earlier output kept as .old" cmp -s "$own/d.$e.old" "$own/d.$e.first"
done
echo notes >"$own/notes.tree"
run 1 "$own/notes.tree exists and is a file surfgraph did not write" merge "$own/a.tree" "$own/b.tree" -o "$own/notes.tree"
run 2 "merge writes a .tree file: -o $own/m.svg names an SVG" merge "$own/a.tree" "$own/b.tree" -o "$own/m.svg"
said 0 "" "" merge "$own/a.tree" "$own/b.tree" -o "$own/notes.tree" --force -q
# --outdir's graphs: a foreign file under a graph's name stays
mkdir -p "$own/g"
cp $fix "$own/g/__do_fault.svg"
run 1 "$own/g/__do_fault.svg exists and is a trace: not replaced" -f __do_fault -i $fix -s 0 --outdir "$own/g"
yes "--outdir: the trace named like a graph intact" cmp -s "$own/g/__do_fault.svg" $fix

# Point 2: -o NAME.tree names the run's graphs, -o NAME.svg the graph; a run's graphs never sit
# beside an earlier run's (those go to .old together); each file named on stderr
mkdir -p "$own/n"
(cd "$own/n" && "$bin" -f __do_fault -i "$OLDPWD/$fix" -o before.tree >out 2>err)
yes "-o before.tree draws before.svg, before-slowest.svg, before-typical.svg" \
	test "$(cd "$own/n" && echo *.svg)" = "before-slowest.svg before-typical.svg before.svg"
yes "the files written are named on stderr, stdout is empty" \
	test "$(grep -c '^surfgraph: wrote before' "$own/n/err")|$(wc -c <"$own/n/out")" = "4|0"
(cd "$own/n" && "$bin" -f __do_fault -i "$OLDPWD/$fix" -o g.png -q)
yes "-o g.png: the PNG, and no .tree" test "$(cd "$own/n" && ls g*)" = "$(printf 'g-slowest.png\ng-typical.png\ng.png')"
mkdir -p "$own/s"
(cd "$own/s" && "$bin" -f __do_fault -i "$OLDPWD/$fix" -s 1 -q &&
	"$bin" -f __do_fault -i "$OLDPWD/tests/data/linux-6.12/do_fault.txt" -q)
yes "a second run: the first run's graphs all in .old, none beside the second's" \
	test "$(cd "$own/s" && ls | grep -v '\.old$' | paste -sd' ')|$(cd "$own/s" && ls | grep -c '\.old$')" = \
	"__do_fault-slowest.svg __do_fault-typical.svg __do_fault.svg|7"
# -o g.svg over a trace: refused before anything is read; a file of any name in --outdir that
# no graph is named after stays out of it
cp $fix "$own/n/g.svg"
run 1 "$own/n/g.svg exists and is a trace: not replaced" -f __do_fault -i $fix -o "$own/n/g.svg"
yes "-o g.svg over a trace: the trace intact" cmp -s "$own/n/g.svg" $fix
mkdir -p "$own/x"
echo notes >"$own/x/x"
said 0 "" "" -f __do_fault -i $fix -s 0 -q --outdir "$own/x"
# point 11: --pick slowest -o p.tree saves what was picked
said 0 "invocation 2 of __do_fault  cpu 0  duration 2.622 ms" "surfgraph: --pick: invocation 2 of __do_fault, 2.622 ms (the slowest)
surfgraph: $own/p.tree holds invocation 2 alone (--pick)
surfgraph: __do_fault: 6 complete invocations
surfgraph: wrote $own/p.tree" -f __do_fault -i $fix --pick slowest -m tree -o "$own/p.tree"
yes "--pick slowest -o p.tree holds the one invocation" \
	test "$(awk -F'\t' '$1 == "stat" { print $3, $10 }' "$own/p.tree")" = "1 2622473"

# Point 7: bash completion, installed by make install; --help names trace.dat
run 0 "" --help
n=$((n + 1))
grep -q "a trace.dat file from .trace-cmd record" "$out/stdout" || { echo "FAIL: --help does not list trace.dat input"; fail=$((fail + 1)); }
# complete WORDS...: what the completion offers for the last word (the program is this binary)
complete_words() {
	bash -c '. completion/surfgraph.bash
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_surfgraph; printf "%s\n" "${COMPREPLY[@]}"' _ "$@" | sort | tr '\n' ' '
}
check_completion() { # WANT WORDS...
	local want=$1 got
	shift
	n=$((n + 1))
	got=$(complete_words "$@")
	[ "$got" = "$want" ] || { echo "FAIL: completion of '$*': '$got', want '$want'"; fail=$((fail + 1)); }
}
check_completion "top tree tui " "$bin" -m t
check_completion "--color " "$bin" --col
check_completion "--min-percent --minwidth " "$bin" --min
check_completion "always auto " "$bin" --color = a
check_completion "always auto never " "$bin" --color =
check_completion "diff " "$bin" di
check_completion "--threshold --total " "$bin" diff --t
check_completion "pdf png " "$bin" diff -m p
check_completion "merge " "$bin" me
check_completion "tui " "$bin" tu
check_completion "--diff " "$bin" tui --di
check_completion "--output " "$bin" merge --o
check_completion "hist " "$bin" -m h
check_completion "--keep --keep-slowest " "$bin" --kee
check_completion "calls duration name self total " "$bin" --sort ""
check_completion "p50 slowest " "$bin" --pick ""
mkdir -p "$out/tracefs"
printf '__do_fault\ndo_fault\ndo_fault_around [ext4]\nvfs_read\n' >"$out/tracefs/available_filter_functions"
n=$((n + 1))
got=$(SG_TRACEFS=$out/tracefs bash -c '. completion/surfgraph.bash; COMP_WORDS=(surfgraph -f do); COMP_CWORD=2; _surfgraph; echo "${COMPREPLY[*]}"')
[ "$got" = "do_fault do_fault_around" ] || { echo "FAIL: -f completion from available_filter_functions: '$got'"; fail=$((fail + 1)); }
check_completion "$fix " "$bin" -i tests/data/linux-6.1/do_fault.t
# every mode the completion offers is one the parser takes
n=$((n + 1))
for m in $(complete_words "$bin" -m ""); do
	case $m in svg | png | pdf) s="-s 0 --outdir $out/modes" ;; *) s= ;; esac
	[ "$m" = tui ] && continue # a live screen: the parser's list below has it
	# shellcheck disable=SC2086
	"$bin" -f __do_fault -i $fix -m $m -q $s >/dev/null 2>&1 ||
		{ echo "FAIL: completion offers -m $m, which surfgraph refuses"; fail=$((fail + 1)); }
done
# and every mode the parser names is offered (issue 33: -m tui was not; diff -m json neither)
modes_of() { sed -n "s/.*unknown mode '[^']*': use //p" "$out/stderr" | sed 's/ or /, /; s/, /\n/g' | sort | tr '\n' ' '; }
run 2 "unknown mode" -m bogus
expect_modes=$(modes_of)
n=$((n + 1))
[ "$(complete_words "$bin" -m "")" = "$expect_modes" ] ||
	{ echo "FAIL: -m completes '$(complete_words "$bin" -m "")', the parser names '$expect_modes'"; fail=$((fail + 1)); }
run 2 "unknown mode" diff -m hist a b
expect_modes=$(modes_of)
n=$((n + 1))
[ "$(complete_words "$bin" diff -m "")" = "$expect_modes" ] ||
	{ echo "FAIL: diff -m completes '$(complete_words "$bin" diff -m "")', diff names '$expect_modes'"; fail=$((fail + 1)); }
rm -rf "$out/inst"
make -s install DESTDIR="$PWD/$out/inst" PREFIX=/usr >/dev/null 2>&1
n=$((n + 1))
[ -f "$out/inst/usr/share/bash-completion/completions/surfgraph" ] ||
	{ echo "FAIL: make install did not install the completion: $(find "$out/inst" -type f)"; fail=$((fail + 1)); }

echo "cli: $n checked, $fail failed"
[ $fail = 0 ]
