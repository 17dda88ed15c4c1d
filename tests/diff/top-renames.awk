# The renames among a text diff's largest changes, found without surfgraph's matching: a `new`
# path of the list that, with compiler-clone suffixes (.isra.N .constprop.N .part.N .cold
# .lto_priv.N, chained) and `_noprof` stripped from every name and RENAME's OLD names made NEW,
# is a path of BEFORE's .tree; and a `gone` one that is a path of AFTER's.
# Usage: awk -v RENAME='old=new[,old=new...]' -f top-renames.awk BEFORE.tree AFTER.tree DIFF.txt
# prints one line per rename: the listed path, a tab, the path of the other file it is.
function base(name) {
	while (sub(/\.(isra|constprop|part|lto_priv)\.[0-9]+$/, "", name) ||
	       sub(/\.cold(\.[0-9]+)?$/, "", name))
		;
	sub(/_noprof$/, "", name)
	return (name in ren) ? ren[name] : name
}
function norm(path,    k, n, i, s) {
	n = split(path, k, ";")
	s = base(k[1])
	for (i = 2; i <= n; i++)
		s = s ";" base(k[i])
	return s
}
BEGIN {
	FS = "\t"
	n = split(RENAME, r, ",")
	for (i = 1; i <= n; i++)
		if (split(r[i], p, "=") == 2)
			ren[p[1]] = p[2]
}
FILENAME == ARGV[1] && $1 == "node" { before[norm($2)] = $2; next }
FILENAME == ARGV[2] && $1 == "node" { after[norm($2)] = $2; next }
FILENAME != ARGV[3] { next }
/^10 largest .*changes in self time/ { top = 1; getline; next }
top && $0 == "" { top = 0 }
top {
	m = split($0, f, " +")
	if (f[5] == "new" && (norm(f[m]) in before))
		print f[m] "\t" before[norm(f[m])]
	if (f[5] == "gone" && (norm(f[m]) in after))
		print f[m] "\t" after[norm(f[m])]
}
