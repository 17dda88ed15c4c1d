# The similarity of two subtrees as docs/diff.md defines it, from two .tree files, without
# surfgraph: the self time of the nodes below G (path prefix G; in BEFORE.tree) and below N (in
# AFTER.tree) summed per function, clone suffixes and _noprof stripped; of each one's time, the
# share in functions both call; the smaller of the two, to 4 decimals.
# Usage: awk -v G='a;b' -v N='a;c' -f subtree-sim.awk BEFORE.tree AFTER.tree
function base(name) {
	while (sub(/\.(isra|constprop|part|lto_priv)\.[0-9]+$/, "", name) ||
	       sub(/\.cold(\.[0-9]+)?$/, "", name))
		;
	sub(/_noprof$/, "", name)
	return name
}
BEGIN { FS = "\t" }
$1 != "node" { next }
FILENAME == ARGV[1] && index($2, G ";") == 1 { k = split($2, p, ";"); g[base(p[k])] += $5; next }
FILENAME == ARGV[2] && index($2, N ";") == 1 { k = split($2, p, ";"); n[base(p[k])] += $5 }
END {
	for (f in g) { sg += g[f]; if (f in n) bg += g[f] }
	for (f in n) { sn += n[f]; if (f in g) bn += n[f] }
	x = bg / sg; y = bn / sn
	printf "%.4f\n", x < y ? x : y
}
