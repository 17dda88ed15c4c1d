/* tracefs_setup.h - the function_graph set-up of a run: every file written through the session. */
#ifndef SG_TRACEFS_SETUP_H
#define SG_TRACEFS_SETUP_H

#include "tracefs_session.h"

/* What a run asks of the kernel. Zero/NULL fields leave the kernel's setting alone. */
struct sg_graph_setup {
	const char *const *roots; /* set_graph_function: names or kernel globs */
	int nroots;
	int narrowed; /* set_ftrace_filter written already (--narrow-from); 0: emptied */
	const char *const *notrace; /* -x: set_graph_notrace */
	int nnotrace;
	int max_depth;	 /* max_graph_depth, 0: no limit */
	const int *pids; /* set_ftrace_pid */
	int npids;
	int follow_forks;	 /* function-fork: children of pids are traced too */
	const char *cpumask;	 /* tracing_cpumask, hex groups; NULL: all */
	unsigned long buffer_kb; /* buffer_size_kb per CPU, 0: keep */
	int no_irqs;		 /* funcgraph-irqs off */
	int no_sleep_time;	 /* sleep-time off */
	int text;  /* trace_pipe will be read: name tasks on every line (funcgraph-proc) */
	int force; /* take over a busy top level */
	int args,
	    retval; /* funcgraph-args, funcgraph-retval: an error where the kernel lacks them */
	int sched_switch; /* sched:sched_switch enabled in the same buffer (the off-cpu frames) */
};

/*
 * Prepare (when not done yet), then save and write every file the run needs, tracing still off.
 * -1 with a message; whatever was written is restored by the session's _restore or _close.
 */
int sg_tracefs_setup(struct sg_tracefs_session *s, const struct sg_graph_setup *setup);

#endif
