#!/usr/bin/env bash
# Golden tests: real kernel captures in, exact expected outputs out (tests/golden/cases.txt).
# Usage: tests/golden/run.sh [--update]   (--update rewrites expected/ from the current binary)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=${SG_TEST_OUT:-tests/out}/golden
mkdir -p "$out"
update=0
[ "${1:-}" = --update ] && update=1
export SOURCE_DATE_EPOCH=0
pass=0 fail=0

input_path() {
	local in=tests/data/$1
	case $in in
	*.gz)
		local plain=$out/data/${1%.gz}
		mkdir -p "$(dirname "$plain")"
		[ -f "$plain" ] || gunzip -c "$in" >"$plain"
		echo "$plain" ;;
	*) echo "$in" ;;
	esac
}

while IFS='|' read -r name input args; do
	name=$(echo "$name" | xargs)
	case $name in '#'* | '') continue ;; esac
	input=$(input_path "$(echo "$input" | xargs)")
	# shellcheck disable=SC2086
	"$bin" -i "$input" $args -q >"$out/$name.out" 2>"$out/$name.err" || {
		echo "FAIL $name: exit $? ($(head -c 200 "$out/$name.err"))"
		fail=$((fail + 1))
		continue
	}
	if [ $update = 1 ]; then
		cp "$out/$name.out" "tests/golden/expected/$name.out"
	elif cmp -s "$out/$name.out" "tests/golden/expected/$name.out"; then
		pass=$((pass + 1))
	else
		echo "FAIL $name: output differs from tests/golden/expected/$name.out:"
		diff -u "tests/golden/expected/$name.out" "$out/$name.out" | head -20
		fail=$((fail + 1))
	fi
done <tests/golden/cases.txt

echo "golden: $pass passed, $fail failed"
[ $fail = 0 ]
