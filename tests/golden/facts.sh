#!/usr/bin/env bash
# Exact figures on real captures, derived from the trace text with grep/awk (not from surfgraph's
# own output), checked against the .tree file surfgraph writes.
set -euo pipefail
out=${SG_TEST_OUT:-tests/out}/facts
# shellcheck source=tests/golden/lib.sh
. "$(dirname "$0")/lib.sh"

# Sum of the "N.NNN us" durations on the given lines, in integer ns.
sum_ns() { sed -E 's/.*[ +!#*@$] +([0-9]+)(\.([0-9]+))? us.*/\1 \3/' | awk '{f=$2; while (length(f) < 3) f=f "0"; s += $1 * 1000 + f} END {printf "%d\n", s}'; }
tree_of() { "$bin" -f "$1" -i "$2" -m top -q -o "$out/t.tree" >/dev/null && cat "$out/t.tree"; }
meta() { grep "^$1=" "$out/t.tree" | cut -d= -f2; }
stat_col() { awk -F'\t' -v c="$1" '$1 == "stat" {print $c}' "$out/t.tree"; }

# do_fault.txt: one task on CPU 0, every depth-0 "}" closes a __do_fault.
f=$(data linux-6.1/do_fault.txt)
tree_of __do_fault "$f" >/dev/null
closes=$(grep -E '^ [0-9]\) [^|]*\|  }$' "$f")
expect "do_fault invocations" "$(meta invocations)" "$(echo "$closes" | wc -l)"
expect "do_fault total_ns" "$(meta total_ns)" "$(echo "$closes" | sum_ns)"
expect "do_fault max_ns" "$(stat_col 10)" "$(echo "$closes" | sed -E 's/.* ([0-9]+)\.([0-9]+) us.*/\1\2/' | sort -n | tail -1)"
# p50 of 6 values is the 3rd smallest (nearest rank)
expect "do_fault p50_ns" "$(stat_col 8)" "$(echo "$closes" | sed -E 's/.* ([0-9]+)\.([0-9]+) us.*/\1\2/' | sort -n | sed -n 3p)"
expect "do_fault incomplete" "$(meta incomplete)" 0
# a node's self time: the first invocation's __do_fault minus its two children
expect "do_fault self of invocation 1" "$(awk -F'\t' '$1 == "invnode" && $2 == "__do_fault" {print $5; exit}' "$out/t.tree")" \
	$((1135090 - 258595 - 3546))

# funcgraph-tail: every root return names it; funcgraph-proc gives the task
for v in linux-6.1 linux-6.12; do
	f=$(data $v/do_fault_abstime_proc_overrun_tail.txt)
	tree_of __do_fault "$f" >/dev/null
	closes=$(grep '} /\* __do_fault \*/' "$f")
	expect "$v abstime invocations" "$(meta invocations)" "$(echo "$closes" | wc -l)"
	expect "$v abstime total_ns" "$(meta total_ns)" "$(echo "$closes" | sum_ns)"
	first=$(grep -m1 '__do_fault() {' "$f" | sed -E 's/^ *([0-9]+)\.([0-9]+) .*/\1\2000/')
	expect "$v abstime first start_ns" "$(awk -F'\t' '$1 == "inv" {print $7; exit}' "$out/t.tree")" "$first"
done

# --no-irqs on 6.12: the kernel left the timer interrupt out of vdso_fault's 79.418 us (its
# callees' 1110.985 us raise it without the option). With interrupts left out every call is at
# its printed duration, and the interrupt's time is the self time of the caller that holds it.
f=$(data linux-6.12/do_fault.txt)
"$bin" -f __do_fault -i "$f" -m top --no-irqs -o "$out/t.tree" >/dev/null 2>"$out/noirqs.err"
awk -f tests/golden/awk/caller-calls.awk "$f" >"$out/calls.txt"
irq='^(irq_enter|irq_exit|__irq_exit|asm_sysvec_|sysvec_|__sysvec_|asm_common_interrupt|common_interrupt)'
node_col() { awk -F'\t' -v p="$1" -v c="$2" '$1 == "node" && $2 == p {print $c}' "$out/t.tree"; }
printed() { awk -v f="$1" -v what="$2" '$2 == f {s += $3; if ($3 > m) m = $3} END {print what == "max" ? m : s}' "$out/calls.txt"; }
expect "no-irqs 6.12 vdso_fault max_ns" "$(node_col '__do_fault;special_mapping_fault;vdso_fault' 7)" \
	"$(printed vdso_fault max)"
expect "no-irqs 6.12 vdso_fault total_ns" "$(node_col '__do_fault;special_mapping_fault;vdso_fault' 4)" \
	"$(printed vdso_fault sum)"
expect "no-irqs 6.12 special_mapping_fault self_ns" \
	"$(node_col '__do_fault;special_mapping_fault' 5)" \
	"$(awk -v irq="$irq" '$2 == "special_mapping_fault" {s += $3} $1 == "special_mapping_fault" && $2 !~ irq {s -= $3} END {print s}' "$out/calls.txt")"
expect "no-irqs 6.12 nothing raised" "$(grep -c 'raised' "$out/noirqs.err")" 0
expect "no-irqs 6.12 summary says it" "$(grep -c "^surfgraph: --no-irqs: .*callers" "$out/noirqs.err")" 1

# tracing_thresh: returns only; each depth-0 vfs_read return is one whole invocation
f=$(data linux-6.1/vfs_read_tracing_thresh20.txt)
tree_of vfs_read "$f" >/dev/null
closes=$(grep '|  } /\* vfs_read \*/' "$f")
expect "thresh invocations" "$(meta invocations)" "$(echo "$closes" | wc -l)"
expect "thresh total_ns" "$(meta total_ns)" "$(echo "$closes" | sum_ns)"
expect "thresh mode" "$(meta threshold_mode)" 1

# small buffer: every ksys_read spans LOST records; none is whole, all are counted
# (nothing to draw: exit status 1; the summary says the counts, and no .tree is written, so an
# earlier run saved there is not replaced by an empty one)
f=$(data linux-6.1/ksys_read_small_buffer_pipe_lost.txt.gz)
st=0
rm -f "$out/t.tree.old"
cp tests/data/tree/do_fault-v3.tree "$out/t.tree"
"$bin" -f ksys_read -i "$f" -m top -o "$out/t.tree" >/dev/null 2>"$out/lost.err" || st=$?
expect "lost exit status" "$st" 1
expect "lost: the saved run kept" "$(cmp -s tests/data/tree/do_fault-v3.tree "$out/t.tree" && echo kept)" kept
expect "lost: nothing rotated" "$([ -e "$out/t.tree.old" ] && echo rotated || echo none)" none
lost_says() { sed -n "s/^surfgraph: ksys_read: $1.*/\\1/p" "$out/lost.err"; }
expect "lost invocations" "$(lost_says '\([0-9]*\) complete invocations')" 0
expect "lost incomplete" "$(lost_says '0 complete invocations, \([0-9]*\) incomplete')" "$(grep -c '|  ksys_read() {' "$f")"
expect "lost events" "$(sed -n 's/^surfgraph: the kernel lost \([0-9]*\) events.*/\1/p' "$out/lost.err")" \
	"$(grep -o 'LOST [0-9]*' "$f" | awk '{s+=$2} END {print s}')"
expect "lost still open at the end" "$(lost_says '.*incomplete, not merged (\([0-9]*\) still open')" \
	$(($(grep -c '|  ksys_read() {' "$f") - $(grep -cE '^ 1\) [^|]*\|  }' "$f")))

# nofuncgraph-duration: structure only; 16 entries and 16 returns at depth 0, the first
# return's entry is before the trace and the last entry never returns
f=$(data linux-6.1/vfs_write_nofuncgraph-duration.txt.gz)
tree_of vfs_write "$f" >/dev/null
expect "nodur time" "$(meta time)" none
expect "nodur invocations" "$(meta invocations)" $(($(grep -c '^ [01]) vfs_write() {' "$f") - 1))
expect "nodur incomplete_start" "$(meta incomplete_start)" 1
expect "nodur incomplete_end" "$(meta incomplete_end)" 1

# trace-cmd report: same shape as its trace.dat; tasks from the comm-pid column
f=$(data linux-6.1/do_fault_trace-cmd_report.txt)
tree_of __do_fault "$f" >/dev/null
expect "trace-cmd invocations" "$(meta invocations)" "$(grep -c '|  __do_fault() {' "$f")"
expect "trace-cmd total_ns" "$(meta total_ns)" "$(grep -E 'funcgraph_exit: .*\|  }$' "$f" | sum_ns)"
expect "trace-cmd tasks" "$(awk -F'\t' '$1 == "inv" {print $5 "-" $4}' "$out/t.tree" | sort -u | tr '\n' ' ')" "ls-176 sh-175 "

# folded weights add up to the total exactly
f=$(data linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz)
tree_of do_sys_openat2 "$f" >/dev/null
expect "openat2 folded sum" "$("$bin" -f do_sys_openat2 -i "$f" -m folded -q | awk '{s+=$NF} END {print s}')" "$(meta total_ns)"

# raw output is a trace again: reading it back gives the same merged tree (lines that name
# their task: without funcgraph-proc a task that moved CPUs cannot be followed without the
# switch lines, which belong to no invocation)
f=$(data linux-6.1/schedule_funcgraph-proc.txt.gz)
"$bin" -f schedule -i "$f" -m raw -q >"$out/raw.txt"
expect "raw re-read" "$("$bin" -f schedule -i "$out/raw.txt" -m folded -q | md5sum)" \
	"$("$bin" -f schedule -i "$f" -m folded -q | md5sum)"

# .tree round trip: save, load, save gives the same bytes; renders the same tree
for f in linux-6.1/do_fault_pipe.txt linux-6.1/schedule_funcgraph-proc.txt.gz linux-6.12/do_fault.txt; do
	p=$(data $f)
	"$bin" -f __do_fault -f schedule -i "$p" -m tree --ascii -q -o "$out/a.tree" >"$out/a.txt"
	"$bin" -i "$out/a.tree" -m tree --ascii -q -o "$out/b.tree" >"$out/b.txt"
	expect "$f round trip bytes" "$(cmp -s "$out/a.tree" "$out/b.tree" && echo same)" same
	expect "$f round trip render" "$(cmp -s "$out/a.txt" "$out/b.txt" && echo same)" same
done

# a run saved with --keep 0 keeps no invocation whole and still reads back to the same bytes
f=$(data linux-6.1/do_fault.txt)
"$bin" -f __do_fault -i "$f" -m top --keep 0 -q -o "$out/k0.tree" >/dev/null
"$bin" -i "$out/k0.tree" -m top -q -o "$out/k0b.tree" >/dev/null
expect "keep 0 round trip" "$(cmp -s "$out/k0.tree" "$out/k0b.tree" && grep -c "^inv$(printf '\t')" "$out/k0.tree")" 0

# Every complete invocation lasts what the kernel printed on its closing line. printed_roots: the
# durations (ns) printed on the lines that close a call at depth 0 ("}" with or without a tail
# comment, leaves "f();"): the function column follows the last "|", depth 0 is two spaces.
printed_roots() {
	awk '{
		p = 0
		for (i = length($0); i > 0; i--) if (substr($0, i, 1) == "|") { p = i; break }
		if (!p || !match(substr($0, 1, p - 1), /[0-9]+(\.[0-9]+)? us/)) next
		split(substr($0, RSTART, RLENGTH - 3), a, ".")
		f = a[2]; while (length(f) < 3) f = f "0"
		body = substr($0, p + 1)
		if (body ~ /^  [^ ]/ && (body ~ /^  }/ || body ~ /\);/)) printf "%.0f\n", a[1] * 1000 + f
	}' "$1" | sort
}
# FIXTURE ROOT ANOMALIES: each complete invocation's duration is among the printed ones, and the
# calls whose callees outlast them (the only totals surfgraph moves) are exactly ANOMALIES
roots_printed() {
	local f
	f=$(data "$1")
	rm -f "$out/t.tree"
	"$bin" -f "$2" -i "$f" -m top -v --keep 65536 -o "$out/t.tree" >/dev/null 2>"$out/t.err" || true
	awk -F'\t' '$1 == "inv" {print $8}' "$out/t.tree" | sort >"$out/roots.sg"
	printed_roots "$f" >"$out/roots.printed"
	expect "$1 complete invocations kept" "$(wc -l <"$out/roots.sg")" "$(meta invocations)"
	expect "$1 root durations not printed by the kernel" \
		"$(comm -23 "$out/roots.sg" "$out/roots.printed" | tr '\n' ' ')" ""
	expect "$1 calls whose callees outlast them" \
		"$(sed -n 's/.* \([0-9]*\) calls* whose callees outlast \(them\|it\)$/\1/p' "$out/t.err")" "$3"
}
roots_printed linux-6.1/do_fault.txt __do_fault 0
roots_printed linux-6.1/do_fault_abstime_proc_overrun_tail.txt __do_fault 0
roots_printed linux-6.1/do_fault_latency-format_proc.txt __do_fault 0
roots_printed linux-6.1/do_fault_max_depth3.txt __do_fault 0
roots_printed linux-6.1/do_fault_nofuncgraph-irqs.txt __do_fault 0
roots_printed linux-6.1/do_fault_pipe.txt __do_fault 0
roots_printed linux-6.1/do_fault_trace-cmd_report.txt __do_fault 0
roots_printed linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz do_sys_openat2 0
roots_printed linux-6.1/irq_at_call_depth.txt do_sys_openat2 0
roots_printed linux-6.1/schedule_funcgraph-proc.txt.gz schedule 0
roots_printed linux-6.1/schedule_sleep.txt.gz schedule 0
roots_printed linux-6.1/vfs_read_tracing_thresh20.txt vfs_read 0
roots_printed linux-6.12/do_fault_abstime_proc_overrun_tail.txt __do_fault 0
roots_printed linux-6.12/schedule_funcgraph-proc.txt.gz schedule 0
# 6.12 leaves an interrupt's time out of the interrupted call's: vdso_fault printed 79.418 us
# while the timer interrupt printed inside it took 1110.985 us. vdso_fault stands at its callees'
# sum; special_mapping_fault and __do_fault keep their printed durations (they hold it).
roots_printed linux-6.12/do_fault.txt __do_fault 1
grep -q 'callees outlast vdso_fault (called by special_mapping_fault) in __do_fault: 79.418 us printed, its callees 1110.985 us (1031.567 us more)' "$out/t.err" ||
	expect "6.12 vdso_fault anomaly listed by -v" "$(grep 'callees outlast' "$out/t.err")" "vdso_fault, 1031.567 us more"

# 7.3 the same, five times: a timer interrupt inside find_timens_vvar_page (2.344 us printed,
# 111.066 us of interrupt), lruvec_stat_mod_folio, vdso_fault twice, __rcu_read_unlock
roots_printed linux-7.3/do_fault.txt.gz __do_fault 5
roots_printed linux-7.3/do_fault_funcgraph-args.txt.gz __do_fault 0
roots_printed linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz vfs_read 0
# 17 calls, each on its own: a short call among several of one path in an invocation counts (the
# others' slack does not hide it). In invocation 95, three bpf_lsm_inode_permission calls on one
# path print 0.831 us (its callees 290.093 us), 0.891 and 0.882 us: 290.093 + 0.891 + 0.882 us.
roots_printed linux-7.3/do_sys_openat2_funcgraph-tail.txt.gz do_sys_openat2 17
expect "7.3 openat2: bpf_lsm_inode_permission of invocation 95 raised call by call" \
	"$(awk -F'\t' '$1 == "inv" {i++} $1 == "invnode" && i == 95 && $2 ~ /;link_path_walk;inode_permission;security_inode_permission;bpf_lsm_inode_permission$/ {print $3, $4}' "$out/t.tree")" \
	"3 $((290093 + 891 + 882))"

# A 6.1 interrupt printed at the interrupted call's depth, closed by "} /* may_open */": the
# printed durations put it inside may_open (1374.945 us holds inode_permission 6.540 us and the
# interrupt's 2.884 + 261.568 + 988.752 us); beside it, path_openat's children would outlast its
# 1605.699 us and the root would read 2890.589 us instead of the printed 1675.793 us.
f=$(data linux-6.1/irq_at_call_depth.txt)
tree_of do_sys_openat2 "$f" >/dev/null
expect "irq at call depth: durations" "$(awk -F'\t' '$1 == "inv" {print $8}' "$out/t.tree" | tr '\n' ' ')" "79954 1675793 "
expect "irq at call depth: total" "$(meta total_ns)" $((79954 + 1675793))
node_total() { awk -F'\t' -v p="$1" '$1 == "node" && $2 == p {print $4}' "$out/t.tree"; }
expect "irq at call depth: irq_exit_rcu under may_open" \
	"$(node_total 'do_sys_openat2;do_filp_open;path_openat;may_open;irq_exit_rcu')" 988752
expect "irq at call depth: path_openat as printed" "$(node_total 'do_sys_openat2;do_filp_open;path_openat')" \
	$((50517 + 1605699))
expect "irq at call depth: may_open self" \
	"$(awk -F'\t' '$1 == "node" && $2 == "do_sys_openat2;do_filp_open;path_openat;may_open" {print $5}' "$out/t.tree")" \
	$((6310 - 4208 + 1374945 - 6540 - 2884 - 261568 - 988752))

# Each call path's calls and total as tests/golden/awk/calls-by-path.awk derives them from the
# text alone (with the invocations, each root's duration and the raised calls): callees printed
# before their caller's entry (7.x) and interrupts printed at the interrupted call's depth (6.1
# and arm64) placed by the printed durations. path_facts TRACE ROOT NAME: the .tree in $out/t.tree,
# the derived figures in $out/a.facts, the sorted node lines in $out/t.nodes and $out/a.nodes.
fact() { sed -n "s/^$1 //p" "$out/a.facts"; }
# the summary's "N calls raised to the sum of their callees' durations, X us in all", in ns (0: none)
raised_ns_said() {
	local us
	us=$(sed -n 's/^surfgraph: [0-9]* calls\{0,1\} raised to .* durations, \([0-9]*\.[0-9]*\) us in all.*/\1/p' "$out/t.err")
	if [ -z "$us" ]; then echo 0; else echo $((10#${us/./})); fi
}
path_facts() {
	awk -v root="$2" -f tests/golden/awk/calls-by-path.awk "$1" >"$out/a.facts"
	rm -f "$out/t.tree"
	"$bin" -f "$2" -i "$1" -m top -v --keep 65536 -o "$out/t.tree" >/dev/null 2>"$out/t.err" || true
	expect "$3 invocations" "$(meta invocations)" "$(fact invocations)"
	expect "$3 total_ns" "$(meta total_ns)" "$(fact total_ns)"
	expect "$3 root durations" "$(awk -F'\t' '$1 == "inv" {print $8}' "$out/t.tree" | sort -n | tr '\n' ' ')" \
		"$(fact roots | tr ' ' '\n' | sed '/^$/d' | sort -n | tr '\n' ' ')"
	expect "$3 calls whose callees outlast them" \
		"$(sed -n 's/.* \([0-9]*\) calls* whose callees outlast \(them\|it\)$/\1/p' "$out/t.err")" "$(fact raised)"
	expect "$3 time the raised calls gained" "$(raised_ns_said)" "$(fact raised_ns)"
	expect "$3 -v names each call whose callees outlast it (the first 32)" \
		"$(grep -c '^surfgraph: callees outlast ' "$out/t.err")" \
		"$(($(fact raised) < 32 ? $(fact raised) : 32))"
	awk -F'\t' '$1 == "node" {print "node", $2, $3, $4}' "$out/t.tree" | sort >"$out/t.nodes"
	grep '^node ' "$out/a.facts" | sort >"$out/a.nodes"
	expect "$3 calls and total per call path (lines differing)" \
		"$(diff "$out/a.nodes" "$out/t.nodes" | grep -c '^[<>]')" 0
}
for c in linux-6.1/do_fault.txt:__do_fault linux-6.1/do_fault_abstime_proc_overrun_tail.txt:__do_fault \
	linux-6.1/irq_at_call_depth.txt:do_sys_openat2 linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz:do_sys_openat2 \
	linux-6.12/do_fault.txt:__do_fault linux-6.12/do_fault_abstime_proc_overrun_tail.txt:__do_fault \
	linux-7.3/do_fault.txt.gz:__do_fault linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz:vfs_read \
	linux-7.3/do_fault_funcgraph-args.txt.gz:__do_fault \
	linux-7.3/do_sys_openat2_funcgraph-tail.txt.gz:do_sys_openat2; do
	path_facts "$(data "${c%:*}")" "${c#*:}" "${c%:*}"
done

# arm64 (issue 27): per root, one buffer of a 1-vCPU arm64 guest printed with the default
# columns, again with funcgraph-proc and funcgraph-abstime, and extracted to a trace.dat
# (tests/vm/scenarios/c3-arm64-capture.sh). arm64 prints an interrupt (do_interrupt_handler
# between "==========>" and "<==========") at the interrupted call's depth.
# irqs_in_roots: the "==========>" markers between a root's entry at depth 0 and its return
irqs_in_roots() {
	awk -v root="$2" '$0 ~ "\\|  " root "\\(\\) \\{$" {in_root = 1; c = 0; next}
		in_root && /==========>/ {c++}
		in_root && /\|  }/ {s += c; in_root = 0}
		END {print s + 0}' "$1"
}
arm64_facts() { # DIR ROOT NAME
	local v=$1 r=$2 f tag first
	for f in "$(data "$v/$3.txt.gz")" "$(data "$v/${3}_proc_abstime.txt.gz")"; do
		tag=$v/$(basename "$f")
		path_facts "$f" "$r" "$tag"
		expect "$tag incomplete" "$(meta incomplete)" "$(fact incomplete)"
		expect "$tag interrupts inside the invocations" \
			"$(awk '$2 ~ /;do_interrupt_handler$/ {s += $3} END {print s + 0}' "$out/t.nodes")" \
			"$(irqs_in_roots "$f" "$r")"
	done
	# funcgraph-proc: each complete invocation's task as the trace names it; abstime: the first start
	expect "$tag invocations per task" \
		"$(awk -F'\t' '$1 == "inv" {print $5}' "$out/t.tree" | sort | uniq -c | awk '{print $2, $1}' | tr '\n' ' ')" \
		"$(awk -v root="$r" -f tests/golden/awk/task-invocations.awk "$f" | sort | tr '\n' ' ')"
	first=$(grep -m1 "|  $r() {" "$f" | sed -E 's/^ *([0-9]+)\.([0-9]+) .*/\1\2000/')
	expect "$tag first start_ns" "$(awk -F'\t' '$1 == "inv" {print $7; exit}' "$out/t.tree")" "$first"
	# the trace.dat of the same buffer, read by this (x86) surfgraph: the same calls on the same
	# paths as the text (durations in ns there, rounded in the text), and call for call what the
	# host's trace-cmd report prints (tests/dat/report-calls.awk): timestamp, task, duration, depth
	f=tests/data/$v/$3.dat
	rm -f "$out/t.tree"
	"$bin" -f "$r" -i "$f" -m top --keep 65536 -q -o "$out/t.tree" >/dev/null
	expect "$v/$3.dat calls per call path as the text's" \
		"$(awk -F'\t' '$1 == "node" {print "node", $2, $3}' "$out/t.tree" | sort | md5sum)" \
		"$(awk '{print $1, $2, $3}' "$out/a.nodes" | md5sum)"
	trace-cmd report -t "$f" 2>/dev/null | awk -v root="$r" -f tests/dat/report-calls.awk >"$out/report-calls"
	"$bin" -i "$f" -f "$r" -m replay --no-save -q | awk '/^#/ || NF == 0 { next }
		{ cpu = $3; gsub(/[][]/, "", cpu); bar = index($0, "| "); body = substr($0, bar + 2)
		  match(body, /^ */); depth = RLENGTH / 2; name = substr(body, RLENGTH + 1)
		  sub(/[(].*$/, "", name); sub(/^0x/, "", name)
		  print $1, cpu + 0, $4, $5, depth, name }' >"$out/replay-calls"
	expect "$v/$3.dat calls in trace-cmd report" "$(wc -l <"$out/report-calls")" \
		"$(awk '{s += $3} END {print s}' "$out/a.nodes")"
	expect "$v/$3.dat -m replay as trace-cmd report, call for call" \
		"$(cmp -s "$out/report-calls" "$out/replay-calls" && echo same)" same
}
for c in linux-arm64-6.1:__do_fault:do_fault linux-arm64-6.1:do_sys_openat2:do_sys_openat2 \
	linux-arm64-6.1:vfs_read:vfs_read \
	linux-arm64-7.3:__do_fault:do_fault; do
	IFS=: read -r v r name <<<"$c"
	arm64_facts "$v" "$r" "$name"
done

echo "facts: $n checked, $fail failed"
[ $fail = 0 ]
