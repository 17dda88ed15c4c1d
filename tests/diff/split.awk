# split.awk -v ROOT=NAME -v HALF=0|1 [-v BY=alt|pairs]: the trace's lines of every other whole
# ROOT invocation (BY=alt: the HALF-th of each two in the order they begin; pairs: of each two
# pairs), comments, headers and lines outside any ROOT call in both. A call is the lines from
# "ROOT() {" to the brace that closes it in the same task, which a CPU's "A => B" lines say.
function side(k) { return BY == "pairs" ? int(k / 2) % 2 : k % 2 }
/^#/ || !/^ *[0-9]+\)/ { print; next }
/=>/ { cur[$1] = $NF; print; next }
{
	t = ($1 in cur) ? cur[$1] : "cpu" $1
	if (!depth[t]) {
		if ($0 ~ ("[|] *" ROOT "\\(\\) \\{")) {
			mine[t] = side(n++) == HALF
			depth[t] = 1
			if (mine[t]) print
			next
		}
		if ($0 ~ ("[|] *" ROOT "\\(\\);")) {
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
