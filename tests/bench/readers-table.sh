#!/usr/bin/env bash
# make bench, VM part: the table of tests/vm/scenarios/b1-bench.sh's runs, one line per kernel,
# load and reader: records taken from the kernel's buffers (a text leaf line counts as the entry
# and exit records it was made of), what was lost, and the CPU seconds surfgraph used from
# tracing on to the last record read (getrusage: user + system), per million records.
#   tests/bench/readers-table.sh DIR...   (run-tests.sh's output directories of the b1 boots)
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 DIR..." >&2; exit 2; }
printf '%-18s %5s %-5s %6s %9s %8s %-26s %17s %12s\n' kernel load rdr traced records rec/s \
	lost 'CPU s (u+s)' 's/M records'
for d in "$@"; do
	[ -f "$d/results" ] || { echo "$d: no results" >&2; continue; }
	kern=$(sed -n 's/^kernel=//p' "$d/results" | tail -n1)
	cpus=$(sed -n 's/^b1_cpus=//p' "$d/results" | tail -n1)
	for load in 0.1 0.02; do
		for r in bin text; do
			f=$d/b1.$r.$load.err
			[ -f "$f" ] || continue
			awk -v k="${kern%%-amd64}/${cpus}cpu" -v load="$load" -v r="$r" '
				/traced [0-9.]* s on/ { sec = $3 }
				/no events lost/ { lost = "none" }
				/lost events:/ {
					sub(/.*lost events: /, "")
					lost = $1 " announced"
					if (/kernel stats/)
						lost = $1 " ann., " $(NF - 3) " ovr, " $(NF - 1) " drop"
				}
				/reading used/ {
					cpu = $4; user = $8; sys = $10; rec = $13
					sub(/^\(/, "", user)
				}
				END {
					printf "%-18s %5s %-5s %6s %9d %8.0f %-26s %17s %12.2f\n", k, load, r, sec, rec,
						rec / (sec > 0 ? sec : 1), lost, sprintf("%.2f (%.2f+%.2f)", cpu, user, sys),
						rec ? cpu * 1e6 / rec : 0
				}' "$f"
		done
	done
done
