# shellcheck shell=sh
# Scenario 14: --narrow learns for 1.5 s (and while it writes the names: about 0.2 s each under
# TCG, where the kernel looks each up in every record), then patches only what ran under
# __do_fault, 45 s in all; then
# --narrow-from narrows a second run from the start to the first run's functions. Before both,
# set_ftrace_filter holds two plain names of its own (the guests boot without modules): after
# each run every tracefs file, set_ftrace_filter included, reads as before (same_fresh: this may
# be the boot's first tracing). While narrowed, enabled_functions (every patched function of the
# kernel) is sampled.
echo vfs_read >"$T/set_ftrace_filter"
echo vfs_write >>"$T/set_ftrace_filter"
snap /tmp/s14.before
mkdir -p /out
s14_run() { # NAME ARGS...: one run under the workload; enabled_functions as last seen tracing
	_name=$1
	shift
	workload 70 &
	_wl=$!
	surfgraph -f __do_fault "$@" >/tmp/s14.$_name.out 2>/tmp/s14.$_name.err &
	_sg=$!
	wait_tracing
	_en=0
	while kill -0 $_sg 2>/dev/null; do
		# tracing on before and after the count: not a count taken mid-restore
		_on=$(cat "$T/tracing_on")
		_c=$(wc -l <"$T/enabled_functions")
		[ "$_on" = 1 ] && [ "$(cat "$T/tracing_on")" = 1 ] && [ "$_c" -gt 0 ] && _en=$_c
		sleep 0.5
	done
	result s14_${_name}_enabled "$_en"
	wait $_sg
	result s14_${_name}_rc $?
	kill $_wl 2>/dev/null
	wait $_wl
	snap /tmp/s14.$_name.after
	# a fresh boot's unexpanded buffer stands where the kernel's own expansion puts it
	if same_fresh /tmp/s14.before /tmp/s14.$_name.after >/tmp/s14.$_name.diff; then
		result s14_$_name same
	else
		result s14_$_name differs
	fi
	sg_out s14.$_name.diff /tmp/s14.$_name.diff
	sg_out s14.$_name.err /tmp/s14.$_name.err
	sg_out s14.$_name.out /tmp/s14.$_name.out
}
s14_run learn -d 45 --narrow-learn 0,1.5 -m raw -o /out/s14.tree
[ -f /out/s14.tree ] && sg_out s14.tree /out/s14.tree
s14_run from -d 5 --narrow-from /out/s14.tree -m tree --ascii -o /out/s14.from.tree
[ -f /out/s14.from.tree ] && sg_out s14.from.tree /out/s14.from.tree
cp "$T/set_ftrace_filter" /tmp/s14.filter
sg_out s14.filter /tmp/s14.filter
# back to defaults for the next scenarios
echo >"$T/set_ftrace_filter"
