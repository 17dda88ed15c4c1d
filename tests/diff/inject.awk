# inject.awk -v FN=NAME [-v PCT=30]: the trace with every call of FN PCT% longer, and each call
# it was inside longer by as much, as the kernel would print them: the duration, its mark
# (+ past 10 us, ! 100 us, # 1 ms, * 10 ms, @ 100 ms, $ 1 s) and the column it fills. A call's
# lines are those of its task, which a CPU's "A => B" lines say.
function mark(ns) {
	return ns > 1e9 ? "$" : ns > 1e8 ? "@" : ns > 1e7 ? "*" : ns > 1e6 ? "#" : ns > 1e5 ? "!" : ns > 1e4 ? "+" : " "
}
# the line's duration in ns (0: none), its field's place in RS_/RL_
function dur(line,    d, p, f) {
	if (!match(line, /[ +!#*@$] [0-9]+\.[0-9]+ us/))
		return 0
	RS_ = RSTART; RL_ = RLENGTH
	d = substr(line, RSTART + 2, RLENGTH - 5); split(d, p, ".")
	f = p[2]; while (length(f) < 3) f = f "0"
	return p[1] * 1000 + f
}
function put(line, ns,    s) {
	s = sprintf("%s %d.%03d us", mark(ns), int(ns / 1000), ns % 1000)
	while (length(s) < RL_) s = s " "
	# a longer figure takes the padding after it, as the kernel's fixed-width field does
	rest = substr(line, RS_ + RL_)
	if (length(s) > RL_) sub(/^ {1,2}/, "", rest)
	return substr(line, 1, RS_ - 1) s rest
}
function grow(extra,    i) { for (i = 1; i <= sp[t]; i++) add[t, i] += extra }
BEGIN { if (PCT == "") PCT = 30 }
/^#/ || !/^ *[0-9]+\)/ { print; next }
/=>/ { cur[$1] = $NF; print; next }
{
	t = ($1 in cur) ? cur[$1] : "cpu" $1
	line = $0
	if (line ~ /\(\) \{ *$/) {
		name = line; sub(/\(\) \{ *$/, "", name); sub(/.*[| ]/, "", name)
		sp[t]++; fn[t, sp[t]] = name; add[t, sp[t]] = 0
		print; next
	}
	if (line ~ /\(\); *$/) {
		name = line; sub(/\(\); *$/, "", name); sub(/.*[| ]/, "", name)
		d = dur(line)
		if (name == FN && d) {
			n = int(d * (100 + PCT) / 100 + 0.5); grow(n - d); if (n != d) line = put(line, n)
		}
		print line; next
	}
	if (line ~ /\} *(\/\*.*\*\/)? *$/ && sp[t] > 0) {
		d = dur(line)
		name = fn[t, sp[t]]; extra = add[t, sp[t]]; sp[t]--
		if (d) {
			n = d + extra
			if (name == FN) { m = int(n * (100 + PCT) / 100 + 0.5); grow(m - n); n = m }
			if (n != d) line = put(line, n)
		}
		print line; next
	}
	print
}
