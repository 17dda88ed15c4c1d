#!/usr/bin/env bash
# trace.dat tests: a trace-cmd file read through libtracecmd must give the same trees as the
# `trace-cmd report` text of the same capture read by the text parser, and -m raw must print
# function_graph text that reads back to the same tree.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=${SG_TEST_OUT:-tests/out}/dat
mkdir -p "$out"
dat=tests/data/linux-6.1/do_fault_trace-cmd.dat
report=tests/data/linux-6.1/do_fault_trace-cmd_report.txt
SUITE=dat
. tests/lib.sh


for m in tree folded top; do
	"$bin" -i "$dat" -f __do_fault -m $m --ascii -q >"$out/dat.$m"
	"$bin" -i "$report" -f __do_fault -m $m --ascii -q >"$out/report.$m"
	check "$m: same as the report's" cmp -s "$out/dat.$m" "$out/report.$m"
done
"$bin" -i "$dat" -f __do_fault -m tree 2>"$out/summary" >/dev/null
check "6 complete invocations" grep -q '__do_fault: 6 complete invocations$' "$out/summary"
"$bin" -i "$dat" -f __do_fault -m raw -q >"$out/dat.raw"
"$bin" -i "$out/dat.raw" -f __do_fault -m folded -q >"$out/raw.folded"
check "raw output reads back" cmp -s "$out/raw.folded" "$out/report.folded"
"$bin" -i "$dat" -f __do_fault -m tree -o "$out/saved.tree" -q >/dev/null
"$bin" -i "$out/saved.tree" -m folded -q >"$out/tree.folded"
check ".tree reloads" cmp -s "$out/tree.folded" "$out/report.folded"
# on stdin (a file or a pipe) it is copied to an unlinked temporary file libtracecmd can seek
"$bin" -i - -f __do_fault -m folded -q <"$dat" >"$out/stdin.folded"
check "stdin (redirected file): same as the report's" cmp -s "$out/stdin.folded" "$out/report.folded"
cat "$dat" | "$bin" -i - -f __do_fault -m folded -q >"$out/pipe.folded"
check "stdin (pipe): same as the report's" cmp -s "$out/pipe.folded" "$out/report.folded"
head -c 300000 "$dat" >"$out/truncated.dat"
"$bin" -i "$out/truncated.dat" -f __do_fault -m tree >/dev/null 2>"$out/trunc.err" || true
check "truncated file: one-line message, no crash" test "$(wc -l <"$out/trunc.err")" -le 2

# -m replay against trace-cmd report: every call of every complete invocation, in order, with
# the record's timestamp (ns), CPU, task-pid, duration and depth (report-calls.awk derives them
# from the funcgraph records alone). trace-cmd prints an address it cannot name without 0x.
replay_norm='/^#/ || NF == 0 { next }
{ cpu = $3; gsub(/[][]/, "", cpu); bar = index($0, "| "); body = substr($0, bar + 2)
  match(body, /^ */); depth = RLENGTH / 2; name = substr(body, RLENGTH + 1)
  sub(/[(].*$/, "", name); sub(/^0x/, "", name)
  print $1, cpu + 0, $4, $5, depth, name }'
for c in linux-6.1/do_fault_trace-cmd.dat:__do_fault:66 \
	linux-6.1/do_nanosleep_sched_switch.dat:do_nanosleep:1039 \
	linux-7.3/do_nanosleep_sched_switch.dat:do_nanosleep:1535; do
	f=${c%%:*} root=${c#*:} root=${root%%:*} calls=${c##*:}
	name=$(basename "$(dirname "$f")")-$(basename "$f" .dat)
	trace-cmd report -t "tests/data/$f" 2>/dev/null |
		awk -v root="$root" -f tests/dat/report-calls.awk >"$out/$name.report-calls"
	"$bin" -i "tests/data/$f" -f "$root" -m replay --no-save -q >"$out/$name.replay" || true
	awk "$replay_norm" "$out/$name.replay" >"$out/$name.replay-calls"
	check "$f: trace-cmd report has $calls calls of $root" \
		test "$(wc -l <"$out/$name.report-calls")" = "$calls"
	check "$f: -m replay agrees with trace-cmd report call for call" \
		cmp -s "$out/$name.report-calls" "$out/$name.replay-calls"
done
# -m chrome of the same runs: each slice at its record's timestamp for its duration, to the ns
# (a slice clamped to nest keeps the recorded ones in args), in the same order
report_ns='{ ts = $1; sub(/\./, "", ts); sub(/^0+/, "", ts); name = $6; sub(/^0x/, "", name); print ts, $4, name }'
for c in linux-6.1/do_fault_trace-cmd.dat:__do_fault:0 linux-6.1/do_nanosleep_sched_switch.dat:do_nanosleep:27 \
	linux-7.3/do_nanosleep_sched_switch.dat:do_nanosleep:38; do
	f=${c%%:*} root=${c#*:} root=${root%%:*} clamped=${c##*:}
	name=$(basename "$(dirname "$f")")-$(basename "$f" .dat)
	"$bin" -i "tests/data/$f" -f "$root" -m chrome --keep all --no-save -q >"$out/$name.chrome.json" || true
	awk -f tests/dat/chrome-calls.awk "$out/$name.chrome.json" >"$out/$name.chrome-calls"
	awk "$report_ns" "$out/$name.report-calls" >"$out/$name.report-ns"
	check "$f: -m chrome: every slice at its record's time and duration (trace-cmd report -t)" \
		cmp -s "$out/$name.report-ns" "$out/$name.chrome-calls"
	check "$f: -m chrome: $clamped slices clamped to nest, counted; none moved" \
		test "$(grep -c '"clamped":1,"recorded_ts"' "$out/$name.chrome.json")/$(grep -o '"clamped":[0-9]*,"moved":[0-9]*,"laid_out"' "$out/$name.chrome.json")" = \
		"$clamped/\"clamped\":$clamped,\"moved\":0,\"laid_out\""
done

# Events the kernel dropped (issue 33.13): a page whose header says events were missed before it
# (the commit word's bit 31, RB_MISSED_EVENTS, and bit 30, RB_MISSED_STORED: the count follows
# the page's data), made from 6.1's do_nanosleep capture converted to an uncompressed file, its
# CPU 0's second page marked with 77 events dropped in the middle of an invocation. trace-cmd
# report prints the mark; surfgraph counts the same 77 and leaves out the invocation they cut,
# and report-calls.awk skips exactly that one: -m chrome agrees with it call for call.
f=tests/data/linux-6.1/do_nanosleep_sched_switch.dat
trace-cmd convert -i "$f" -o "$out/dropped.dat" --file-version 6 --compression none >/dev/null 2>&1
page=$(trace-cmd report --debug "$out/dropped.dat" 2>/dev/null |
	sed -n 's/^CPU:0 \[SUBBUFFER START\] \[[0-9]*:0x\([0-9a-f]*\)\]$/\1/p' | sed -n 2p)
page=$((0x${page:-0}))
commit=$(od -An -tu4 -j $((page + 8)) -N4 "$out/dropped.dat" | tr -d ' ')
le32() { printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24 & 255)))"; }
le32 $((commit | 0xc0000000)) | dd of="$out/dropped.dat" bs=1 seek=$((page + 8)) conv=notrunc status=none
le32 77 | dd of="$out/dropped.dat" bs=1 seek=$((page + 16 + (commit & 0x7ffffff))) conv=notrunc status=none
trace-cmd report -t "$out/dropped.dat" 2>/dev/null >"$out/dropped.report"
check "dropped: trace-cmd report prints the page's mark once" \
	test "$(grep -c 'EVENTS DROPPED' "$out/dropped.report")/$(grep -c '^CPU:0 \[77 EVENTS DROPPED\]$' "$out/dropped.report")" = 1/1
"$bin" -i "$out/dropped.dat" -f do_nanosleep -m chrome --keep all -o "$out/dropped.tree" -q \
	>"$out/dropped.chrome.json" 2>/dev/null || true
check "dropped: the .tree counts the 77 and one invocation cut by them, 19 of 20 whole" \
	test "$(grep -E '^(invocations|incomplete_lost|lost_events)=' "$out/dropped.tree" | tr '\n' ' ')" = \
	"invocations=19 incomplete_lost=1 lost_events=77 "
awk -v root=do_nanosleep -f tests/dat/report-calls.awk "$out/dropped.report" | awk "$report_ns" >"$out/dropped.report-ns"
awk -f tests/dat/chrome-calls.awk "$out/dropped.chrome.json" >"$out/dropped.chrome-calls"
check "dropped: -m chrome and trace-cmd report -t skip the same invocation ($(wc -l <"$out/dropped.report-ns") of 1039 calls left)" \
	cmp -s "$out/dropped.report-ns" "$out/dropped.chrome-calls"

# the same through a saved .tree (version 5 keeps each call)
"$bin" -i "$dat" -f __do_fault -m tree -o "$out/replay.tree" -q >/dev/null
"$bin" -i "$out/replay.tree" -m replay -q 2>/dev/null | awk "$replay_norm" >"$out/tree.replay-calls" || true
check "-m replay of the saved .tree: the same calls" \
	cmp -s "$out/linux-6.1-do_fault_trace-cmd.report-calls" "$out/tree.replay-calls"

# patched NAME OFFSET BYTES...: $out/NAME.dat, the fixture with each BYTES (printf escapes)
# written at its OFFSET; surfgraph's exit status on it in $st, its stderr in $out/NAME.err
patched() {
	local name=$1
	shift
	cp "$dat" "$out/$name.dat"
	while [ $# -ge 2 ]; do
		printf "$2" | dd of="$out/$name.dat" bs=1 seek="$1" conv=notrunc status=none
		shift 2
	done
	st=0
	timeout 60 "$bin" -i "$out/$name.dat" -f __do_fault -m tree >/dev/null \
		2>"$out/$name.err" || st=$?
}

# A header damaged in five bytes (found by fuzz_dat) makes libtracecmd crash while refusing the
# file: surfgraph refuses it with a message and a plain exit status instead.
patched damaged 146575 '\220' 962553 '\001\000\000\000\177\377\377\377'
check "damaged header: refused, exit 1 (was $st)" test $st = 1
check "damaged header: says why" grep -qx "surfgraph: libtracecmd crashed reading $out/damaged.dat (signal 11): damaged trace.dat, not read" "$out/damaged.err"

# An event surfgraph never reads whose print fmt nests 100,000 parentheses (tests/data/README.md):
# libtraceevent's format parser overflows the stack inside tracecmd_read_headers. A child parses
# first; surfgraph says the library crashed and exits 1, with no core dump.
gunzip -c tests/data/damaged/deep-print-fmt.dat.gz >"$out/deep.dat"
st=0
timeout 60 "$bin" -i "$out/deep.dat" -f do_nanosleep -m tree >/dev/null 2>"$out/deep.err" || st=$?
check "print fmt nested 100,000 deep: refused, exit 1 (was $st)" test $st = 1
check "print fmt nested 100,000 deep: one line saying the library crashed" grep -qx "surfgraph: libtracecmd crashed reading $out/deep.dat (signal 11): damaged trace.dat, not read" "$out/deep.err"

# A section size of 0xffffffff (found by fuzz_dat: libtracecmd asks malloc for 4 GB, which
# libFuzzer's allocation limit reports): refused at once, nothing allocated for it.
patched bigsection 956484 '\377\377\377\377'
check "section size 0xffffffff: refused, exit 1 (was $st)" test $st = 1
check "section size 0xffffffff: one line saying so" grep -qx "surfgraph: $out/bigsection.dat: not a readable trace.dat file" "$out/bigsection.err"

finish
