# caller-calls.awk - every call of a function_graph trace without funcgraph-tail, as
# "CALLER FUNC NS" at its return ("-" for a caller at depth 0), the callers kept per CPU by the
# indentation after the "|" (two spaces a level). For traces whose tasks do not switch CPUs
# inside a call.
function ns(s, a, f)
{
	split(s, a, ".")
	f = a[2]
	while (length(f) < 3)
		f = f "0"
	return a[1] * 1000 + f
}
/^ *[0-9]+\)/ {
	cpu = $1 + 0
	bar = index($0, "|")
	head = substr($0, 1, bar)
	rest = substr($0, bar + 1)
	match(rest, /^ */)
	d = (RLENGTH - 2) / 2
	body = substr(rest, RLENGTH + 1)
	dur = match(head, /[0-9]+\.[0-9]+ us/) ? ns(substr(head, RSTART, RLENGTH - 3)) : ""
	if (body ~ /\(\) \{$/) {
		sub(/\(\) \{$/, "", body)
		open[cpu, d] = body
	} else if (body ~ /\(\);$/) {
		sub(/\(\);$/, "", body)
		print (d ? open[cpu, d - 1] : "-"), body, dur
	} else if (body ~ /^\}/) {
		print (d ? open[cpu, d - 1] : "-"), open[cpu, d], dur
	}
}
