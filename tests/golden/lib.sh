# shellcheck shell=bash disable=SC2034,SC2154 # bin, fail, n are for the caller; out comes from it
# What facts.sh and forms.sh share: run from the top directory, fixtures by name, counted checks.
# The caller sets out (its output directory) and runs with bash's set -euo pipefail.
cd "$(dirname "$0")/../.." || exit 1
bin=${SURFGRAPH:-./surfgraph}
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0
fail=0 n=0

data() { # a fixture path, decompressed when gzipped
	local f=tests/data/$1
	if [ "${f%.gz}" != "$f" ]; then gunzip -c "$f" >"$out/$(basename "${f%.gz}")" && f=$out/$(basename "${f%.gz}"); fi
	echo "$f"
}
expect() { # what got want
	n=$((n + 1))
	if [ "$2" != "$3" ]; then echo "FAIL $1: got '$2', want '$3'"; fail=$((fail + 1)); fi
}
