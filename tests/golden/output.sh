#!/usr/bin/env bash
# What a run says and draws (issue 22, points 3, 4, 8 and 9): the raised calls in the summary,
# options that would do nothing refused or warned about, -m top's columns and orders, -p by task
# name, and the pictures' labels and axes. Figures are derived from the fixtures with awk.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
SUITE=output
bin=${SURFGRAPH:-./surfgraph}
out=${SG_TEST_OUT:-tests/out}/output
rm -rf "$out" && mkdir -p "$out"
export SOURCE_DATE_EPOCH=0
# shellcheck source=tests/lib.sh
. tests/lib.sh
awkdir=tests/golden/awk
fix=tests/data/linux-6.1/do_fault.txt
gunzip -c tests/data/linux-7.3/do_fault.txt.gz >"$out/do_fault-7.3.txt"
gunzip -c tests/data/linux-6.1/schedule_funcgraph-proc.txt.gz >"$out/sched.txt"

# Point 3: the calls raised to the sum of their callees' durations are counted in the default
# summary, with the time added in all; -v names them.
raised() { # NAME ROOT FIXTURE
	local want_n want_ns
	read -r want_n want_ns < <(awk -f $awkdir/raised.awk "$3")
	sg "$1" 0 -f "$2" -i "$3" -m top
	if [ "$want_n" = 0 ]; then
		expect "$1: no raised call said" "$(grep -c raised "$out/$1.err")" 0
		return
	fi
	expect "$1: raised calls and time" \
		"$(sed -n 's/^surfgraph: \([0-9]*\) calls\{0,1\} raised to the sum of \(its\|their\) callees. durations, \([0-9.]*\) us in all.*/\1 \3/p' "$out/$1.err")" \
		"$want_n $(awk -v ns="$want_ns" 'BEGIN {printf "%.3f", ns / 1000}')"
	check "$1: -v names them" grep -q -- "-v names them" "$out/$1.err"
	sg "$1-v" 0 -f "$2" -i "$3" -m top -v
	expect "$1 -v: one line per raised call" "$(grep -c '^surfgraph: callees outlast ' "$out/$1-v.err")" "$want_n"
}
raised raised-6.12 __do_fault tests/data/linux-6.12/do_fault.txt
raised raised-7.3 __do_fault "$out/do_fault-7.3.txt"
raised raised-6.1 __do_fault $fix

# Point 4: no option accepted and ignored. -x that leaves nothing out says so, with the trace's
# nearest names (as -f does) or that it named the root, which always stays.
sg x-typo 0 -f __do_fault -i $fix -m top -x vmf_insert_pf
expect "-x typo: warned with the nearest names" "$(grep -c "^surfgraph: warning: -x vmf_insert_pf matched no call under __do_fault: nothing was left out; did you mean vmf_insert_pfn, " "$out/x-typo.err")" 1
sg x-root 0 -f __do_fault -i $fix -m top -x __do_fault
check "-x ROOT: warned" grep -q "^surfgraph: warning: -x __do_fault names the root, which stays" "$out/x-root.err"
sg x-good 0 -f __do_fault -i $fix -m top -x vmf_insert_pfn
expect "-x that cuts: no warning" "$(grep -c warning "$out/x-good.err")" 0
"$bin" -f __do_fault -i $fix -m top -q -o "$out/a.tree" >/dev/null
sg x-tree 0 -i "$out/a.tree" -m top -x shmem_fualt
check "-x typo on a .tree: warned" grep -q "^surfgraph: warning: -x shmem_fualt matched no call under __do_fault: nothing was left out; did you mean shmem_fault?" "$out/x-tree.err"
# a .tree keeps what its run kept: --keep and --keep-slowest would change nothing
sg keep-tree 2 -i "$out/a.tree" -m svg --outdir "$out/svg" --keep 3
check "--keep on a .tree refused" grep -q "^surfgraph: --keep chooses what a run keeps while it reads a trace: $out/a.tree holds what its run kept" "$out/keep-tree.err"
sg keep-slowest-tree 2 -i "$out/a.tree" -m top --keep-slowest 2
check "--keep-slowest on a .tree refused" grep -q "^surfgraph: --keep-slowest chooses what a run keeps" "$out/keep-slowest-tree.err"
sg keep-slowest-nosave 2 -f __do_fault -i $fix -m top --no-save --keep-slowest 3
check "--keep-slowest with --no-save refused" grep -q "^surfgraph: --no-save writes no .tree file: --keep-slowest has nothing to do" "$out/keep-slowest-nosave.err"
# -o - with a mode that prints to stdout: the .tree would follow the folded lines into the pipe
for m in folded tree walk top hist raw; do
	sg "dash-$m" 2 -f __do_fault -i $fix -m $m -o -
	check "-m $m -o - refused" grep -q "^surfgraph: -m $m writes to stdout: -o - would mix the .tree file into it" "$out/dash-$m.err"
	expect "-m $m -o -: nothing on stdout" "$(wc -c <"$out/dash-$m.out")" 0
done
sg dash-stdout 2 -f __do_fault -i $fix -m folded -o /dev/stdout
check "-m folded -o /dev/stdout refused" grep -q "^surfgraph: -m folded writes to stdout: -o /dev/stdout is the same stream" "$out/dash-stdout.err"
sg dash-svg 0 -f __do_fault -i $fix -m svg -s 0 --outdir "$out/svg" -q -o -
expect "-m svg -o -: the .tree alone on stdout" "$(head -1 "$out/dash-svg.out" | cut -d' ' -f1-2)" "# surfgraph-tree"
# --pick past the last invocation: how many there are, not "not kept"
want=$(grep -cE '^ [0-9]\) [^|]*\|  }$' $fix)
sg pick-past 1 -f __do_fault -i $fix -m tree --pick $((want + 1))
check "--pick $((want + 1)) of $want" grep -q "^surfgraph: --pick $((want + 1)): the run has $want complete invocations" "$out/pick-past.err"
sg pick-past-tree 1 -i "$out/a.tree" -m tree --pick $((want + 1))
check "--pick $((want + 1)) of $want on a .tree" grep -q "^surfgraph: --pick $((want + 1)): the run has $want complete invocations" "$out/pick-past-tree.err"

# Point 8: -m top's % of root, from the printed durations (funcgraph-tail names each return):
# a function's total over all the roots' (each called once per path here, no recursion)
tail=tests/data/linux-6.1/do_fault_abstime_proc_overrun_tail.txt
sum_closes() { grep "} /\* $1 \*/" $tail | sed -E 's/.*[ +!#*@$] +([0-9]+)\.([0-9]+) us.*/\1\2/' | awk '{s += $1} END {print s}'; }
root_ns=$(sum_closes __do_fault)
sg top-pct 0 -f __do_fault -i $tail -m top -q
expect "-m top heading" "$(head -1 "$out/top-pct.out" | awk '{print $6, $7}')" "%root function"
for f in __do_fault special_mapping_fault shmem_fault; do
	expect "-m top %root of $f" "$(awk -v f=$f '$NF == f {print $6}' "$out/top-pct.out")" \
		"$(awk -v a="$(sum_closes $f)" -v b="$root_ns" 'BEGIN {printf "%.2f", 100 * a / b}')"
done
# --sort: total, calls (largest first), name (C order), self (the default)
sorted_by() { # NAME COLUMN (n: numeric, descending; name: the last column, ascending)
	if [ "$2" = name ]; then
		tail -n +2 "$out/$1.out" | awk '{print $NF}' | LC_ALL=C sort -c 2>/dev/null
	else
		tail -n +2 "$out/$1.out" | awk -v c="$2" '{print $c}' | sort -g -r -c 2>/dev/null
	fi
}
sg top-default 0 -f __do_fault -i $fix -m top -q
for k in total:2 self:3 calls:1 name:name; do
	sg "top-sort-${k%%:*}" 0 -f __do_fault -i $fix -m top -q --sort "${k%%:*}"
	check "-m top --sort ${k%%:*}: ordered" sorted_by "top-sort-${k%%:*}" "${k#*:}"
	expect "-m top --sort ${k%%:*}: every function" "$(wc -l <"$out/top-sort-${k%%:*}.out")" "$(wc -l <"$out/top-default.out")"
done
check "-m top: by self time by default" cmp -s "$out/top-default.out" "$out/top-sort-self.out"
sg top-sort-duration 2 -f __do_fault -i $fix -m top --sort duration
check "-m top --sort duration refused" grep -q "^surfgraph: -m top --sort takes total, self, calls or name" "$out/top-sort-duration.err"
sg walk-sort-name 2 -f __do_fault -i $fix -m walk --sort name
check "-m walk --sort name refused" grep -q "^surfgraph: --sort name orders -m top's rows; -m walk takes --sort duration" "$out/walk-sort-name.err"
sg each-sort-duration 0 -f __do_fault -i $fix -m tree --each -q --sort duration
# -p NAME: the tasks of that name (the text trace prints 7 characters of it); counts by awk
# (tests/golden/awk/task-invocations.awk: entered and left at depth 0 by the same task)
awk -v root=schedule -f $awkdir/task-invocations.awk "$out/sched.txt" >"$out/sched.tasks"
for p in kworker:kworker ksoftirqd:ksoftir; do
	sg "p-${p%%:*}" 0 -f schedule -i "$out/sched.txt" -m top -p "${p%%:*}"
	expect "-p ${p%%:*}: its complete invocations" \
		"$(sed -n 's/^surfgraph: schedule: \([0-9]*\) complete invocations*.*/\1/p' "$out/p-${p%%:*}.err")" \
		"$(awk -v c="${p#*:}" '$1 == c {print $2}' "$out/sched.tasks")"
done
sg p-glob 0 -f schedule -i "$out/sched.txt" -m top -p 'kw*' -p ls
expect "-p 'kw*' -p ls" "$(sed -n 's/^surfgraph: schedule: \([0-9]*\) complete invocations*.*/\1/p' "$out/p-glob.err")" \
	"$(awk '$1 == "kworker" || $1 == "ls" {s += $2} END {print s}' "$out/sched.tasks")"
# a task or pid the trace does not hold: the data's answer (exit 1), not a usage error
sg p-none 1 -f schedule -i "$out/sched.txt" -m top -p nosuchtask
check "-p NAME matching nothing" grep -q "^surfgraph: none of the .* calls of schedule in $out/sched.txt ran in the -p tasks" "$out/p-none.err"
sg p-pid-none 1 -f __do_fault -i $fix -m top -p 1
sg p-tree 2 -i "$out/a.tree" -m top -p kworker

# Point 9: the pictures' labels. Bucket bounds from the printed root durations: powers of two us
# (the histogram's buckets), each tick with its unit, trailing zeros dropped.
tick() { awk -v ns="$1" 'BEGIN {
	split("ns us ms s", u, " "); p = 1; i = 1
	while (i < 4 && ns >= p * 1000) { p *= 1000; i++ }
	v = sprintf("%.3f", ns / p); sub(/0+$/, "", v); sub(/\.$/, "", v); print v " " u[i] }'; }
bounds() { # the bucket bounds (ns) around the durations (ns, one a line) on stdin
	awk 'NR == 1 || $1 < lo {lo = $1} $1 > hi {hi = $1}
		END {a = 1; while (a * 2 * 1000 <= lo) a *= 2; b = 1; while (b * 1000 <= hi) b *= 2; print a * 1000, b * 1000}'
}
gunzip -c tests/data/linux-6.1/do_nanosleep_sched_switch.txt.gz >"$out/nanosleep.txt"
# one task at a time, every call whole: each depth-0 return closes an invocation
# (the kernel prints fewer decimals as durations grow: "11064.62 us")
read -r lo hi < <(grep -E '\|  }' "$out/nanosleep.txt" | sed -E 's/.*[ +!#*@$] +([0-9]+)\.([0-9]+) us.*/\1 \2/' |
	awk '{f = $2; while (length(f) < 3) f = f "0"; print $1 * 1000 + f}' | bounds)
mkdir -p "$out/pic"
sg pic-nanosleep 0 -f do_nanosleep -i tests/data/linux-6.1/do_nanosleep_sched_switch.dat -s 0 -q --outdir "$out/pic"
svg=$out/pic/do_nanosleep.svg
# the part of the SVG from the group whose id ends in -NAME to the group's end
group() { awk -v g="$2" 'index($0, "-" g "\" class=") {on = 1} on {print} on && /^<\/g>$/ {exit}' "$1"; }
group "$svg" hist >"$out/pic/hist.svg"
group "$svg" sc >"$out/pic/sc.svg"
texts() { grep -o '>[^<>]*</text>' "$1" | sed 's/^>//; s/<\/text>$//'; }
check "strip axis: $(tick "$lo") and $(tick "$hi")" grep -qx "$(tick "$lo")" <(texts "$out/pic/hist.svg")
check "strip axis: $(tick "$hi") with its unit" grep -qx "$(tick "$hi")" <(texts "$out/pic/hist.svg")
expect "strip axis: no bare number" "$(texts "$out/pic/hist.svg" | grep -cxE '[0-9]+')" 0
expect "scatter: the top bound $(tick "$hi") drawn once" "$(texts "$out/pic/sc.svg" | grep -cx "$(tick "$hi")")" 1
expect "scatter: each label once" "$(texts "$out/pic/sc.svg" | sort | uniq -d)" ""
expect "subtitle: no 'lost events 0'" "$(grep -c 'lost events' "$svg")" 0
# the schedule capture's strip and scatter span 128 us to 4.194 s: trimmed, every tick a unit
# many tasks and CPUs: the complete invocations paired per task (tail.sh's awk)
read -r lo hi < <(awk -F'|' -f $awkdir/schedule-durations.awk "$out/sched.txt" "$out/sched.txt" | bounds)
sg pic-sched 0 -f schedule -i "$out/sched.txt" -s 0 -q --outdir "$out/pic"
group "$out/pic/schedule.svg" sc >"$out/pic/sc2.svg"
group "$out/pic/schedule.svg" hist >"$out/pic/hist2.svg"
check "scatter ticks trimmed: $(tick "$lo")" grep -qx "$(tick "$lo")" <(texts "$out/pic/sc2.svg")
expect "scatter ticks: no .000" "$(texts "$out/pic/sc2.svg" | grep -c '\.000 ')" 0
expect "strip axis: every tick with a unit" "$(texts "$out/pic/hist2.svg" | grep -E '^[0-9]' | grep -cvE ' (us|ms|s)$')" 0
# the tree's one-line histogram carries the same bounds
sg tree-hist 0 -f schedule -i "$out/sched.txt" -m tree --ascii -q --depth 1
expect "tree header hist bounds" "$(sed -n 's/^  hist \(.*\) \[.*\] \(.* [mu]*s\)  p90.*/\1|\2/p' "$out/tree-hist.out")" "$(tick "$lo")|$(tick "$hi")"
# lost events are said when there were some: the sum of the trace's LOST records
gunzip -c tests/data/linux-6.1/ksys_read_small_buffer_pipe_lost.txt.gz >"$out/lost.txt"
sg pic-lost 0 -f rw_verify_area -i "$out/lost.txt" -s 0 -q --outdir "$out/pic"
expect "subtitle: lost events" "$(grep -o 'lost events [0-9]*' "$out/pic/rw_verify_area.svg" | head -1)" \
	"lost events $(grep -o 'LOST [0-9]*' "$out/lost.txt" | awk '{s += $2} END {print s}')"
# a merged run names its sources, not "trace merge"
"$bin" -f __do_fault -i tests/data/linux-6.12/do_fault.txt -m top -q -o "$out/b.tree" >/dev/null
"$bin" merge "$out/a.tree" "$out/b.tree" -o "$out/m.tree" 2>/dev/null
sg pic-merged 0 -i "$out/m.tree" -s 0 -q --outdir "$out/pic"
check "merged: the sources named" grep -q "merged 2 runs: a.tree, b.tree" "$out/pic/m.svg"
expect "merged: no 'trace merge'" "$(grep -c 'trace merge' "$out/pic/m.svg")" 0
# the tree header's sketch is explained in --help
sg help 0 --help
check "--help explains the hist sketch" grep -q "sketches -m hist: a column per" "$out/help.out"

# Point 10: the man page's synopsis has each form on its own line (diff --slow's RUN and
# surfgraph merge ran together): every ".B surfgraph" after the first follows a .br
expect "man page synopsis: one form a line" \
	"$(sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' docs/surfgraph.1 | awk '/^\.B surfgraph/ && n++ && prev != ".br" {print} {prev = $0}')" ""
check "README: the test command CI reads" grep -qx '    make deps && make test' README.md

finish
