# shellcheck shell=bash disable=SC2154
# Host-side check of scenario 10 (--args, --retval live); sourced like checks.sh (k, o, ok/bad/val).

check_s10() {
	local r calls roots
	for r in bin text; do
		if [ "$(val s10_${r}_rc)" != 0 ]; then
			# a kernel before 6.15 (or without CONFIG_FUNCTION_TRACE_ARGS): one clear line
			if [ "$(val s10_${r}_rc)" = 1 ] && grep -q 'funcgraph-args' "$o/s10.$r.err" &&
				[ "$(wc -l <"$o/s10.$r.err")" = 1 ]; then
				ok "s10: --args refused on $k: $(cat "$o/s10.$r.err")"
				continue
			fi
			bad "s10: --args ($r) exited $(val s10_${r}_rc): $(head -c 300 "$o/s10.$r.err")"
			return
		fi
		# every vfs_read (level 0) has its call line with the arguments right below it
		roots=$(grep -c '^0 vfs_read ' "$o/s10.$r.walk" || true)
		if [ $r = bin ]; then
			# raw values: six per call (FTRACE_REGS_MAX_ARGS), in hex
			calls=$(grep -A1 '^0 vfs_read ' "$o/s10.$r.walk" |
				grep -cE '^  call \((0x[0-9a-f]+, ){5}0x[0-9a-f]+\)$' || true)
		else
			# the kernel's own names from BTF
			calls=$(grep -A1 '^0 vfs_read ' "$o/s10.$r.walk" |
				grep -cE '^  call \(file=0x[0-9a-f]+, buf=0x[0-9a-f]+, count=0x[0-9a-f]+, pos=0x[0-9a-f]+\)$' || true)
		fi
		if [ "$roots" -gt 0 ] && [ "$calls" = "$roots" ]; then
			ok "s10: --args ($r): all $roots vfs_read calls carry their arguments"
		else
			bad "s10: --args ($r): $roots vfs_read calls, $calls with arguments: $(grep -m2 '^  call' "$o/s10.$r.walk" | tr '\n' ' ')"
		fi
	done
	if [ "$(val s10_ret_rc)" = 0 ]; then
		# a kernel with CONFIG_FUNCTION_GRAPH_RETVAL: each vfs_read returned 512 or less
		if grep -A1 '^0 vfs_read ' "$o/s10.ret.walk" | grep -qE '^  call \(\) = 0x'; then
			ok "s10: --retval: return values recorded"
		else
			bad "s10: --retval ran but no return values: $(head -c 200 "$o/s10.ret.walk")"
		fi
	elif [ "$(val s10_ret_rc)" = 1 ] && [ "$(wc -l <"$o/s10.ret.err")" = 1 ] &&
		grep -q 'CONFIG_FUNCTION_GRAPH_RETVAL' "$o/s10.ret.err"; then
		ok "s10: --retval refused in one line on $k: $(cat "$o/s10.ret.err")"
	else
		bad "s10: --retval exited $(val s10_ret_rc): $(head -c 300 "$o/s10.ret.err")"
	fi
	[ "$(val s10_tracer_after)" = nop ] || bad "s10: current_tracer left as '$(val s10_tracer_after)'"
}
