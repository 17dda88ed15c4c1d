#!/usr/bin/env bash
# peak-rss.sh MB [BIN]: peak RSS (KB) and seconds of surfgraph reading MB megabytes of repeated
# fixtures (two big captures and do_fault, both CPUs) from a pipe, printed "KB SECONDS". Used by
# tests/hardening/run.sh (25 and 250 MB) and make bench (100 MB and 1 GB). SG_PEAK_FILTER (say
# "zstd -1 -c") compresses the stream on its way: decompressing must not hold it either.
set -euo pipefail
cd "$(dirname "$0")/../.."
mb=$1
bin=${2:-$PWD/surfgraph}
[ -x /usr/bin/time ] || { echo "peak-rss.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
mkdir -p "${SG_TEST_OUT:-tests/out}"
unit=${SG_TEST_OUT:-tests/out}/peak-rss-unit.txt
if [ ! -s "$unit" ]; then
	{
		gunzip -c tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz
		gunzip -c tests/data/linux-6.1/schedule_sleep.txt.gz
		cat tests/data/linux-6.1/do_fault.txt
	} >"$unit.tmp"
	mv "$unit.tmp" "$unit"
fi
usize=$(stat -c %s "$unit")
reps=$(((mb * 1000000 + usize - 1) / usize))
# shellcheck disable=SC2086
for ((i = 0; i < reps; i++)); do cat "$unit"; done | ${SG_PEAK_FILTER:-cat} |
	/usr/bin/time -f '%M %e' "$bin" -f do_sys_openat2 -f schedule -f __do_fault -i - -m top \
		-q 2>&1 >/dev/null | tail -1
