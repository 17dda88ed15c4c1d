# split.awk -v ROOT=NAME -v HALF=0|1 [-v BY=alt|pairs|quarters]: the trace's lines of every other
# whole ROOT invocation (BY=alt: the HALF-th of each two in the order they begin; pairs: of each
# two pairs; quarters, HALF 0 to 3: of each four pairs), comments, headers and lines outside any ROOT call in both. A call is the lines from
# "ROOT() {" (or "ROOT(ARGS) {", funcgraph-args) to the brace that closes it in the same task:
# the funcgraph-proc column's TASK-PID, else the one a CPU's "A => B" lines say. A leading
# funcgraph-abstime column ("163.157285 |") is passed over.
function side(k) { return BY == "quarters" ? int(k / 2) % 4 : BY == "pairs" ? int(k / 2) % 2 : k % 2 }
/^#/ { print; next }
{
	line = $0
	sub(/^ *[0-9]+\.[0-9]+ +\| +/, "", line)
}
line !~ /^ *[0-9]+\)/ { print; next }
line ~ /=>/ { split(line, w, " "); cur[w[1]] = w[split(line, w, " ")]; print; next }
{
	split(line, w, " ")
	t = (w[1] in cur) ? cur[w[1]] : "cpu" w[1]
	if (w[2] ~ /-[0-9]+$/ && w[3] == "|")
		t = w[2]
	if (!depth[t]) {
		if ($0 ~ ("[|] *" ROOT "\\([^;{]*\\) \\{")) {
			mine[t] = side(n++) == HALF
			depth[t] = 1
			if (mine[t]) print
			next
		}
		if ($0 ~ ("[|] *" ROOT "\\([^;{]*\\);")) {
			if (side(n++) == HALF) print
			next
		}
		print
		next
	}
	if (mine[t]) print
	if ($0 ~ /\{ *$/) depth[t]++
	else if ($0 ~ /\} *(\/\*.*\*\/)? *$/) depth[t]--
}
