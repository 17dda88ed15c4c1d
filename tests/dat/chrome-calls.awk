# chrome-calls.awk - the call slices of surfgraph's -m chrome output (one event per line), in file
# order, as the kernel recorded them: "ts_ns dur_us func", the recorded values of a slice clamped
# to nest (recorded_ts, recorded_dur_ns) instead of the drawn ones; an unnamed address without 0x,
# as trace-cmd prints it; an invocation moved past the previous one of its task (its "i" marker's
# moved_ns) put back. Compare with report-calls.awk's "ts cpu task dur depth func".
/"ph":"i"/ { moved = 0; if ($0 ~ /"moved_ns"/) { moved = $0; sub(/.*"moved_ns":/, "", moved); sub(/[,}].*/, "", moved) } }
/"ph":"X"/ {
	ts = $0; sub(/.*"ts":/, "", ts); sub(/,.*/, "", ts)
	dur = $0; sub(/.*"dur":/, "", dur); sub(/,.*/, "", dur)
	if ($0 ~ /"recorded_ts"/) { ts = $0; sub(/.*"recorded_ts":/, "", ts); sub(/,.*/, "", ts) }
	if ($0 ~ /"recorded_dur_ns"/) {
		d = $0; sub(/.*"recorded_dur_ns":/, "", d); sub(/[,}].*/, "", d)
		dur = sprintf("%d.%03d", d / 1000, d % 1000)
	}
	name = $0; sub(/^\{"name":"/, "", name); sub(/".*/, "", name); sub(/^0x/, "", name)
	sub(/\./, "", ts); sub(/^0+/, "", ts)
	if (moved && $0 !~ /"recorded_ts"/) ts = sprintf("%.0f", ts - moved)
	print ts, dur, name
}
