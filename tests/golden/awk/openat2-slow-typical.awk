# The 6.1 openat2 capture (funcgraph-tail, no task column): per whole do_sys_openat2 call (an
# entry and the next return on its CPU), "NUMBER DURATION_NS PATH_OPENAT_NS", where the last is
# the sum of the "} /* path_openat */" lines printed on that CPU while the call was open.
function ns(line,    d, p, f) {
	if (!match(line, /[0-9]+\.[0-9]+ us/))
		return 0
	d = substr(line, RSTART, RLENGTH - 3); split(d, p, ".")
	f = p[2]; while (length(f) < 3) f = f "0"
	return p[1] * 1000 + f
}
/do_sys_openat2\(\) \{/ { open[$1] = 1; po[$1] = 0; next }
/\} \/\* path_openat \*\// { if (open[$1]) po[$1] += ns($0); next }
/\} \/\* do_sys_openat2 \*\// {
	if (!open[$1])
		next
	open[$1] = 0
	printf "%d %d %d\n", ++n, ns($0), po[$1]
}
