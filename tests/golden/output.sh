#!/usr/bin/env bash
# What a run says and draws (issue 22, points 3, 4, 8 and 9): the raised calls in the summary,
# options that would do nothing refused or warned about, -m top's columns and orders, -p by task
# name, and the pictures' labels and axes. Figures are derived from the fixtures with awk.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
SUITE=output
bin=${SURFGRAPH:-./surfgraph}
out=tests/out/output
rm -rf "$out" && mkdir -p "$out"
export SOURCE_DATE_EPOCH=0
# shellcheck source=tests/lib.sh
. tests/lib.sh
awkdir=tests/golden/awk
fix=tests/data/linux-6.1/do_fault.txt
gunzip -c tests/data/linux-7.3/do_fault.txt.gz >"$out/do_fault-7.3.txt"
gunzip -c tests/data/linux-6.1/schedule_funcgraph-proc.txt.gz >"$out/sched.txt"

# Point 3: the calls raised to their callees' printed durations are counted in the default
# summary, with the time added in all; -v names them.
raised() { # NAME ROOT FIXTURE
	local want_n want_ns
	read -r want_n want_ns < <(awk -f $awkdir/raised.awk "$3")
	sg "$1" 0 -f "$2" -i "$3" -m top --no-save
	if [ "$want_n" = 0 ]; then
		expect "$1: no raised call said" "$(grep -c raised "$out/$1.err")" 0
		return
	fi
	expect "$1: raised calls and time" \
		"$(sed -n 's/^surfgraph: \([0-9]*\) calls\{0,1\} raised to \(its\|their\) callees. printed durations, \([0-9.]*\) us in all.*/\1 \3/p' "$out/$1.err")" \
		"$want_n $(awk -v ns="$want_ns" 'BEGIN {printf "%.3f", ns / 1000}')"
	check "$1: -v names them" grep -q -- "-v names them" "$out/$1.err"
	sg "$1-v" 0 -f "$2" -i "$3" -m top --no-save -v
	expect "$1 -v: one line per raised call" "$(grep -c '^surfgraph: callees outlast ' "$out/$1-v.err")" "$want_n"
}
raised raised-6.12 __do_fault tests/data/linux-6.12/do_fault.txt
raised raised-7.3 __do_fault "$out/do_fault-7.3.txt"
raised raised-6.1 __do_fault $fix

# Point 4: no option accepted and ignored. -x that leaves nothing out says so, with the trace's
# nearest names (as -f does) or that it named the root, which always stays.
sg x-typo 0 -f __do_fault -i $fix -m top --no-save -x vmf_insert_pf
expect "-x typo: warned with the nearest names" "$(grep -c "^surfgraph: warning: -x vmf_insert_pf matched no call under __do_fault: nothing was left out; did you mean vmf_insert_pfn, " "$out/x-typo.err")" 1
sg x-root 0 -f __do_fault -i $fix -m top --no-save -x __do_fault
check "-x ROOT: warned" grep -q "^surfgraph: warning: -x __do_fault names the root, which stays" "$out/x-root.err"
sg x-good 0 -f __do_fault -i $fix -m top --no-save -x vmf_insert_pfn
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
sg pick-past 1 -f __do_fault -i $fix -m tree --no-save --pick $((want + 1))
check "--pick $((want + 1)) of $want" grep -q "^surfgraph: --pick $((want + 1)): the run has $want complete invocations" "$out/pick-past.err"
sg pick-past-tree 1 -i "$out/a.tree" -m tree --pick $((want + 1))
check "--pick $((want + 1)) of $want on a .tree" grep -q "^surfgraph: --pick $((want + 1)): the run has $want complete invocations" "$out/pick-past-tree.err"

# Point 8: -m top's % of root, from the printed durations (funcgraph-tail names each return):
# a function's total over all the roots' (each called once per path here, no recursion)
tail=tests/data/linux-6.1/do_fault_abstime_proc_overrun_tail.txt
sum_closes() { grep "} /\* $1 \*/" $tail | sed -E 's/.*[ +!#*@$] +([0-9]+)\.([0-9]+) us.*/\1\2/' | awk '{s += $1} END {print s}'; }
root_ns=$(sum_closes __do_fault)
sg top-pct 0 -f __do_fault -i $tail -m top --no-save -q
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
sg top-default 0 -f __do_fault -i $fix -m top --no-save -q
for k in total:2 self:3 calls:1 name:name; do
	sg "top-sort-${k%%:*}" 0 -f __do_fault -i $fix -m top --no-save -q --sort "${k%%:*}"
	check "-m top --sort ${k%%:*}: ordered" sorted_by "top-sort-${k%%:*}" "${k#*:}"
	expect "-m top --sort ${k%%:*}: every function" "$(wc -l <"$out/top-sort-${k%%:*}.out")" "$(wc -l <"$out/top-default.out")"
done
check "-m top: by self time by default" cmp -s "$out/top-default.out" "$out/top-sort-self.out"
sg top-sort-duration 2 -f __do_fault -i $fix -m top --no-save --sort duration
check "-m top --sort duration refused" grep -q "^surfgraph: -m top --sort takes total, self, calls or name" "$out/top-sort-duration.err"
sg walk-sort-name 2 -f __do_fault -i $fix -m walk --no-save --sort name
check "-m walk --sort name refused" grep -q "^surfgraph: --sort name orders -m top's rows; -m walk takes --sort duration" "$out/walk-sort-name.err"
sg each-sort-duration 0 -f __do_fault -i $fix -m tree --each --no-save -q --sort duration
# -p NAME: the tasks of that name (the text trace prints 7 characters of it); counts by awk
# (tests/golden/awk/task-invocations.awk: entered and left at depth 0 by the same task)
awk -v root=schedule -f $awkdir/task-invocations.awk "$out/sched.txt" >"$out/sched.tasks"
for p in kworker:kworker ksoftirqd:ksoftir; do
	sg "p-${p%%:*}" 0 -f schedule -i "$out/sched.txt" -m top --no-save -p "${p%%:*}"
	expect "-p ${p%%:*}: its complete invocations" \
		"$(sed -n 's/^surfgraph: schedule: \([0-9]*\) complete invocations.*/\1/p' "$out/p-${p%%:*}.err")" \
		"$(awk -v c="${p#*:}" '$1 == c {print $2}' "$out/sched.tasks")"
done
sg p-glob 0 -f schedule -i "$out/sched.txt" -m top --no-save -p 'kw*' -p ls
expect "-p 'kw*' -p ls" "$(sed -n 's/^surfgraph: schedule: \([0-9]*\) complete invocations.*/\1/p' "$out/p-glob.err")" \
	"$(awk '$1 == "kworker" || $1 == "ls" {s += $2} END {print s}' "$out/sched.tasks")"
# a task or pid the trace does not hold: the data's answer (exit 1), not a usage error
sg p-none 1 -f schedule -i "$out/sched.txt" -m top --no-save -p nosuchtask
check "-p NAME matching nothing" grep -q "^surfgraph: none of the .* calls of schedule in $out/sched.txt ran in the -p tasks" "$out/p-none.err"
sg p-pid-none 1 -f __do_fault -i $fix -m top --no-save -p 1
sg p-tree 2 -i "$out/a.tree" -m top -p kworker

finish
