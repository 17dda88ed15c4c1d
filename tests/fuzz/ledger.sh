#!/usr/bin/env bash
# ledger.sh - executions and crashes per fuzz target, summed over every run tests/fuzz/run.sh
# recorded in build/fuzz/ledger.tsv (date, commit, target, executions, exec/s, crashes).
set -euo pipefail
cd "$(dirname "$0")/../.."
ledger=${FUZZ_DIR:-build/fuzz}/ledger.tsv
[ -s "$ledger" ] || { echo "ledger.sh: no runs recorded in $ledger" >&2; exit 1; }
awk -F'\t' '
	{ runs[$3] += $4; crashes[$3] += $6; n[$3]++ }
	END {
		printf "%-8s %14s %6s %8s\n", "target", "executions", "runs", "crashes"
		for (t in runs) printf "%-8s %14d %6d %8d\n", t, runs[t], n[t], crashes[t]
	}' "$ledger" | { read -r head; echo "$head"; sort; }
