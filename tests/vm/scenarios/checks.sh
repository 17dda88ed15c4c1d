# shellcheck shell=bash
# Host-side checks of the live scenarios, one check_sN per scenario; sourced by run-tests.sh,
# which sets k (kernel), o (its output directory), and ok/bad/val.

check_s1() {
	local n
	[ "$(val s1_rc)" = 0 ] || { bad "s1: surfgraph exited $(val s1_rc): $(head -c 300 "$o/s1.err")"; return; }
	n=$(sed -n 's/.*__do_fault: \([0-9]*\) complete invocations.*/\1/p' "$o/s1.err" | head -n1)
	[ "${n:-0}" -gt 0 ] || { bad "s1: no complete invocation ($(head -c 300 "$o/s1.err"))"; return; }
	# durations: the root's average between 0.1 us and 1 s (printed in the unit that suits it:
	# ms where a TCG arm64 guest shared the host's cores with others)
	local avg
	avg=$(sed -n 's/.*avg \([0-9.]* [mun]*s\) .*/\1/p' "$o/s1.out" | head -n1)
	awk -v a="${avg:-0}" 'BEGIN { split(a, v, " "); m = v[2] == "ns" ? 0.001 : v[2] == "ms" ? 1000 : v[2] == "s" ? 1000000 : 1
		u = v[1] * m; exit !(v[2] ~ /^[mun]?s$/ && u > 0.1 && u < 1000000) }' ||
		{ bad "s1: implausible average duration '${avg}'"; return; }
	"$bin" -i "$o/s1.tree" -m folded -q >"$o/s1.reload.folded" ||
		{ bad "s1: the .tree does not reload"; return; }
	[ -s "$o/s1.reload.folded" ] || { bad "s1: the reloaded tree is empty"; return; }
	# each metadata key once (a live run once wrote lost_events twice, from two counters)
	local dup
	dup=$(awk 'NR > 1 && /^(# |stat\t)/ { exit } NR > 1 { sub(/=.*/, ""); if (seen[$0]++) print }' "$o/s1.tree")
	[ -z "$dup" ] || { bad "s1: .tree metadata keys written twice: $dup"; return; }
	ok "s1: $n complete __do_fault invocations, avg ${avg}, .tree reloads"
}

check_s2() {
	local n tasks
	[ "$(val s2n_rc)" = 0 ] || { bad "s2: -n 5 exited $(val s2n_rc): $(head -c 300 "$o/s2n.err")"; return; }
	grep -q '__do_fault: 5 complete invocations' "$o/s2n.err" ||
		{ bad "s2: -n 5 did not stop at 5: $(head -n1 "$o/s2n.err")"; return; }
	n=$(grep -c '^# invocation' "$o/s2n.out" || true)
	[ "$n" = 5 ] || { bad "s2: -n 5 printed $n invocations"; return; }
	ok "s2: -n 5 stopped after exactly 5 complete invocations"
	[ "$(val s2c_rc)" = 0 ] || { bad "s2: -- ls exited $(val s2c_rc): $(head -c 300 "$o/s2c.err")"; return; }
	grep -q 'ls exited with status 0' "$o/s2c.err" || { bad "s2: no 'ls exited' in the summary"; return; }
	tasks=$(sed -n 's/^# invocation .* task=\([^ ]*\)-[0-9]* .*/\1/p' "$o/s2c.out" | sort | uniq -c | tr -s ' \n' ' ')
	n=$(grep -c '^# invocation' "$o/s2c.out" || true)
	[ "$n" -gt 0 ] || { bad "s2: -- ls: no invocation traced"; return; }
	if grep '^# invocation' "$o/s2c.out" | grep -qv ' task=ls-'; then
		bad "s2: -- ls traced other tasks too:$tasks"
		return
	fi
	ok "s2: -- ls -R /sys/kernel: $n invocations, all from ls ($tasks)"
}

# same_after SIG: the snapshot taken after the run matched the one before
check_s3() {
	local sig all=1
	for sig in INT TERM HUP; do
		if [ "$(val s3_$sig)" != same ]; then
			bad "s3: after SIG$sig tracefs differs: $(head -c 600 "$o/s3.$sig.diff")"
			all=0
		elif [ "$(val s3_${sig}_rc)" != 0 ] || ! grep -q 'complete invocations' "$o/s3.$sig.err"; then
			bad "s3: SIG$sig: exit $(val s3_${sig}_rc), no summary: $(head -c 300 "$o/s3.$sig.err")"
			all=0
		fi
	done
	[ $all = 1 ] && ok "s3: SIGINT, SIGTERM, SIGHUP: every tracefs file byte-identical ($(grep -c '^== ' "$o/s3.snapshot") files, custom buffer sizes, set_ftrace_filter, set_graph_notrace, set_ftrace_pid, max_graph_depth, tracing_thresh, trace_clock, options/overwrite)"
}

check_s4() {
	[ "$(val s4_left_changed)" = yes ] || { bad "s4: the SIGKILLed run left nothing changed?"; return; }
	grep -q 'restored [0-9]* tracefs settings that surfgraph pid [0-9]* left changed' "$o/s4.err" ||
		{ bad "s4: the next run did not say it restored: $(head -c 300 "$o/s4.err")"; return; }
	[ "$(val s4_rc)" = 0 ] || { bad "s4: the next run exited $(val s4_rc): $(head -c 300 "$o/s4.err")"; return; }
	[ "$(val s4_restored)" = same ] || { bad "s4: tracefs differs after: $(head -c 600 "$o/s4.diff")"; return; }
	ok "s4: after SIGKILL the next run said '$(grep -o 'restored [0-9]* tracefs settings' "$o/s4.err")', traced, and left tracefs byte-identical"
}

check_s5() {
	[ "$(val s5_second_rc)" = 1 ] && grep -q 'another surfgraph (pid [0-9]*) is tracing' "$o/s5.second.err" ||
		{ bad "s5: second run: exit $(val s5_second_rc): $(head -c 300 "$o/s5.second.err")"; return; }
	[ "$(val s5_first_rc)" = 0 ] || { bad "s5: the first run exited $(val s5_first_rc)"; return; }
	ok "s5: a concurrent run is refused: $(head -n1 "$o/s5.second.err")"
	[ "$(val s5_busy_rc)" = 1 ] && grep -q 'busy' "$o/s5.busy.err" ||
		{ bad "s5: busy tracer: exit $(val s5_busy_rc): $(head -c 300 "$o/s5.busy.err")"; return; }
	[ "$(val s5_force_rc)" = 0 ] && [ "$(val s5_force_restored)" = same ] ||
		{ bad "s5: --force: exit $(val s5_force_rc), restore $(val s5_force_restored): $(head -c 300 "$o/s5.force.err") $(head -c 300 "$o/s5.force.diff")"; return; }
	ok "s5: a busy tracer is refused ($(head -n1 "$o/s5.busy.err")), --force takes it and gives it back byte-identical"
	[ "$(val s5_unknown_rc)" = 2 ] && grep -q 'closest: .*__do_fault' "$o/s5.unknown.err" &&
		[ "$(val s5_unknown_untouched)" = yes ] ||
		{ bad "s5: unknown function: exit $(val s5_unknown_rc), untouched $(val s5_unknown_untouched): $(head -c 300 "$o/s5.unknown.err")"; return; }
	ok "s5: an unknown function exits 2: $(head -n1 "$o/s5.unknown.err")"
	[ "$(val s5_pipe_state)" = none ] && [ "$(val s5_pipe_tracer)" = nop ] ||
		{ bad "s5: '| head' mid-capture: state $(val s5_pipe_state), tracer $(val s5_pipe_tracer): $(head -c 300 "$o/s5.pipe.err")"; return; }
	ok "s5: the output's reader going away mid-capture (| head) stops surfgraph with tracefs restored ($(head -n1 "$o/s5.pipe.err"))"
}

check_s6() {
	local lost
	[ "$(val s6_rc)" = 0 ] || { bad "s6: exit $(val s6_rc): $(head -c 300 "$o/s6.err")"; return; }
	lost=$(grep -o 'lost events: .*' "$o/s6.err" || true)
	[ -n "$lost" ] || { bad "s6: no lost events reported under load with an 8 KB buffer: $(cat "$o/s6.err")"; return; }
	grep -q 'cut by \(lost\|missing\) events' "$o/s6.err" ||
		{ bad "s6: lost events but no tree counted as cut by them: $(cat "$o/s6.err")"; return; }
	[ "$(grep -c '^lost_events=' "$o/s6.tree")" = 1 ] && grep -q '^lost_events=[1-9]' "$o/s6.tree" ||
		{ bad "s6: the .tree metadata does not carry the losses once: $(grep '^lost_events' "$o/s6.tree" | tr '\n' ' ')"; return; }
	ok "s6: 8 KB buffer under load: '$lost'; $(grep -o '[0-9]* cut by [a-z]* events' "$o/s6.err")"
}

# The text's durations are the kernel's, printed with at most 7 digits (trace_print_graph_duration):
# 10 ms and over lose decimals ("17524.36 us", 10 ns; "123456.7 us", 100 ns; 1000 ns without
# any). Such a duration is off by less than its unit in its own node's total, so in its node's
# self and its parent's self. Under TCG's aarch64 a vfs_read lasted tens of ms (s7 on arm64-6.1:
# 264 such durations), so there the text and binary trees may differ by that much: the same paths,
# and the weights' differences summed at most twice the units summed. Sets s7_round.
s7_within_rounding() {
	local bound seen
	bound=$(grep -oE '[0-9]+(\.[0-9]+)? us ' "$o/s7.txt" | awk '{
		d = index($1, ".") ? length($1) - index($1, ".") : 0
		if (d < 3) b += 2 * 10 ^ (3 - d); n += (d < 3) } END { printf "%d %d", b, n }')
	[ "${bound% *}" -gt 0 ] || return 1
	cmp -s <(sed 's/ [0-9]*$//' "$o/s7.txt.folded") <(sed 's/ [0-9]*$//' "$o/s7.dat.folded") || return 1
	seen=$(paste -d' ' <(awk '{ print $NF }' "$o/s7.txt.folded") <(awk '{ print $NF }' "$o/s7.dat.folded") |
		awk '{ d = $1 - $2; s += d < 0 ? -d : d } END { printf "%d", s }')
	s7_round="${bound#* } durations of 10 ms or more printed with fewer decimals: $seen ns apart in all, at most ${bound% *}"
	[ "$seen" -le "${bound% *}" ]
}

check_s7() {
	local r fb ft
	[ "$(val s7_text_rc)" = 0 ] && [ "$(val s7_dat_rc)" = 0 ] && [ -s "$o/s7.dat" ] ||
		{ bad "s7: capture: cat trace $(val s7_text_rc), trace-cmd extract $(val s7_dat_rc): $(head -c 300 "$o/s7.extract.err")"; return; }
	for r in txt dat; do
		"$bin" -f vfs_read -i "$o/s7.$r" -m folded >"$o/s7.$r.folded" 2>"$o/s7.$r.err" ||
			{ bad "s7: surfgraph -i s7.$r failed: $(head -c 300 "$o/s7.$r.err")"; return; }
	done
	fb=$(head -n1 "$o/s7.dat.err")
	ft=$(head -n1 "$o/s7.txt.err")
	if ! grep -q ' [1-9][0-9]* complete invocations' "$o/s7.txt.err"; then
		bad "s7: no complete vfs_read in the capture: $ft"
	elif cmp -s "$o/s7.txt.folded" "$o/s7.dat.folded" && [ "${fb#*: }" = "${ft#*: }" ]; then
		ok "s7: the same events read as text and as binary give the same trees: $(wc -l <"$o/s7.txt.folded") call paths, the same weights ($ft)"
	elif [ "${fb#*: }" = "${ft#*: }" ] && s7_within_rounding; then
		ok "s7: text and binary of the same events: the same $(wc -l <"$o/s7.txt.folded") call paths; weights within the kernel's rounding of the text ($s7_round) ($ft)"
	else
		bad "s7: text and binary of the same events differ: text '$ft', binary '$fb'; $(diff "$o/s7.txt.folded" "$o/s7.dat.folded" | head -n 6 | tr '\n' ' ')"
	fi
	# 15 dd runs read at least twice each (data, then end of file)
	local n
	n=$(sed -n 's/.*vfs_read: \([0-9]*\) complete invocations.*/\1/p' "$o/s7.live.err" | head -n1)
	if [ "$(val s7_live_rc)" = 0 ] && [ "${n:-0}" -ge 30 ] && [ -s "$o/s7.live.folded" ]; then
		ok "s7: the live text reader (--text): $n complete vfs_read invocations of the command"
	else
		bad "s7: live --text: exit $(val s7_live_rc): $(head -c 300 "$o/s7.live.err")"
	fi
}

# The benchmark: figures, not a pass/fail beyond "it ran" and "binary lost nothing".
check_b1() {
	local r n load
	for load in 0.1 0.02; do
		for r in bin text; do
			n=$r.$load
			[ "$(val b1_${n}_rc)" = 0 ] || { bad "b1: $r reader, load $load, exited $(val b1_${n}_rc): $(head -c 300 "$o/b1.$n.err")"; return; }
			echo "bench $k load $load $r: $(grep -o 'traced .*' "$o/b1.$n.err");" \
				"$(grep -o '[0-9]* complete invocations' "$o/b1.$n.err" | head -n1);" \
				"$(grep -o 'no events lost\|lost events: .*' "$o/b1.$n.err");" \
				"$(grep -o 'reading used .*' "$o/b1.$n.err")"
			grep -q 'reading used [0-9.]* s of CPU' "$o/b1.$n.err" ||
				{ bad "b1: $r reader, load $load: -v did not say what reading cost"; return; }
		done
	done
	if grep -q 'no events lost' "$o/b1.bin.0.1.err"; then
		ok "b1: the binary reader lost nothing at the lighter load"
	else
		bad "b1: the binary reader lost events at the lighter load: $(grep -o 'lost events: .*' "$o/b1.bin.0.1.err")"
	fi
}

check_s8() {
	local dpid n deep other
	dpid=$(val s8_dpid)
	[ "$(val s8a_rc)" = 0 ] || { bad "s8: -p run exited $(val s8a_rc): $(head -c 300 "$o/s8a.err")"; return; }
	n=$(grep -c '^# invocation' "$o/s8a.out" || true)
	other=$(grep '^# invocation' "$o/s8a.out" | grep -vc " task=dd-$dpid " || true)
	deep=$(awk '!/^#/ && NF >= 5 && $1 > 1' "$o/s8a.out" | wc -l)
	if [ "$n" != 20 ] || [ "$other" != 0 ] || [ "$deep" != 0 ] || grep -q ' vfs_read ' "$o/s8a.out"; then
		bad "s8: -p $dpid --max-depth 2 -x vfs_read -n 20: $n invocations, $other of other tasks, $deep nodes deeper than 1, vfs_read $(grep -c ' vfs_read ' "$o/s8a.out")"
		return
	fi
	ok "s8: -p, --max-depth 2, -x vfs_read, --no-sleep-time: 20 invocations, all of dd-$dpid, none deeper than 1, no vfs_read"
	local cpu
	cpu=$(val s8_cpu)
	[ "$(val s8c_rc)" = 0 ] || { bad "s8: -C $cpu exited $(val s8c_rc): $(head -c 300 "$o/s8c.err")"; return; }
	other=$(grep '^# invocation' "$o/s8c.out" | grep -vc " cpu=$cpu " || true)
	n=$(grep -c '^# invocation' "$o/s8c.out" || true)
	[ "$n" = 20 ] && [ "$other" = 0 ] ||
		{ bad "s8: -C $cpu: $n invocations, $other seen on another CPU"; return; }
	ok "s8: -C $cpu: 20 invocations, all on CPU $cpu"
}

# tests/live's session checks on a tracefs nobody wrote since boot
check_t0() {
	case $(val t0_size) in
	*"(expanded: "*) ;;
	*) bad "t0: the guest's buffer was not fresh: buffer_size_kb read '$(val t0_size)'"; return ;;
	esac
	[ "$(val t0_rc)" = 0 ] || { bad "t0: test_session exited $(val t0_rc): $(tr '\n' ' ' <"$o/t0.out" | head -c 600)"; return; }
	grep -q 'never expanded since boot' "$o/t0.out" || { bad "t0: test_session did not see the fresh buffer: $(head -c 300 "$o/t0.out")"; return; }
	ok "t0: session checks on a fresh tracefs: $(grep -o '[0-9]* checks, 0 failed' "$o/t0.out"); buffer_size_kb '$(val t0_size)' -> '$(val t0_size_after)'"
}

# the fresh-boot scenario: every run leaves tracefs as the fresh boot had it, but expanded
check_s0() {
	local step all=1 fresh
	fresh=$(val s0_fresh_size)
	case $fresh in
	*"(expanded: "*) ;;
	*) bad "s0: not a fresh boot: buffer_size_kb read '$fresh' before the first run"; return ;;
	esac
	for step in bufsize plain int rerun; do
		if [ "$(val s0_$step)" != same ]; then
			bad "s0: after the '$step' run tracefs is not as on the fresh boot: $(head -c 600 "$o/s0.$step.diff")"
			all=0
		elif [ "$(val s0_${step}_rc)" != 0 ]; then
			bad "s0: the '$step' run exited $(val s0_${step}_rc): $(head -c 300 "$o/s0.$step.err")"
			all=0
		fi
	done
	if [ "$(val s0_killed_rc)" != 137 ] || ! grep -q 'restored [0-9]* tracefs settings' "$o/s0.rerun.err"; then
		bad "s0: SIGKILLed run exit $(val s0_killed_rc); the rerun did not say it restored: $(head -c 300 "$o/s0.rerun.err")"
		all=0
	fi
	[ $all = 1 ] && ok "s0: from a fresh boot (buffer_size_kb '$fresh'): -d with --buffer-size, -d, SIGINT, SIGKILL + rerun each left all $(grep -c '^== ' "$o/s0.snapshot") files as booted, buffer_size_kb then '$(val s0_bufsize_size)', '$(val s0_plain_size)', '$(val s0_int_size)', '$(val s0_rerun_size)'"
}

# every terminating signal restores tracefs, SIGTSTP does not stop a capture, the -- CMD child
# gets SIGTERM before SIGKILL
check_s9() {
	local sig all=1
	for sig in QUIT USR1 USR2 ALRM XCPU XFSZ; do
		if [ "$(val s9_$sig)" != same ]; then
			bad "s9: after SIG$sig tracefs differs: $(head -c 600 "$o/s9.$sig.diff")"
			all=0
		elif [ "$(val s9_${sig}_rc)" != 0 ] || ! grep -q 'complete invocations' "$o/s9.$sig.err"; then
			bad "s9: SIG$sig: exit $(val s9_${sig}_rc), no summary: $(head -c 300 "$o/s9.$sig.err")"
			all=0
		elif [ "$(val s9_${sig}_state)" != none ]; then
			bad "s9: SIG$sig left /run/surfgraph/state behind"
			all=0
		fi
	done
	[ $all = 1 ] && ok "s9: SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ: each ended the capture with the summary, tracefs byte-identical, no state left"
	if [ "$(val s9_tstp_state)" = T ] || [ "$(val s9_tstp_tracing)" != 1 ]; then
		bad "s9: SIGTSTP: process state $(val s9_tstp_state), tracing_on $(val s9_tstp_tracing)"
	elif ! grep -q 'not stopping while tracing' "$o/s9.TSTP.err"; then
		bad "s9: SIGTSTP was not reported: $(head -c 300 "$o/s9.TSTP.err")"
	elif [ "$(val s9_TSTP)" != same ] || [ "$(val s9_tstp_rc)" != 0 ]; then
		bad "s9: after SIGTSTP then SIGINT: exit $(val s9_tstp_rc), $(head -c 600 "$o/s9.TSTP.diff")"
	else
		ok "s9: SIGTSTP ignored while tracing (state $(val s9_tstp_state), tracing on, said so); SIGINT then restored tracefs"
	fi
	if [ "$(val s9_child_term)" != term ] || [ "$(val s9_child_rc)" != 0 ]; then
		bad "s9: the -- CMD child was not given SIGTERM first (its trap wrote '$(val s9_child_term)', exit $(val s9_child_rc)): $(head -c 300 "$o/s9.child.err")"
	else
		ok "s9: -d 2 -- CMD: the child got SIGTERM and ran its trap before surfgraph exited"
	fi
}

# --args through both readers; --retval refused in one line where the kernel lacks it
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
		# every vfs_read (level 0) has its call line with the arguments right below it, named
		# as the kernel names them: from BTF in the binary reader too
		roots=$(grep -c '^0 vfs_read ' "$o/s10.$r.walk" || true)
		calls=$(grep -A1 '^0 vfs_read ' "$o/s10.$r.walk" |
			grep -cE '^  call \(file=0x[0-9a-f]+, buf=0x[0-9a-f]+, count=0x[0-9a-f]+, pos=0x[0-9a-f]+\)$' || true)
		if [ "$roots" -gt 0 ] && [ "$calls" = "$roots" ]; then
			ok "s10: --args ($r): all $roots vfs_read calls carry their named arguments"
		else
			bad "s10: --args ($r): $roots vfs_read calls, $calls with named arguments: $(grep -m2 '^  call' "$o/s10.$r.walk" | tr '\n' ' ')"
		fi
	done
	[ "$(val s10_bin_rc)" = 0 ] && [ "$(val s10_text_rc)" = 0 ] && check_s10_same
	[ "$(val s10_bin_rc)" = 0 ] && check_s10_nobtf
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

# s10 without the kernel's BTF (an empty file bound over /sys/kernel/btf/vmlinux): the binary
# reader's six raw values, as before BTF naming, and one -v line that says why
check_s10_nobtf() {
	local roots calls said
	[ -n "$(val s10_nobtf_rc)" ] || { bad "s10: the run without BTF did not run (bind mount?)"; return; }
	[ "$(val s10_nobtf_rc)" = 0 ] ||
		{ bad "s10: without BTF exited $(val s10_nobtf_rc): $(head -c 300 "$o/s10.nobtf.err")"; return; }
	roots=$(grep -c '^0 vfs_read ' "$o/s10.nobtf.walk" || true)
	calls=$(grep -A1 '^0 vfs_read ' "$o/s10.nobtf.walk" |
		grep -cE '^  call \((0x[0-9a-f]+, ){5}0x[0-9a-f]+\)$' || true)
	said=$(grep -c '^# --args: .*the arguments stay raw values' "$o/s10.nobtf.err" || true)
	if [ "$roots" -gt 0 ] && [ "$calls" = "$roots" ] && [ "$said" = 1 ]; then
		ok "s10: without BTF: all $roots vfs_read calls with six raw values; -v: $(grep -m1 '^# --args' "$o/s10.nobtf.err")"
	else
		bad "s10: without BTF: $roots vfs_read calls, $calls with six raw values, $said -v lines: $(grep -m1 '^  call' "$o/s10.nobtf.walk") $(grep -m2 '# --args' "$o/s10.nobtf.err" | tr '\n' ' ')"
	fi
}

# s10's binary and --text runs of the same workload: each function's arguments named alike
# (pointers differ from run to run: names and the run-independent values compared), and the
# -w trace.dat read on the host names them as the live run did, trace-cmd report unbothered.
check_s10_same() {
	local f
	# "function<TAB>names": the values taken out, as a set; a struct passed by value prints its
	# registers in brackets ((STRUCT)[0x..:0x..], arm64's timestamp_truncate's timespec64: the
	# time of the call), taken out too
	names() { awk '/^[0-9]+ / { f = $2 } /^  call \(/ { a = $0; gsub(/\[[^]]*\]/, "[]", a); gsub(/=[^,)]*/, "=", a); print f "\t" a }' "$1" | sort -u; }
	names "$o/s10.bin.walk" >"$o/s10.bin.names"
	names "$o/s10.text.walk" >"$o/s10.text.names"
	# the functions both runs called (an interrupt or the scheduler may come in one run only)
	comm -12 <(cut -f1 "$o/s10.bin.names" | sort -u) <(cut -f1 "$o/s10.text.names" | sort -u) >"$o/s10.common"
	for f in bin text; do
		awk -F'\t' 'NR == FNR { c[$1] = 1; next } $1 in c' "$o/s10.common" "$o/s10.$f.names" >"$o/s10.$f.common"
	done
	if [ "$(wc -l <"$o/s10.common")" -lt 10 ] || ! grep -qx vfs_read "$o/s10.common"; then
		bad "s10: only $(wc -l <"$o/s10.common") functions called in both runs: $(tr '\n' ' ' <"$o/s10.common")"
		return
	fi
	if ! cmp -s "$o/s10.bin.common" "$o/s10.text.common"; then
		bad "s10: the binary reader names arguments unlike the kernel's text: $(diff "$o/s10.text.common" "$o/s10.bin.common" | head -6 | tr '\n' ' ')"
		return
	fi
	# vfs_read's count (the dd block size) and every enum's and signed int's value are the
	# workload's, not the run's: the same list in both
	for f in bin text; do
		grep -A1 '^0 vfs_read ' "$o/s10.$f.walk" | grep -o 'count=0x[0-9a-f]*' | sort >"$o/s10.$f.counts"
	done
	if ! cmp -s "$o/s10.bin.counts" "$o/s10.text.counts" || [ ! -s "$o/s10.bin.counts" ]; then
		bad "s10: vfs_read's count differs: binary $(sort -u "$o/s10.bin.counts" | tr '\n' ' '), text $(sort -u "$o/s10.text.counts" | tr '\n' ' ')"
		return
	fi
	ok "s10: binary and --text name the arguments of the $(wc -l <"$o/s10.common") functions both called alike; vfs_read's $(wc -l <"$o/s10.bin.counts") counts equal ($(sort -u "$o/s10.bin.counts" | tr '\n' ' '))"
	local d=$o/s10.dat
	[ -s "$d" ] || { bad "s10: no trace.dat from the binary run's -w"; return; }
	trace-cmd report "$d" >"$o/s10.report" 2>"$o/s10.report.err" ||
		{ bad "s10: trace-cmd report failed on the -w file: $(head -c 300 "$o/s10.report.err")"; return; }
	if [ -s "$o/s10.report.err" ] || ! grep -q 'funcgraph_entry:' "$o/s10.report"; then
		bad "s10: trace-cmd report of the -w file: $(head -c 300 "$o/s10.report.err")"
		return
	fi
	"$bin" -f vfs_read --no-irqs -i "$d" -m walk --no-save >"$o/s10.reread.walk" 2>"$o/s10.reread.err" ||
		{ bad "s10: surfgraph -i the -w file failed: $(head -c 300 "$o/s10.reread.err")"; return; }
	if ! diff <(grep '^  call' "$o/s10.bin.walk") <(grep '^  call' "$o/s10.reread.walk") >"$o/s10.reread.diff"; then
		bad "s10: the -w file read on the host names the arguments otherwise: $(head -c 400 "$o/s10.reread.diff")"
		return
	fi
	ok "s10: the -w trace.dat read on the host: the same $(grep -c '^  call' "$o/s10.reread.walk") named calls as live; trace-cmd report reads it silently"
}

# Ctrl-C while function_graph is still being set up
check_s11() {
	if [ "$(val s11_late)" = yes ]; then
		ok "s11: inconclusive: the set-up was over within 0.3 s, the signal came while tracing"
		return
	fi
	[ "$(val s11_rc)" = 0 ] ||
		{ bad "s11: exit $(val s11_rc), want 0 as an interrupted run: $(head -c 300 "$o/s11.err")"; return; }
	grep -q 'before tracing began (function_graph was still being set up): nothing traced, nothing written' "$o/s11.err" ||
		{ bad "s11: no 'stopped before tracing began': $(head -c 300 "$o/s11.err")"; return; }
	grep -q 'is it the traced function' "$o/s11.err" &&
		{ bad "s11: still asks whether __do_fault is the traced function"; return; }
	[ -z "$(val s11_files | tr -d ' ')" ] || { bad "s11: wrote $(val s11_files)"; return; }
	[ "$(val s11_same)" = same ] || { bad "s11: tracefs differs after: $(head -c 600 "$o/s11.diff")"; return; }
	ok "s11: Ctrl-C during set-up: 'stopped before tracing began', exit 0, nothing written, tracefs byte-identical"
}

# -w: the trace.dat a live run wrote opens in trace-cmd and gives the live run's tree again
check_s13() {
	local d=$o/s13.dat n
	[ "$(val s13_rc)" = 0 ] || { bad "s13: surfgraph -w exited $(val s13_rc): $(head -c 300 "$o/s13.err")"; return; }
	[ "$(val s13_tracer_after)" = nop ] || bad "s13: current_tracer left as '$(val s13_tracer_after)'"
	[ "$(val s13_left)" = 0 ] || bad "s13: page files left beside the output"
	[ -z "$(val s13_other)" ] || bad "s13: written through the link swapped in during the capture: $(val s13_other)"
	# -q: nothing on stderr, libtracecmd's notes on the CPU data included
	[ ! -s "$o/s13.err" ] || bad "s13: -q -w printed: $(head -c 300 "$o/s13.err")"
	[ -s "$d" ] && [ -s "$o/s13.tree" ] || { bad "s13: no trace.dat or no .tree came back"; return; }
	# trace-cmd's own reader: the file opens and holds the function_graph events
	trace-cmd report "$d" >"$o/s13.report" 2>"$o/s13.report.err" ||
		{ bad "s13: trace-cmd report failed: $(head -c 300 "$o/s13.report.err")"; return; }
	n=$(grep -c 'funcgraph_exit:' "$o/s13.report" || true)
	[ "$n" -gt 0 ] && grep -q 'funcgraph_entry:' "$o/s13.report" ||
		{ bad "s13: trace-cmd report shows no funcgraph events: $(head -c 300 "$o/s13.report")"; return; }
	"$bin" -q -f __do_fault -i "$d" -m top -o "$o/s13.reread.tree" >/dev/null 2>"$o/s13.reread.err" ||
		{ bad "s13: surfgraph -i the .dat failed: $(head -c 300 "$o/s13.reread.err")"; return; }
	# invocations, totals, statistics, every path and every kept invocation (but its comm:
	# /proc's live, the file's saved_cmdlines later) as the live run found them
	local live=$o/s13.tree re=$o/s13.reread.tree key
	for key in invocations incomplete total_ns lost_events; do
		[ "$(grep -m1 "^$key=" "$live")" = "$(grep -m1 "^$key=" "$re")" ] ||
			{ bad "s13: $key: live $(grep -m1 "^$key=" "$live"), from the .dat $(grep -m1 "^$key=" "$re")"; return; }
	done
	# the kernel's missed-events marks kept in the file's pages: trace-cmd report prints each
	# ("CPU:N [M EVENTS DROPPED]", "[EVENTS DROPPED]" when the count did not fit the page), and
	# the counts add up to the live run's
	local marks dropped
	marks=$(grep -c '^CPU:[0-9]* \[\([0-9]* \)\?EVENTS DROPPED\]$' "$o/s13.report" || true)
	dropped=$(awk '/^CPU:[0-9]+ \[[0-9]+ EVENTS DROPPED\]$/ { n += substr($2, 2) } END { printf "%d", n }' "$o/s13.report")
	[ "lost_events=$dropped" = "$(grep -m1 '^lost_events=' "$live")" ] ||
		{ bad "s13: trace-cmd report prints $marks dropped-events marks, $dropped events; the live run: $(grep -m1 '^lost_events=' "$live")"; return; }
	body() { awk -F'\t' -v OFS='\t' '$1 == "stat" || $1 == "node" || $1 == "invnode" { print } $1 == "inv" { $5 = ""; print }' "$1"; }
	if ! diff <(body "$live") <(body "$re") >"$o/s13.diff"; then
		bad "s13: the .dat's tree differs from the live one: $(head -c 400 "$o/s13.diff")"
		return
	fi
	# the live run's timeline: each call at its entry record's timestamp for the duration of its
	# exit record, as trace-cmd report -t prints them (tests/dat's awk, which leaves out the
	# invocations a dropped-events mark cut, as surfgraph does: under load there are some)
	trace-cmd report -t "$d" 2>/dev/null | awk -v root=__do_fault -f "$root/tests/dat/report-calls.awk" |
		awk '{ ts = $1; sub(/\./, "", ts); sub(/^0+/, "", ts); f = $6; sub(/^0x/, "", f); print ts, $4, f }' \
		>"$o/s13.report-ns"
	awk -f "$root/tests/dat/chrome-calls.awk" "$o/s13.chrome.json" >"$o/s13.chrome-calls"
	local calls
	calls=$(wc -l <"$o/s13.report-ns")
	if [ "$calls" -gt 0 ] && cmp -s "$o/s13.report-ns" "$o/s13.chrome-calls" &&
		grep -q '"laid_out":0,' "$o/s13.chrome.json"; then
		ok "s13: the live -m chrome places all $calls calls at their records' times and durations (trace-cmd report -t; $(grep -o '"clamped":[0-9]*,"moved":[0-9]*' "$o/s13.chrome.json"); $marks dropped-events marks, $dropped events, $(grep -m1 '^incomplete_lost=' "$live"))"
	else
		bad "s13: the live -m chrome's slices differ from the .dat's records: $(diff "$o/s13.report-ns" "$o/s13.chrome-calls" | head -4 | tr '\n' ' ')"
	fi
	ok "s13: -w wrote $(wc -c <"$d") bytes; trace-cmd report shows $n funcgraph exits; surfgraph -i gives the live tree ($(grep '^invocations=' "$live"), $(grep -c '^node' "$live") paths)"
}

# s14: --narrow and --narrow-from. tracefs as before each run (set_ftrace_filter's own two
# names included); only the learned functions patched once narrowed; the root totals of the
# narrowed run those the kernel printed (awk over the raw lines of every complete invocation);
# the learning phase's counts carried into the run's.
check_s14() {
	local r n learned patched en tree_n tree_ns raw
	for r in learn from; do
		if [ "$(val s14_${r}_rc)" != 0 ]; then
			bad "s14: $r: exit $(val s14_${r}_rc): $(head -c 400 "$o/s14.$r.err")"
			return
		fi
		if [ "$(val s14_$r)" != same ]; then
			bad "s14: $r: tracefs differs afterwards: $(head -c 600 "$o/s14.$r.diff")"
			return
		fi
		grep -q 'narrowed to [1-9][0-9]* functions' "$o/s14.$r.err" ||
			{ bad "s14: $r: not narrowed: $(head -c 400 "$o/s14.$r.err")"; return; }
	done
	[ "$(printf 'vfs_read\nvfs_write\n')" = "$(cat "$o/s14.filter")" ] ||
		{ bad "s14: set_ftrace_filter is not its own two names: $(head -c 200 "$o/s14.filter")"; return; }
	learned=$(sed -n 's/.*after learning from \([0-9]*\) complete invocations.*/\1/p' "$o/s14.learn.err")
	patched=$(sed -n 's/.*narrowed to [0-9]* functions (\([0-9]*\) patched.*/\1/p' "$o/s14.learn.err")
	n=$(sed -n 's/.*__do_fault: \([0-9]*\) complete invocations.*/\1/p' "$o/s14.learn.err")
	en=$(val s14_learn_enabled)
	# every patched function of the kernel, narrowed: the names written (and nothing else
	# traces in the guest); fully patched it is tens of thousands
	if [ "${en:-0}" -lt 1 ] || [ "$en" -gt "${patched:-0}" ]; then
		bad "s14: narrowed, enabled_functions has $en lines for $patched names written"
		return
	fi
	tree_n=$(awk -F'\t' '$1 == "stat" { print $3 }' "$o/s14.tree")
	tree_ns=$(awk -F'\t' '$1 == "stat" { print $5 }' "$o/s14.tree")
	# the raw lines: each invocation's last line is the root's return, its duration printed
	raw=$(awk 'function add(l, p) { n++; sub(/ us.*/, "", l); sub(/.*[^0-9.]/, "", l);
		split(l, p, "."); ns += p[1] * 1000 + p[2] }
		/ us/ { last = $0 } /^$/ && last != "" { add(last); last = "" }
		END { if (last != "") add(last); printf "%d %.0f", n, ns }' "$o/s14.learn.out")
	if [ "$raw" != "$tree_n $tree_ns" ] || [ "$tree_n" != "$n" ]; then
		bad "s14: root totals: raw lines give '$raw', the .tree '$tree_n $tree_ns', the summary $n"
		return
	fi
	if [ "${learned:-0}" -lt 1 ] || [ "$n" -le "$learned" ] ||
		! grep -q '^incomplete_narrowed=[0-9]' "$o/s14.tree" ||
		! grep -q "^narrow_learned=$learned invocations in " "$o/s14.tree"; then
		bad "s14: learning phase: $learned learned, $n in all, .tree: $(grep '^narrow\|^incomplete_narrowed' "$o/s14.tree" | tr '\n' ' ')"
		return
	fi
	ok "s14: --narrow: learned from $learned invocations, $patched names patched ($en in enabled_functions), $n complete in all with root totals as printed ($tree_ns ns); --narrow-from $(sed -n 's/.*\(narrowed to [0-9]* functions\).*/\1/p' "$o/s14.from.err"); tracefs as before both times, set_ftrace_filter's own names included"
}

# b2: the dd workload's time not tracing, fully patched and narrowed (median of 3 each), and the
# fidelity of the narrowed tree against the full one: the average root duration of each, and
# the share of the full run's root time spent in call paths the narrowed tree lacks (callees
# not patched after learning, whose time would show as their caller's self time; an upper
# bound, as a path may also just not have run in the other run).
check_b2() {
	local r med base full narrow
	for r in full narrow; do
		[ "$(val b2_${r}_rc)" = 0 ] || { bad "b2: $r run exited $(val b2_${r}_rc): $(head -c 300 "$o/b2.$r.err")"; return; }
	done
	med() { printf '%s\n' "$(val b2_$1_1)" "$(val b2_$1_2)" "$(val b2_$1_3)" | sort -n | sed -n 2p; }
	base=$(med none) full=$(med full) narrow=$(med narrow)
	echo "bench $k dd bs=64 count=300000 (median of 3, s): not tracing $base ($(val b2_none_1) $(val b2_none_2) $(val b2_none_3)), full $full ($(val b2_full_1) $(val b2_full_2) $(val b2_full_3); $(val b2_full_enabled) functions patched), narrowed $narrow ($(val b2_narrow_1) $(val b2_narrow_2) $(val b2_narrow_3); $(val b2_narrow_enabled) patched)"
	awk -v b="$base" -v f="$full" -v n="$narrow" 'BEGIN { printf "bench '"$k"' slowdown: full %.2fx, narrowed %.2fx; narrowed extra time %.0f%% of the full run'"'"'s\n", f / b, n / b, 100 * (n - b) / (f - b) }'
	grep -h 'narrowed to\|complete invocations\|callees differ' "$o/b2.narrow.err" | sed "s/^/bench $k narrow: /"
	grep -h 'complete invocations' "$o/b2.full.err" | sed "s/^/bench $k full: /"
	awk -F'\t' -v k="$k" '
		FNR == 1 { f++ }
		$1 == "stat" { n[f] = $3; t[f] = $5 }
		$1 == "node" && f == 1 { tot[$2] = $4 }
		$1 == "node" && f == 2 { have[$2] = 1 }
		END {
			for (p in tot) {
				q = p
				if (!sub(/;[^;]*$/, "", q) || have[p] || !have[q]) continue
				miss += tot[p]
			}
			printf "bench %s fidelity: root avg full %.1f us (%d calls), narrowed %.1f us (%d calls); %.2f%% of the full run'"'"'s root time is in paths the narrowed tree lacks\n",
				k, t[1] / n[1] / 1000, n[1], t[2] / n[2] / 1000, n[2], 100 * miss / t[1]
		}' "$o/b2.full.tree" "$o/b2.narrow.tree"
	if awk -v b="$base" -v f="$full" -v n="$narrow" 'BEGIN { exit !(n - b <= (f - b) / 5) }'; then
		ok "b2: narrowed, the unrelated workload's extra time is at most a fifth of the full run's"
	else
		bad "b2: narrowed, the unrelated workload's extra time is more than a fifth of the full run's ($base / $full / $narrow s)"
	fi
}

check_s15() {
	local t=$o/s15.tree
	[ "$(val s15_rc)" = 0 ] || { bad "s15: surfgraph exited $(val s15_rc): $(head -c 300 "$o/s15.err")"; return; }
	[ "$(val s15_same)" = same ] || { bad "s15: tracefs differs after the run: $(head -c 600 "$o/s15.diff")"; return; }
	case " $(val s15_during) " in *" sched:sched_switch "*) ;;
	*) bad "s15: set_event during the run: '$(val s15_during)', no sched:sched_switch"; return ;; esac
	[ -z "$(val s15_no_during)" ] || { bad "s15: --no-off-cpu: set_event during the run '$(val s15_no_during)'"; return; }
	[ "$(val s15_no_rc)" = 0 ] && ! grep -qF '[off-cpu]' "$o/s15.no.folded" ||
		{ bad "s15: --no-off-cpu: exit $(val s15_no_rc), or [off-cpu] frames: $(head -c 300 "$o/s15.no.err")"; return; }
	[ "$(val s15_pre_rc)" = 0 ] && [ "$(val s15_pre_same)" = same ] && [ "$(val s15_pre_enable)" = 1 ] ||
		{ bad "s15: a pre-enabled sched_switch: exit $(val s15_pre_rc), tracefs $(val s15_pre_same), enable '$(val s15_pre_enable)': $(head -c 300 "$o/s15.pre.diff")"; return; }
	grep -qF '[off-cpu]' "$o/s15.pre.folded" || { bad "s15: a pre-enabled sched_switch: no [off-cpu] frame"; return; }
	# each of the 10 calls waited, under schedule: an [off-cpu] frame in every kept one
	local sum n kept with
	sum=$(awk '$1 ~ /\[off-cpu\]$/ {s += $2} END {printf "%.0f", s}' "$o/s15.folded")
	n=$(awk -F'\t' '$1 == "stat" {print $3}' "$t")
	read -r kept with < <(awk -F'\t' '$1 == "inv" {k++} $1 == "invnode" && $2 ~ /\[off-cpu\]$/ {w[k] += $4}
		END {for (i = 1; i <= k; i++) c += w[i] > 0; print k + 0, c + 0}' "$t")
	[ "$n" = 10 ] && [ "$kept" = 10 ] && [ "$with" = 10 ] ||
		{ bad "s15: $n invocations, $with of the $kept kept with an [off-cpu] frame: $(head -c 300 "$o/s15.folded")"; return; }
	# -w: the trace.dat carries sched_switch's format and records: the same frames read back
	"$bin" -f do_nanosleep -i "$o/s15.dat" -m folded >"$o/s15.reread" 2>"$o/s15.reread.err" ||
		{ bad "s15: surfgraph -i the .dat failed: $(head -c 300 "$o/s15.reread.err")"; return; }
	diff <(grep -F '[off-cpu]' "$o/s15.folded") <(grep -F '[off-cpu]' "$o/s15.reread") >"$o/s15.reread.diff" ||
		{ bad "s15: the .dat's [off-cpu] frames differ from the live ones: $(head -c 300 "$o/s15.reread.diff")"; return; }
	# and the intervals by the definition, from trace-cmd's records of it (awk, as
	# tests/golden/offcpu.sh): the frames plus what the run said it left out (a frame stops at
	# its call's time left where the records' times disagree with the printed durations)
	local want left
	want=$(trace-cmd report -R -t "$o/s15.dat" 2>/dev/null | awk -v root=do_nanosleep \
		-f "$here/../golden/awk/offcpu-intervals.awk" -f "$here/../golden/awk/offcpu-dat.awk" |
		awk '{s += $NF} END {printf "%.0f", s}')
	left=$(sed -n 's/.* stop at it, \([0-9]*\)\.\([0-9]*\) us of switched-out time left out$/\1\2/p' "$o/s15.reread.err")
	[ "$want" = "$((sum + 10#${left:-0}))" ] && [ "$want" -ge 80000000 ] ||
		{ bad "s15: [off-cpu] $sum ns + ${left:-0} ns left out, trace-cmd's records give $want ns (at least 10 x 8 ms)"; return; }
	ok "s15: 10 sleeps, each with an [off-cpu] frame, $sum ns in all (+${left:-0} ns capped, said); = trace-cmd report's records by awk; tracefs as before; set_event untouched with --no-off-cpu; a user's sched_switch kept; the -w .dat gives the same frames"
}

# r1 (an investigation, run by name only): s3's settings, nine signalled runs with s3's workload
# of 1 to 2 s; every run must capture a complete __do_fault, as s3 requires. The facts of each run
# (workload iterations, the kernel's per-CPU counts before the signal, surfgraph's summary) are
# printed either way.
check_r1() {
	local i n empty=0
	for i in 1 2 3 4 5 6 7 8 9; do
		sed "s/^/r1 $k: /" "$o/r1.$i.facts"
		grep -h 'traced\|complete invocations\|no call\|lost' "$o/r1.$i.err" | sed "s/^/r1 $k run $i: /"
		n=$(sed -n 's/.*__do_fault: \([0-9]*\) complete invocations.*/\1/p' "$o/r1.$i.err" | head -n1)
		[ "${n:-0}" -gt 0 ] || empty=$((empty + 1))
	done
	if [ $empty = 0 ]; then
		ok "r1: nine runs with s3's settings and workload each captured __do_fault"
	else
		bad "r1: $empty of nine runs with s3's settings captured no complete __do_fault"
	fi
}

# b3: the fidelity of narrowing on one fixed workload, fully patched and narrowed from the start
# three times each (tests/bench/fidelity.sh prints the table and applies the rule: a narrowed
# median within the full runs' spread of its full median).
check_b3() {
	local r v
	for r in learn full1 narrow1 narrow2 full2 full3 narrow3; do
		[ "$(val b3_${r}_rc)" = 0 ] || { bad "b3: run $r exited $(val b3_${r}_rc): $(head -c 300 "$o/b3.$r.err")"; return; }
	done
	grep -h 'narrowed to' "$o/b3.narrow1.err" | sed "s/^/bench $k narrow1: /"
	v=$(SURFGRAPH=$bin "$root/tests/bench/fidelity.sh" "$o") || { bad "b3: tests/bench/fidelity.sh failed"; return; }
	sed "s/^/bench $k fidelity: /" <<<"$v"
	if grep -q '^verdict: root totals mean=within' <<<"$v"; then
		ok "b3: narrowed, the root's mean per invocation is within the full runs' spread"
	else
		bad "b3: narrowed, the root's mean per invocation is outside the full runs' spread"
	fi
}

# s16: the live -m tui in tmux. The screens are the panes the guest captured (s16.a and s16.b
# while tracing, s16.c the final view after q); the root's row is the one whose name is the root
# and whose last figures are the two percentages: its calls the field before them.
s16_calls() { # FILE: the __do_fault row's calls
	awk '$NF == "__do_fault" && $(NF - 1) ~ /^[0-9.]+$/ && $(NF - 3) ~ /^[0-9]+$/ { print $(NF - 3); exit }' "$1"
}
check_s16() {
	local a b c tn ts
	[ "$(val s16_started)" = yes ] || { bad "s16: surfgraph -m tui did not start tracing: $(head -c 300 "$o/s16.err" 2>/dev/null)"; return; }
	[ "$(val s16_rc)" = 0 ] || { bad "s16: surfgraph -m tui exited $(val s16_rc): $(head -c 300 "$o/s16.err")"; return; }
	a=$(s16_calls "$o/s16.a") b=$(s16_calls "$o/s16.b") c=$(s16_calls "$o/s16.c")
	grep -q '^tracing [0-9]* s, .*  __do_fault: [0-9]* calls' "$o/s16.a" &&
		grep -q '^tracing [0-9]* s, .*  __do_fault: [0-9]* calls' "$o/s16.b" ||
		{ bad "s16: no live title while tracing: $(head -n1 "$o/s16.a") / $(head -n1 "$o/s16.b")"; return; }
	[ "${a:-0}" -gt 0 ] && [ "${b:-0}" -gt "${a:-0}" ] ||
		{ bad "s16: the view did not grow while tracing: root calls '${a}' then '${b}'"$'\n'"$(cat "$o/s16.a" "$o/s16.b")"; return; }
	grep -q '^stopped by q after .*  __do_fault: [0-9]* calls' "$o/s16.c" ||
		{ bad "s16: q did not leave the final view up: $(cat "$o/s16.c")"; return; }
	[ "$(val s16_mid)" = same ] ||
		{ bad "s16: under the final view tracefs is not given back: $(head -c 600 "$o/s16.mid.diff")"; return; }
	[ "$(val s16)" = same ] || { bad "s16: after q tracefs differs: $(head -c 600 "$o/s16.diff")"; return; }
	[ -s "$o/s16.tree" ] || { bad "s16: no .tree saved: $(head -c 300 "$o/s16.err")"; return; }
	# the saved run is the final view's: the root's node calls and its complete invocations
	tn=$(awk -F'\t' '$1 == "node" && $2 == "__do_fault" { print $3 }' "$o/s16.tree")
	ts=$(awk -F'\t' '$1 == "stat" && $2 == "__do_fault" { print $3 }' "$o/s16.tree")
	[ -n "$c" ] && [ "$c" = "$tn" ] && [ "$tn" = "$ts" ] && [ "$c" -ge "$b" ] &&
		grep -q "^stopped by q after .*  __do_fault: $ts calls " "$o/s16.c" ||
		{ bad "s16: final screen's root calls '$c' (title: $(head -n1 "$o/s16.c")), .tree node $tn, stat $ts"; return; }
	grep -q 'wrote /out/s16.tree' "$o/s16.err" || { bad "s16: the summary does not say where the .tree went: $(head -c 300 "$o/s16.err")"; return; }
	ok "s16: -m tui live: root calls $a then $b on screen while tracing, $c in the final view = the .tree's; tracefs byte-identical under the final view and after q"
}
