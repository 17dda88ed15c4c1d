#!/usr/bin/env bash
# Where they waited (issue 13): the [off-cpu] frames on a real capture with sched:sched_switch
# beside function_graph (tests/data/linux-{6.1,7.3}/do_nanosleep_sched_switch.*, 20 calls of
# `sleep 0.01` each), derived with awk from the trace text and from trace-cmd report's records of
# the trace.dat (tests/golden/awk/offcpu-*.awk, not from surfgraph's output), checked against
# -m folded to the ns; the roots' totals stay the kernel's, --no-off-cpu takes the frames out
# (of a trace and of a .tree), and a hand-edited call shorter than its wait is capped and said.
set -euo pipefail
out=${SG_TEST_OUT:-tests/out}/offcpu
# shellcheck source=tests/golden/lib.sh
. "$(dirname "$0")/lib.sh"
awkd=tests/golden/awk
sum() { awk '{s += $NF} END {printf "%.0f\n", s}'; }
offcpu_lines() { grep -F '[off-cpu] ' | sort || true; }
# durations of text lines (the duration column), summed in ns
ns() { awk -F'|' '{d = $3; gsub(/[^0-9.]/, "", d); split(d, p, "."); s += p[1] * 1000 + substr(p[2] "000", 1, 3)} END {printf "%.0f\n", s}'; }
self() { awk '$1 == "do_nanosleep;schedule" {print $2}' "$1"; }

# Everything exact, on one kernel's capture (K: 6.1 or 7.3); outputs in $out/K
check_kernel() {
	local k=$1 o=$out/$1 txt dat root_total dat_roots
	mkdir -p "$o"
	txt=$(data "linux-$k/do_nanosleep_sched_switch.txt.gz")
	dat=$(data "linux-$k/do_nanosleep_sched_switch.dat")
	root_total=$(awk -F'|' '$4 ~ /^  }/' "$txt" | ns) # the roots' printed durations

	# The text trace: every interval, per path, to the ns
	awk -v root=do_nanosleep -f $awkd/offcpu-intervals.awk -f $awkd/offcpu-text.awk "$txt" | sort >"$o/want-text"
	expect "$k text: intervals derived" "$(wc -l <"$o/want-text")" 1
	"$bin" -f do_nanosleep -i "$txt" -m folded -q -o "$o/t.tree" >"$o/text.folded"
	expect "$k text: [off-cpu] per path" "$(offcpu_lines <"$o/text.folded")" "$(cat "$o/want-text")"
	# 20 sleeps of 10 ms: each waited at least that long
	expect "$k text: at least 20 x 10 ms" "$(($(sum <"$o/want-text") >= 200000000))" 1
	"$bin" -f do_nanosleep -i "$txt" -m top -q >"$o/text.top"
	expect "$k text: -m top [off-cpu] calls and total" "$(awk '$NF == "[off-cpu]" {print $1, $2}' "$o/text.top")" \
		"20 $(awk '{printf "%.3f\n", $NF / 1000}' "$o/want-text")"
	# the totals are the kernel's: the folded weights add up to the roots' printed durations
	expect "$k text: folded sum = roots' durations" "$(sum <"$o/text.folded")" "$root_total"
	"$bin" -f do_nanosleep -i "$txt" -m folded -q --no-off-cpu >"$o/text.no.folded"
	expect "$k text: --no-off-cpu: no frame" "$(offcpu_lines <"$o/text.no.folded")" ""
	expect "$k text: --no-off-cpu: same sum" "$(sum <"$o/text.no.folded")" "$root_total"
	# without the frames the wait is schedule's self time again
	expect "$k text: schedule's self time gives the wait back" "$(($(self "$o/text.no.folded") - $(self "$o/text.folded")))" \
		"$(sum <"$o/want-text")"
	# a .tree keeps the frames, and --no-off-cpu on it gives the trace's --no-off-cpu run
	"$bin" -i "$o/t.tree" -m folded -q >"$o/tree.folded"
	expect "$k text: .tree round trip" "$(cmp -s "$o/tree.folded" "$o/text.folded" && echo same)" same
	"$bin" -i "$o/t.tree" -m folded -q --no-off-cpu >"$o/tree.no.folded"
	expect "$k text: .tree --no-off-cpu" "$(cmp -s "$o/tree.no.folded" "$o/text.no.folded" && echo same)" same

	# The trace.dat of the same buffer (trace-cmd extract): every record at its ns timestamp
	trace-cmd report -R -t "$dat" 2>/dev/null | awk -v root=do_nanosleep -f $awkd/offcpu-intervals.awk -f $awkd/offcpu-dat.awk | sort >"$o/want-dat"
	expect "$k dat: intervals derived" "$(wc -l <"$o/want-dat")" 1
	"$bin" -f do_nanosleep -i "$dat" -m folded -q >"$o/dat.folded"
	expect "$k dat: [off-cpu] per path" "$(offcpu_lines <"$o/dat.folded")" "$(cat "$o/want-dat")"
	dat_roots=$(trace-cmd report -R -t "$dat" 2>/dev/null | awk 'function hex(h, v, i) {
			for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v }
		/funcgraph_exit: +func=do_nanosleep depth=0 / {
		c = $0; sub(/.*calltime=/, "", c); sub(/ .*/, "", c); r = $0; sub(/.*rettime=/, "", r)
		s += hex(r) - hex(c)} END {printf "%.0f\n", s}')
	expect "$k dat: folded sum = roots' durations" "$(sum <"$o/dat.folded")" "$dat_roots"
	"$bin" -f do_nanosleep -i "$dat" -m folded -q --no-off-cpu >"$o/dat.no.folded"
	expect "$k dat: --no-off-cpu: no frame" "$(offcpu_lines <"$o/dat.no.folded")" ""
}

check_kernel 6.1
check_kernel 7.3

# On 6.1: the outputs, trace-cmd report's text, the cap
o=$out/6.1
txt=$(data linux-6.1/do_nanosleep_sched_switch.txt.gz)
dat=$(data linux-6.1/do_nanosleep_sched_switch.dat)
# trace-cmd report's text of the .dat: its sched_switch lines and function_graph lines carry
# the same microseconds as the kernel's text, so the same intervals
trace-cmd report "$dat" 2>/dev/null >"$out/report.txt"
"$bin" -f do_nanosleep -i "$out/report.txt" -m folded -q >"$out/report.folded"
expect "trace-cmd report: [off-cpu] per path" "$(offcpu_lines <"$out/report.folded")" "$(cat "$o/want-text")"

# Without funcgraph-proc (the TASK-PID column cut from every line): the `=>` lines name the
# tasks, the records their pids; the same intervals
sed -E 's/^( *[0-9.]+ \|   0\)) +[^|]+ \|/\1/' "$txt" >"$out/noproc.txt"
expect "no task column: lines cut" "$(awk -F'|' 'NF >= 4 && $2 ~ /-[0-9]+ *$/' "$out/noproc.txt" | wc -l)" 0
"$bin" -f do_nanosleep -i "$out/noproc.txt" -m folded -q >"$out/noproc.folded"
expect "no task column: [off-cpu] per path" "$(offcpu_lines <"$out/noproc.folded")" "$(cat "$o/want-text")"

# The flame graph: the frame in its own blue, its tooltip and the caption say what it is
"$bin" -f do_nanosleep -i "$dat" -m svg -s 0 -q --outdir "$out"
expect "svg: [off-cpu] frame, blue" "$(grep -o '<g><title>\[off-cpu\] [^<]*one switched-out interval[^<]*</title><rect [^>]*fill="#3c5ac8"/>' "$out/do_nanosleep.svg" | wc -l)" 1
expect "svg: caption" "$(grep -c "blue \[off-cpu\]: $(awk '{v = int(($NF + 500) / 1000); printf "%d.%03d", v / 1000, v % 1000}' "$o/want-dat") ms switched out" "$out/do_nanosleep.svg")" 1

# A hand-edited trace: the first schedule() returns after 2000 us, less than its wait (as a
# nosleep-time trace would show it). Its frame stops at schedule's own time left (2000 us less
# its callees' durations, summed here from the depth-2 lines inside it), the rest is said.
awk -F'|' '!done && $4 ~ /^    }$/ && sch {sub(/\| [^|]+ us +\|/, "| # 2000.000 us   |"); done = 1}
	$4 ~ /^    schedule\(\) \{/ {sch = 1} {print}' "$txt" >"$out/capped.txt"
expect "edited: one line changed" "$(diff "$txt" "$out/capped.txt" | grep -c '^>')" 1
kids=$(awk -F'|' '$4 ~ /^    schedule\(\) \{/ {in_ = 1; next} in_ && $4 ~ /^    }/ {exit}
	in_ && $4 ~ /^      [^ ]/ && $3 ~ / us/' "$txt" | ns)
first=$(awk -v root=do_nanosleep -f $awkd/offcpu-intervals.awk -f $awkd/offcpu-text.awk <(awk '{print} /^ +[0-9.]+ \|.*\|  }$/ {exit}' "$txt") | awk '{print $NF}')
"$bin" -f do_nanosleep -i "$out/capped.txt" -m folded >"$out/capped.folded" 2>"$out/capped.err"
excess=$((first - (2000000 - kids)))
expect "edited: the cap said" "$(grep -c "^surfgraph: 1 call was switched out longer than its own time left" "$out/capped.err")" 1
expect "edited: the part left out" "$(sed -n 's/.*stop at it, \([0-9.]*\) us of switched-out time left out$/\1/p' "$out/capped.err")" \
	"$(awk -v e="$excess" 'BEGIN {printf "%.3f\n", e / 1000}')"
expect "edited: [off-cpu] less by that" "$(($(sum <"$o/want-text") - $(offcpu_lines <"$out/capped.folded" | sum)))" "$excess"

echo "offcpu: $n checked, $fail failed"
[ "$fail" = 0 ]
