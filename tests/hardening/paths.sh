#!/usr/bin/env bash
# Where root's outputs go (issue 21, points 1-4): every file surfgraph writes, in every mode and
# subcommand, goes into a directory opened once and checked, never through a link or a
# directory another user planted or swapped in during the run. The attacks are replayed as uid
# 65534 against a root surfgraph (skipped unless root, with setpriv). Every run has a time
# limit, so a hang fails the case. Usage: tests/hardening/paths.sh (SURFGRAPH=path overrides)
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
out=$PWD/${SG_TEST_OUT:-tests/out}/hardening-paths
fix=$PWD/tests/data/linux-6.1/do_fault.txt
rm -rf "$out"
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0 LC_ALL=C
SUITE=hardening-paths
. tests/lib.sh

# err NAME TEXT: stderr of NAME is exactly TEXT
err() {
	if [ "$(cat "$out/$1.err")" = "$2" ]; then ok; else
		bad "$1: stderr is '$(cat "$out/$1.err")', want '$2'"
	fi
}

# empty DIR: nothing in DIR (a root-only directory the attack aimed at)
empty() {
	if [ -z "$(ls -A "$1")" ]; then ok; else bad "$2: written into $1: $(ls -A "$1" | head -5 | tr '\n' ' ')"; fi
}

# ---- point 3: --outdir '' names no directory (it wrote ROOT.tree to / and the graphs to .) ----
mkdir -p "$out/cwd"
touch "$out/before"
(cd "$out/cwd" && sg outdir-empty 2 -f __do_fault -i "$fix" -m svg -s 0 --outdir '')
err outdir-empty "surfgraph: --outdir wants a directory name, not ''"
(cd "$out/cwd" && sg outdir-empty-top 2 -f __do_fault -i "$fix" -m top --outdir '')
err outdir-empty-top "surfgraph: --outdir wants a directory name, not ''"
check "outdir '': nothing in the current directory" test -z "$(ls -A "$out/cwd")"
root=$(find / -maxdepth 1 -name '__do_fault.tree*' -newer "$out/before")
check "outdir '': nothing in / ($root)" test -z "$root"
[ -w / ] && [ -n "$root" ] && rm -f $root

if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
	skipped "attacks by another user (need root and setpriv)"
	finish
	exit
fi
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
# $pl: a sticky directory anyone can write, as /tmp; $secret: a directory only root can enter,
# where the attacks aim root's writes
pl=$(mktemp -d /tmp/sg-paths.XXXXXX)
chmod 1777 "$pl"
secret=$pl/secret
mkdir -m 700 "$secret"
"$bin" -f __do_fault -i "$fix" -m top -q -o "$out/good.tree" >/dev/null
# a second run with the same figures, made at another time (merge refuses one run given twice)
sed 's/^created=.*/created=1970-01-02T00:00:00Z/' "$out/good.tree" >"$out/good2.tree"

# ---- point 1: --outdir in every mode, -o, diff -o and merge -o: one check for every file ----
# nobody's link to the root-only directory, as --outdir: once refused only in the graph modes
nobody ln -s "$secret" "$pl/outlink"
for m in tree top folded hist; do
	sg "outdir-link-$m" 1 -f __do_fault -i "$fix" -m $m --outdir "$pl/outlink" -o 1
	err "outdir-link-$m" "surfgraph: --outdir $pl/outlink is a symbolic link: not followed (give the directory itself)"
	empty "$secret" "outdir-link-$m"
done
# nobody's directory anyone can write, without the sticky bit: anyone could replace the files
nobody mkdir -m 777 "$pl/open"
sg outdir-open-top 1 -f __do_fault -i "$fix" -m top --outdir "$pl/open" -o 1
err outdir-open-top "surfgraph: --outdir $pl/open belongs to uid 65534 and others can write it: anyone could replace the files written there; choose another directory"
sg o-open 1 -f __do_fault -i "$fix" -m top -o "$pl/open/x.tree"
err o-open "surfgraph: directory $pl/open belongs to uid 65534 and others can write it: anyone could replace the files written there; choose another directory"
sg diff-open 1 diff "$out/good.tree" "$out/good.tree" -m folded -o "$pl/open/d.folded"
err diff-open "surfgraph: directory $pl/open belongs to uid 65534 and others can write it: anyone could replace the files written there; choose another directory"
sg merge-open 1 merge "$out/good.tree" "$out/good2.tree" -o "$pl/open/m.tree"
err merge-open "surfgraph: directory $pl/open belongs to uid 65534 and others can write it: anyone could replace the files written there; choose another directory"
empty "$pl/open" "open directory"
# a link nobody made on the way to the file: -o, diff -o and merge -o alike
for c in "-f __do_fault -i $fix -m top" "diff $out/good.tree $out/good.tree -m folded" \
	"merge $out/good.tree $out/good2.tree"; do
	name=via-link-${c%% *}
	# shellcheck disable=SC2086
	sg "$name" 1 $c -o "$pl/outlink/f.out"
	err "$name" "surfgraph: cannot write $pl/outlink/f.out: $pl/outlink is a symbolic link another user could have made (owner uid 65534): not followed"
	empty "$secret" "$name"
done
# a link root made in a directory only root can change is followed (/var/run, /dev/stdout)
mkdir -m 755 "$pl/rootdir"
ln -s "$out" "$pl/rootdir/outlink"
sg via-root-link 0 -f __do_fault -i "$fix" -m top -q -o "$pl/rootdir/outlink/via-root.tree"
check "a link root made is followed" cmp -s "$out/via-root.tree" "$out/good.tree"

# ---- point 2: the directory swapped for a link while the run reads a slow pipe ----
# nobody's directory (mode 755, accepted: only its owner writes it) holds last run's .tree; the
# run reads the trace from a FIFO fed in two parts. Once the first graph is there, nobody
# renames the directory away and puts a link to the root-only directory (which has a .tree of
# its own) in its place: the rest of the graphs, ROOT.svg, the .tree and its .old rotation go
# where the run began, and the root-only directory is untouched.
nobody mkdir -m 755 "$pl/evil"
cp "$out/good.tree" "$pl/evil/__do_fault.tree"
printf '# surfgraph-tree 4\nroot=mine\n' >"$secret/__do_fault.tree"
cp "$secret/__do_fault.tree" "$out/secret.tree"
mkfifo "$out/race.fifo"
timeout "$LIMIT" "$bin" -f __do_fault -i "$out/race.fifo" -m svg -s 1 --outdir "$pl/evil" \
	-o "$pl/evil/__do_fault.tree" >"$out/race.out" 2>"$out/race.err" &
run=$!
exec 5>"$out/race.fifo"
head -n 20 "$fix" >&5
# waits for the run, not for a time: the first invocation's graph is written when its last
# line is read
for _ in $(seq 1200); do
	[ -e "$pl/evil/__do_fault-000001.svg" ] && break
	sleep 0.1
done
check "race: the first graph was written before the swap" test -e "$pl/evil/__do_fault-000001.svg"
nobody mv "$pl/evil" "$pl/evil.gone"
nobody ln -s "$secret" "$pl/evil"
tail -n +21 "$fix" >&5
exec 5>&-
wait $run
expect "race: exit status" "$?" 0
check "race: the root-only directory holds its own file only" test "$(ls -A "$secret")" = __do_fault.tree
check "race: its .tree is untouched" cmp -s "$secret/__do_fault.tree" "$out/secret.tree"
g=$pl/evil.gone
check "race: ROOT.svg where the run began" test -f "$g/__do_fault.svg"
check "race: the later graphs too" test -f "$g/__do_fault-000006.svg"
check "race: the .tree too" grep -q '^end$' "$g/__do_fault.tree"
check "race: the previous .tree rotated there" cmp -s "$g/__do_fault.tree.old" "$out/good.tree"
check "race: no temporary left" test -z "$(find "$pl" -name '*.tmp.*')"
rm -f "$pl/evil"

# ---- issue 33: a run's earlier graphs move to .old; a copy nobody planted among them stays ----
# in the sticky directory nobody puts a copy of a surfgraph graph under the next run's
# per-invocation name: root moves its own earlier graphs aside, never nobody's file
mkdir -m 755 "$pl/graphs"
"$bin" -f __do_fault -i "$fix" -q -s 0 --outdir "$pl/graphs"
nobody cp "$pl/graphs/__do_fault.svg" "$pl/__do_fault-000004.svg"
sg set-planted 0 -f __do_fault -i "$fix" -q -s 0 --outdir "$pl"
sg set-planted2 0 -f __do_fault -i "$fix" -q -s 0 --outdir "$pl"
check "graphs: nobody's copy under a graph's name left where it was" test "$(stat -c %u "$pl/__do_fault-000004.svg")" = 65534
check "graphs: root's own earlier graph kept as .old" test -f "$pl/__do_fault.svg.old"
check "graphs: nobody's copy not moved to .old" test ! -e "$pl/__do_fault-000004.svg.old"
rm -rf "$pl/graphs" "$pl/__do_fault"*

# ---- point 4: a link root made, whose chain ends at another user's FIFO or device ----
mkdir -m 700 "$pl/root"
# nobody's FIFO in the sticky directory, nobody's reader waiting on it
nobody mkfifo "$pl/leak"
(nobody timeout 20 cat "$pl/leak" >"$out/leak.got") &
leak=$!
ln -s "$pl/leak" "$pl/root/fifo.tree"
sg chain-fifo 1 -f __do_fault -i "$fix" -m top -o "$pl/root/fifo.tree"
err chain-fifo "surfgraph: $pl/root/fifo.tree is a FIFO of uid 65534 in a directory others can write: not written (use -o - and a pipe)"
ln -s "$pl/leak" "$pl/root/__do_fault.svg"
sg chain-fifo-svg 1 -f __do_fault -i "$fix" -m svg -s 0 --no-save --outdir "$pl/root" -q
err chain-fifo-svg "surfgraph: $pl/root/__do_fault.svg is a FIFO of uid 65534 in a directory others can write: not written (use -o - and a pipe)"
ln -s "$pl/root/fifo.tree" "$pl/root/twice.tree"
sg chain-fifo-twice 1 merge "$out/good.tree" -o "$pl/root/twice.tree"
err chain-fifo-twice "surfgraph: $pl/root/twice.tree is a FIFO of uid 65534 in a directory others can write: not written (use -o - and a pipe)"
kill $leak 2>/dev/null
wait $leak 2>/dev/null
check "chain: nobody's reader got nothing" test ! -s "$out/leak.got"
# nobody's character device (one root made and gave away) in the sticky directory
mknod "$pl/dev" c 1 3
chown 65534:65534 "$pl/dev"
ln -s "$pl/dev" "$pl/root/dev.folded"
sg chain-dev 1 diff "$out/good.tree" "$out/good.tree" -m folded -o "$pl/root/dev.folded"
err chain-dev "surfgraph: $pl/root/dev.folded is a device of uid 65534 in a directory others can write: not written (use -o - and a pipe)"
# a hop nobody made in the middle of root's chain, to a device root owns
nobody ln -s /dev/null "$pl/nulllink"
ln -s "$pl/nulllink" "$pl/root/hop.tree"
sg chain-hop 1 -f __do_fault -i "$fix" -m top -o "$pl/root/hop.tree"
err chain-hop "surfgraph: $pl/root/hop.tree leads to nulllink, a symbolic link another user could have made (owner uid 65534): not followed; remove it or choose another path"
# and a chain of links root made, to a device root owns, is still written
ln -s /dev/null "$pl/root/null"
ln -s "$pl/root/null" "$pl/root/ok.tree"
sg chain-ok 0 -f __do_fault -i "$fix" -m top -q -o "$pl/root/ok.tree"
check "chain: the device is still a device" test -c "$pl/dev"
check "chain: /dev/null is still a device" test -c /dev/null

# ---- issue 37.2: nobody's link to /proc/self/fd/1 is not taken for root's stdout ----
# the link is judged before "is it stdout": followed, it put the .tree into root's own log
nobody ln -s /proc/self/fd/1 "$pl/stdout.tree"
w="$pl/stdout.tree is a symbolic link another user could have made (owner uid 65534): not followed; remove it or choose another path"
sg stdout-link 1 -f __do_fault -i "$fix" -m svg -s 0 --outdir "$out/o37" -q -o "$pl/stdout.tree"
err stdout-link "surfgraph: $w"
check "stdout link: no .tree in root's stdout" test "$(grep -c '^# surfgraph-tree' "$out/stdout-link.out")" = 0
sg stdout-link-merge 1 merge "$out/good.tree" -o "$pl/stdout.tree"
err stdout-link-merge "surfgraph: $w"
check "stdout link: merge wrote nothing to stdout" test ! -s "$out/stdout-link-merge.out"
# diff's -o names its mode's file (an SVG): the same link under that name
nobody ln -s /proc/self/fd/1 "$pl/stdout.svg"
sg stdout-link-diff 1 diff "$out/good.tree" "$out/good.tree" -m svg -o "$pl/stdout.svg"
err stdout-link-diff "surfgraph: ${w//stdout.tree/stdout.svg}"
check "stdout link: diff wrote nothing to stdout" test ! -s "$out/stdout-link-diff.out"
# root's own links to it still are: /dev/stdout, /proc/self/fd/1, and a chain root made
ln -s /dev/stdout "$pl/root/stdout.tree"
for o in /dev/stdout /proc/self/fd/1 "$pl/root/stdout.tree"; do
	sg stdout-own 0 -f __do_fault -i "$fix" -m svg -s 0 --outdir "$out/o37" -q -o "$o"
	check "stdout: -o $o is stdout" cmp -s "$out/stdout-own.out" "$out/good.tree"
done

# ---- issue 37.9: -w's file is opened before anything is traced ----
# nobody's link as -w's file: refused before tracefs is opened, so before -f is resolved (a
# name that matches nothing) or the tracer checked; on main it was opened after the set-up
nobody ln -s /dev/null "$pl/w.dat"
T=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
snap() { for f in current_tracer tracing_on buffer_size_kb set_ftrace_filter set_graph_function; do
	echo "$f=$(cat "$T/$f" 2>/dev/null)"; done; ls "$T/instances" 2>/dev/null; }
{
	flock 9 # one run at a time on this machine's tracefs, as tests/live/run.sh
	snap >"$out/w-before"
	sg w-first 1 -f sg_no_such_function_37 -d 1 -m top --no-save -q -w "$pl/w.dat"
	snap >"$out/w-after"
} 9>/tmp/surfgraph-live-host.lock
err w-first "surfgraph: $pl/w.dat is a symbolic link another user could have made (owner uid 65534): not followed; remove it or choose another path"
check "-w refused: tracefs as it was" cmp -s "$out/w-before" "$out/w-after"
check "-w refused: no temporary left" test -z "$(find "$pl" -name '*.tmp.*')"

rm -rf "$pl"
finish
