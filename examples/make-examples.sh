#!/usr/bin/env bash
# Regenerates the example outputs from examples/do_fault.txt (a real 6.1 capture) and
# do_fault-6.12.txt (the same on 6.12, for the diff): `make examples`.
set -euo pipefail
cd "$(dirname "$0")"
sg=../surfgraph
export SOURCE_DATE_EPOCH=1763769600 # fixed "created=" so the files only change when output does
# regenerated, not new runs to keep as .old (nor, for PNGs drawn before they were marked as
# surfgraph's, refused as someone else's)
rm -f __do_fault.tree __do_fault.svg __do_fault.png __do_fault.diff.svg __do_fault.diff.png \
	do_sys_openat2.slow.png do_nanosleep.svg do_nanosleep.png
$sg -f __do_fault -i do_fault.txt -m tree --ascii -q -o __do_fault.tree >do_fault.tree.txt
$sg -f __do_fault -i do_fault.txt -m walk -q >do_fault.walk.txt
$sg -f __do_fault -i do_fault.txt -m folded -q >do_fault.folded
$sg -f __do_fault -i do_fault.txt -m top -q >do_fault.top.txt
$sg -f __do_fault -i do_fault.txt -m svg -s 0 -q >/dev/null
$sg -f __do_fault -i do_fault.txt -m png -s 0 -q >/dev/null
# the same function on a 6.12 kernel, compared: text, and the differential flame graph
$sg diff -f __do_fault do_fault.txt do_fault-6.12.txt -q >do_fault.diff.txt
$sg diff -f __do_fault do_fault.txt do_fault-6.12.txt -m svg -q -o __do_fault.diff.svg
$sg diff -f __do_fault do_fault.txt do_fault-6.12.txt -m png -q -o __do_fault.diff.png
# the tail of do_sys_openat2 on 6.1 (tests/data): its latency histogram, and its slow calls
# against its typical ones (diff --slow), the picture README shows
tmp=$(mktemp)
gunzip -c ../tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz >"$tmp"
$sg -f do_sys_openat2 -i "$tmp" -m hist -q >do_sys_openat2.hist.txt
$sg diff --slow -f do_sys_openat2 "$tmp" -m png -q -o do_sys_openat2.slow.png
# the scatter with the slowest invocation (112) drawn alone, as Chromium shows it (needs
# tests/browser's playwright-core: `make browser` installs it)
if [ -d ../tests/browser/node_modules/playwright-core ] && [ -x /usr/bin/chromium ]; then
	d=$(mktemp -d)
	sgabs=$(realpath "$sg")
	cp "$tmp" "$d/do_sys_openat2_funcgraph-tail.txt"
	(cd "$d" && "$sgabs" -f do_sys_openat2 -i do_sys_openat2_funcgraph-tail.txt -m svg -s 0 -q)
	node ../tests/browser/shot.mjs "$d/do_sys_openat2.svg?k=112" "$PWD/do_sys_openat2.scatter.png" 760
	rm -rf "$d"
fi
rm -f "$tmp"
# where 20 calls of sleep 0.01 waited: the [off-cpu] frames of a 6.1 capture with sched_switch
$sg -f do_nanosleep -i ../tests/data/linux-6.1/do_nanosleep_sched_switch.dat -m svg -s 0 -q
$sg -f do_nanosleep -i ../tests/data/linux-6.1/do_nanosleep_sched_switch.dat -m png -s 0 -q
echo "examples: regenerated $(ls | wc -l) files"
