#!/usr/bin/env bash
# The README's command blocks run as written, in order, on the shipped examples (issue 33).
# Every indented block of README.md is run, one line a command, in one directory holding
# examples/ and tests/data, with `surfgraph` and `./surfgraph` the binary under test. A block
# of `$ ` lines is a transcript of a terminal: its other lines are the output expected ("..."
# skips lines).
# Not run: a block after an <!-- readme.sh: not run, WHY --> line (installs, live tracing, a
# terminal), and a line starting with `sudo ` (live tracing: root and function_graph).
# A command must exit 0; one with --fail-above may exit 3 (the gate tripped, as documented).
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
out=$PWD/${SG_TEST_OUT:-tests/out}/readme
readme=${README:-$PWD/README.md}
rm -rf "$out" && mkdir -p "$out/bin" "$out/work/tests"
ln -s "$bin" "$out/bin/surfgraph"
ln -s "$bin" "$out/work/surfgraph"
cp -r examples "$out/work/examples"
cp -r tests/data "$out/work/tests/data"
fail=0 n=0 blocks=0 skipped=0

# The blocks as "B<TAB>number" then their lines "L<TAB>line"; "S<TAB>number<TAB>why" for one
# not run. Fenced blocks (```) are pictures of a screen, not commands.
awk '
	/^```/ { fenced = !fenced; next }
	fenced { next }
	/^<!-- readme\.sh: not run/ { why = $0; sub(/^<!-- readme\.sh: not run, */, "", why); sub(/ *-->$/, "", why); skip = 1; next }
	# a blank line inside an indented block belongs to it when the block goes on after it
	/^    / && inblock { if (!skip) { while (blanks > 0) { print "L\t"; blanks-- } printf "L\t%s\n", substr($0, 5) } blanks = 0; next }
	/^[ \t]*$/ && inblock { blanks++; next }
	/^    / && prev_blank { nb++; inblock = 1; blanks = 0; if (skip) printf "S\t%d\t%s\n", nb, why; else printf "B\t%d\nL\t%s\n", nb, substr($0, 5); next }
	{ if (inblock) skip = 0; inblock = 0; blanks = 0; prev_blank = ($0 ~ /^[ \t]*$/) }
	END { }
' "$readme" >"$out/blocks.txt"

# expected (file) against actual (file): each line in order, "..." skipping any number
transcript_matches() {
	awk -v actual="$2" '
		BEGIN { while ((getline l <actual) > 0) { sub(/[ \t]+$/, "", l); a[++na] = l } }
		{ sub(/[ \t]+$/, "", $0) }
		$0 ~ /^ *\.\.\.$/ { gap = 1; next }
		{
			while (i < na && a[i + 1] != $0 && gap) i++
			if (i >= na || a[i + 1] != $0) { print "expected: " $0; print "got:      " (i < na ? a[i + 1] : "(end)"); bad = 1; exit 1 }
			i++; gap = 0
		}
		END { if (!bad && i < na && !gap) { print "unexpected: " a[i + 1]; exit 1 } }
	' "$1"
}

run_block() {
	local num=$1 file=$2 k=0 line
	if grep -q '^\$ ' "$file"; then
		# a transcript: the commands, then the output they print
		sed -n 's/^\$ //p' "$file" >"$out/b$num.cmds"
		grep -v '^\$ ' "$file" >"$out/b$num.want"
		: >"$out/b$num.got"
		# on a terminal, as the transcript shows it: script(1) gives one (an ASCII one, the
		# pager cat); the colours it draws are the terminal's, not text
		while IFS= read -r line; do
			(cd "$out/work" && PATH=$out/bin:$PATH LC_ALL=C PAGER=cat \
				script -qec "$line" /dev/null </dev/null) | sed 's/\x1b\[[0-9;]*m//g; s/\r$//' >>"$out/b$num.got"
		done <"$out/b$num.cmds"
		n=$((n + 1))
		if ! transcript_matches "$out/b$num.want" "$out/b$num.got" >"$out/b$num.diff"; then
			echo "FAIL block $num: the transcript differs: $(paste -sd' ' "$out/b$num.diff")"
			fail=$((fail + 1))
		fi
		return
	fi
	while IFS= read -r line; do
		k=$((k + 1))
		case $line in sudo\ *) skipped=$((skipped + 1)); continue ;; esac
		n=$((n + 1))
		(cd "$out/work" && PATH=$out/bin:$PATH bash -c "$line") >"$out/b$num.$k.out" 2>"$out/b$num.$k.err" </dev/null
		local rc=$?
		if [ $rc != 0 ] && ! { [ $rc = 3 ] && [[ $line == *--fail-above* ]]; }; then
			echo "FAIL block $num line $k: exit $rc: $line: $(head -c 300 "$out/b$num.$k.err")"
			fail=$((fail + 1))
		fi
	done <"$file"
}

cur= num=
while IFS=$'\t' read -r kind a b; do
	case $kind in
	B)
		[ -n "$cur" ] && run_block "$num" "$cur"
		num=$a cur=$out/block$a.txt blocks=$((blocks + 1))
		: >"$cur" ;;
	L) printf '%s\n' "$a" >>"$cur" ;;
	S)
		[ -n "$cur" ] && run_block "$num" "$cur"
		cur= skipped=$((skipped + 1))
		echo "readme: block $a not run: $b" ;;
	esac
done <"$out/blocks.txt"
[ -n "$cur" ] && run_block "$num" "$cur"

# the check itself: a README without blocks would pass anything
n=$((n + 1))
[ "$blocks" -ge 4 ] || { echo "FAIL: only $blocks blocks found in $readme"; fail=$((fail + 1)); }
echo "readme: $n checked in $blocks blocks ($skipped not run), $fail failed"
[ $fail = 0 ]
