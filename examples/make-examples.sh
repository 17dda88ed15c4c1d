#!/usr/bin/env bash
# Regenerates the example outputs from examples/do_fault.txt (a real 6.1 capture): `make examples`.
set -euo pipefail
cd "$(dirname "$0")"
sg=../surfgraph
export SOURCE_DATE_EPOCH=1763769600 # fixed "created=" so the files only change when output does
$sg -f __do_fault -i do_fault.txt -m tree --ascii -q -o __do_fault.tree >do_fault.tree.txt
$sg -f __do_fault -i do_fault.txt -m walk --no-save -q >do_fault.walk.txt
$sg -f __do_fault -i do_fault.txt -m folded --no-save -q >do_fault.folded
$sg -f __do_fault -i do_fault.txt -m top --no-save -q >do_fault.top.txt
$sg -f __do_fault -i do_fault.txt -m svg -s 0 --no-save -q >/dev/null
$sg -f __do_fault -i do_fault.txt -m png -s 0 --no-save -q >/dev/null
echo "examples: regenerated $(ls | wc -l) files"
