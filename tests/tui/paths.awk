# tests/tui/paths.awk - per call path of a function_graph text trace (CPU and duration columns,
# one task): "path<TAB>calls<TAB>total_ns", derived from the trace alone. Depth from the
# indentation after the '|'. -v sel=",2,5,": only those invocations (numbered from 1 by their
# root's entry); -v roots=1: each root return's duration instead, "seq<TAB>ns", one a line.
function ns(s,   a) { if (!match(s, /[0-9]+\.[0-9]+ us/)) return -1; s = substr(s, RSTART, RLENGTH); split(s, a, /[. ]/); return a[1] * 1000 + a[2] }
/^ *[0-9]+\) / {
	bar = index($0, "|"); if (!bar) next
	body = substr($0, bar + 1); match(body, /^ */); d = (RLENGTH - 2) / 2; body = substr(body, RLENGTH + 1)
	head = substr($0, 1, bar - 1)
	if (d == 0 && body !~ /^\}/) seq++
	if (sel != "" && index(sel, "," seq ",") == 0) next
	if (body ~ /\(\) \{$/) { name = body; sub(/\(\) \{$/, "", name); stk[d] = name; next }
	if (body ~ /\(\);$/) { name = body; sub(/\(\);$/, "", name); stk[d] = name }
	else if (body ~ /^\}/) { name = stk[d] } else next
	p = stk[0]; for (i = 1; i <= d; i++) p = p ";" stk[i]
	sub(/;[^;]*$/, "", p); p = (d ? p ";" : "") name
	if (d == 0) p = name
	if (roots && d == 0) printf "%d\t%d\n", seq, ns(head)
	calls[p]++; tot[p] += ns(head)
}
END { if (!roots) for (p in calls) printf "%s\t%d\t%d\n", p, calls[p], tot[p] }
