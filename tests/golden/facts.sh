#!/usr/bin/env bash
# Exact figures on real captures, derived from the trace text with grep/awk (not from surfgraph's
# own output), checked against the .tree file surfgraph writes.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=tests/out/facts
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0
fail=0 n=0

data() { # a fixture path, decompressed when gzipped
	local f=tests/data/$1
	if [ "${f%.gz}" != "$f" ]; then gunzip -c "$f" >"$out/$(basename "${f%.gz}")" && f=$out/$(basename "${f%.gz}"); fi
	echo "$f"
}
# Sum of the "N.NNN us" durations on the given lines, in integer ns.
sum_ns() { sed -E 's/.*[ +!#*@$] +([0-9]+)(\.([0-9]+))? us.*/\1 \3/' | awk '{f=$2; while (length(f) < 3) f=f "0"; s += $1 * 1000 + f} END {printf "%d\n", s}'; }
tree_of() { "$bin" -f "$1" -i "$2" -m top -q -o "$out/t.tree" >/dev/null && cat "$out/t.tree"; }
meta() { grep "^$1=" "$out/t.tree" | cut -d= -f2; }
stat_col() { awk -F'\t' -v c="$1" '$1 == "stat" {print $c}' "$out/t.tree"; }
expect() { # what got want
	n=$((n + 1))
	if [ "$2" != "$3" ]; then echo "FAIL $1: got '$2', want '$3'"; fail=$((fail + 1)); fi
}

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

# tracing_thresh: returns only; each depth-0 vfs_read return is one whole invocation
f=$(data linux-6.1/vfs_read_tracing_thresh20.txt)
tree_of vfs_read "$f" >/dev/null
closes=$(grep '|  } /\* vfs_read \*/' "$f")
expect "thresh invocations" "$(meta invocations)" "$(echo "$closes" | wc -l)"
expect "thresh total_ns" "$(meta total_ns)" "$(echo "$closes" | sum_ns)"
expect "thresh mode" "$(meta threshold_mode)" 1

# small buffer: every ksys_read spans LOST records; none is whole, all are counted
# (nothing to draw: exit status 1, but the .tree is written with the counts)
f=$(data linux-6.1/ksys_read_small_buffer_pipe_lost.txt.gz)
st=0
tree_of ksys_read "$f" >/dev/null 2>&1 || st=$?
expect "lost exit status" "$st" 1
expect "lost invocations" "$(meta invocations)" 0
expect "lost incomplete" "$(meta incomplete)" "$(grep -c '|  ksys_read() {' "$f")"
expect "lost events" "$(meta lost_events)" "$(grep -o 'LOST [0-9]*' "$f" | awk '{s+=$2} END {print s}')"
expect "lost still open at the end" "$(meta incomplete_end)" \
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
expect "openat2 folded sum" "$("$bin" -f do_sys_openat2 -i "$f" -m folded --no-save -q | awk '{s+=$NF} END {print s}')" "$(meta total_ns)"

# raw output is a trace again: reading it back gives the same merged tree (lines that name
# their task: without funcgraph-proc a task that moved CPUs cannot be followed without the
# switch lines, which belong to no invocation)
f=$(data linux-6.1/schedule_funcgraph-proc.txt.gz)
"$bin" -f schedule -i "$f" -m raw --no-save -q >"$out/raw.txt"
expect "raw re-read" "$("$bin" -f schedule -i "$out/raw.txt" -m folded --no-save -q | md5sum)" \
	"$("$bin" -f schedule -i "$f" -m folded --no-save -q | md5sum)"

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

echo "facts: $n checked, $fail failed"
[ $fail = 0 ]
