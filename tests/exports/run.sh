#!/usr/bin/env bash
# The exports read back by their real readers: -m pprof through go tool pprof (Debian's
# golang-go), -m chrome and -m speedscope through a JSON checker (python3) for exact nesting and
# figures. The figures are compared with -m top and -m folded on the same fixture, and the totals
# with the root's durations summed by awk over the trace text.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${SURFGRAPH:-./surfgraph}
out=${SG_TEST_OUT:-tests/out}/exports
mkdir -p "$out"
export SOURCE_DATE_EPOCH=0
SUITE=exports
. tests/lib.sh

data() { # a fixture path, decompressed when gzipped
	local f=tests/data/$1
	if [ "${f%.gz}" != "$f" ]; then gunzip -c "$f" >"$out/$(basename "${f%.gz}")" && f=$out/$(basename "${f%.gz}"); fi
	echo "$f"
}
# Sum of the "N.NNN us" durations on the given lines, in integer ns (as tests/golden/facts.sh).
sum_ns() { sed -E 's/.*[ +!#*@$] +([0-9]+)(\.([0-9]+))? us.*/\1 \3/' | awk '{f=$2; while (length(f) < 3) f=f "0"; s += $1 * 1000 + f} END {printf "%d\n", s}'; }
command -v python3 >/dev/null || { echo "FAIL exports: python3 is needed: make deps"; exit 1; }
# -m top's rows as "function calls total_ns self_ns", sorted by name
top_rows() { awk 'NR > 1 {t=$2; s=$3; sub(/\./, "", t); sub(/\./, "", s); printf "%s %s %.0f %.0f\n", $7, $1, t, s}' | sort; }

# ---- -m pprof: go tool pprof reads it and gives -m top's figures and -m folded's paths
if ! command -v go >/dev/null; then
	echo "FAIL exports: go (Debian golang-go) is needed to read the pprof profiles: make deps"
	exit 1
fi
export GOCACHE=$PWD/$out/gocache GOFLAGS=-mod=mod
pprof() { go tool pprof "$@" 2>/dev/null; }
# pprof -top's rows (ns, every node) as "function flat cum", sorted by name
pprof_rows() { awk '/^ *[0-9]+(ns)? / {f=$1; c=$4; sub(/ns$/, "", f); sub(/ns$/, "", c); print $6, f, c}' | sort; }
# pprof -traces as folded stacks: the leaf is printed first, labels are skipped
pprof_folded() {
	awk '/^-+\+/ { if (n) { s=st[n]; for (i = n - 1; i >= 1; i--) s = s ";" st[i]; print s, w } n=0; next }
	     /^ +[a-z_]+: / { next }
	     /^ *[0-9]+ns / { w=$1; sub(/ns$/, "", w); n=1; st[1]=$2; next }
	     /^ +[^ ]/ && n { st[++n]=$1 }' | sort
}
for fx in linux-6.1/do_fault.txt:__do_fault linux-6.1/do_fault_trace-cmd.dat:__do_fault \
	linux-6.1/schedule_sleep.txt.gz:schedule linux-6.12/do_fault_abstime_proc_overrun_tail.txt:__do_fault; do
	f=$(data "${fx%%:*}") root=${fx##*:}
	name=${fx%%/*}-$(basename "$f")-$root
	"$bin" -i "$f" -f "$root" -m pprof -q >"$out/$name.pb.gz"
	check "$name: gzip" gzip -t "$out/$name.pb.gz"
	"$bin" -i "$f" -f "$root" -m top -q | top_rows >"$out/$name.top"
	pprof -top -unit=ns -nodecount=100000 -nodefraction=0 -edgefraction=0 "$out/$name.pb.gz" >"$out/$name.pprof-top"
	pprof -top -sample_index=calls -nodecount=100000 -nodefraction=0 -edgefraction=0 "$out/$name.pb.gz" \
		>"$out/$name.pprof-calls"
	pprof_rows <"$out/$name.pprof-top" >"$out/$name.pprof-self"
	check "$name: pprof -top read it" test -s "$out/$name.pprof-self" -a -s "$out/$name.top"
	check "$name: pprof -top lists every function of -m top" \
		test "$(cut -d' ' -f1 "$out/$name.pprof-self")" = "$(cut -d' ' -f1 "$out/$name.top")"
	# flat = self time, exactly
	check "$name: pprof flat = -m top self" test "$(cut -d' ' -f1,2 "$out/$name.pprof-self")" = \
		"$(awk '{print $1, $4}' "$out/$name.top")"
	check "$name: pprof calls = -m top calls" \
		test "$(pprof_rows <"$out/$name.pprof-calls" | cut -d' ' -f1,2)" = "$(cut -d' ' -f1,2 "$out/$name.top")"
	"$bin" -i "$f" -f "$root" -m folded -q | sort >"$out/$name.folded"
	pprof -traces -unit=ns "$out/$name.pb.gz" | pprof_folded >"$out/$name.pprof-folded"
	check "$name: pprof -traces = -m folded (paths and weights)" cmp -s "$out/$name.pprof-folded" "$out/$name.folded"
	check "$name: root label" grep -q "^ *root: *$root\$" <(pprof -traces "$out/$name.pb.gz")
done
# 6.1's captures have no anomaly (tests/golden/facts.sh): cum is -m top's total, and the
# profile's total is the sum of the root's printed durations (awk over the trace)
for name in linux-6.1-do_fault.txt-__do_fault linux-6.1-schedule_sleep.txt-schedule linux-6.1-do_fault_trace-cmd.dat-__do_fault; do
	check "$name: pprof cum = -m top total" test "$(cut -d' ' -f1,3 "$out/$name.pprof-self")" = \
		"$(awk '{print $1, $3}' "$out/$name.top")"
done
f=tests/data/linux-6.1/do_fault.txt
check "do_fault: pprof total = the trace's __do_fault durations" test \
	"$(sed -nE 's/^Showing nodes accounting for ([0-9]+)ns.*/\1/p' "$out/linux-6.1-do_fault.txt-__do_fault.pprof-top")" = \
	"$(grep -E '^ [0-9]\) [^|]*\|  }$' "$f" | sum_ns)"
check "trace.dat: kernel label" grep -q '^ *kernel: *6\.1\.0-56-amd64$' \
	<(pprof -traces "$out/linux-6.1-do_fault_trace-cmd.dat-__do_fault.pb.gz")
check "pprof: sample types" grep -q '^calls/count total/nanoseconds self/nanoseconds\[dflt\]$' \
	<(pprof -raw "$out/linux-6.1-do_fault.txt-__do_fault.pb.gz")
# a broken profile must be refused by the reader: the check above can fail
head -c 200 "$out/linux-6.1-do_fault.txt-__do_fault.pb.gz" >"$out/cut.pb.gz"
check "pprof refuses a cut profile" bash -c "! go tool pprof -top '$out/cut.pb.gz' >/dev/null 2>&1"
# a binary profile is not written to a terminal (script gives the run one)
if command -v script >/dev/null; then
	script -qec "$bin -i $f -f __do_fault -m pprof" /dev/null >"$out/tty.out" 2>&1 || true
	check "pprof refuses a terminal" grep -q 'redirect' "$out/tty.out"
fi

# ---- -m chrome, -m speedscope: every invocation (--keep all), checked by tests/exports/check_json.py:
# no slice overlaps another on its track (Perfetto's rule), every track is named comm-pid, each
# function's calls and self time are -m top's, the call paths' self times are -m folded's, and
# the roots' durations are the trace's (awk)
json_check() { # kind fixture root: prints the roots' durations
	local kind=$1 f=$2 root=$3 name only=
	name=${fx%%/*}-$(basename "$f")-$root
	"$bin" -i "$f" -f "$root" -m top -q >"$out/$name.top.txt"
	"$bin" -i "$f" -f "$root" -m folded -q >"$out/$name.folded.txt"
	"$bin" -i "$f" -f "$root" -m "$kind" --keep all -q >"$out/$name.$kind.json"
	# speedscope's file has no room for a clamped call's recorded duration: where the chrome
	# export of the same run clamped some, its self times are not -m top's, only its calls
	if [ "$kind" = speedscope ] && ! grep -q '"clamped":0,' "$out/$name.chrome.json"; then only=calls; fi
	# a timer interrupt printed two levels below a call that had returned (vfs_read, 7.3): the
	# timeline nests it by time in the call still running, the tree under its printed depth's
	# open call, so their self times differ by the interrupt's (2.2 us); calls are the same
	case $name in *vfs_read_proc_abstime_funcgraph-args*) only=calls ;; esac
	python3 tests/exports/check_json.py "$kind" "$out/$name.$kind.json" "$out/$name.top.txt" "$out/$name.folded.txt" $only
}
for fx in linux-6.1/do_fault.txt:__do_fault linux-6.1/do_fault_trace-cmd.dat:__do_fault \
	linux-6.1/do_fault_abstime_proc_overrun_tail.txt:__do_fault linux-6.1/schedule_funcgraph-proc.txt.gz:schedule \
	linux-6.12/do_fault_abstime_proc_overrun_tail.txt:__do_fault linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz:vfs_read linux-7.3/do_fault.txt.gz:__do_fault \
	linux-7.3/derived/vfs_read_proc_abstime_args_retval-hex_retaddr.txt.gz:vfs_read; do
	f=$(data "${fx%%:*}") root=${fx##*:}
	name=${fx%%/*}-$(basename "$f")-$root
	check "$name: chrome nests exactly, figures of -m top and -m folded" json_check chrome "$f" "$root" "$name" \
		>"$out/$name.chrome.roots"
	# the layout draws the printed self times where no call outlasts its caller: 6.1 (facts.sh)
	case $fx in linux-*)
		check "$name: speedscope nests, figures of -m top and -m folded" json_check speedscope "$f" "$root" "$name" \
			>"$out/$name.speedscope.roots"
		check "$name: speedscope roots = chrome roots" cmp -s "$out/$name.chrome.roots" "$out/$name.speedscope.roots" ;;
	esac
done
# funcgraph-abstime text: every slice at its line's timestamp (whole us) for its printed duration,
# as awk reads them from the text (abstime-report.awk turns the lines into trace-cmd report's form
# for tests/dat/report-calls.awk); a slice clamped to nest keeps the recorded values in args
for fx in linux-6.1/do_fault_abstime_proc_overrun_tail.txt:__do_fault:66 \
	linux-6.12/do_fault_abstime_proc_overrun_tail.txt:__do_fault:88 \
	linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz:vfs_read:3343; do
	f=$(data "${fx%%:*}") root=${fx#*:} root=${root%%:*} calls=${fx##*:}
	name=${fx%%/*}-$(basename "$f")-$root
	awk -f tests/exports/abstime-report.awk "$f" | awk -v root="$root" -f tests/dat/report-calls.awk |
		awk '{ ts = $1; sub(/\./, "", ts); sub(/^0+/, "", ts); print ts, $4, $6 }' >"$out/$name.text-calls"
	awk -f tests/dat/chrome-calls.awk "$out/$name.chrome.json" >"$out/$name.chrome-calls"
	check "$name: the text has $calls calls of $root" test "$(wc -l <"$out/$name.text-calls")" = "$calls"
	check "$name: chrome: every slice at its line's time for its printed duration" \
		cmp -s "$out/$name.text-calls" "$out/$name.chrome-calls"
done
# the bound: at most 10,000 calls of an invocation kept, the rest counted and said (replay's
# header, the .tree's recs line, the Chrome JSON's invocation)
awk 'BEGIN { print "# tracer: function_graph"; print " 0)               |  big() {"
	for (i = 0; i < 10006; i++) print " 0)   0.100 us    |    leaf();"
	print " 0) # 2000.000 us |  }" }' >"$out/big.txt"
"$bin" -i "$out/big.txt" -f big -m replay -o "$out/big.tree" -q >"$out/big.replay"
check "bound: replay keeps 10,000 calls and says 7 were dropped" test \
	"$(grep -c '|' "$out/big.replay") $(grep -o 'calls=[0-9]* dropped=[0-9]*' "$out/big.replay")" = \
	"10000 calls=10000 dropped=7"
check "bound: the .tree's recs line and rec lines" test \
	"$(grep '^recs' "$out/big.tree" | tr '\t' ' ') $(grep -c '^rec	' "$out/big.tree")" = "recs 10000 7 10000"
"$bin" -i "$out/big.tree" -m chrome -q >"$out/big.json"
check "bound: the Chrome JSON says it" grep -q '"calls_dropped":7,"laid_out":"the trace has no timestamps"' "$out/big.json"

f=tests/data/linux-6.1/do_fault.txt
check "do_fault: chrome roots = the trace's __do_fault durations" test \
	"$(tr '\n' ' ' <"$out/linux-6.1-do_fault.txt-__do_fault.chrome.roots")" = \
	"$(grep -E '^ [0-9]\) [^|]*\|  }$' "$f" | while read -r l; do echo "$l" | sum_ns; done | tr '\n' ' ')"
# the checker fails on overlapping slices:
# (the first invocation's first callee made to outlast it by 1 us)
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["traceEvents"][4]["dur"] = d["traceEvents"][3]["dur"] + 1
json.dump(d, open(sys.argv[2], "w"))' "$out/linux-6.1-do_fault.txt-__do_fault.chrome.json" "$out/overlap.json"
check "the checker finds an overlap" bash -c "python3 tests/exports/check_json.py chrome $out/overlap.json \
	$out/linux-6.1-do_fault.txt-__do_fault.top.txt $out/linux-6.1-do_fault.txt-__do_fault.folded.txt | grep overlaps >/dev/null"
# each root's return value as the trace printed it ("} /* vfs_read ret=0x... */"), in order
f=$(data linux-7.3/derived/vfs_read_proc_abstime_args_retval-hex_retaddr.txt.gz)
check "chrome: the roots' return values are the trace's" python3 -c '
import errno, json, re, sys
want = [int(v, 16) for v in re.findall(r"} /\* vfs_read ret=(0x[0-9a-f]+) \*/", open(sys.argv[2]).read())]
def value(s):
    return (1 << 64) - getattr(errno, s[1:]) if s.startswith("-E") else int(s, 16)
ev = json.load(open(sys.argv[1]))["traceEvents"]
got = [value(ev[i + 1]["args"]["retval"]) for i, e in enumerate(ev) if e["ph"] == "i"]
assert got == want and len(want) == 5, (got, want)
assert any(v >= 1 << 63 for v in want)
' "$out/linux-7.3-$(basename "$f")-vfs_read.chrome.json" "$f"
f=tests/data/linux-6.1/do_fault.txt
# --keep N: the last N invocations, from the ring
"$bin" -i "$f" -f __do_fault -m chrome --keep 2 -q >"$out/keep2.json"
check "--keep 2: invocations 5 and 6" test "$(grep -o '"invocation":[0-9]*' "$out/keep2.json" | tr '\n' ' ')" = \
	'"invocation":5 "invocation":6 '
"$bin" -i "$f" -f __do_fault -m speedscope --keep 2 -q >"$out/keep2.speedscope.json"
check "--keep 2: two evented profiles and the merged one" test \
	"$(grep -o '"type":"[a-z]*","name":"[^"]*"' "$out/keep2.speedscope.json" | tr '\n' ' ')" = \
	'"type":"evented","name":"__do_fault #5 cat-98 (laid out: no times)" "type":"evented","name":"__do_fault #6 cat-98 (laid out: no times)" "type":"sampled","name":"__do_fault" '
# a saved .tree gives its kept invocations
"$bin" -i "$f" -f __do_fault -m top -o "$out/df.tree" -q >/dev/null
"$bin" -i "$out/df.tree" -m chrome -q >"$out/tree.chrome.json"
check ".tree: the same slices as the trace" cmp -s <(grep '"ph":"X"' "$out/tree.chrome.json") \
	<(grep '"ph":"X"' "$out/linux-6.1-do_fault.txt-__do_fault.chrome.json")
# names are escaped for JSON: a quote, a backslash and a control byte in a function name
printf '# tracer: function_graph\n 0)               |  r() {\n 0)   1.000 us    |    x"y\\z\001\342\200();\n 0)   3.000 us    |  }\n' >"$out/names.txt"
"$bin" -i "$out/names.txt" -f r -m chrome -q >"$out/names.json"
check "chrome: a crafted name stays JSON" python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
	n = d['traceEvents'][4]['name']; assert n == 'x\"y\\\\z\\x01\\ufffd\\ufffd', repr(n)" "$out/names.json"
# tests/data/svg/hostile.txt: markup, quotes, a DEL and bytes that are not UTF-8 in names
h=tests/data/svg/hostile.txt
for kind in chrome speedscope; do
	"$bin" -i "$h" -f hostile_root -m $kind -q >"$out/hostile.$kind.json"
	check "hostile names: $kind is JSON with every name" python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
names = [e["name"] for e in d["traceEvents"] if e["ph"] == "X"] if "traceEvents" in d else \
	[f["name"] for f in d["shared"]["frames"]]
assert "a<script>alert" in names and "b&amp;c\"d'"'"'e" in names, names
assert any(n.startswith("caf\u00e9_\ufffd") for n in names), names' "$out/hostile.$kind.json"
done
"$bin" -i "$h" -f hostile_root -m pprof -q >"$out/hostile.pb.gz"
check "hostile names: pprof reads them" grep -qF "a<script>alert" <(pprof -raw "$out/hostile.pb.gz")
# a run that knows its host (live runs record it) labels its samples with it
sed 's/^source=.*/&\nhost=fleet-a\nkernel=6.1.0-56-amd64/' "$out/df.tree" >"$out/host.tree"
"$bin" -i "$out/host.tree" -m pprof -q >"$out/host.pb.gz"
check "pprof: host and kernel labels from the run" grep -q 'host:\[fleet-a\] kernel:\[6.1.0-56-amd64\] root:\[__do_fault\]' \
	<(pprof -raw "$out/host.pb.gz")
check "usage: --keep all is for the timelines" bash -c "$bin -i $f -f __do_fault -m top --keep all 2>&1 | grep -q 'keep all streams'"

# --pick: the one invocation alone, in each export; the slowest call's duration from awk (the
# largest duration printed at the root's own depth, the `} /* do_sys_openat2 */` lines)
o2=$(data linux-6.1/do_sys_openat2_funcgraph-tail.txt.gz)
slow_us=$(awk '/\} \/\* do_sys_openat2 \*\// { for (i = 1; i < NF; i++) if ($(i + 1) == "us") { v = $i } if (v + 0 > m + 0) m = v } END { print m }' "$o2")
"$bin" -i "$o2" -f do_sys_openat2 -m chrome --pick slowest -q >"$out/pick.chrome.json"
check "--pick slowest -m chrome: one root slice, the slowest call's $slow_us us" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
x = [e for e in d["traceEvents"] if e["ph"] == "X" and e["name"] == "do_sys_openat2"]
assert len(x) == 1 and "%.3f" % x[0]["dur"] == sys.argv[2], (len(x), x[:1])' "$out/pick.chrome.json" "$slow_us"
"$bin" -i "$o2" -f do_sys_openat2 -m pprof --pick slowest -q >"$out/pick.pb.gz"
check "--pick slowest -m pprof: its total is the slowest call's" grep -q "of ${slow_us/./}ns total" \
	<(pprof -top -unit=ns "$out/pick.pb.gz")


# ---- a trace without durations (nofuncgraph-duration): no timeline, refused as -m hist refuses
# (they wrote zero-wide slices), before a byte; -m replay still lists the calls in order
vw=$(data linux-6.1/vfs_write_nofuncgraph-duration.txt.gz)
for m in chrome speedscope; do
	st=0
	"$bin" -f vfs_write -i "$vw" -m $m >"$out/nodur.$m" 2>"$out/nodur.$m.err" || st=$?
	expect "-m $m without durations: exit" "$st" 1
	expect "-m $m without durations: the reason" "$(cat "$out/nodur.$m.err")" \
		"surfgraph: -m $m: the trace has no durations (nofuncgraph-duration): no timeline to lay out (-m replay lists the calls in order, -m tree counts them)"
	check "-m $m without durations: nothing written" test ! -s "$out/nodur.$m"
done
"$bin" -f vfs_write -i "$vw" -m replay -q >"$out/nodur.replay"
expect "-m replay without durations: each invocation's root, its times '-'" \
	"$(grep -cE '^ +- +- \[[0-9]+\] +- +- \| vfs_write\(\)$' "$out/nodur.replay")" \
	"$(grep -c '^# invocation' "$out/nodur.replay")"

finish
