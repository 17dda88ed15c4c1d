#!/usr/bin/env bash
# replay.sh (make fuzz-replay, part of make test): every libFuzzer target, built with
# address,undefined, runs once over its kept crash inputs (tests/fuzz/regress/NAME), its kept
# corpus (tests/fuzz/corpus/NAME) and the fixtures it was seeded from, so a fixed crash stays
# fixed and the targets keep building.
# Usage: tests/fuzz/replay.sh build/fuzz/fuzz_X...
set -uo pipefail
cd "$(dirname "$0")/../.."
export LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp:print_suppressions=0
out=${SG_TEST_OUT:-tests/out}/fuzz-replay
rm -rf "$out"
mkdir -p "$out"
pass=0
fail=0

inputs() {
	case $1 in
	text) ls tests/data/linux-6.1/do_fault*.txt tests/data/linux-6.12/do_fault*.txt ;;
	tree) ls tests/data/diff/*.tree tests/data/tree/*.tree ;;
	dat)
		ls tests/data/linux-6.1/*.dat
		# damaged files that crash libtracecmd or libtraceevent (tests/data/README.md): the
		# probe child dies, the target must not
		for f in tests/data/damaged/*.dat.gz; do
			gunzip -c "$f" >"$out/$(basename "$f" .gz)"
			echo "$out/$(basename "$f" .gz)"
		done
		;;
	decomp) ls tests/data/linux-6.1/*.txt.gz tests/data/linux-7.3/*.txt.gz ;;
	esac
	[ -d "tests/fuzz/regress/fuzz_$1" ] && find "tests/fuzz/regress/fuzz_$1" -type f | sort
	# the minimised corpus kept in the tree (tests/fuzz/keep.sh)
	[ -d "tests/fuzz/corpus/fuzz_$1" ] && find "tests/fuzz/corpus/fuzz_$1" -type f | sort
}

for bin in "$@"; do
	kind=${bin##*/fuzz_}
	mapfile -t files < <(inputs "$kind")
	if [ ${#files[@]} = 0 ]; then
		echo "FAIL fuzz-replay $kind: no inputs"
		fail=$((fail + 1))
		continue
	fi
	[ "$kind" = dat ] && export ASAN_OPTIONS=allocator_may_return_null=1
	if "$bin" -runs=1 "${files[@]}" >"$out/$kind.log" 2>&1; then
		pass=$((pass + 1))
	else
		echo "FAIL fuzz-replay $kind: see $out/$kind.log"
		grep -m3 -E 'ERROR|assertion failed|runtime error' "$out/$kind.log" | sed 's/^/    /'
		fail=$((fail + 1))
	fi
	printf 'fuzz-replay %-5s %3d inputs\n' "$kind" "${#files[@]}"
done
echo "fuzz-replay: $pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
