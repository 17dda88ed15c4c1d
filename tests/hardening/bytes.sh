#!/usr/bin/env bash
# Root reading what another user wrote (issue 21.5-8), the attacks replayed as uid 65534 when the
# suite runs as root: C1 control bytes in names, comms, a .tree's kernel= and quoted lines (never
# reach the terminal raw), the pager as root and under sudo (LESSSECURE, no shell, no foreign
# $PAGER), input that would choose surfgraph's memory or CPU (a .tree stream with no newline, a
# merged run's sources=N, key=value lines, a trace of tasks each left inside a call), and
# SOURCE_DATE_EPOCH out of range. Usage: tests/hardening/bytes.sh (SURFGRAPH=path overrides)
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
out=$PWD/${SG_TEST_OUT:-tests/out}/hardening-bytes
fix=$PWD/tests/data/linux-6.1/do_fault.txt
rm -rf "$out"
mkdir -p "$out"
chmod 755 "$out"
export SOURCE_DATE_EPOCH=0 LC_ALL=C
SUITE=hardening-bytes
. tests/lib.sh

err() { # NAME TEXT: stderr of NAME is exactly TEXT
	if [ "$(cat "$out/$1.err")" = "$2" ]; then ok; else
		bad "$1: stderr is '$(cat "$out/$1.err")', want '$2'"
	fi
}
# no control byte but tab and newline (and a terminal's carriage returns): no C0, no DEL, no C1 (raw 0x80-0x9f: the files here hold
# no other non-ASCII text, so a C1 in UTF-8, 0xc2 0x80-0x9f, shows as its second byte)
clean() { # WHAT FILE
	check "$1: no control byte" test "$(tr -d '\t\n\r' <"$2" | tr -cd '\000-\037\177-\237' | wc -c)" = 0
}
attacker_setup

# ---- 21.6: C1 controls from names, comms, a .tree's header, quoted lines ----
# CSI (0x9b) and OSC (0x9d) raw and in UTF-8 (U+009B: 0xc2 0x9b) in function names and a comm
{
	printf ' 0)   ls-1    |               |  root() {\n'
	printf ' 0)   ls-1    |   1.000 us    |    raw\2331mred\2350;title\007();\n'
	printf ' 0)   ls-1    |   2.000 us    |    utf\302\2331mred\302\2350;t();\n'
	printf ' 0)   ls-1    | + 10.000 us   |  }\n'
	printf ' 0)   \302\2337m-2    |               |  root() {\n'
	printf ' 0)   \302\2337m-2    |   3.000 us    |  }\n'
	printf 'not a trace line \302\2332J\n'
} | plant c1.txt
check "c1: the fixture holds raw and UTF-8 C1" test "$(tr -cd '\233\235' <"$evil/c1.txt" | wc -c)" = 7
for m in tree walk top hist folded; do
	sg "c1-$m" 0 -f root -i "$evil/c1.txt" -m $m --ascii --no-save -v
	clean "c1: -m $m" "$out/c1-$m.out"
	clean "c1: -m $m summary" "$out/c1-$m.err"
done
check "c1: raw CSI and OSC as '?'" grep -q 'raw?1mred?0;title?' "$out/c1-top.out"
check "c1: UTF-8 CSI and OSC as one '?' each" grep -q 'utf?1mred?0;t' "$out/c1-top.out"
check "c1: the comm escaped" grep -q 'task=?7m-2' "$out/c1-walk.out"
check "c1: folded keeps its frames" grep -q '^root;utf?1mred?0:t 2000$' "$out/c1-folded.out"
check "c1: the skipped line quoted escaped" grep -q '(first, line 7: "not a trace line ?2J")' "$out/c1-tree.err"
# -m raw on a terminal (script gives it one): the lines escaped as names are
if command -v script >/dev/null; then
	script -qec "'$bin' -f root -i '$evil/c1.txt' -m raw --no-save --no-pager -q" /dev/null \
		</dev/null >"$out/c1-raw-tty.out"
	clean "c1: -m raw on a terminal" "$out/c1-raw-tty.out"
	check "c1: -m raw on a terminal shows the line" grep -q 'raw?1mred?0;title?();' "$out/c1-raw-tty.out"
fi
# JSON writes them as \u escapes
sg c1-chrome 0 -f root -i "$evil/c1.txt" -m chrome --no-save -q
clean "c1: -m chrome" "$out/c1-chrome.out"
check "c1: -m chrome escapes U+009B" grep -q 'utf\\u009b1mred\\u009d0;t' "$out/c1-chrome.out"
# a message quoting a line of a file that is no trace
printf 'hello \302\2332J\2332J\n' | plant notrace.txt
sg c1-notrace 1 -f root -i "$evil/notrace.txt" -m tree --no-save
err c1-notrace "surfgraph: $evil/notrace.txt is not a function_graph trace: 1 lines, no function call in them (first: \"hello ?2J?2J\")"
# surfgraph diff prints each .tree's kernel= ('%1B' decodes to ESC, '%C2%9B' to U+009B)
"$bin" -f __do_fault -i "$fix" -m top -q -o "$out/good.tree" >/dev/null
plant base.tree <"$out/good.tree"
sed 's/^root=.*/&\nkernel=6.1%1B]0;pwned%07%C2%9B31m%C2%9D0;x%9B/' "$evil/base.tree" | plant kernel.tree
check "c1: the crafted .tree has kernel=" grep -q '^kernel=6.1%1B' "$evil/kernel.tree"
sg c1-diff 0 diff "$out/good.tree" "$evil/kernel.tree" -m tree --ascii
clean "c1: diff" "$out/c1-diff.out"
check "c1: diff shows kernel= escaped" grep -qx 'AFTER  '"$evil"'/kernel.tree (kernel 6.1?]0;pwned??31m?0;x?)' "$out/c1-diff.out"
sg c1-diff-folded 0 diff "$out/good.tree" "$evil/kernel.tree" -m folded
clean "c1: diff -m folded" "$out/c1-diff-folded.out"
# a message quoting a bad .tree field
sed $'s/^invocations=.*/invocations=6%C2%9B\xc2\x9b31m/' "$evil/base.tree" | plant badnum.tree
sg c1-badnum 1 -i "$evil/badnum.tree" -m tree
clean "c1: the .tree error" "$out/c1-badnum.err"
check "c1: the .tree error quotes the field" grep -q "bad number in column invocations: '6%C2%9B?31m'" "$out/c1-badnum.err"

# ---- issue 37.3: a .tree's bytes on a terminal: C1 in every field, and key= names ----
# a key with an OSC title sequence, values with raw and UTF-8 C1; written back by -o -,
# -o /dev/stdout and merge -o -
sed $'s/^root=.*/&\\\nk\033]0;PWNED\007ey=1\\\nc1=x\233y\302\235z\\\nkernel=6.1\2331m/' "$evil/base.tree" | plant keys.tree
check "tree37: the crafted .tree has its key" grep -q $'^k\033]0;PWNED\007ey=1$' "$evil/keys.tree"
sg tree37-dash 0 -i "$evil/keys.tree" -m svg -s 0 --outdir "$out/t37" -q -o -
clean "tree37: -o -" "$out/tree37-dash.out"
check "tree37: the key %-encoded" grep -qx 'k%1B]0%3BPWNED%07ey=1' "$out/tree37-dash.out"
check "tree37: raw and UTF-8 C1 %-encoded" grep -qx $'c1=x%9By\302%9Dz' "$out/tree37-dash.out"
sg tree37-stdout 0 -i "$evil/keys.tree" -m svg -s 0 --outdir "$out/t37" -q -o /dev/stdout
clean "tree37: -o /dev/stdout" "$out/tree37-stdout.out"
# with a twin taken a day later (merge refuses the same run twice)
sed 's/^created=.*/created=1970-01-02T00:00:00Z/' "$evil/keys.tree" | plant keys-twin.tree
sg tree37-merge 0 merge "$evil/keys.tree" "$evil/keys-twin.tree" -o -
clean "tree37: merge -o -" "$out/tree37-merge.out"
check "tree37: merge's kernel= %-encoded" grep -qx 'kernel=6.1%9B1m' "$out/tree37-merge.out"
# C1 in names from a trace: node paths, roots, comms, the calls recorded
sg tree37-trace 0 -f root -i "$evil/c1.txt" -m svg -s 0 --outdir "$out/t37" -q -o -
clean "tree37: a trace's names in -o -" "$out/tree37-trace.out"
# read back, the same bytes: the key and values decoded, and encoded again alike
cp "$out/tree37-dash.out" "$out/t37.tree"
sg tree37-again 0 -i "$out/t37.tree" -m svg -s 0 --outdir "$out/t37" -q -o -
check "tree37: read back and written again, the same" cmp -s "$out/tree37-dash.out" "$out/tree37-again.out"
cp "$out/tree37-trace.out" "$out/t37t.tree"
sg tree37-trace-again 0 -i "$out/t37t.tree" -m svg -s 0 --outdir "$out/t37" -q -o -
check "tree37: a trace's .tree read back, the same" cmp -s "$out/tree37-trace.out" "$out/tree37-trace-again.out"
printf '# surfgraph-tree 5\nroot=x\nk%%ZZ=1\n' | plant badkey.tree
sg tree37-badkey 1 -i "$evil/badkey.tree" -m top --no-save
err tree37-badkey "surfgraph: $evil/badkey.tree:3: bad %-escape in key"

# ---- 21.5: the pager as root ----
if command -v script >/dev/null && [ "$(id -u)" = 0 ]; then
	# a pager that says what environment it got; our own "less" first in PATH
	mkdir -p "$out/bin"
	printf '#!/bin/sh\nenv >"%s/$(basename "$0").env"\nprintf "%%s\\n" "$@" >"%s/$(basename "$0").args"\ncat >/dev/null\n' "$out" "$out" >"$out/bin/less"
	chmod 755 "$out/bin/less"
	# the sudo caller's $PAGER: a script of uid 65534's
	printf '#!/bin/sh\ntouch "%s/ran"\ncat >/dev/null\n' "$evil" | plant pager
	nobody chmod 755 "$evil/pager"
	unset PAGER
	page() { # NAME ENV... -- ARGS: surfgraph -m top on a terminal under env
		local name=$1
		shift
		local envs=()
		while [ "$1" != -- ]; do envs+=("$1"); shift; done
		shift
		timeout "$LIMIT" script -qec "env PATH='$out/bin:$PATH' ${envs[*]} '$bin' -f __do_fault -i '$fix' -m top --no-save -q $*" \
			/dev/null </dev/null >"$out/$name.out" 2>&1
	}
	rm -f "$out/less.env"
	page pager-root -- ""
	check "pager: as root, less gets LESSSECURE=1" grep -qx 'LESSSECURE=1' "$out/less.env"
	check "pager: and LESS=FRX" grep -qx 'LESS=FRX' "$out/less.env"
	# under sudo: the caller's $PAGER is not run; less is, secure
	rm -f "$out/less.env" "$evil/ran"
	page pager-sudo SUDO_UID=65534 "PAGER='$evil/pager'" --
	check "pager: under sudo \$PAGER is not run" test ! -e "$evil/ran"
	check "pager: under sudo less runs instead, LESSSECURE=1" grep -qx 'LESSSECURE=1' "$out/less.env"
	check "pager: under sudo, said" grep -q "under sudo \$PAGER=$evil/pager is not run: paging through less (--pager CMD runs another)" "$out/pager-sudo.out"
	# more has no secure mode (its !cmd is a shell): under sudo less runs instead
	printf '#!/bin/sh\ntouch "%s/more.ran"\ncat >/dev/null\n' "$out" >"$out/bin/more"
	chmod 755 "$out/bin/more"
	rm -f "$out/less.env" "$out/more.ran"
	page pager-more SUDO_UID=65534 PAGER=more --
	check "pager: under sudo more is not run" test ! -e "$out/more.ran"
	check "pager: under sudo less runs for more, LESSSECURE=1" grep -qx 'LESSSECURE=1' "$out/less.env"
	# ... unless the command line names it
	rm -f "$evil/ran"
	page pager-explicit SUDO_UID=65534 "PAGER='$evil/pager'" -- --pager "'$evil/pager'"
	check "pager: --pager runs it under sudo" test -e "$evil/ran"
	# as root no shell runs $PAGER: one that needs a shell is not run at all
	rm -f "$evil/ran" "$out/pwned"
	page pager-shell "PAGER='$evil/pager; touch $out/pwned'" --
	check "pager: no shell as root" test ! -e "$out/pwned"
	check "pager: nor the pager" test ! -e "$evil/ran"
	check "pager: said why" grep -q "not paging: \$PAGER=$evil/pager; touch $out/pwned needs a shell" "$out/pager-shell.out"
	check "pager: the text is shown" grep -q ' __do_fault' "$out/pager-shell.out"
	# arguments are split without a shell
	rm -f "$out/less.env"
	page pager-args "PAGER='less -S'" --
	check "pager: PAGER='less -S' runs less" test -s "$out/less.env"
	# issue 37.1: $PAGER's other words were less's file names (LESSSECURE lets less open
	# those): as root, under sudo or not, the environment picks the program, nothing more
	for s in "" SUDO_UID=65534; do
		rm -f "$out/less.env" "$out/less.args"
		page "pager-files$s" $s "PAGER='less /etc/shadow $evil/c1.txt'" --
		check "pager ($s): \$PAGER's words are not less's files" test -z "$(cat "$out/less.args")"
		check "pager ($s): said" grep -q "as root \$PAGER=less /etc/shadow $evil/c1.txt runs without its arguments (--pager CMD gives them)" "$out/pager-files$s.out"
		check "pager ($s): the text is paged" test -s "$out/less.env"
	done
	# nor its options, key bindings or input filter: every LESS* variable is ours
	rm -f "$out/less.env"
	page pager-lessenv SUDO_UID=65534 "LESS='-k$evil/keys +:e/etc/shadow'" "LESSKEY=$evil/keys" \
		"LESSOPEN='|$evil/pager %s'" "LESSKEY_CONTENT='#command'" --
	check "pager: \$LESS is ours, FRX" grep -qx 'LESS=FRX' "$out/less.env"
	check "pager: no LESS* of the caller's" test -z "$(grep -E '^LESS(KEY|OPEN|KEY_CONTENT)=' "$out/less.env")"
	# --pager, the command line's, still runs with its words
	rm -f "$out/less.args"
	page pager-explicit-args SUDO_UID=65534 -- --pager "'less -S'"
	check "pager: --pager 'less -S' keeps -S" grep -qx -- -S "$out/less.args"
	sg pager-both 2 -f __do_fault -i "$fix" -m top --pager less --no-pager
	err pager-both "surfgraph: --pager and --no-pager contradict each other: give one"
else
	skipped "pager checks (need root and script)"
fi

# ---- 21.7: memory and CPU the input would choose ----
# a .tree header and 2 GB of zeros on a pipe: refused at the line limit, not read whole
nobody sh -c "printf '# surfgraph-tree 4\n'; head -c 2G /dev/zero" 2>/dev/null |
	{ if [ -z "${SG_SANITIZED:-}" ]; then ulimit -v 2000000; fi
	  timeout "$LIMIT" /usr/bin/time -o "$out/zeros.rss" -f %M "$bin" -i - -m top --no-save \
		>"$out/zeros.out" 2>"$out/zeros.err"; }
err zeros "surfgraph: -:2: a line longer than 64 MiB: not a .tree file surfgraph wrote"
if [ -z "${SG_SANITIZED:-}" ]; then
	rss=$(tail -1 "$out/zeros.rss")
	check "memory: a 2 GB line costs $rss KB, under 160 MB" test "${rss:-999999}" -lt 163840
fi
# a merged run whose sources=N would have merge loop N times
sed 's/^root=.*/&\nsources=2147483647/' "$evil/base.tree" | plant sources.tree
sg merge-sources 1 merge "$evil/sources.tree" "$out/good.tree" -o "$out/merged.tree"
err merge-sources "surfgraph: $evil/sources.tree: sources=2147483647: more runs than the file lists"
# key=value lines: each is looked up among the others
awk '{ print } /^root=/ { for (i = 0; i < 20000; i++) print "k" i "=v" }' "$evil/base.tree" | plant meta.tree
sl=$(($(grep -n -m1 '^root=' "$evil/meta.tree" | cut -d: -f1) + 16384))
sg meta-lines 1 -i "$evil/meta.tree" -m top --no-save
err meta-lines "surfgraph: $evil/meta.tree:$sl: more than 16384 key=value lines"
# 300,000 tasks each left inside the root: at most 65536 followed, the rest counted and said
gen_tasks() {
	awk -v n=300000 'BEGIN {
		for (i = 1; i <= n; i++)
			printf " 0)   t-%d    |               |  root() {\n 0)   t-%d    |   1.000 us    |    inner();\n", i, i
		printf " 0)   t-1    |   5.000 us    |  }\n" }'
}
nobody bash -c "$(declare -f gen_tasks); gen_tasks" |
	timeout "$LIMIT" /usr/bin/time -o "$out/tasks.rss" -f %M "$bin" -f root -i - -m top --no-save \
		>"$out/tasks.out" 2>"$out/tasks.err"
check "tasks: one complete, 65535 open at the end" grep -qx 'surfgraph: root: 1 complete invocation, 65535 incomplete, not merged (65535 still open at its end)' "$out/tasks.err"
check "tasks: the rest said" grep -qx 'surfgraph: left out 468928 events of tasks that came while 65536 others each had a call open (the most tasks surfgraph follows at once)' "$out/tasks.err"
if [ -z "${SG_SANITIZED:-}" ]; then
	rss=$(tail -1 "$out/tasks.rss")
	# 65,536 tasks of some KB each (their stacks, trees and recorded calls); 300,000 took
	# 1.1 GB before the cap
	check "memory: 300,000 open tasks cost $rss KB, under 640 MB" test "${rss:-999999}" -lt 655360
fi
# issue 37.7: diff --rename FILE was read whole (nobody's FIFO fed by yes took 2.1 GB) and
# blocked on a FIFO: now a regular file or -, at most 1 MiB, opened without blocking
nobody mkfifo "$evil/ren.fifo"
LIMIT=20 sg rename-fifo 1 diff "$out/good.tree" "$out/good.tree" -m folded --rename "$evil/ren.fifo"
err rename-fifo "surfgraph: --rename $evil/ren.fifo: not a regular file (a file of OLD=NEW lines, or - for stdin)"
nobody sh -c "head -c 1048577 /dev/zero | tr '\\0' a" | plant ren.big
sg rename-big 1 diff "$out/good.tree" "$out/good.tree" -m folded --rename "$evil/ren.big"
err rename-big "surfgraph: --rename $evil/ren.big: larger than 1 MiB: not a list of renames"
printf 'x=y\n' | plant ren.txt
sg rename-file 0 diff "$out/good.tree" "$out/good.tree" -m folded --rename "$evil/ren.txt"
printf 'do_fault=x\n' | in=/dev/stdin sg rename-stdin 0 diff "$out/good.tree" "$out/good.tree" -m folded --rename -
in=$out/good.tree sg rename-stdin-twice 1 diff - "$out/good.tree" -m folded --rename -
err rename-stdin-twice "surfgraph: --rename -: stdin is already an input: give the renames as a file"

# ---- 21.8: SOURCE_DATE_EPOCH out of range ----
for v in 99999999999999999 -5 12abc; do
	SOURCE_DATE_EPOCH=$v sg "sde$v" 0 -f __do_fault -i "$fix" -m top -o "$out/sde.tree"
	check "SOURCE_DATE_EPOCH=$v: warned" grep -qx "surfgraph: warning: SOURCE_DATE_EPOCH=$v is not a date in seconds since 1970: ignored" "$out/sde$v.err"
	check "SOURCE_DATE_EPOCH=$v: today instead" grep -qx "created=$(date -u +%Y)-[0-9][0-9]-[0-9][0-9]T[0-9:]*Z" "$out/sde.tree"
done
# valgrind saw strftime read an uninitialised struct tm (not under a sanitizer build)
if [ -z "${SG_SANITIZED:-}" ] && command -v valgrind >/dev/null; then
	SOURCE_DATE_EPOCH=99999999999999999 valgrind -q --error-exitcode=9 "$bin" -f __do_fault \
		-i "$fix" -m top -o "$out/sde.tree" >/dev/null 2>"$out/sde-valgrind.err"
	rc=$?
	check "SOURCE_DATE_EPOCH: valgrind clean (exit $rc)" test $rc = 0
fi

rm -rf "$evil"
finish
