# abstime-report.awk - function_graph text with funcgraph-abstime and funcgraph-proc as
# trace-cmd report -t's funcgraph lines ("TASK [CPU] TS: funcgraph_entry: DUR us | BODY"), the
# timestamp's microseconds written as ns, so that tests/dat/report-calls.awk reads it.
/^ *[0-9]+\.[0-9]+ \| +[0-9]+\) / {
	n = split($0, f, "|")
	ts = f[1]; gsub(/ /, "", ts)
	split(f[2], cp, ")"); cpu = cp[1]; gsub(/ /, "", cpu); task = cp[2]; gsub(/ /, "", task)
	dur = f[3]; gsub(/[^0-9.]/, "", dur)
	body = f[4]
	for (i = 5; i <= n; i++) body = body "|" f[i]
	kind = body ~ /^ *}/ ? "funcgraph_exit:" : "funcgraph_entry:"
	printf "%s [%03d] %s000: %s %s |%s\n", task, cpu, ts, kind, dur == "" ? "" : dur " us", body
}
