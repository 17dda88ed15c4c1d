#!/usr/bin/env bash
# Hostile and broken input: each case gets a clear error or a counted warning, never a crash, a
# hang or a wrong number. Big inputs are generated (gen.sh), never committed. Every run has a
# time limit, so a hang fails the case. Usage: tests/hardening/run.sh (SURFGRAPH=path overrides)
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
limits=${SG_LIMITS:-$(dirname "$bin")/tests/hardening/test_limits}
out=$PWD/${SG_TEST_OUT:-tests/out}/hardening
gen=$PWD/tests/hardening/gen.sh
fix=$PWD/tests/data/linux-6.1/do_fault.txt
rm -rf "$out"
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0 LC_ALL=C
SUITE=hardening
. tests/lib.sh

# err NAME TEXT: stderr of NAME is exactly TEXT
err() {
	if [ "$(cat "$out/$1.err")" = "$2" ]; then ok; else
		bad "$1: stderr is '$(cat "$out/$1.err")', want '$2'"
	fi
}

# is NAME TEXT: stdout of NAME is exactly TEXT
is() {
	if [ "$(cat "$out/$1.out")" = "$2" ]; then ok; else
		bad "$1: stdout differs:"
		diff <(echo "$2") "$out/$1.out" | head -10
	fi
}

# same NAME FILE: stdout of NAME is FILE's bytes
same() {
	if cmp -s "$out/$1.out" "$2"; then ok; else bad "$1: stdout differs from $2"; fi
}


# ---- C-level limits: 100,000-deep and 10,000,000-wide trees, through every stage ----
if [ -x "$limits" ]; then
	# with the text fuzzer's regression inputs, replayed line by line in exact-size buffers
	if timeout "$LIMIT" "$limits" tests/fuzz/regress/fuzz_text/* >"$out/limits.out" 2>&1; then ok; else
		bad "test_limits: $(tail -5 "$out/limits.out")"
	fi
else
	bad "test_limits not built ($limits)"
fi

# ---- -C: a negative CPU once indexed before the CPU set (sg_cpulist_expand: tests/unit) ----
for c in -1 -99999-0 0,-1; do
	sg "cpus$c" 2 -C "$c" -f __do_fault -i "$fix" -m top -q
	err "cpus$c" "surfgraph: -C wants a CPU list like 0-3,6, not '$c'"
done

# ---- empty, garbage, cut ----
: >"$out/empty.txt"
sg empty 1 -f __do_fault -i "$out/empty.txt" -m tree
err empty "surfgraph: $out/empty.txt is empty"

# binary garbage: a fixed pseudo-random stream with NULs, newlines and fragments of real lines
awk 'BEGIN { srand(7); for (i = 0; i < 200000; i++) printf "%c", int(rand() * 256) }' >"$out/garbage.bin"
sg garbage 1 -f x -i "$out/garbage.bin" -m tree
check "garbage: one clear line" grep -qx "surfgraph: $out/garbage.bin: binary data, not a function_graph trace, trace.dat or .tree file" "$out/garbage.err"
{ head -n 40 "$fix"; printf 'x\0y\n \0)  1.0 us |  f\0g();\n'; cat "$out/garbage.bin"; printf '\n'; tail -n +41 "$fix"; } >"$out/garbage-mixed.txt"
sg garbage-mixed 0 -f __do_fault -i "$out/garbage-mixed.txt" -m folded
# the NUL line is skipped, the real invocations still come out (those the garbage cut are counted)
check "garbage-mixed: counted" grep -q "skipped [0-9]* unrecognised lines" "$out/garbage-mixed.err"
check "garbage-mixed: no NUL in output" test "$(tr -d '\n' <"$out/garbage-mixed.out" | tr -cd '\000' | wc -c)" = 0

# a file cut in the middle of a line: the last invocation is cut at the end, the rest is exact
head -c 5000 "$fix" >"$out/cut.txt"
sg cut 0 -f __do_fault -i "$out/cut.txt" -m folded
err cut 'surfgraph: __do_fault: 1 complete invocation, 1 incomplete, not merged (1 still open at its end)
surfgraph: skipped 1 unrecognised line (first, line 84: " 0)   3.244 us    |                     ")'
is cut '__do_fault 872949
__do_fault;__cond_resched 3546
__do_fault;special_mapping_fault 201970
__do_fault;special_mapping_fault;vdso_fault 56625'

# ---- long lines, CRLF ----
sg ref 0 -f __do_fault -i "$fix" -m folded -q
{ head -n 30 "$fix"; head -c 1048576 /dev/zero | tr '\0' 'a'; echo; tail -n +31 "$fix"; } >"$out/longline.txt"
sg longline 0 -f __do_fault -i "$out/longline.txt" -m folded
same longline "$out/ref.out"
check "longline: counted" grep -q '^surfgraph: skipped 1 unrecognised line (first, line 31: "aaaa' "$out/longline.err"
sed 's/$/\r/' "$fix" >"$out/crlf.txt"
sg crlf 0 -f __do_fault -i "$out/crlf.txt" -m folded -q
same crlf "$out/ref.out"

# ---- deep and wide text ----
# 2,000 levels of indentation (a 4 KB line at the bottom) through the text parser
"$gen" deep 2000 >"$out/deep.txt"
sg deep 0 -f f0 -i "$out/deep.txt" -m folded -q
check "deep: one folded line" test "$(wc -l <"$out/deep.out")" = 1
check "deep: the leaf has all the time" grep -qE '^f0;f1;f2;.*;f1999;leaf 1000$' "$out/deep.out"
sg deep-tree 0 -f f0 -i "$out/deep.txt" -m tree --ascii -q
check "deep: tree has 2,001 nodes" test "$(grep -c 'f[0-9]*\|leaf' "$out/deep-tree.out")" -ge 2001
sg deep-svg 0 -f f0 -i "$out/deep.txt" -m svg --outdir "$out/deep-svg" -q
command -v xmllint >/dev/null && check "deep: svg is well-formed" xmllint --noout "$out/deep-svg/f0.svg"
# A .tree line holds its whole path, so its size grows with depth squared: 2,400 calls nested
# with names of ~205 bytes make 1.77 GB of paths (merged tree, its histogram bucket's tree and
# the kept invocation, which is also the slowest, written once) from 12 MB of text. Refused before writing, the output asked for still printed.
"$gen" deep 2400 200 >"$out/deeplong.txt"
sg deep-tree-size 1 -f 'f0_*' -i "$out/deeplong.txt" -m top -o "$out/deeplong.tree"
err deep-tree-size "surfgraph: the .tree file would hold 1.8 GB of call paths (the tree is 2401 calls deep and every line carries its whole path, docs/tree-format.md): not written; without -o (live: --no-save) the run goes without it"
check "deep: the refused .tree is not there, nor a temporary" test -z "$(ls "$out" | grep deeplong.tree)"
check "deep: -m top still printed" test "$(grep -c ' f[0-9]*_x' "$out/deep-tree-size.out")" = 2400
rm -f "$out/deeplong.txt"

# 10 million sibling calls of 1,000 functions, streamed through stdin
in=<("$gen" wide 10000000 1000) sg wide 0 -f root -i - -m top -q
check "wide: 1,001 functions" test "$(wc -l <"$out/wide.out")" = 1002
check "wide: g0 called 10,000 times for 10 us" grep -qE '^ +10000 +10\.000 +10\.000 +0\.001 +0\.001 +0\.10  g0$' "$out/wide.out"
check "wide: root total 10 ms" grep -qE '^ +1 +10000\.000 +0\.000 .* root$' "$out/wide.out"

# ---- numbers ----
in=<("$gen" overflow 20) sg overflow 0 -f root -i - -m top -o "$out/overflow.tree" -q
is overflow '     calls       total_us        self_us       avg_us       max_us   %root  function
        20 18446744073709551.615 18446744073709551.615 922337203685477.580 999999999999999.999  100.00  child
        20 18446744073709551.615          0.000 922337203685477.580 999999999999999.999  100.00  root'
check "overflow: totals saturate" grep -qx 'total_ns=18446744073709551615' "$out/overflow.tree"
check "overflow: a number too long is a skipped line" grep -qx 'skipped_lines=1' "$out/overflow.tree"
in=<("$gen" rounding) sg rounding 0 -f root -i - -m folded -v
is rounding 'root;a 7000
root;b 7000'
check "rounding: the call counted and listed" grep -q ', 1 call whose callees outlast it' "$out/rounding.err"
check "rounding: -v says by how much" grep -qx 'surfgraph: callees outlast root in root: 10.000 us printed, its callees 14.000 us (4.000 us more)' "$out/rounding.err"
in=<("$gen" rounding) sg rounding-tree 0 -f root -i - -m top
check "rounding: the root lasts what the kernel printed" grep -qE '^ +1 +10\.000 +0\.000 .* root$' "$out/rounding-tree.out"

# ---- damaged .tree files: file:line: reason ----
"$bin" -f __do_fault -i "$fix" -m top -q -o "$out/good.tree" >/dev/null
sed '1s/.*/# surfgraph-tree 8/' "$out/good.tree" >"$out/v7.tree"
sg tree-version 1 -i "$out/v7.tree" -m tree
err tree-version "surfgraph: $out/v7.tree:1: unsupported .tree version '8' (this surfgraph reads versions 1 to 7)"
sl=$(grep -n -m1 '^stat' "$out/good.tree" | cut -d: -f1)
sed "${sl}s/\t6\t/\t6x\t/" "$out/good.tree" >"$out/badnum.tree"
sg tree-badnum 1 -i "$out/badnum.tree" -m tree
err tree-badnum "surfgraph: $out/badnum.tree:$sl: bad number in column invocations: '6x'"
nl=$(grep -n -m1 '^node' "$out/good.tree" | cut -d: -f1)
sed "${nl}s/\t[0-9]*\t/\t99999999999999999999\t/" "$out/good.tree" >"$out/bignum.tree"
sg tree-bignum 1 -i "$out/bignum.tree" -m tree
err tree-bignum "surfgraph: $out/bignum.tree:$nl: bad number in column calls: '99999999999999999999'"
head -c $(($(stat -c %s "$out/good.tree") - 30)) "$out/good.tree" >"$out/tail.tree"
sg tree-tail 1 -i "$out/tail.tree" -m tree
err tree-tail "surfgraph: $out/tail.tree:$(wc -l <"$out/tail.tree" | awk '{print $1 + 1}'): truncated: the last line has no newline"
sed '$d' "$out/good.tree" >"$out/noend.tree"
sg tree-noend 1 -i "$out/noend.tree" -m tree
err tree-noend "surfgraph: $out/noend.tree:$(($(wc -l <"$out/noend.tree") + 1)): truncated: no 'end' line"
# an error quoting the input quotes it escaped
sed "${sl}s/\t6\t/\t6\x1b[31m\t/" "$out/good.tree" >"$out/escnum.tree"
sg tree-escnum 1 -i "$out/escnum.tree" -m tree
err tree-escnum "surfgraph: $out/escnum.tree:$sl: bad number in column invocations: '6?[31m'"
# damaged quantile sketches (version 6's qsketch line): refused with the line and why
ql=$(grep -n -m1 '^qsketch' "$out/good.tree" | cut -d: -f1)
qs() { # NAME SED-EXPRESSION ON THE QSKETCH LINE, MESSAGE
	sed "${ql}$2" "$out/good.tree" >"$out/$1.tree"
	sg "$1" 1 -i "$out/$1.tree" -m tree
	err "$1" "surfgraph: $out/$1.tree:$ql: $3"
}
qs qs-count 's/:1$/:2/' "a qsketch's counts do not add up to its root's invocations"
qs qs-order 's/\t\([0-9]*:1\),\([0-9]*:1\),/\t\2,\1,/' "qsketch bins out of order or past the highest index"
qs qs-zero 's/:1$/:0/' "bad qsketch bins (index:count,... each count at least 1)"
qs qs-alpha 's/\t0\.005\t/\t0.01\t/' "a qsketch's alpha other than 0.005"
qs qs-span 's/\t[0-9]*:1,/\t0:1,/; s/,[0-9]*:1$/,2100:1/' "qsketch bins span more than 2048"
qs qs-fields 's/$/\textra/' "a qsketch line has 6 tab-separated fields"
qs qs-collapsed 's/\t0\t0\t/\t0\t7\t/' "qsketch's collapsed field is 0 or 1"
sed "${ql}p" "$out/good.tree" >"$out/qs-twice.tree"
sg qs-twice 1 -i "$out/qs-twice.tree" -m tree
err qs-twice "surfgraph: $out/qs-twice.tree:$((ql + 1)): qsketch lines out of order, or two of a root"
sed '1s/6$/5/' "$out/good.tree" >"$out/qs-v5.tree"
sg qs-v5 1 -i "$out/qs-v5.tree" -m tree
err qs-v5 "surfgraph: $out/qs-v5.tree:$ql: qsketch line before version 6"
# a version 5 file (no sketch) still loads
sed '1s/6$/5/; /^qsketch\t/d' "$out/good.tree" >"$out/v5.tree"
sg tree-v5 0 -i "$out/v5.tree" -m tree -q
printf '# surfgraph-tree 1\nroot=x\nnode\tx;;y\t1\t1\t1\t1\t1\nend\n' >"$out/emptyname.tree"
sg tree-emptyname 1 -i "$out/emptyname.tree" -m tree
err tree-emptyname "surfgraph: $out/emptyname.tree:3: empty name in path"
printf '# surfgraph-tree 1\nroot=x\nnode\tx%%00\t1\t1\t1\t1\t1\nend\n' >"$out/nul.tree"
sg tree-nul 1 -i "$out/nul.tree" -m tree
err tree-nul "surfgraph: $out/nul.tree:3: bad %-escape in path"

# ---- hostile names ----
"$gen" hostile >"$out/hostile.txt"
sg hostile-folded 0 -f root -i "$out/hostile.txt" -m folded -q
# ';' would split a frame: it becomes ':'; control bytes become '?'; other bytes pass as they are
is hostile-folded "$(printf 'root 2000\nroot;<script>alert 1000\nroot;a&amp:b"c'"'"'d 2000\nroot;bad\377\376utf8\300\257 5000\nroot;ctl?x?y 4000\nroot;esc?]0:title??[31m 8000\nroot;ok_\303\251t\303\251 6000\nroot;pct%%41 7000\nroot;semi:colon 3000')"
# on a terminal a name cannot send escape sequences: control bytes are '?' in every text mode
for m in tree walk top; do
	sg "hostile-$m" 0 -f root -i "$out/hostile.txt" -m $m --ascii -q
	check "hostile: -m $m writes no control byte" test "$(tr -d '\n' <"$out/hostile-$m.out" | tr -cd '\000-\037\177' | wc -c)" = 0
	check "hostile: -m $m shows the name" grep -q 'esc?\]0;title??\[31m' "$out/hostile-$m.out"
done
sg hostile-svg 0 -f root -i "$out/hostile.txt" -m svg --outdir "$out/hostile-svg" -q
svg=$out/hostile-svg/root.svg
command -v xmllint >/dev/null && check "hostile: svg is well-formed" xmllint --noout "$svg"
check "hostile: no raw <script> from a name" test "$(grep -c '<script>alert' "$svg")" = 0
check "hostile: escaped" grep -q '&lt;script&gt;alert — cost' "$svg"
check "hostile: ampersand and quotes escaped" grep -q 'a&amp;amp;b&quot;c&#39;d — cost' "$svg"
check "hostile: control bytes replaced" grep -q '<title>ctl?x?y — cost' "$svg"
check "hostile: invalid UTF-8 replaced" grep -q '<title>bad??utf8?? — cost' "$svg"
check "hostile: UTF-8 kept" grep -q 'ok_été — cost' "$svg"
# a task that named itself with an escape sequence (prctl PR_SET_NAME): escaped wherever a
# name from the trace is shown, as the tree's names are
sed 's/    ls-135/\x1b[31mls-135/' tests/data/linux-6.1/do_fault_abstime_proc_overrun_tail.txt >"$out/esc-comm.txt"
check "escapes: the fixture has ESC in a comm" grep -q $'\e\\[31mls-135' "$out/esc-comm.txt"
for m in walk "tree --each"; do
	name=esc-${m// /}
	sg "$name" 0 -f __do_fault -i "$out/esc-comm.txt" -m $m -q
	check "escapes: -m $m writes no ESC" test "$(tr -cd '\033' <"$out/$name.out" | wc -c)" = 0
	check "escapes: -m $m shows the task" grep -q 'task[= ]?\[31mls-135' "$out/$name.out"
done
# -m raw: the lines unchanged into a file or pipe, control bytes escaped on a terminal
sg esc-raw 0 -f __do_fault -i "$out/esc-comm.txt" -m raw -q
check "escapes: -m raw into a file keeps the bytes" test "$(grep -c $'\e' "$out/esc-raw.out")" = 38
if command -v script >/dev/null; then
	script -qc "'$bin' -f __do_fault -i '$out/esc-comm.txt' -m raw --no-pager -q" /dev/null </dev/null >"$out/esc-raw-tty.out"
	check "escapes: -m raw on a terminal writes no ESC" test "$(tr -cd '\033' <"$out/esc-raw-tty.out" | wc -c)" = 0
	check "escapes: -m raw on a terminal shows the line" grep -q '?\[31mls-135' "$out/esc-raw-tty.out"
fi
# exact in .tree files: written, read back, written again: the same bytes, the same names
sg hostile-tree 0 -f root -i "$out/hostile.txt" -m top -o "$out/hostile.tree" -q
check "hostile: .tree escapes ';' '%' and control bytes" grep -q $'^node\troot;semi%3Bcolon\t' "$out/hostile.tree"
check "hostile: .tree escapes control bytes" grep -q $'^node\troot;ctl%01x%7Fy\t' "$out/hostile.tree"
check "hostile: .tree keeps the % of a name" grep -q $'^node\troot;pct%2541\t' "$out/hostile.tree"
sg hostile-rt 0 -i "$out/hostile.tree" -m folded -o "$out/hostile2.tree" -q
check "hostile: .tree round trip" cmp -s "$out/hostile.tree" "$out/hostile2.tree"
same hostile-rt "$out/hostile-folded.out"

# ---- files ----
# the written .tree appears whole or not at all: no temporary is left behind
check "files: no temporaries" test -z "$(find "$out" -name '*.tmp.*')"
# the input is never overwritten by the .tree
cp "$fix" "$out/input.txt"
sg overwrite-input 1 -f __do_fault -i "$out/input.txt" -m top -o "$out/input.txt"
err overwrite-input "surfgraph: $out/input.txt is the input: not overwritten (choose another -o)"
check "files: input intact" cmp -s "$fix" "$out/input.txt"
# a file surfgraph did not write is not replaced (issue 33), unless --force; no .old of it
echo "notes" >"$out/other.txt"
sg overwrite-other 1 -f __do_fault -i "$fix" -m top -o "$out/other.txt"
err overwrite-other "surfgraph: $out/other.txt exists and is a file surfgraph did not write: not replaced (choose another name, or --force to replace it)"
check "files: another's file intact" test "$(cat "$out/other.txt")" = notes
sg overwrite-other-force 0 -f __do_fault -i "$fix" -m top -o "$out/other.txt" --force -q
check "files: --force replaces it" cmp -s "$out/other.txt" "$out/good.tree"
check "files: --force keeps no .old of another's file" test ! -e "$out/other.txt.old"
# a FIFO (like /dev/stdout or a device) is written into, not replaced by a renamed file; the
# test holds a write end open until surfgraph ran, so the reader is there first and sees one EOF
mkfifo "$out/fifo"
(timeout "$LIMIT" cat "$out/fifo" >"$out/fifo.got") &
reader=$!
exec 4>"$out/fifo"
sg fifo 0 -f __do_fault -i "$fix" -m top -o "$out/fifo" -q
exec 4>&-
wait $reader
check "files: FIFO still a FIFO" test -p "$out/fifo"
check "files: FIFO got the .tree" cmp -s "$out/fifo.got" "$out/good.tree"
# a FIFO nobody reads is refused at once: a live capture must not wait on it with the tracer on
mkfifo "$out/fifo-noreader"
sg fifo-noreader 1 -f __do_fault -i "$fix" -m top -o "$out/fifo-noreader" -q
err fifo-noreader "surfgraph: $out/fifo-noreader is a FIFO nobody reads: not waiting for a reader (start it first, or use -o - and a pipe)"
# /dev/stdout is the same stream as -o -, into a pipe or a file (a flame graph mode: the text
# modes write to stdout themselves, and refuse either)
"$bin" -f __do_fault -i "$fix" -m svg -s 0 --outdir "$out/svg-dash" -q -o - >"$out/stdout-dash.tree"
"$bin" -f __do_fault -i "$fix" -m svg -s 0 --outdir "$out/svg-dash" -q -o /dev/stdout | cat >"$out/stdout-pipe.tree"
check "files: -o /dev/stdout into a pipe" cmp -s "$out/stdout-dash.tree" "$out/stdout-pipe.tree"
"$bin" -f __do_fault -i "$fix" -m svg -s 0 --outdir "$out/svg-dash" -q -o /dev/stdout >"$out/stdout-file.tree"
check "files: -o /dev/stdout into a file" cmp -s "$out/stdout-dash.tree" "$out/stdout-file.tree"
check "files: /dev/stdout is still a link" test -L /dev/stdout
# outputs honour the umask (they name host, kernel, pids and tasks)
(umask 077 && "$bin" -f __do_fault -i "$fix" -m svg -s 0 --outdir "$out/umask077" -q -o 1 >/dev/null)
check "files: umask 077 gives 0600 graphs" test "$(stat -c %a "$out/umask077/__do_fault.svg")" = 600
check "files: umask 077 gives a 0600 .tree" test "$(stat -c %a "$out/umask077/__do_fault.tree")" = 600
(umask 022 && "$bin" -f __do_fault -i "$fix" -m top -q -o "$out/umask022.tree" >/dev/null)
check "files: umask 022 gives 0644" test "$(stat -c %a "$out/umask022.tree")" = 644
# diff never writes over one of its inputs, as the main command (named without .tree: -o x.tree
# is refused by its name before, as diff writes no .tree)
cp "$out/good.tree" "$out/diff-a.tree"
cp "$out/good.tree" "$out/diff-b"
sg diff-self 1 diff "$out/diff-a.tree" "$out/diff-b" -m tree -o "$out/diff-b"
err diff-self "surfgraph: $out/diff-b is an input: not overwritten (choose another -o)"
check "files: diff input intact" cmp -s "$out/good.tree" "$out/diff-b"
# a write error leaves the old file and no temporary
if [ -w /dev/full ] && [ "$(id -u)" != 0 ]; then
	sg full 1 -f __do_fault -i "$fix" -m top -o /dev/full -q
fi
# no output path comes from trace content: a .tree naming its root "../../x" read from stdin
sed 's|^root=.*|root=../../evil/x|' "$out/good.tree" >"$out/evil.tree"
mkdir -p "$out/evil-dir/a"
(cd "$out/evil-dir/a" && in=$out/evil.tree sg evil 0 -i - -m svg -q)
check "files: nothing written outside" test -z "$(find "$out/evil-dir" -mindepth 1 -not -path "$out/evil-dir/a*")"
check "files: the name is sanitized" test -f "$out/evil-dir/a/_._.._evil_x.svg"
# the flame graph with the narrowest width draws (the title does not fit at all)
sg narrow 0 -f __do_fault -i "$fix" -m svg --width 200 --outdir "$out/narrow" -q
command -v xmllint >/dev/null && check "narrow: svg is well-formed" xmllint --noout "$out/narrow/__do_fault.svg"

# ---- running as root: files another user planted (the attacker runs as nobody) ----
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
	pl=$(mktemp -d /tmp/sg-planted.XXXXXX)
	chmod 1777 "$pl"
	# a link to a FIFO that nobody reads: root's graph would go to nobody's reader
	nobody mkfifo "$pl/leak"
	(nobody timeout 20 cat "$pl/leak" >"$out/leak.got") &
	leak=$!
	nobody ln -s "$pl/leak" "$pl/__do_fault.svg"
	nobody ln -s "$pl/leak" "$pl/__do_fault.tree"
	sg planted-link 1 -f __do_fault -i "$fix" -s 0 --outdir "$pl"
	err planted-link "surfgraph: $pl/__do_fault.svg is a symbolic link another user could have made (owner uid 65534): not followed; remove it or choose another path"
	sg planted-link-tree 1 -f __do_fault -i "$fix" -m top -o "$pl/__do_fault.tree"
	err planted-link-tree "surfgraph: $pl/__do_fault.tree is a symbolic link another user could have made (owner uid 65534): not followed; remove it or choose another path"
	# a FIFO planted in a sticky directory, with its reader waiting
	sg planted-fifo 1 -f __do_fault -i "$fix" -m top -o "$pl/leak"
	err planted-fifo "surfgraph: $pl/leak is a FIFO of uid 65534 in a directory others can write: not written (use -o - and a pipe)"
	kill $leak 2>/dev/null
	wait $leak 2>/dev/null
	check "planted: nobody's reader got nothing" test ! -s "$out/leak.got"
	# a block device (a loop device number no loop device has) behind a link root made
	mkdir -m 700 "$pl/root"
	mknod "$pl/root/blk" b 7 250
	ln -s "$pl/root/blk" "$pl/root/__do_fault.svg"
	sg planted-blk 1 -f __do_fault -i "$fix" -s 0 --outdir "$pl/root"
	err planted-blk "surfgraph: $pl/root/__do_fault.svg is a block device: not written"
	check "planted: the device is still a device" test -b "$pl/root/blk"
	# --outdir: a link to elsewhere, and a directory of nobody's that anyone can write
	mkdir "$pl/elsewhere"
	nobody ln -s "$pl/elsewhere" "$pl/outlink"
	sg planted-outdir-link 1 -f __do_fault -i "$fix" -s 0 --outdir "$pl/outlink"
	err planted-outdir-link "surfgraph: --outdir $pl/outlink is a symbolic link: not followed (give the directory itself)"
	check "planted: nothing written through the link" test -z "$(ls "$pl/elsewhere")"
	nobody mkdir -m 777 "$pl/open"
	sg planted-outdir-open 1 -f __do_fault -i "$fix" -s 0 --outdir "$pl/open"
	err planted-outdir-open "surfgraph: --outdir $pl/open belongs to uid 65534 and others can write it: anyone could replace the files written there; choose another directory"
	check "planted: nothing written in the open directory" test -z "$(ls "$pl/open")"
	# a sticky directory is fine, and a planted regular file is replaced, not written through
	nobody sh -c "echo nobody > '$pl/__do_fault.svg.x'"
	rm -f "$pl/__do_fault.svg" "$pl/__do_fault.tree"
	sg planted-sticky 0 -f __do_fault -i "$fix" -s 0 --outdir "$pl" -q
	check "planted: the graph is root's own file" test "$(stat -c %U "$pl/__do_fault.svg")" = root
	rm -rf "$pl"
else
	skipped "planted-file attacks (need root and setpriv)"
fi

check "files: nothing written outside tests/out" test -z "$(find . -maxdepth 1 -newer "$out/empty.txt" \( -name '*.tree' -o -name '*.svg' \))"

# ---- memory: streaming keeps only what it must ----
# Peak RSS reading 25 MB and 250 MB of repeated fixtures from a pipe: under 64 MB, and ten
# times the input costs at most 10% (+2 MB) more. (make bench does 100 MB and 1 GB.) Skipped
# for sanitizer builds, whose shadow memory is not ours.
if [ -n "${SG_SANITIZED:-}" ]; then
	echo "hardening: memory bounds skipped (sanitizer build)"
else
	read -r small _ < <(timeout "$LIMIT" tests/hardening/peak-rss.sh 25 "$bin")
	read -r big _ < <(timeout "$LIMIT" tests/hardening/peak-rss.sh 250 "$bin")
	small=${small:-0} big=${big:-999999}
	check "memory: peak RSS at 250 MB of input is $big KB, under 64 MB" test "$big" -lt 65536
	check "memory: does not grow with the input ($small KB at 25 MB, $big KB at 250 MB)" \
		test "$big" -le $((small + small / 10 + 2048))
	echo "hardening: peak RSS $small KB at 25 MB of input, $big KB at 250 MB"
	# the same 250 MB zstd-compressed: decompressed as read, never whole
	read -r zbig _ < <(SG_PEAK_FILTER="zstd -1 -q -c" timeout "$LIMIT" \
		tests/hardening/peak-rss.sh 250 "$bin")
	zbig=${zbig:-999999}
	check "memory: 250 MB of input as zstd: $zbig KB, under 64 MB and as plain ($big KB)" \
		test "$zbig" -lt 65536 -a "$zbig" -le $((big + big / 10 + 2048))
fi

# ---- fuzzing finds, kept as regression inputs ----
# a trace.dat whose header gives a page size of 1025 (libtracecmd 1.3 crashed giving it up)
cp tests/data/linux-6.1/do_fault_trace-cmd.dat "$out/pagesize.dat"
printf '\001\004' | dd of="$out/pagesize.dat" bs=1 seek=14 conv=notrunc status=none
sg dat-pagesize 1 -f __do_fault -i "$out/pagesize.dat" -m tree
err dat-pagesize "surfgraph: $out/pagesize.dat: not a readable trace.dat file: bad page size in its header"
# (test_limits above replays them line by line; here the whole program reads them)
for f in tests/fuzz/regress/fuzz_text/*; do
	[ -f "$f" ] || continue
	rm -f "$out/regress.tree"
	timeout "$LIMIT" "$bin" -f __do_fault -f do_sys_openat2 -f schedule -i "$f" -m top \
		-o "$out/regress.tree" -q >/dev/null 2>"$out/regress.err"
	rc=$?
	check "regress $(basename "$f"): exit $rc, a clear error at most" test $rc -le 1
	if [ $rc = 0 ]; then
		sg "regress-$(basename "$f")-rt" 0 -i "$out/regress.tree" -m top -o "$out/regress2.tree" -q
		check "regress $(basename "$f"): round trip" cmp -s "$out/regress.tree" "$out/regress2.tree"
	fi
done
for f in tests/fuzz/regress/fuzz_tree/*; do
	[ -f "$f" ] || continue
	"$bin" -i "$f" -m top -q >/dev/null 2>"$out/regress.err"
	rc=$?
	check "regress $(basename "$f"): no crash (exit $rc)" test $rc -le 2
done

finish
