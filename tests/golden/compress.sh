#!/usr/bin/env bash
# Compressed input (docs/input.md): gzip, xz and zstd traces, trace-cmd reports, trace.dat and
# .tree files, as files and on stdin, give byte for byte the output of the plain file; binary
# data that is none of these says so; a cut or corrupt stream is an error, never a short read.
# The .xz and .zst copies are made here from the fixtures by xz and zstd (Debian xz-utils, zstd).
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=${SG_TEST_OUT:-tests/out}/compress
rm -rf "$out" && mkdir -p "$out"
SUITE=compress
. tests/lib.sh
for tool in gzip xz zstd; do
	command -v $tool >/dev/null || { echo "compress: needs $tool (make deps)"; exit 1; }
done

# pack NAME PLAIN: NAME.gz, NAME.xz and NAME.zst in $out from the plain file
pack() {
	gzip -9 -n -c "$2" >"$out/$1.gz"
	xz -c "$2" >"$out/$1.xz"
	zstd -q -c "$2" >"$out/$1.zst"
}

# same NAME PLAIN ARGS...: ARGS on the plain file, then on its three compressed copies as files,
# on a pipe and redirected to stdin: every output the plain one's, byte for byte
same() {
	local name=$1 plain=$2 z
	shift 2
	"$bin" -i "$plain" "$@" --no-save -q >"$out/$name.want" 2>"$out/$name.want.err"
	check "$name: the plain file reads" test -s "$out/$name.want"
	for z in gz xz zst; do
		"$bin" -i "$out/$name.$z" "$@" --no-save -q >"$out/$name.$z.out" 2>"$out/$name.$z.err"
		check "$name.$z: file, same output" cmp -s "$out/$name.want" "$out/$name.$z.out"
		cat "$out/$name.$z" | "$bin" -i - "$@" --no-save -q >"$out/$name.$z.pipe" 2>&1
		check "$name.$z: pipe, same output" cmp -s "$out/$name.want" "$out/$name.$z.pipe"
		"$bin" -i - "$@" --no-save -q <"$out/$name.$z" >"$out/$name.$z.stdin" 2>&1
		check "$name.$z: stdin, same output" cmp -s "$out/$name.want" "$out/$name.$z.stdin"
	done
}

# ---- text traces: the project's gzipped captures, and plain ones compressed here ----
gunzip -c tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz >"$out/openat2.txt"
pack openat2 "$out/openat2.txt"
cp tests/data/linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz "$out/openat2.gz" # as shipped
same openat2 "$out/openat2.txt" -f do_sys_openat2 -m folded
gunzip -c tests/data/linux-7.3/do_fault.txt.gz >"$out/fault73.txt"
pack fault73 "$out/fault73.txt"
same fault73 "$out/fault73.txt" -f __do_fault -m tree --ascii
pack fault61 tests/data/linux-6.1/do_fault.txt
same fault61 tests/data/linux-6.1/do_fault.txt -f __do_fault -m walk
# trace-cmd report text
pack report tests/data/linux-6.1/do_fault_trace-cmd_report.txt
same report tests/data/linux-6.1/do_fault_trace-cmd_report.txt -f __do_fault -m folded
# the summary counts the decompressed lines, as for the plain file
"$bin" -i tests/data/linux-6.1/do_fault.txt -f nosuch -m tree --no-save 2>"$out/nosuch.want"
"$bin" -i "$out/fault61.xz" -f nosuch -m tree --no-save 2>"$out/nosuch.err"
expect "no call of nosuch: the same counts" "$(sed "s|$out/fault61.xz|F|" "$out/nosuch.err")" \
	"$(sed "s|tests/data/linux-6.1/do_fault.txt|F|" "$out/nosuch.want")"
# without -f, the root the compressed trace names, as the plain one's
"$bin" -i "$out/fault61.zst" -m walk -q >"$out/guess.out" 2>"$out/guess.err"
check "no -f: the same walk" cmp -s "$out/fault61.want" "$out/guess.out"
# gzip -c a b: members one after another, read on as gzip -d does
{ head -n 300 "$out/openat2.txt" | gzip -c; tail -n +301 "$out/openat2.txt" | gzip -c; } \
	>"$out/members.gz"
"$bin" -i "$out/members.gz" -f do_sys_openat2 -m folded --no-save -q >"$out/members.out"
check "two gzip members: same output" cmp -s "$out/openat2.want" "$out/members.out"

# ---- trace.dat: copied to an unlinked temporary file for libtracecmd ----
pack dat tests/data/linux-6.1/do_fault_trace-cmd.dat
same dat tests/data/linux-6.1/do_fault_trace-cmd.dat -f __do_fault -m folded
check "trace.dat: the same tree as its report" cmp -s "$out/dat.want" "$out/report.want"
# no room for the copy (a 2 MB /var/tmp in a mount namespace of its own, where root may make one)
if unshare -m true 2>/dev/null; then
	unshare -m sh -c 'mount -t tmpfs -o size=2m tmpfs /var/tmp && exec "$0" "$@"' "$bin" \
		-f __do_fault -i "$out/dat.gz" -m folded --no-save >"$out/full.out" 2>"$out/full.err"
	expect "trace.dat copy refused in a full /var/tmp" "$(cat "$out/full.err")" \
		"surfgraph: $out/dat.gz: copying it to /var/tmp would leave less than 64 MB free there (a tenth of it, at least 64 MB): stopped after 0 MB (a trace.dat must be a file libtracecmd can seek in: decompress it to one and give its path to -i)"
else
	skipped "the full /var/tmp case (no mount namespace)"
fi

# ---- .tree files: read, compared and merged compressed ----
a=tests/data/diff/do_fault-6.1.tree b=tests/data/diff/do_fault-6.12.tree
pack a.tree "$a"
pack b.tree "$b"
same a.tree "$a" -m folded
same b.tree "$b" -m tree --ascii
"$bin" diff -m folded "$a" "$b" >"$out/diff.want" 2>/dev/null
"$bin" diff -m folded "$out/a.tree.gz" "$out/b.tree.xz" >"$out/diff.out" 2>/dev/null
check "diff of a .tree.gz and a .tree.xz: same output" cmp -s "$out/diff.want" "$out/diff.out"
zstd -q -dc "$out/b.tree.zst" | "$bin" diff -m folded "$out/a.tree.xz" - >"$out/diff.pipe" 2>/dev/null
check "diff with a .tree on a pipe: same output" cmp -s "$out/diff.want" "$out/diff.pipe"
"$bin" merge "$a" "$b" -o "$out/m.want.tree" 2>/dev/null
"$bin" merge "$out/a.tree.zst" "$out/b.tree.gz" -o "$out/m.tree" 2>/dev/null
# the sources are named as given; all else is the same
expect "merge of a .tree.zst and a .tree.gz: same run" \
	"$(grep -v '^source\.' "$out/m.tree" | md5sum)" "$(grep -v '^source\.' "$out/m.want.tree" | md5sum)"
check "merge: the sources named" grep -qx "source.1=$out/a.tree.zst" "$out/m.tree"

# ---- binary data: not a trace, said so ----
bin_msg="binary data, not a function_graph trace, trace.dat or .tree file"
head -c 65536 /dev/urandom >"$out/random"
sg random 1 -f x -i "$out/random" -m tree --no-save
expect "random bytes" "$(cat "$out/random.err")" "surfgraph: $out/random: $bin_msg"
in=$out/random sg random-stdin 1 -f x -i - -m tree --no-save
expect "random bytes on stdin" "$(cat "$out/random-stdin.err")" "surfgraph: stdin: $bin_msg"
sg png 1 -f x -i examples/__do_fault.png -m tree --no-save
expect "a PNG" "$(cat "$out/png.err")" "surfgraph: examples/__do_fault.png: $bin_msg"
# an ELF binary: surfgraph's own build ($bin may be a wrapper script under make valgrind)
sg elf 1 -f x -i ./surfgraph -m tree --no-save
expect "an ELF binary" "$(cat "$out/elf.err")" "surfgraph: ./surfgraph: $bin_msg"
gzip -c examples/__do_fault.png >"$out/png.gz"
sg png-gz 1 -f x -i "$out/png.gz" -m tree --no-save
expect "a gzipped PNG" "$(cat "$out/png-gz.err")" \
	"surfgraph: $out/png.gz: $bin_msg (once decompressed from gzip)"
# without -f too: what it is comes first
sg random-nof 1 -i "$out/random" -m tree --no-save
expect "random bytes, no -f" "$(cat "$out/random-nof.err")" "surfgraph: $out/random: $bin_msg"
# bzip2 (its magic and a block's) is named, with the way in
{ printf 'BZh91AY&SY'; head -c 100 /dev/urandom; } >"$out/x.bz2"
sg bz2 1 -f x -i "$out/x.bz2" -m tree --no-save
expect "bzip2" "$(cat "$out/bz2.err")" \
	"surfgraph: $out/x.bz2 is bzip2-compressed: surfgraph reads gzip, xz and zstd (bzip2 -dc $out/x.bz2 | surfgraph -i - ...)"
# a trace with a hostile task name stays text
sg hostile 1 -f nosuch -i tests/data/svg/hostile.txt -m tree --no-save
check "hostile names: still text" grep -q "no call of nosuch" "$out/hostile.err"

# ---- cut and corrupt streams: an error, not a shorter trace ----
size=$(stat -c %s "$out/openat2.gz")
head -c $((size / 2)) "$out/openat2.gz" >"$out/cut.gz"
sg cut-gz 1 -f do_sys_openat2 -i "$out/cut.gz" -m folded --no-save
check "cut .gz: said" grep -qx "surfgraph: $out/cut.gz: the gzip data is cut short (a truncated file?) after [0-9]* bytes decompressed" "$out/cut-gz.err"
check "cut .gz: nothing on stdout" test ! -s "$out/cut-gz.out"
in=$out/cut.gz sg cut-gz-stdin 1 -f do_sys_openat2 -i - -m folded --no-save
check "cut .gz on stdin: said" grep -q "^surfgraph: stdin: the gzip data is cut short" "$out/cut-gz-stdin.err"
# the last 4 bytes (the length) missing: every line is there, the stream still is not whole
head -c $((size - 4)) "$out/openat2.gz" >"$out/cut4.gz"
sg cut4-gz 1 -f do_sys_openat2 -i "$out/cut4.gz" -m folded --no-save
check "cut .gz trailer: said" grep -q "the gzip data is cut short" "$out/cut4-gz.err"
for z in xz zst; do
	zsize=$(stat -c %s "$out/openat2.$z")
	head -c $((zsize * 2 / 3)) "$out/openat2.$z" >"$out/cut.$z"
	sg cut-$z 1 -f do_sys_openat2 -i "$out/cut.$z" -m folded --no-save
	check "cut .$z: said" grep -qE "the (xz|zstd) data is cut short|corrupt (xz|zstd) data" "$out/cut-$z.err"
done
# one byte changed in the middle: the CRC (gzip) catches what the decoder lets through
cp "$out/openat2.gz" "$out/bad.gz"
printf '\377' | dd of="$out/bad.gz" bs=1 seek=$((size / 2)) conv=notrunc status=none
sg bad-gz 1 -f do_sys_openat2 -i "$out/bad.gz" -m folded --no-save
check "corrupt .gz: said" grep -q "^surfgraph: $out/bad.gz: corrupt gzip data (" "$out/bad-gz.err"
# a cut .tree.gz and a cut .dat.gz
head -c 2000 "$out/a.tree.gz" >"$out/cut.tree.gz"
sg cut-tree 1 -i "$out/cut.tree.gz" -m folded --no-save
check "cut .tree.gz: said" grep -q "^surfgraph: $out/cut.tree.gz: the gzip data is cut short" "$out/cut-tree.err"
sg cut-tree-merge 1 merge "$out/cut.tree.gz" "$b" -o "$out/never.tree"
check "cut .tree.gz in merge: said" grep -q "the gzip data is cut short" "$out/cut-tree-merge.err"
check "cut .tree.gz in merge: nothing written" test ! -e "$out/never.tree"
dsize=$(stat -c %s "$out/dat.gz")
head -c $((dsize / 2)) "$out/dat.gz" >"$out/cut.dat.gz"
sg cut-dat 1 -f __do_fault -i "$out/cut.dat.gz" -m folded --no-save
check "cut .dat.gz: said" grep -q "the gzip data is cut short" "$out/cut-dat.err"

finish
