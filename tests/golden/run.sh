#!/usr/bin/env bash
# Golden tests: real kernel captures in, exact expected outputs out (tests/golden/cases.txt).
# Usage: tests/golden/run.sh [--update]   (--update rewrites expected/ from the current binary)
# CASE=GLOB runs only the cases so named (make golden CASE=do_fault.tree); none matching fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=${SG_TEST_OUT:-tests/out}/golden
mkdir -p "$out"
update=0
[ "${1:-}" = --update ] && update=1
export SOURCE_DATE_EPOCH=0
pass=0 fail=0 picked=0

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

# same NAME KIND: $out/NAME.KIND is expected/NAME.KIND; a missing .err expects an empty stderr
same() {
	local want=tests/golden/expected/$1.$2
	[ -f "$want" ] || [ "$2" != err ] || want=/dev/null
	cmp -s "$out/$1.$2" "$want" && return
	echo "FAIL $1: $([ "$2" = out ] && echo stdout || echo stderr) differs from $want:"
	diff -u "$want" "$out/$1.$2" | head -20
	return 1
}

while IFS='|' read -r name input args loud; do
	name=$(echo "$name" | xargs)
	case $name in '#'* | '') continue ;; esac
	# shellcheck disable=SC2254 # CASE is a glob
	[ -z "${CASE:-}" ] || case $name in $CASE) ;; *) continue ;; esac
	picked=$((picked + 1))
	input=$(input_path "$(echo "$input" | xargs)")
	# a fourth column 'stderr': run without -q, the summary and warnings compared too
	quiet=-q
	[ "$(echo "$loud" | xargs)" != stderr ] || quiet=
	# shellcheck disable=SC2086
	"$bin" -i "$input" $args $quiet >"$out/$name.out" 2>"$out/$name.err" || {
		echo "FAIL $name: exit $? ($(head -c 200 "$out/$name.err"))"
		fail=$((fail + 1))
		continue
	}
	if [ $update = 1 ]; then
		cp "$out/$name.out" "tests/golden/expected/$name.out"
		rm -f "tests/golden/expected/$name.err"
		[ ! -s "$out/$name.err" ] || cp "$out/$name.err" "tests/golden/expected/$name.err"
	elif same "$name" out && same "$name" err; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
done <tests/golden/cases.txt

[ -z "${CASE:-}" ] || [ $picked != 0 ] || { echo "FAIL no case is named $CASE"; fail=1; }
echo "golden: $pass passed, $fail failed"
[ $fail = 0 ]
