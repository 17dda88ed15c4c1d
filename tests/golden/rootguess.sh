#!/usr/bin/env bash
# The root a trace names itself (issue 33 point 9): without -f, every real capture in tests/data
# is read as the root its README row says it was taken with (set_graph_function), and the
# profile is the one -f ROOT gives. The calls cut at the trace's start (deeper than its lowest
# depth, or before their task's first entry there) and the scheduler's tail in a task switched
# in do not count; a trace whose whole calls are split between functions is refused with them
# listed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
SUITE=rootguess
bin=${SURFGRAPH:-./surfgraph}
bin=$(realpath "$bin")
out=${SG_TEST_OUT:-tests/out}/rootguess
rm -rf "$out" && mkdir -p "$out"
export SOURCE_DATE_EPOCH=0
# shellcheck source=tests/lib.sh
. tests/lib.sh

# FILE ROOT, one a line, from the README's tables: the first column lists a row's files (the
# later ones without their directory, or as another extension: "x.txt.gz, .dat"), the second the
# root in backquotes. Derived traces,
# format files and tables of names have no root or are not captures.
awk -F'|' '/^\| linux-/ && $3 ~ /`/ && $2 !~ /\.format|derived|available_/ {
	root = $3; gsub(/[ `]/, "", root)
	n = split($2, f, ",")
	gsub(/ /, "", f[1]); dir = f[1]; sub(/\/.*/, "", dir)
	for (i = 1; i <= n; i++) {
		gsub(/ /, "", f[i])
		if (f[i] ~ /^\./) { x = f[1]; sub(/\.txt(\.gz)?$/, "", x); f[i] = x f[i] }
		if (f[i] !~ /\//) f[i] = dir "/" f[i]
		print f[i], root
	}
}' tests/data/README.md | while read -r f root; do
	[ -e "tests/data/$f" ] || [ -e "tests/data/$f.gz" ] || { echo "$f $root missing"; continue; }
	[ -e "tests/data/$f" ] || f=$f.gz
	echo "$f $root"
done >"$out/captures"

# every capture file in tests/data has a row: a new one cannot go untested
for f in $(cd tests/data && ls linux-*/*.txt linux-*/*.txt.gz linux-*/*.dat | grep -v available_); do
	check "$f has a root in the README" grep -q "^$f " "$out/captures"
done
check "the README names the roots" test "$(grep -vc missing "$out/captures")" -ge 30
grep missing "$out/captures" | while read -r line; do echo "FAIL $SUITE README row: $line"; done

while read -r f root; do
	name=$(echo "$f" | tr / _)
	timeout "$LIMIT" "$bin" -i "tests/data/$f" -m top >"$out/$name.out" 2>"$out/$name.err"
	got=$?
	if grep -q "no complete call" "$out/$name.err" &&
		"$bin" -f "$root" -i "tests/data/$f" -m top >/dev/null 2>&1; then
		bad "$f: refused, though -f $root finds complete calls: $(head -c 300 "$out/$name.err")"
		continue
	fi
	if grep -q "no complete call" "$out/$name.err"; then
		# nothing whole to guess from (the capture that lost most of its events): refused
		expect "$f: refused without a complete call" "$got" 1
		continue
	fi
	expect "$f: exit" "$got" 0
	said=$(sed -n 's/^surfgraph: the root is \([^,]*\),.*/\1/p' "$out/$name.err")
	expect "$f: the root guessed" "$said" "$root"
	"$bin" -f "$root" -i "tests/data/$f" -m top >"$out/$name.want" 2>/dev/null
	check "$f: the profile of -f $root" cmp -s "$out/$name.out" "$out/$name.want"
done <"$out/captures"

# 6.1's do_fault_pipe.txt: __do_fault (14) whole; finish_task_switch.isra.0 (9) only as the
# tasks switched in resume, and mutex_unlock once at depth 0 as tracing starts, before any entry
f=tests/data/linux-6.1/do_fault_pipe.txt
sg pipe 0 -i $f -m top
expect "pipe: the root said" "$(head -1 "$out/pipe.err")" \
	"surfgraph: the root is __do_fault, the function of every whole top-level call in the trace ($(grep -cE '^ [0-9]\) .*\|  __do_fault\(\) \{' $f)); -f FUNC takes another"

# 7.3's do_sys_openat2: the writer's mutex_unlock() { ... } opens the trace, whole at depth 0;
# do_sys_openat2 holds nine in ten of the whole calls, the other said
gunzip -c tests/data/linux-7.3/do_sys_openat2_funcgraph-tail.txt.gz >"$out/openat2.txt"
n=$(grep -cE '^ [0-9]\) .*\|  do_sys_openat2\(\) \{' "$out/openat2.txt")
sg openat2 0 -i "$out/openat2.txt" -m top
expect "openat2: the root said, and the other" "$(head -1 "$out/openat2.err")" \
	"surfgraph: the root is do_sys_openat2, the function of $n of the $((n + 1)) whole top-level calls in the trace (also mutex_unlock (1)); -f FUNC takes another"

# whole calls split between two functions: refused, both listed with their counts
awk '/\|  __do_fault\(\) \{/ && ++k <= 3 { sub(/__do_fault\(\)/, "filemap_fault()") } { print }' \
	tests/data/linux-6.1/do_fault.txt >"$out/split.txt"
sg split 2 -i "$out/split.txt" -m top
expect "split: refused, both listed" "$(cat "$out/split.err")" \
	"surfgraph: which function? the whole top-level calls in $out/split.txt are of 2 functions: __do_fault (3), filemap_fault (3) (none has nine in ten of them; the calls cut at its start do not count); give the root with -f FUNC"
finish
