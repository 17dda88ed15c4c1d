#!/usr/bin/env bash
# keep.sh - the corpus a fuzz run grew (build/fuzz/corpus/NAME) minimised with libFuzzer's
# -merge=1 together with the one kept in the tree, into tests/fuzz/corpus/NAME: the inputs
# that cover every edge either had, so the next run (tests/fuzz/run.sh reads it) starts there.
# Usage: tests/fuzz/keep.sh build/fuzz/fuzz_X...
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${FUZZ_DIR:-build/fuzz}
export LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp:print_suppressions=0
for bin in "$@"; do
	name=$(basename "$bin")
	keep=tests/fuzz/corpus/$name
	new=$(mktemp -d)
	from=()
	for d in "$dir/corpus/$name" "$keep"; do
		[ -d "$d" ] && from+=("$d")
	done
	[ ${#from[@]} = 0 ] && { echo "keep.sh: $name: no corpus" >&2; continue; }
	maxlen=8192
	[ "$name" = fuzz_svg ] && maxlen=2048
	# trace.dat inputs are mutated fixtures of 100 KB to 1 MB (in tests/data already): only what
	# the first 256 KB cover is kept, so the kept corpus stays small
	[ "$name" = fuzz_dat ] && maxlen=262144 && export ASAN_OPTIONS=allocator_may_return_null=1
	"$bin" -merge=1 -max_len=$maxlen -timeout=10 -rss_limit_mb=2048 "$new" "${from[@]}" \
		>"$dir/logs/$name.keep.log" 2>&1
	rm -rf "$keep"
	mkdir -p "$keep"
	cp "$new"/* "$keep"/ 2>/dev/null || true
	rm -rf "$new"
	printf '%-12s %6d files %8s\n' "$name" "$(ls "$keep" | wc -l)" "$(du -sh "$keep" | cut -f1)"
done
