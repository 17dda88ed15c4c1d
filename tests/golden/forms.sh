#!/usr/bin/env bash
# The newer kernels' line forms (funcgraph-args, -retval, -retval-hex, -retaddr) with every other
# column: a trace with them gives the same trees as the same trace without them. The args
# captures are real (7.3); the retval and retaddr ones are derived from real captures by
# tests/data/derive-retval.awk, as no kernel here has those options (see tests/data/README.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=tests/out/forms
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0
fail=0 n=0

data() { # a fixture path, decompressed when gzipped
	local f=tests/data/$1
	if [ "${f%.gz}" != "$f" ]; then gunzip -c "$f" >"$out/$(basename "${f%.gz}")" && f=$out/$(basename "${f%.gz}"); fi
	echo "$f"
}
expect() { # what got want
	n=$((n + 1))
	if [ "$2" != "$3" ]; then echo "FAIL $1: got '$2', want '$3'"; fail=$((fail + 1)); fi
}
folded() { "$bin" -f "$1" -i "$2" -m folded --no-save -q; }
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
# the derivation touched every call line it should have
expect "retval comments in the 7.3 derivation" \
	"$(grep -cE '(\);|\}) /\* .*ret=' "$out/retval-retaddr.txt")" \
	"$(grep -cE '\);$|\|  +\}( /\*.*\*/)?$' "$df73")"

echo "forms: $n checked, $fail failed"
[ $fail = 0 ]
