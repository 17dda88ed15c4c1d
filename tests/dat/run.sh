#!/usr/bin/env bash
# trace.dat tests: a trace-cmd file read through libtracecmd must give the same trees as the
# `trace-cmd report` text of the same capture read by the text parser, and -m raw must print
# function_graph text that reads back to the same tree.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=tests/out/dat
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
check "damaged header: says why" grep -q 'its headers are damaged' "$out/damaged.err"

# A section size of 0xffffffff (found by fuzz_dat: libtracecmd asks malloc for 4 GB, which
# libFuzzer's allocation limit reports): refused at once, nothing allocated for it.
patched bigsection 956484 '\377\377\377\377'
check "section size 0xffffffff: refused, exit 1 (was $st)" test $st = 1
check "section size 0xffffffff: one line saying so" grep -qx "surfgraph: $out/bigsection.dat: not a readable trace.dat file" "$out/bigsection.err"

finish
