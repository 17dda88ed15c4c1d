# Two passes over the same file: the first notes each CPU's first line; the second pairs, per
# task (TASK-PID column), a depth-0 schedule() entry with the task's next depth-0 "}". A pair
# whose return is on a CPU whose buffer began after the entry is cut (that CPU's earlier
# events are missing), as are returns without an entry and entries without a return.
FNR == NR { if (match($0, /^ *[0-9]+\)/)) { c = substr($0, RSTART, RLENGTH) + 0; if (!(c in first)) first[c] = FNR }; next }
/^ *[0-9]+\)/ {
	cpu = $1 + 0
	task = $1; sub(/^ *[0-9]+\) +/, "", task); gsub(/ +$/, "", task)
	body = $3
	if (body ~ /^  schedule\(\) \{/) { open[task] = FNR; next }
	if (body ~ /^  \}/ && open[task]) {
		start = open[task]; open[task] = 0
		if (first[cpu] > start) next
		if (match($2, /[0-9]+(\.[0-9]+)? us/)) {
			d = substr($2, RSTART, RLENGTH - 3); split(d, p, ".")
			f = p[2]; while (length(f) < 3) f = f "0"
			printf "%.0f\n", p[1] * 1000 + f
		}
	}
}
