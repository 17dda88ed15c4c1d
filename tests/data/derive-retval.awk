# derive-retval.awk - add funcgraph-retval / -retval-hex / -retaddr output to a real capture.
#
# No kernel in the test bed runs with these options (Debian builds lack
# CONFIG_FUNCTION_GRAPH_RETVAL and CONFIG_FUNCTION_GRAPH_RETADDR), so tests take a real capture
# and write each line the way kernel/trace/trace_functions_graph.c (print_graph_retval,
# print_graph_entry_nested, print_graph_retaddr) prints it with the option on. Everything else
# on the line (columns, indentation, arguments) is left as the kernel printed it, so the derived
# trace must give exactly the same trees as its source.
#
#   awk -v style=STYLE [-v retaddr=1] -f derive-retval.awk capture.txt > derived.txt
#
# style=old   6.5 to 6.12:  "f(); /* = 0x0 */"      "} /* f = -12 */"
# style=new   6.13 on:      "f(); /* ret=0x0 */"    "} /* f ret=-12 */"
# style=hex   6.13 on with funcgraph-retval-hex: every value in hex, "ret=0xfffffff4"
# retaddr=1   6.13 on: "f() { /* <-caller+0x1c/0x80 */", "f(); /* <-caller+0x1c/0x80 ret=0x0 */"
#
# With funcgraph-retval on the kernel names the function on every return, so a bare "}" becomes
# "} /* f ... */" where f is what the CPU last entered at that depth (the kernel's own
# enter_funcs[] rule for a bare "}"). Return values are a fixed sequence over the calls: every
# 17th returns -12 (ENOMEM), every 17th shifted by 4 returns -22 (EINVAL), a few return 1, the
# rest 0, so tests count the errors from the derived text itself.

function value(err,    v) {
	if (style == "hex") {
		if (err == 0)
			return "0x" (nret % 17 == 11 ? "1" : "0")
		# an int error in eax has its upper half clear; an ERR_PTR fills all 64 bits
		v = (nret % 2) ? sprintf("0x%x", 4294967296 + err) : (err == -12 ? "0xfffffffffffffff4" : "0xffffffffffffffea")
		return v
	}
	if (err)
		return err
	return nret % 17 == 11 ? "0x1" : "0x0"
}

function next_err() {
	nret++
	return nret % 17 == 3 ? -12 : nret % 17 == 7 ? -22 : 0
}

function retaddr_of(cpu, depth,    c) {
	c = depth > 0 && ((cpu, depth - 1) in fn) ? fn[cpu, depth - 1] : "do_syscall_64"
	return sprintf("<-%s+0x%x/0x%x", c, 16 + (length(c) * 7) % 200, 256 + length(c) * 16)
}

{
	bar = 0
	for (i = length($0); i > 0; i--)
		if (substr($0, i, 1) == "|") { bar = i; break }
	# the body follows the last '|' and two spaces, or with nofuncgraph-duration "N) "
	sep = 2
	if (!bar && match($0, /^ *[0-9]+\) /)) {
		bar = RLENGTH
		sep = 0
	}
	if (!bar || !match($0, /[0-9]+\)/)) { print; next }
	cpu = substr($0, RSTART, RLENGTH - 1)
	head = substr($0, 1, bar)
	body = substr($0, bar + 1)
	match(body, /^ */)
	indent = substr(body, 1, RLENGTH)
	call = substr(body, RLENGTH + 1)
	depth = int((RLENGTH - sep) / 2)
	if (call ~ /^[^ (\/}=<][^(]*\(.*\) \{$/) {
		name = call; sub(/\(.*/, "", name)
		fn[cpu, depth] = name
		if (retaddr == 1)
			call = call " /* " retaddr_of(cpu, depth) " */"
		print head indent call
		next
	}
	if (call ~ /^[^ (\/}=<][^(]*\(.*\);$/) {
		err = next_err()
		delete fn[cpu, depth]
		c = (retaddr == 1 && style != "old") ? retaddr_of(cpu, depth) " " : ""
		if (style == "old")
			call = call " /* = " value(err) " */"
		else
			call = call " /* " c "ret=" value(err) " */"
		print head indent call
		next
	}
	if (call ~ /^}( \/\* .* \*\/)?$/) {
		err = next_err()
		if (call == "}")
			name = fn[cpu, depth]
		else {
			name = call; sub(/^} \/\* /, "", name); sub(/ \*\/$/, "", name)
		}
		delete fn[cpu, depth]
		if (style == "old")
			call = "} /* " name " = " value(err) " */"
		else
			call = "} /* " name " ret=" value(err) " */"
		print head indent call
		next
	}
	print
}
