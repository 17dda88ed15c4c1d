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

finish
