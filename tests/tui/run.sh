#!/usr/bin/env bash
# TUI tests: `surfgraph tui` driven through tmux (send-keys, capture-pane) on real captures; the
# rows on the screen checked against figures worked out from the trace by awk (paths.awk) and
# model.py, never from surfgraph's own output; the terminal left usable by q, Ctrl-C, SIGTERM.
# Every wait polls the screen until what it wants shows (10 s at most): no sleeps for timing.
# Usage: tests/tui/run.sh        (needs ./surfgraph and tmux; SURFGRAPH=path overrides)
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
out=${SG_TEST_OUT:-tests/out}/tui
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
export SOURCE_DATE_EPOCH=0 LC_ALL=C
SUITE=tui
. tests/lib.sh
command -v tmux >/dev/null || { echo "tui: tmux is missing: make deps"; exit 1; }

# a server per session: a new session on a server still shutting down (kill-server returns
# before it is gone) would fail with "server exited unexpectedly"
sock=surfgraph-tui-$$-0 nsock=0
T() { tmux -L "$sock" "$@"; }
# the server gone, and its socket file too (a killed server leaves it)
stop_server() {
	T kill-server 2>/dev/null
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"
}
# only the script itself: a subshell of a pipeline can run an inherited EXIT trap
trap '[ "$BASHPID" = "$$" ] && stop_server' EXIT
W=100 H=30
# polls of 0.1 s a wait makes before it fails (TUI_WAIT=10: quicker failures, e.g. on a build without tui)
polls=${TUI_WAIT:-100}

# start TERM ARGS...: surfgraph tui ARGS in a fresh W x H tmux session. Its pid goes to
# $out/pid; when it ends the pane says EXIT=status and the terminal's modes (icanon, echo).
start() {
	local term=$1
	shift
	stop_server
	nsock=$((nsock + 1))
	sock=surfgraph-tui-$$-$nsock
	{
		echo '#!/bin/sh'
		# Ctrl-C goes to the whole foreground group: this shell stays (a caught signal is
		# the default again in surfgraph)
		echo "trap 'true' INT"
		printf 'export TERM=%s LC_ALL=%s\n' "$term" "${LOC:-C}"
		printf "sh -c 'echo \$\$ >%s/pid; exec \"\$@\"' sh %q tui" "$out" "$bin"
		printf ' %q' "$@"
		echo
		echo 'echo "EXIT=$?"'
		echo 'echo "MODES $(stty -a | tr " ;" "\n\n" | grep -x -e icanon -e -icanon -e echo -e -echo | tr "\n" " ")"'
		echo 'exec sleep 3600'
	} >"$out/pane.sh"
	rm -f "$out/pid"
	T new-session -d -x $W -y $H -s t "sh $out/pane.sh"
}
screen() { T capture-pane -p -t t; }
# wait_for WHAT TEXT: the screen shows TEXT (fixed string) within 10 s
wait_for() {
	for _ in $(seq "$polls"); do
		if screen | grep -qF -- "$2"; then
			ok
			return 0
		fi
		sleep 0.1
	done
	bad "$1: '$2' not on the screen after $polls polls; it shows:"
	screen | sed 's/^/    | /'
	return 1
}
# gone WHAT TEXT: TEXT leaves the screen within 10 s
gone() {
	for _ in $(seq "$polls"); do
		if ! screen | grep -qF -- "$2"; then
			ok
			return 0
		fi
		sleep 0.1
	done
	bad "$1: '$2' still on the screen after $polls polls"
	return 1
}
keys() { T send-keys -t t "$@"; }
# The tree rows on the screen (between the column names and the status line) as model.py
# prints them: "name total self calls %root %parent".
rows() {
	screen | sed -n "3,$((H - 1))p" | awk '
		length($0) > 52 {
			rest = substr($0, 53); sub(/^[|`< -]*/, "", rest)
			t = substr($0, 3, 11); s = substr($0, 15, 11); c = substr($0, 27, 8)
			r = substr($0, 36, 7); p = substr($0, 44, 7)
			gsub(/^ +/, "", t); gsub(/^ +/, "", s); gsub(/^ +/, "", c); gsub(/^ +/, "", r); gsub(/^ +/, "", p)
			print rest, t, s, c, r, p
		}'
}
# same WHAT GOT WANT: multi-line comparison, the difference shown
same() {
	if [ "$2" = "$3" ]; then
		ok
	else
		bad "$1: the screen differs from the trace's figures:"
		diff <(echo "$3") <(echo "$2") | sed 's/^/    /' | head -40
	fi
}
status() { screen | sed -n "${H}p"; }

f61=tests/data/linux-6.1/do_fault.txt
awk -f tests/tui/paths.awk $f61 | LC_ALL=C sort >"$out/paths.tsv"
awk -v roots=1 -f tests/tui/paths.awk $f61 >"$out/roots.tsv"
model() { python3 tests/tui/model.py "$out/paths.tsv" "$@"; }
"$bin" -q -f __do_fault -i $f61 -m top -o "$out/df.tree" >/dev/null || bad "saving df.tree failed"
nrows() { model rows "$@" | wc -l; }
kids=$(($(nrows) - 1))

# --- opening: the root and its callees, sorted by total -------------------------------------
start xterm "$out/df.tree"
wait_for "open: status line" "row 1/$(nrows)  sort total"
same "open: rows" "$(rows)" "$(model rows)"
# the title: calls and total from the root returns
calls=$(wc -l <"$out/roots.tsv")
total=$(awk '{s += $2} END {print s}' "$out/roots.tsv")
wait_for "open: title" "__do_fault: $calls calls  total $(python3 -c "
import sys; sys.argv=['', '$out/paths.tsv']; exec(open('tests/tui/model.py').read().split('def main')[0]); print(human($total))")"

# --- expand and collapse --------------------------------------------------------------------
first=$(model rows | sed -n 2p | cut -d' ' -f1)
keys j Right
wait_for "expand: row count" "row 2/$(nrows --expand "__do_fault;$first")"
same "expand: rows" "$(rows)" "$(model rows --expand "__do_fault;$first")"
keys Left
wait_for "collapse: row count" "row 2/$(nrows)"
keys '*'
wait_for "expand all below" "row 2/$((kids + 1 + $(grep -c "^__do_fault;$first;" "$out/paths.tsv")))"
keys -- -
wait_for "collapse all below" "row 2/$(nrows)"
keys Right
wait_for "collapse all below: the callees collapsed too" "row 2/$(nrows --expand "__do_fault;$first")"
keys Left g

# --- the hottest path from the root ---------------------------------------------------------
wait_for "back at the root" "row 1/$(nrows)"
keys p
hot=$(model rows --hot __do_fault)
cur=$(echo "$hot" | tail -1 | cut -d' ' -f2)
wait_for "hot path: cursor on its leaf" "row $cur/$(echo "$hot" | tail -1 | cut -d' ' -f4) "
# the page (H - 3 rows) starts at the top unless the cursor is past it
top=$((cur > H - 3 ? cur - (H - 3) : 0))
same "hot path: rows" "$(rows)" "$(echo "$hot" | sed '$d' | tail -n +$((top + 1)) | head -n $((H - 3)))"

# --- search: matches, their share of the root, the cursor on the first ----------------------
start xterm "$out/df.tree"
wait_for "search: opened" "row 1/"
re='^_raw_spin'
keys / "$re" Enter
wait_for "search: matches and share" "/$re: $(model search "$re") of the root"
next=$(model next "$re")
n=${next#cursor }
wait_for "search: the cursor on the first match" "row ${n% of *}/${n#* of }"
# every row marked '*' matches, every visible match is marked
marked=$(screen | sed -n "3,$((H - 1))p" | awk 'substr($0, 2, 1) == "*"' | wc -l)
visible=$(rows | awk -v re="$re" '$1 ~ re' | wc -l)
expect "search: marked rows are the visible matches" "$marked" "$visible"
[ "$visible" -gt 0 ] && ok || bad "search: no match visible"
keys / C-u Enter
gone "search cleared" "/$re:"

# --- sort keys: the root's callees in each order ---------------------------------------------
start xterm "$out/df.tree"
wait_for "sort: opened" "row 1/"
for k in s:self c:calls a:name t:total; do
	keys g "${k%%:*}"
	wait_for "sort ${k#*:}: status" "sort ${k#*:}"
	same "sort ${k#*:}: rows" "$(rows | head -n $((kids + 1)))" "$(model rows --sort "${k#*:}" | head -n $((kids + 1)))"
done

# --- a node's detail: per call, min and max from the root returns ------------------------------
keys g d
min=$(cut -f2 "$out/roots.tsv" | sort -n | head -1)
max=$(cut -f2 "$out/roots.tsv" | sort -n | tail -1)
fmt() { python3 -c "import sys; sys.argv=['', '$out/paths.tsv']; exec(open('tests/tui/model.py').read().split('def main')[0]); print(human($1))"; }
wait_for "detail: per call" "per call  total $(fmt $((total / calls)))"
wait_for "detail: min and max" "one call  min $(fmt "$min")  max $(fmt "$max")"
keys x
gone "detail closed" "one call"

# --- help -------------------------------------------------------------------------------------
keys '?'
wait_for "help: title" "surfgraph tui: keys"
for k in "hottest path" "search names" "next, previous match" "sort callees by total, self, calls or name" \
	"the latency histogram" "the invocations kept whole" "quit (the terminal is left as it was)"; do
	wait_for "help: $k" "$k"
done
keys x
gone "help closed" "surfgraph tui: keys"

# --- the histogram: counts from the root returns; the slowest bucket's merged tree ------------
keys H
wait_for "hist: opened" "latency histogram"
# bucket k holds [1000 << (k-1), 1000 << k) ns
bucket() { awk '{ b = 0; while ($2 >= 1000 * 2 ^ b) b++; print b }'; }
for b in $(cut -f2 "$out/roots.tsv" | awk '{print "x\t" $1}' | bucket | sort -n | uniq); do
	cnt=$(cut -f2 "$out/roots.tsv" | awk '{print "x\t" $1}' | bucket | grep -cx "$b")
	lo=$(python3 -c "
ns = 1000 << ($b - 1) if $b else 0
for per, u in ((10**9, 's'), (10**6, 'ms'), (10**3, 'us'), (1, 'ns')):
    if ns >= per or per == 1:
        v = '%d.%03d' % (ns // per, ns * 1000 // per % 1000) if per > 1 else str(ns)
        print((v.rstrip('0').rstrip('.') if '.' in v else v) + ' ' + u); break")
	cnt_seen=$(screen | grep -F " $lo - " | awk -F'|' '{print $1}' | awk '{print $NF}')
	expect "hist: bucket from $lo holds $cnt" "$cnt_seen" "$cnt"
done
p50=$(cut -f2 "$out/roots.tsv" | sort -n | sed -n "$(((calls * 50 + 99) / 100))p")
wait_for "hist: p50 (nearest rank)" "p50 $(fmt "$p50")"
keys Enter
slow_b=$(cut -f2 "$out/roots.tsv" | awk '{print "x\t" $1}' | bucket | sort -n | tail -1)
sel=,$(awk -v b="$slow_b" '{ k = 0; while ($2 >= 1000 * 2 ^ k) k++; if (k == b) printf "%d,", $1 }' "$out/roots.tsv")
awk -v sel="$sel" -f tests/tui/paths.awk $f61 | LC_ALL=C sort >"$out/bucket.tsv"
nb=$(($(echo "$sel" | tr -cd , | wc -c) - 1))
wait_for "hist: the slowest bucket's tree" ": $nb invocation$([ "$nb" = 1 ] || echo s) merged"
same "hist: bucket tree rows" "$(rows)" "$(python3 tests/tui/model.py "$out/bucket.tsv" rows)"
keys Escape
wait_for "hist: back" "latency histogram"
keys Escape
wait_for "hist: back to the run" "sort total"

# --- the invocations: the slowest first; its own tree ------------------------------------------
keys I
wait_for "invs: opened" "invocations kept whole"
slow=$(sort -t"$(printf '\t')" -k2,2n "$out/roots.tsv" | tail -1 | cut -f1)
first_row=$(screen | sed -n 3p | awk '{print $1, $2, $3}')
expect "invs: the slowest first" "$first_row" "$slow $(fmt "$max")"
keys Enter
wait_for "invs: its tree" "invocation $slow of __do_fault"
awk -v sel=",$slow," -f tests/tui/paths.awk $f61 | LC_ALL=C sort >"$out/inv.tsv"
same "invs: its rows" "$(rows)" "$(python3 tests/tui/model.py "$out/inv.tsv" rows)"

# --- q: the terminal as it was ------------------------------------------------------------------
keys q
wait_for "q: exit status" "EXIT=0"
wait_for "q: line mode and echo back" "MODES icanon echo"
expect "q: the alternate screen left" "$(T display -p -t t '#{alternate_on}')" 0
gone "q: no tree left on the screen" "%parent"

# --- kept invocations by task, CPU and start (a trace with task and time columns) ---------------
fp=tests/data/linux-6.1/do_fault_abstime_proc_overrun_tail.txt
start xterm -f __do_fault "$fp"
wait_for "proc: opened" "sort total"
keys I s
wait_for "proc: by start" "sort start"
first=$(grep -m1 '__do_fault() {' "$fp" | sed -E 's/^ *([0-9]+\.[0-9]+) .*/\1/')
expect "proc: the earliest start first" "$(screen | sed -n 3p | awk '{print $NF}')" "$first"
keys t
wait_for "proc: by task" "sort task"
want=$(grep '__do_fault() {' "$fp" | sed -E 's/^ *[0-9.]+ \| +[0-9]+\) +([^ ]+) .*/\1/' | LC_ALL=C sort | head -1)
expect "proc: tasks in order" "$(screen | sed -n 3p | awk '{print $4}')" "$want"

# --- an invocation's calls in time (T): a row per call as the trace printed it ------------------
# start since the root's entry, duration, CPU, the cells of the root's 20 the call covers (from
# floor(start * 20 / root) to ceil(end * 20 / root), one at least, cut at 20), the name indented
# two spaces a depth: from abstime-calls.awk, not from surfgraph
awk -v root=__do_fault -f tests/golden/awk/abstime-calls.awk "$fp" >"$out/calls.txt"
want_calls() {
	awk -v seq="$1" '$1 == seq {
		if (!n++) span = $4
		a = $3 * 20 / span; b = ($3 + $4) * 20 / span
		from = a >= 20 ? 19 : int(a); to = b > 20 ? 20 : int(b + 0.999999)
		if (to <= from) to = from + 1
		bar = ""
		for (i = 0; i < 20; i++) bar = bar (i >= from && i < to ? "=" : ".")
		st = $3 ? sprintf("+%d.%03d", $3 / 1000, $3 % 1000) : "0.000"
		printf "%s %d.%03d %d %s %d %s\n", st, $4 / 1000, $4 % 1000, $6, bar, $7, $2
	}' "$out/calls.txt"
}
calls_rows() {
	screen | sed -n "3,$((H - 1))p" | awk 'length($0) > 52 {
		bar = substr($0, 31, 20); gsub(/ /, ".", bar)
		name = substr($0, 53); match(name, /^ */); d = RLENGTH / 2; sub(/^ +/, "", name); sub(/\(.*/, "", name)
		print $1, $2, $3, bar, d, name
	}'
}
keys g
wait_for "time: back at the first" "sort task"
keys s j Enter
wait_for "time: invocation 2's tree" "invocation 2 of __do_fault"
keys T
wait_for "time: the view" "invocation 2 of __do_fault in time  task ls-135"
wait_for "time: the status" "call 1/$(awk '$1 == 2' "$out/calls.txt" | wc -l)  in time"
same "time: rows of invocation 2" "$(calls_rows)" "$(want_calls 2)"
keys j j j Enter
fourth=$(awk '$1 == 2' "$out/calls.txt" | sed -n 4p)
wait_for "time: a call's detail" "duration  $(echo "$fourth" | awk '{printf "%d.%03d", $4 / 1000, $4 % 1000}') us"
wait_for "time: its task and depth" "task $(echo "$fourth" | cut -d' ' -f5)  depth $(echo "$fourth" | cut -d' ' -f7)"
keys x
# / in the time view: the calls whose names match (awk's count), the cursor on the first at or
# after the current call (the fourth), n and N round past either end
re=_raw_
nth_match() { # the row of invocation 2's K-th call matching $re
	awk -v re="$re" -v k="$1" '$1 == 2 { r++; if ($2 ~ re && ++m == k) { print r; exit } }' "$out/calls.txt"
}
nm=$(awk -v re="$re" '$1 == 2 && $2 ~ re' "$out/calls.txt" | wc -l)
n2=$(awk '$1 == 2' "$out/calls.txt" | wc -l)
[ "$nm" -gt 1 ] && ok || bad "time search: the fixture's invocation 2 has no two $re calls"
first=$(awk -v re="$re" '$1 == 2 { r++; if (r >= 4 && $2 ~ re) { print r; exit } }' "$out/calls.txt")
keys / "$re" Enter
wait_for "time search: count and cursor" "call $first/$n2  in time  /$re: $nm calls match"
keys n
wait_for "time search: n" "call $(nth_match 2)/$n2  in time  /$re:"
keys N N
wait_for "time search: N past the first, round to the last" "call $(nth_match "$nm")/$n2  in time  /$re:"
keys n
wait_for "time search: n past the last, round to the first" "call $(nth_match 1)/$n2  in time  /$re:"
keys / C-u "(" Enter
wait_for "time search: a bad regex said" "bad regular expression"
keys / C-u Enter
gone "time search: cleared" "/$re:"
keys T
wait_for "time: T again, the tree" "sort total"
gone "time: the time view left" "in time  task"
# the one whose last call outlasts the root (PageHeadHuge, 44.527 us from +55 us of 59.438 us)
keys Escape
wait_for "time: back to the list" "invocations kept whole"
keys j j j Enter T
wait_for "time: invocation 5" "invocation 5 of __do_fault in time"
same "time: rows of invocation 5" "$(calls_rows)" "$(want_calls 5)"
keys Escape Escape Escape
wait_for "time: back to the run" "sort total"
keys T
wait_for "time: not from the merged tree" "T: an invocation's calls in time: from I's list or an invocation's tree"
# T on I's list: the row's invocation in time at once (the list sorted by start: the second row
# is invocation 2), and T again back to the list
keys I s j T
wait_for "time: from the list" "invocation 2 of __do_fault in time  task ls-135"
same "time: from the list, invocation 2's rows" "$(calls_rows)" "$(want_calls 2)"
keys T
wait_for "time: T again, the list" "invocations kept whole"
keys Escape
keys '?' j j j j j j j j j j
wait_for "time: in the help" "its calls in time: a row per call as recorded"
keys x q
wait_for "time: q" "EXIT=0"
# a trace without timestamps: its invocations have no time view, and say so
start xterm "$out/df.tree"
wait_for "no times: opened" "sort total"
keys I Enter T
wait_for "no times: said" "no timings recorded: the trace has no timestamps (funcgraph-abstime)"
keys q
wait_for "no times: q" "EXIT=0"

# --- Ctrl-C and SIGTERM restore the terminal ----------------------------------------------------
start xterm -f __do_fault "$fp"
wait_for "Ctrl-C: opened" "sort total"
keys C-c
wait_for "Ctrl-C: exit status 0" "EXIT=0"
wait_for "Ctrl-C: modes" "MODES icanon echo"
start xterm "$out/df.tree"
wait_for "SIGTERM: opened" "sort total"
kill -TERM "$(cat "$out/pid")"
wait_for "SIGTERM: said" "surfgraph: tui: stopped by signal 15"
wait_for "SIGTERM: exit status" "EXIT=143"
wait_for "SIGTERM: modes" "MODES icanon echo"

# --- resize, 80x24, vt100 ---------------------------------------------------------------------
start vt100 "$out/df.tree"
wait_for "vt100: opened" "row 1/$(nrows)"
same "vt100: rows" "$(rows)" "$(model rows)"
T resize-window -t t -x 80 -y 24
for _ in $(seq 100); do [ "$(screen | wc -l)" = 24 ] && break; sleep 0.1; done
H=24
wait_for "80x24: the status line on the last row" "row 1/$(nrows)"
expect "80x24: status at row 24" "$(status | cut -c1-5)" "row 1"
same "80x24: rows" "$(rows)" "$(model rows)"
keys q
wait_for "vt100: q" "EXIT=0"
H=30

# --- a UTF-8 locale: box drawing, and a line cut at the screen's edge, not at its bytes --------
LOC=C.UTF-8 start xterm "$out/df.tree"
wait_for "utf-8: box drawing" "$(printf '\342\224\234\342\224\200') special_mapping_fault"
keys p
wait_for "utf-8: a deep name whole at 100 columns" "$(printf '\342\224\234\342\224\200') cpuacct_charge"
keys q

# --- 60 columns: the least needed figures give way so names stay readable; a deep page's rows
# whose own line is hidden say "<" (they all drew "<  |-" at one indentation, names cut to two
# letters, every column kept: issue 33)
W=60
start xterm "$out/df.tree"
wait_for "60 columns: opened" "row 1/$(nrows)"
keys '*'
wait_for "60 columns: expanded" "update_min_vruntime"
expect "60 columns: total, calls and %root kept" "$(screen | sed -n 2p | sed 's/ *$//')" "        total    calls   %root  function"
for name in special_mapping_fault pat_pagerange_is_ram hrtimer_interrupt update_min_vruntime \
	nohz_balance_exit_idle; do
	check "60 columns: $name whole" grep -qE "[ <|\`-]$name\$" <(screen)
done
# a longer name: its first 24 columns at least
check "60 columns: 24 columns of __sysvec_apic_timer_interrupt" grep -qF " __sysvec_apic_timer_inte" <(screen)
# the %root column: the root's share, from the trace
expect "60 columns: the root's %root" "$(screen | sed -n 3p | awk '{print $5}')" "100.00"
# every row's drawing is its own: a row drawn with a line is deeper than one drawn with "<" alone
check "60 columns: rows at different depths drawn apart" test "$(screen | grep -cE '<  [|\`]- ')" -lt "$(screen | grep -c '<  ')"
keys q
W=100

# --- a trace read directly with -f gives the same rows ------------------------------------------
start xterm -f __do_fault $f61
wait_for "trace: opened" "row 1/$(nrows)"
same "trace: rows" "$(rows)" "$(model rows)"
keys q

# --- --diff: the text diff's rows, the root's averages from the root returns ------------------
f612=tests/data/linux-6.12/do_fault.txt
W=160 # wide enough for the whole drawing: the rows are the text diff's lines
start xterm --diff -f __do_fault $f61 $f612
W=100
wait_for "diff: opened" "row 1/"
avg() { awk -v roots=1 -f tests/tui/paths.awk "$1" | awk '{s += $2; n++} END {printf "%d.%03d us", s / n / 1000, s / n % 1000}'; }
wait_for "diff: the averages in the title" "__do_fault: avg $(avg $f61) -> $(avg $f612)"
keys e
wait_for "diff: expanded" "[new]"
"$bin" diff -q -f __do_fault $f61 $f612 --ascii >"$out/diff.txt"
text=$(sed -n '/^   before_us     after_us     delta_us    delta%         calls  function$/,$p' "$out/diff.txt" | sed 1d | head -n $((H - 3)))
same "diff: rows as the text diff's" "$(screen | sed -n "3,$((H - 1))p" | cut -c3- | sed 's/ *$//')" "$text"
keys q
wait_for "diff: q" "EXIT=0"
# traces without -f (the root guessed), tested paths: the text diff's ci_us and s columns, and
# colours by significance: the 7.3 vfs_read capture (145 calls) against itself, every path '~'
v73=tests/data/linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz
W=160
start xterm --diff $v73 $v73
W=100
wait_for "diff guessed: opened" "row 1/"
"$bin" diff -q $v73 $v73 --ascii >"$out/diff73.txt"
hdr='   before_us     after_us     delta_us    delta%                   ci_us s         calls  function'
grep -qxF "$hdr" "$out/diff73.txt" && ok || bad "diff guessed: the text diff has no ci_us column"
keys e
wait_for "diff guessed: expanded" "proc_reg_read_iter"
text=$(sed -n "/^$hdr\$/,\$p" "$out/diff73.txt" | sed 1d | head -n 2)
same "diff guessed: rows as the text diff's" "$(screen | sed -n 3,4p | cut -c3- | sed 's/ *$//')" "$text"
# a change within the noise ('~'): not drawn red (tmux: 31m or 91m), but dim (2m); row 4, off
# the cursor's reverse video
row=$(T capture-pane -e -p -t t | sed -n 4p)
case "$row" in *$'\e[31m'* | *$'\e[91m'*) bad "diff guessed: a row within the noise drawn red" ;; *) ok ;; esac
case "$row" in *$'\e[2m'*) ok ;; *) bad "diff guessed: a row within the noise not dim: $(printf %q "$row")" ;; esac
keys q
wait_for "diff guessed: q" "EXIT=0"
sg diffone 2 tui --diff "$out/df.tree"
expect "diff: one run refused" "$(cat "$out/diffone.err")" "surfgraph: tui --diff wants two runs, BEFORE and AFTER, not 1: .tree files, or traces with -f ROOT"
sg diffmain 2 -f __do_fault -i $f61 --diff
expect "--diff without tui refused" "$(cat "$out/diffmain.err")" "surfgraph: --diff is for surfgraph tui --diff BEFORE AFTER; to compare runs as text: surfgraph diff BEFORE AFTER"

# --- a trace without durations: calls only, callees by name; no histogram ---------------------
nd=$out/nodur.txt
gunzip -c tests/data/linux-6.1/vfs_write_nofuncgraph-duration.txt.gz >"$nd"
start xterm -f vfs_write "$nd"
wait_for "no durations: opened" "   calls  function"
# the root: an entry of vfs_write and the next return at depth 0 on its CPU are one call
calls=$(awk '/^ *[0-9]+\) vfs_write\(\) \{$/ {split($1, c, ")"); open[c[1]] = 1}
	/^ *[0-9]+\) \}( \/\* vfs_write \*\/)?$/ {split($1, c, ")"); if (open[c[1]]) n++; open[c[1]] = 0}
	END {print n}' "$nd")
expect "no durations: the root's calls" "$(screen | sed -n 3p | awk '{print $2, $NF}')" "$calls vfs_write"
keys H
wait_for "no durations: no histogram" "(no durations: no histogram)"
keys q

# --- a merge of runs without quantile sketches (.tree of version 5): its p50, the top of a
# histogram bucket, is said approximate in the title and the histogram view (issue 33) -----------
for k in 6.1 6.12; do
	"$bin" -q -f __do_fault -i tests/data/linux-$k/do_fault.txt -m top --keep 2 --keep-slowest 2 \
		-o "$out/old-$k.tree" >/dev/null
	sed -i '1s/6$/5/; /^qsketch\t/d; /^# qsketch\t/d' "$out/old-$k.tree"
done
"$bin" merge -q "$out/old-6.1.tree" "$out/old-6.12.tree" -o "$out/old-merged.tree"
start xterm "$out/old-merged.tree"
wait_for "older runs merged: the title" "p50 127.999 us (approximate)  p99"
keys H
wait_for "older runs merged: the histogram" "p50 127.999 us (approximate)  p90"
keys q
keys q

# --- names with control bytes are escaped; refusals ---------------------------------------------
sed 's/__cond_resched/ev%1B%5B2Jil/g' "$out/df.tree" >"$out/evil.tree"
start xterm "$out/evil.tree"
wait_for "escape: the name shown with '?'" "ev?[2Jil"
keys q
wait_for "escape: exit" "EXIT=0"
sg notty 2 tui "$out/df.tree"
expect "not a terminal: message" "$(cat "$out/notty.err")" \
	"surfgraph: tui draws on a terminal, and stdout is not one: run it in a terminal (ssh -t), or print the tree as text with -i $out/df.tree -m tree"
expect "not a terminal: nothing on stdout" "$(wc -c <"$out/notty.out")" 0
start dumb "$out/df.tree"
wait_for "TERM=dumb refused" "TERM=dumb cannot place text on the screen"
wait_for "TERM=dumb: exit status" "EXIT=1"
sg twofiles 2 tui "$out/df.tree" "$out/df.tree"
sg wrongopt 2 tui -m svg "$out/df.tree"
expect "tui -m: message" "$(cat "$out/wrongopt.err")" "surfgraph: tui: -m is not a tui option (see surfgraph tui --help)"
finish
