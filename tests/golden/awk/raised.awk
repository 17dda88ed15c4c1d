# The calls below the root whose direct callees add up to more than their own printed duration
# (what surfgraph raises), each call on its own, from function_graph text with the CPU column and
# durations, one stack per CPU (the fixtures' tasks do not migrate inside a call, nor switch out).
# A raised call counts as its callees' sum in its caller's callees, so a raise reaches the
# callers that do not hold it. Prints "COUNT NS": how many calls, and the sum of (callees -
# printed) in ns.
match($0, /^ *[0-9]+\)/) {
	cpu = substr($0, RSTART, RLENGTH) + 0
	p = index($0, "|")
	if (!p) next
	head = substr($0, 1, p - 1)
	body = substr($0, p + 1)
	match(body, /^ */)
	d = (RLENGTH - 2) / 2
	fn = substr(body, RLENGTH + 1)
	dur = -1
	if (match(head, /[0-9]+\.[0-9]+ us/)) {
		split(substr(head, RSTART, RLENGTH - 3), a, ".")
		dur = a[1] * 1000 + a[2]
	}
	if (fn ~ /\) \{$/) {
		sum[cpu, d + 1] = 0
		open[cpu, d] = 1
	} else if (fn ~ /^}/ && dur >= 0) {
		if (open[cpu, d] && d > 0 && sum[cpu, d + 1] > dur) {
			n++
			ns += sum[cpu, d + 1] - dur
			dur = sum[cpu, d + 1]
		}
		open[cpu, d] = 0
		sum[cpu, d] += dur
	} else if (fn ~ /\);/ && dur >= 0) {
		sum[cpu, d] += dur
	}
}
END { printf "%d %d\n", n, ns }
