#!/usr/bin/env bash
# What --narrow costs in fidelity, from the .tree files of tests/vm/scenarios/b3-fidelity.sh:
# the same workload traced fully patched (full1..3) and narrowed from the start (narrow1..3,
# --narrow-from learn.tree). Prints one table and a verdict; reads only the .tree files (and the
# guest's `results` for the workload's times), every figure from their stat and node lines.
#
#   tests/bench/fidelity.sh DIR        (DIR: b3.learn.tree, b3.full[123].tree, b3.narrow[123].tree)
#
# Per run: complete invocations, the root's mean (total_ns / invocations), p50 and p90 (the
# stat line's, exact), and against the full runs:
#  - lost: the share of a full run's root time in call paths the run lacks while it has their
#    parent (a callee narrowing did not patch, whose time went to its caller's self time, or a
#    path that just did not run this time); for a full run measured against the merge of the
#    other two, for a narrowed one against each pair of full runs (so both have references of
#    two runs), averaged.
#  - unlearned: the share of the run's root time under functions learn.tree does not have
#    (the top of each such subtree), which a narrowed run cannot show at all, so 0 for those
#    (names compared without the compiler clone suffix, .isra.0 and the like: narrowing
#    patches every clone of a name). In a full run, the time narrowing would move into self.
#  - pself: the share of the run's root time that is self time of the call paths under which
#    the full runs (merged) have an unlearned function: where that time goes when narrowed.
#    Narrowed minus full (medians) is the time moved into self, as the runs show it.
# Also per run: the records read (a fully patched run records the unlearned functions too) and
# the workload's own time (the busybox loop, timed in the guest).
# Within noise, the rule: a statistic's median over the narrowed runs differs from its median
# over the full runs by at most the spread (max - min) among the full runs. Exit 0 when the
# figures were computed (whatever the verdict), 1 when files are missing or a merge fails.
set -euo pipefail
dir=${1:?usage: tests/bench/fidelity.sh DIR}
bin=${SURFGRAPH:-$(cd "$(dirname "$0")/../.." && pwd)/surfgraph}
full=(full1 full2 full3)
narrow=(narrow1 narrow2 narrow3)
for r in learn "${full[@]}" "${narrow[@]}"; do
	[ -s "$dir/b3.$r.tree" ] || { echo "fidelity: $dir/b3.$r.tree is missing" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the pairs of full runs, merged: the references of two runs each; all three for pself
"$bin" merge "$dir"/b3.full[123].tree -o "$tmp/full.tree" 2>"$tmp/merge.err" ||
	{ echo "fidelity: merge failed: $(cat "$tmp/merge.err")" >&2; exit 1; }
for p in 12 13 23; do
	"$bin" merge "$dir/b3.full${p:0:1}.tree" "$dir/b3.full${p:1:1}.tree" -o "$tmp/ref$p.tree" \
		2>"$tmp/merge.err" || { echo "fidelity: merge failed: $(cat "$tmp/merge.err")" >&2; exit 1; }
done

# stat RUN: invocations, mean, p50, p90 in us (one root: the first stat line's percentiles)
stat() {
	awk -F'\t' '$1 == "stat" { n += $3; t += $5; if (!p50) { p50 = $8; p90 = $11 } }
		END {
			if (!n) { print "fidelity: " FILENAME ": no complete invocation" >"/dev/stderr"; exit 1 }
			printf "%d %.1f %.1f %.1f\n", n, t / n / 1000, p50 / 1000, p90 / 1000
		}' "$1"
}
# lost REF RUN: % of REF's root time in paths RUN lacks whose parent RUN has
lost() {
	awk -F'\t' '
		FNR == 1 { f++ }
		$1 != "node" { next }
		f == 1 { tot[$2] = $4; if (index($2, ";") == 0) rt += $4 }
		f == 2 { have[$2] = 1 }
		END {
			for (p in tot) {
				q = p
				if (sub(/;[^;]*$/, "", q) && !(p in have) && (q in have))
					miss += tot[p]
			}
			printf "%.2f\n", rt ? 100 * miss / rt : 0
		}' "$1" "$2"
}
# unlearned LEARN FULL RUN: "UNLEARNED PSELF" in % of RUN's root time: its time in subtrees whose
# top function LEARN never saw, and its self time in the paths under which FULL has such a top
unlearned() {
	awk -F'\t' '
		function base(s) { sub(/\..*/, "", s); return s }
		# an unlearned top: its own name unseen, every ancestor seen
		function top(p,   c, n, i) {
			n = split(p, c, ";")
			for (i = 1; i < n; i++)
				if (!(base(c[i]) in seen))
					return 0
			return !(base(c[n]) in seen)
		}
		FNR == 1 { f++ }
		$1 != "node" { next }
		f == 1 { n = split($2, c, ";"); for (i = 1; i <= n; i++) seen[base(c[i])] = 1; next }
		f == 2 { if (top($2)) { q = $2; sub(/;[^;]*$/, "", q); par[q] = 1 }; next }
		{
			if (index($2, ";") == 0)
				rt += $4
			if (top($2))
				hid += $4
			if ($2 in par)
				ps += $5
		}
		END { printf "%.2f %.2f\n", rt ? 100 * hid / rt : 0, rt ? 100 * ps / rt : 0 }' "$1" "$2" "$3"
}
avg() { awk '{ s += $1; n++ } END { printf "%.2f\n", s / n }'; }

wl() { [ ! -f "$dir/results" ] || sed -n "s/^b3_$1_workload_s=//p" "$dir/results" | tail -n1; }
recs() { [ ! -f "$dir/b3.$1.err" ] || sed -n 's/.*: \([0-9]*\) records .*/\1/p' "$dir/b3.$1.err" | tail -n1; }
printf '%-8s %6s %8s %8s %8s %7s %9s %7s %8s %8s\n' run calls 'mean us' 'p50 us' 'p90 us' \
	'lost %' 'unlearn %' 'pself %' records workload
for r in "${full[@]}" "${narrow[@]}"; do
	s=$(stat "$dir/b3.$r.tree") || exit 1
	read -r n mean p50 p90 <<<"$s"
	i=${r: -1}
	case $r in
	full*) refs=$(echo 12 13 23 | tr ' ' '\n' | grep -v "$i") ;;
	*) refs="12 13 23" ;;
	esac
	lo=$(for p in $refs; do lost "$tmp/ref$p.tree" "$dir/b3.$r.tree"; done | avg)
	read -r un ps <<<"$(unlearned "$dir/b3.learn.tree" "$tmp/full.tree" "$dir/b3.$r.tree")"
	w=$(wl "$r")
	printf '%-8s %6d %8.1f %8.1f %8.1f %7.2f %9.2f %7.2f %8s %8s\n' "$r" "$n" "$mean" "$p50" \
		"$p90" "$lo" "$un" "$ps" "$(recs "$r")" "${w:+${w}s}"
	echo "$r $n $mean $p50 $p90 $lo $un $ps $(wl "$r")" >>"$tmp/rows"
done
# the verdict: medians of each kind, the full runs' spread, the rule
awk '
	function med(a, n,   i, j, t) {
		for (i = 1; i <= n; i++)
			for (j = i + 1; j <= n; j++)
				if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	{
		k = ($1 ~ /^full/) ? "f" : "n"
		c[k]++
		for (s = 2; s <= 9; s++) v[k, s, c[k]] = $s
	}
	END {
		split("calls mean p50 p90 lost unlearn pself workload", name, " ")
		verdict = ""
		for (s = 2; s <= 9; s++) {
			lo = hi = v["f", s, 1]
			for (i = 1; i <= c["f"]; i++) {
				ff[i] = v["f", s, i]
				if (ff[i] < lo) lo = ff[i]
				if (ff[i] > hi) hi = ff[i]
			}
			for (i = 1; i <= c["n"]; i++)
				nn[i] = v["n", s, i]
			mf = med(ff, c["f"]); mn = med(nn, c["n"])
			d = mn - mf
			within = (d <= hi - lo && -d <= hi - lo)
			printf "%-8s full median %9.2f (spread %.2f), narrowed median %9.2f: %+.2f (%+.1f%%), %s noise\n",
				name[s - 1], mf, hi - lo, mn, d, mf ? 100 * d / mf : 0, within ? "within" : "OUTSIDE"
			if (s >= 3 && s <= 5)
				verdict = verdict " " name[s - 1] "=" (within ? "within" : "outside")
		}
		print "verdict: root totals" verdict
	}' "$tmp/rows"
