# shellcheck shell=sh disable=SC2012
# Guest side of tests/vm/smoke.sh (runs as /scenario.sh, /lib/sg.sh loaded):
# function_graph rooted at __do_fault over a busybox workload, plus evidence
# about the tracefs layout and about function_graph in a tracefs instance.
T=$SG_TRACEFS

uname -r | sg_out uname
sg_out available_tracers "$T/available_tracers"
sg_out funcgraph_entry.format "$T/events/ftrace/funcgraph_entry/format"
sg_out funcgraph_exit.format "$T/events/ftrace/funcgraph_exit/format"
head -n 20 /proc/kallsyms | sg_out kallsyms.head
grep -E ' [Tt] (_stext|_etext|__do_fault)$' /proc/kallsyms | sg_out kallsyms.sample
ls "$T/options" | sg_out options

# Top-level instance. A graph root is a must: without one, TCG guests stall.
sg_log "enabling function_graph on __do_fault"
echo 0 >"$T/tracing_on"
echo __do_fault >"$T/set_graph_function"
echo function_graph >"$T/current_tracer"
echo >"$T/trace"
echo 1 >"$T/tracing_on"
sg_log "workload"
ls -R /sys/kernel >/dev/null 2>&1
cat /proc/cpuinfo /proc/meminfo /proc/self/maps /etc/passwd >/dev/null
find /bin /lib /proc/sys/kernel -name '*a*' >/dev/null 2>&1
echo 0 >"$T/tracing_on"
sg_log "sending trace"
sg_out trace "$T/trace"
sg_out stats "$T/per_cpu/cpu0/stats"
sg_out stats.cpu1 "$T/per_cpu/cpu1/stats"
echo nop >"$T/current_tracer"
sg_log "top-level tracer off"

# Does a tracefs instance take function_graph? The top-level
# set_graph_function stays __do_fault meanwhile: the host checks whether the
# instance's trace obeys it.
I=$T/instances/x
{
    if ! mkdir "$I"; then
        echo "mkdir_instance=failed"
    else
        echo "mkdir_instance=ok"
        echo "available_tracers=$(cat "$I/available_tracers")"
        if [ -e "$I/set_graph_function" ]; then
            echo "set_graph_function=exists"
            echo __do_fault >"$I/set_graph_function" &&
                echo "set_graph_function_write=ok" || echo "set_graph_function_write=failed"
        else
            echo "set_graph_function=absent"
        fi
        if echo function_graph >"$I/current_tracer" 2>/dev/null; then
            echo "current_tracer_write=ok"
        else
            echo "current_tracer_write=rejected"
        fi
        echo "current_tracer=$(cat "$I/current_tracer")"
        if [ "$(cat "$I/current_tracer")" = function_graph ]; then
            sg_log "instance: function_graph on, small workload" >/dev/console
            echo >"$I/trace"
            echo 1 >"$I/tracing_on"
            cat /proc/cpuinfo >/dev/null
            ls /bin >/dev/null
            echo 0 >"$I/tracing_on"
            echo "instance_trace_do_fault_entries=$(grep -c '__do_fault() {' "$I/trace")"
            sg_out instance.trace "$I/trace"
            echo nop >"$I/current_tracer"
        fi
        echo "instance_files=$(ls "$I" | tr '\n' ' ')"
        rmdir "$I" && echo "rmdir_instance=ok" || echo "rmdir_instance=failed"
    fi
} >/tmp/instance.txt 2>&1
echo >"$T/set_graph_function"
sg_out instance.txt /tmp/instance.txt
sg_log "done"
