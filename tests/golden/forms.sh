#!/usr/bin/env bash
# The newer kernels' line forms (funcgraph-args, -retval, -retval-hex, -retaddr) with every other
# column: a trace with them gives the same trees as the same trace without them. The args
# captures are real (7.3); the retval and retaddr ones are derived from real captures by
# tests/data/derive-retval.awk, as no kernel here has those options (see tests/data/README.md).
set -euo pipefail
out=${SG_TEST_OUT:-tests/out}/forms
# shellcheck source=tests/golden/lib.sh
. "$(dirname "$0")/lib.sh"
folded() { "$bin" -f "$1" -i "$2" -m folded -q; }
# Arguments out of every call: "f(a=1, b=0x2) {" -> "f() {" (no value in these captures holds ')').
strip_args() { sed -E 's/\([^)]*\)( \{|;)/()\1/' "$1"; }

same_tree() { # name root with without
	folded "$2" "$3" >"$out/$1.with"
	folded "$2" "$4" >"$out/$1.without"
	expect "$1: folded lines" "$(($(wc -l <"$out/$1.with") > 10))" 1
	if cmp -s "$out/$1.with" "$out/$1.without"; then
		n=$((n + 1))
	else
		echo "FAIL $1: a different tree with the options:"
		diff "$out/$1.without" "$out/$1.with" | head -10
		fail=$((fail + 1))
	fi
}

args=$(data linux-7.3/do_fault_funcgraph-args.txt.gz)
vargs=$(data linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz)
df73=$(data linux-7.3/do_fault.txt.gz)
lat=$(data linux-6.1/do_fault_latency-format_proc.txt)
tail61=$(data linux-6.1/do_fault_abstime_proc_overrun_tail.txt)

# real funcgraph-args captures against the same lines without their arguments
expect "args lines hold arguments" "$(($(grep -c '([a-z_]*=' "$args") > 1000))" 1
strip_args "$args" >"$out/args-stripped.txt"
expect "stripped lines hold none" "$(grep -c '([a-z_]*=' "$out/args-stripped.txt" || true)" 0
same_tree args __do_fault "$args" "$out/args-stripped.txt"
strip_args "$vargs" >"$out/vargs-stripped.txt"
same_tree args-abstime-proc vfs_read "$vargs" "$out/vargs-stripped.txt"

# derived: each kernel's retval form, with and without retaddr, on every column layout
derive() { awk -v style="$1" -v retaddr="$2" -f tests/data/derive-retval.awk "$3" >"$out/$4"; }
derive old 0 "$df73" retval-old.txt
same_tree retval-6.12-form __do_fault "$out/retval-old.txt" "$df73"
derive new 1 "$df73" retval-retaddr.txt
same_tree retval-retaddr-6.13-form __do_fault "$out/retval-retaddr.txt" "$df73"
derive new 1 "$args" args-retval-retaddr.txt
same_tree args-retval-retaddr __do_fault "$out/args-retval-retaddr.txt" "$out/args-stripped.txt"
derive hex 1 "$vargs" abstime-proc-args-hex.txt
same_tree abstime-proc-args-retval-hex vfs_read "$out/abstime-proc-args-hex.txt" "$out/vargs-stripped.txt"
derive new 0 "$lat" latency-retval.txt
same_tree latency-format-retval __do_fault "$out/latency-retval.txt" "$lat"
derive old 0 "$tail61" tail-overrun-retval.txt
same_tree tail-overrun-retval __do_fault "$out/tail-overrun-retval.txt" "$tail61"
nodur=$(data linux-6.1/vfs_write_nofuncgraph-duration.txt.gz)
derive new 1 "$nodur" nodur-retval-retaddr.txt
same_tree nofuncgraph-duration-retval-retaddr vfs_write "$out/nodur-retval-retaddr.txt" "$nodur"
# the derivation touched every call line it should have
expect "retval comments in the 7.3 derivation" \
	"$(grep -cE '(\);|\}) /\* .*ret=' "$out/retval-retaddr.txt")" \
	"$(grep -cE '\);$|\|  +\}( /\*.*\*/)?$' "$df73")"

# Return values counted per node: the .tree's figures against the derived text, counted by awk.
# Every line of the vfs_read capture is inside one of its 145 complete invocations, so the
# merged tree holds every call and return of the file.
tree_sum() { # column of the node lines (rets 8, errs 9), for paths ending in $2 ('' = all)
	awk -F'\t' -v c="$1" -v f="$2" '$1 == "node" && (f == "" || $2 ~ (";" f "$") || $2 == f) {s += $c} END {print s + 0}' "$3"
}
# The 6.1 capture with every column: all its lines are inside complete __do_fault calls too.
for v in abstime-proc-args-hex tail-overrun-retval; do
	src=$out/$v.txt
	root=vfs_read
	[ $v = tail-overrun-retval ] && root=__do_fault
	"$bin" -f $root -i "$src" -m top -q -o "$out/$v.tree" >/dev/null
	[ "$(grep -c '^incomplete=0$' "$out/$v.tree")" = 1 ] || { echo "FAIL $v: incomplete invocations in a fixture that has none"; fail=$((fail + 1)); continue; }
	expect "$v: format version 6" "$(head -1 "$out/$v.tree")" "# surfgraph-tree 6"
	expect "$v: calls with a return value" "$(tree_sum 8 '' "$out/$v.tree")" \
		"$(grep -cE '(\);|\}) /\* .*(ret=|= )' "$src")"
	# errors as the kernel prints them: decimal -N, or (hex) an int or a 64-bit -N
	expect "$v: errors" "$(tree_sum 9 '' "$out/$v.tree")" \
		"$(grep -cE '(ret=|= )(-[0-9]+|0xffffff[0-9a-f]{2}|0xffffffffffffff[0-9a-f]{2}) \*/$' "$src")"
	enomem=$(awk -F'\t' '$1 == "node" {n = split($10, e, ","); for (i = 1; i <= n; i++) if (e[i] ~ /^12:/) {sub(/^12:/, "", e[i]); s += e[i]}} END {print s + 0}' "$out/$v.tree")
	expect "$v: -ENOMEM" "$enomem" "$(grep -cE '(ret=|= )(-12|0xfffffff4|0xfffffffffffffff4) \*/$' "$src")"
	# one function: the errors of its leaf calls
	expect "$v: errors of __rcu_read_unlock" "$(tree_sum 9 __rcu_read_unlock "$out/$v.tree")" \
		"$(grep -E ' __rcu_read_unlock\(\); ' "$src" | grep -cE '(ret=|= )(-[0-9]+|0xffffff[0-9a-f]{2}|0xffffffffffffff[0-9a-f]{2}) \*/$')"
	expect "$v: some errors" "$(($(tree_sum 9 '' "$out/$v.tree") >= 5))" 1
done
# version 6 round trip: loading and saving again gives the same bytes, calls, errors and the quantile sketch included
t=$out/abstime-proc-args-hex.tree
"$bin" -i "$t" -m top -q -o "$out/again.tree" >/dev/null
expect "version 6 round trip" "$(cmp -s "$t" "$out/again.tree" && echo same)" same
expect "version 3 keeps calls" "$(($(grep -c '^call	' "$t") > 500))" 1
# strict: a version 3 node line without its three columns is refused with its line number
sed '0,/^node\t/s/^\(node\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\t[^\t]*\)\t.*/\1/' "$t" >"$out/bad.tree"
first_node=$(grep -n -m1 '^node' "$t" | cut -d: -f1)
expect "version 3 short node line refused" "$("$bin" -i "$out/bad.tree" -m top -q 2>&1 >/dev/null | grep -c "bad.tree:$first_node: a node line has 10")" 1
# every run writes version 6 (the histogram, the scatter, the quantile sketch), with version 2's columns, 0 without return values
"$bin" -f vfs_read -i "$vargs" -m top -q -o "$out/plain.tree" >/dev/null
expect "args without retval: version" "$(head -1 "$out/plain.tree")" "# surfgraph-tree 6"
"$bin" -f __do_fault -i "$df73" -m top -q -o "$out/plain73.tree" >/dev/null
expect "no args, no retval: version" "$(head -1 "$out/plain73.tree")" "# surfgraph-tree 6"
expect "no args, no retval: empty columns" "$(awk -F'\t' '$1 == "node" && ($8 != 0 || $9 != 0 || $10 != "")' "$out/plain73.tree" | wc -l)" 0

# the flame graph's tooltip names the errors
src=$out/abstime-proc-args-hex.txt
"$bin" -f vfs_read -i "$src" -m svg -s 0 --outdir "$out/svg" -q >/dev/null
einval=$(grep -cE '\} /\* vfs_read ret=0x(ffffffff)?ffffffea \*/$' "$src")
enomem=$(grep -cE '\} /\* vfs_read ret=0x(ffffffff)?fffffff4 \*/$' "$src")
expect "svg tooltip: errors of vfs_read" \
	"$(grep -o '<title>vfs_read — [^<]*' "$out/svg/vfs_read.svg" | grep -o 'returned [^<]*')" \
	"returned -EINVAL in $einval, -ENOMEM in $enomem of $(grep -c ' vfs_read(' "$src") calls"

echo "forms: $n checked, $fail failed"
[ $fail = 0 ]
