#!/usr/bin/env bash
# The command line as a user meets it: exit codes and the one-line messages for bad input.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") # absolute: some runs cd
out=tests/out/cli
rm -rf "$out" && mkdir -p "$out"
fail=0 n=0
fix=tests/data/linux-6.1/do_fault.txt

# run WANT_STATUS WANT_STDERR_SUBSTRING ARGS...
run() {
	local want=$1 msg=$2
	shift 2
	n=$((n + 1))
	"$bin" "$@" >"$out/stdout" 2>"$out/stderr"
	local got=$?
	if [ $got != "$want" ] || { [ -n "$msg" ] && ! grep -qF -- "$msg" "$out/stderr"; }; then
		echo "FAIL: surfgraph $*: exit $got (want $want), stderr: $(head -c 300 "$out/stderr") (want '$msg')"
		fail=$((fail + 1))
	fi
}

run 2 "unknown option '--bogus' (see --help)" --bogus
run 2 "unknown mode 'pie': use" -f x -m pie -i $fix
run 2 "--keep wants a whole number from 0 to 65536, not 'many'" --keep many
run 2 "-s wants a whole number" -s -1 -f x -i $fix -m tree
run 2 "option '-f' needs a value" -f
run 2 "unexpected argument 'extra'" -f x -m tree -i $fix extra
run 2 "which function? give the root with -f FUNC" -i $fix -m tree
run 2 "-o fault.svg: -o names the .tree file (reload it with -i); flame graphs are named after the root" \
	-f __do_fault -i $fix -o fault.svg
n=$((n + 1))
[ -e fault.svg ] && { echo "FAIL: -o fault.svg was refused but written"; fail=$((fail + 1)); }
run 1 "cannot open /nonexistent/trace: No such file or directory" -f x -i /nonexistent/trace -m tree
run 1 "no call of nosuchfunc in $fix (204 lines, 196 call events)" -f nosuchfunc -i $fix -m tree --no-save
: >"$out/empty"
run 1 "no call of x in $out/empty (0 lines, 0 call events)" -f x -i "$out/empty" -m tree --no-save
head -c 100000 /dev/urandom >"$out/garbage"
run 1 "no call of x in $out/garbage" -f x -i "$out/garbage" -m tree --no-save
run 0 "" --help
grep -q "^Examples:" "$out/stdout" || { echo "FAIL: --help has no examples"; fail=$((fail + 1)); }
run 0 "" -V
grep -qE "^surfgraph [0-9]+\.[0-9]+" "$out/stdout" || { echo "FAIL: -V"; fail=$((fail + 1)); }

# a damaged .tree is refused with file:line: reason
"$bin" -f __do_fault -i $fix -m top -q -o "$out/good.tree" >/dev/null
head -n 20 "$out/good.tree" >"$out/cut.tree"
run 1 "$out/cut.tree:21: truncated: no 'end' line" -i "$out/cut.tree" -m tree
sed 's/^time=ns/time=fortnights/' "$out/good.tree" >"$out/bad.tree"
run 1 "$out/bad.tree:11: time must be ns or none" -i "$out/bad.tree" -m tree
run 1 "-m raw needs a trace: a .tree file keeps no trace lines" -i "$out/good.tree" -m raw

# stdin works for traces and .tree files alike
n=$((n + 1))
a=$("$bin" -f __do_fault -i - -m folded --no-save -q <$fix | md5sum)
b=$("$bin" -f __do_fault -i $fix -m folded --no-save -q | md5sum)
c=$("$bin" -i - -m folded -q <"$out/good.tree" | md5sum)
[ "$a" = "$b" ] && [ "$a" = "$c" ] || { echo "FAIL: stdin gives another result"; fail=$((fail + 1)); }

# the summary goes to stderr and names the file written; the default name is ROOT.tree
n=$((n + 1))
(cd "$out" && "$bin" -f __do_fault -i "../../../$fix" -m top >/dev/null 2>summary)
grep -q "wrote __do_fault.tree" "$out/summary" && [ -f "$out/__do_fault.tree" ] &&
	[ -z "$(ls "$out" | grep '\.tmp\.')" ] || { echo "FAIL: default .tree ($(cat "$out/summary"))"; fail=$((fail + 1)); }
# a glob root makes a safe file name
n=$((n + 1))
(cd "$out" && "$bin" -f '__do_fa?lt' -i "../../../$fix" -m top -q >/dev/null)
[ -f "$out/__do_fa_lt.tree" ] || { echo "FAIL: glob file name: $(ls $out)"; fail=$((fail + 1)); }

# --outdir takes the flame graph and the .tree file alike
n=$((n + 1))
"$bin" -f __do_fault -i $fix --outdir "$out/od" -s 0 -q >/dev/null 2>&1
[ -f "$out/od/__do_fault.svg" ] && [ -f "$out/od/__do_fault.tree" ] ||
	{ echo "FAIL: --outdir: $(ls "$out/od" 2>&1)"; fail=$((fail + 1)); }

echo "cli: $n checked, $fail failed"
[ $fail = 0 ]
