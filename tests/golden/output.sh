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

finish
