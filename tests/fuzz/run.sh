#!/usr/bin/env bash
# make fuzz: run each libFuzzer target FUZZ_SECONDS on its corpus (build/fuzz/corpus/NAME, kept
# between runs, seeded from tests/data), reading tests/fuzz/regress/NAME and the minimised corpus
# kept in tests/fuzz/corpus/NAME too, then print executions and crashes per target and append
# them to build/fuzz/ledger.tsv (tests/fuzz/ledger.sh sums it).
# A crash input is kept in build/fuzz/crashes/; copy it into tests/fuzz/regress/NAME/ (and a
# test) once fixed. Usage: tests/fuzz/run.sh build/fuzz/fuzz_X...
set -uo pipefail
cd "$(dirname "$0")/../.."
dir=${FUZZ_DIR:-build/fuzz}
secs=${FUZZ_SECONDS:-60}
mkdir -p "$dir/crashes" "$dir/logs"

# Pieces of at most 80 lines of every text fixture: small inputs fuzz fast.
seed_text() {
	local c=$1 f n=0
	for f in tests/data/linux-[67].*/*.txt tests/data/linux-[67].*/*.txt.gz; do
		n=$((n + 1))
		if [ "${f%.gz}" != "$f" ]; then gunzip -c "$f" | head -n 2000; else cat "$f"; fi |
			split -l 80 -a 3 - "$c/text-$n-"
	done
	# the funcgraph-retval and -retaddr forms, derived as tests/golden/forms.sh does
	for style in old new hex; do
		gunzip -c tests/data/linux-7.3/do_fault_funcgraph-args.txt.gz | head -n 800 |
			awk -v style=$style -v retaddr=1 -f tests/data/derive-retval.awk |
			split -l 80 -a 3 - "$c/text-$style-"
	done
}

seed_tree() {
	local c=$1 f n=0
	# a version 2 file (return values, calls), from the derived 7.3 trace
	gunzip -c tests/data/linux-7.3/derived/vfs_read_proc_abstime_args_retval-hex_retaddr.txt.gz |
		head -n 120 | ./surfgraph -f vfs_read -i - -m top -q --keep 2 -o "$c/tree-v2" >/dev/null || true
	# version 3: p90, p99.9 and hist lines over several buckets
	gunzip -c tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz | head -n 6000 |
		./surfgraph -f do_sys_openat2 -i - -m top -q --keep 1 -o "$c/tree-v3" >/dev/null || true
	# version 6: qsketch lines (every file above has them), and a merge that took its p50 from
	# the two runs' sketches (percentiles=sketch:...)
	gunzip -c tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz | sed -n 6001,12000p |
		./surfgraph -f do_sys_openat2 -i - -m top -q --keep 1 -o "$c/tree-v6b" >/dev/null || true
	./surfgraph merge -q "$c/tree-v3" "$c/tree-v6b" -o "$c/tree-v6-merged" || true
	for f in tests/data/diff/*.tree tests/data/tree/*.tree examples/*.tree; do
		n=$((n + 1))
		cp "$f" "$c/tree-$n"
		# a small one too: header, metadata, the first nodes, end
		{ grep -v -e '^node' -e '^inv' "$f" | grep -v '^end$'; grep '^node' "$f" | head -n 12; echo end; } >"$c/tree-$n-small"
	done
}

# Records for fuzz_svg: "<depth><duration>name" separated by NUL, names from the fixtures.
seed_svg() {
	local c=$1 n=0
	for f in tests/data/linux-6.1/do_fault.txt tests/data/linux-6.12/do_fault.txt; do
		n=$((n + 1))
		grep -oE '[a-z_][a-z0-9_.]*\(\)' "$f" | head -n 200 | tr -d '()' | awk '
			BEGIN { printf "%c", 0 }
			{ printf "%c%c%s%c", 65 + NR % 7, 33 + NR % 90, $0, 0 }' >"$c/svg-$n"
	done
	printf '\0AA<script>&amp;"x"\0BB;a;b\0CC\x01\x7f\xff\xfe\0' >"$c/svg-hostile"
}

# Records for fuzz_raw: an entry (id 11) and an exit (id 10) of __do_fault-like calls, 6.1 layout.
seed_raw() {
	printf '\0\030\0\1\013\0\0\0\144\0\0\0\0\0\0\201\377\377\377\377\0\0\0\0\0\0\0\0''\050\0\5\012\0\0\0\144\0\0\0\0\0\0\201\377\377\377\377\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0' >"$1/raw-1"
}

# Crash-recovery records (fuzz_state): the kept ones carry the boot id the target compares with.
seed_state() {
	cp tests/fuzz/regress/fuzz_state/* "$1/"
}

# The project's gzipped captures, cut to their first 4 KB, and xz and zstd ones made from them.
seed_decomp() {
	local c=$1 n=0 f
	for f in tests/data/linux-[67].*/*.txt.gz; do
		n=$((n + 1))
		gunzip -c "$f" | head -c 16384 >"$c/plain-$n"
		gzip -c "$c/plain-$n" >"$c/gz-$n"
		xz -c "$c/plain-$n" >"$c/xz-$n"
		zstd -q -c "$c/plain-$n" >"$c/zst-$n"
	done
}

seed_dat() {
	cp tests/data/linux-6.1/do_fault_trace-cmd.dat "$1/dat-1"
	# the smaller captures (100 to 140 KB, x86 and arm64): faster executions
	cp tests/data/linux-6.1/do_nanosleep_sched_switch.dat "$1/dat-2"
	cp tests/data/linux-7.3/do_nanosleep_sched_switch.dat "$1/dat-3"
	cp tests/data/linux-arm64-6.1/do_fault.dat "$1/dat-4"
	cp tests/data/linux-arm64-7.3/do_fault.dat "$1/dat-5"
	# every fixture is version 7 (compressed sections): the first 256 KB of a version 6 copy
	# without compression puts the event formats' text itself under the mutator
	if command -v trace-cmd >/dev/null; then
		trace-cmd convert --file-version 6 --compression none -o "$1/v6.tmp" \
			-i tests/data/linux-7.3/do_nanosleep_sched_switch.dat >/dev/null 2>&1 &&
			head -c 262144 "$1/v6.tmp" >"$1/dat-6-v6-head"
		rm -f "$1/v6.tmp"
	fi
}

export LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp:print_suppressions=0
total_fail=0
printf '%-12s %12s %8s %8s %s\n' target executions exec/s crashes corpus
for bin in "$@"; do
	name=$(basename "$bin")
	kind=${name#fuzz_}
	corpus=$dir/corpus/$name
	if [ ! -d "$corpus" ]; then
		mkdir -p "$corpus"
		"seed_$kind" "$corpus"
	fi
	regress=tests/fuzz/regress/$name
	extra=()
	[ -d "$regress" ] && extra=("$regress")
	# the minimised corpus kept in the tree (tests/fuzz/keep.sh): read, never written
	[ -d "tests/fuzz/corpus/$name" ] && extra+=("tests/fuzz/corpus/$name")
	maxlen=8192
	[ "$kind" = svg ] && maxlen=2048
	# libtracecmd asks malloc for the sizes a broken header gives: let it fail, as it would
	[ "$kind" = dat ] && maxlen=1100000 && export ASAN_OPTIONS=allocator_may_return_null=1
	log=$dir/logs/$name.log
	before=$(find "$dir/crashes" -name "$name-*" | wc -l)
	"$bin" -max_total_time="$secs" -max_len=$maxlen -print_final_stats=1 \
		-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$dir/crashes/$name-" \
		"$corpus" "${extra[@]}" >"$log" 2>&1
	rc=$?
	after=$(find "$dir/crashes" -name "$name-*" | wc -l)
	runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
	rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
	crashes=$((after - before))
	[ $rc != 0 ] && [ $crashes = 0 ] && crashes=1
	printf '%-12s %12s %8s %8s %s\n' "$kind" "${runs:-?}" "${rate:-?}" "$crashes" "$(ls "$corpus" | wc -l)"
	# a running account across runs: the issue counts executions over its whole life
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$(git rev-parse --short HEAD 2>/dev/null)" \
		"$kind" "${runs:-0}" "${rate:-0}" "$crashes" >>"$dir/ledger.tsv"
	if [ $crashes != 0 ]; then
		total_fail=$((total_fail + 1))
		grep -m1 -E 'ERROR|assertion failed|runtime error' "$log" | sed 's/^/    /'
		echo "    log: $log"
	fi
done
[ $total_fail = 0 ]
