/* tracefs_setup.c - the function_graph set-up of a run: every file written through the session. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "tracefs_file.h"
#include "tracefs_session.h"
#include "tracefs_setup.h"
#include "tracefs_state.h"

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

/* The session's instance for top 0, else (and without one) the top level. */
static struct tracefs_instance *inst_of(struct sg_tracefs_session *s, int top)
{
	return top ? NULL : sg_tracefs_session_instance(s);
}

/* A file still at its default needs no write: fewer changes, fewer chances to leave one. */
static int differs(struct sg_tracefs_session *s, int top, const char *file, const char *want)
{
	char *cur = sg_tracefs_file_read(inst_of(s, top), file, NULL);
	int d;

	if (!cur)
		return -1;
	cur[strcspn(cur, "\n")] = '\0';
	d = strcmp(cur, want) != 0;
	free(cur);
	return d;
}

static int set_option(struct sg_tracefs_session *s, const char *opt, int on)
{
	char file[80];
	int d;

	snprintf(file, sizeof(file), "options/%s", opt);
	if (!tracefs_file_exists(inst_of(s, 0), file))
		return 0;
	d = differs(s, 0, file, on ? "1" : "0");
	if (d < 0)
		return -1;
	return d ? sg_tracefs_session_write(s, 0, file, on ? "1" : "0") : 0;
}

/* An option the user asked for: a kernel without it gets a one-line error naming what it needs. */
static int require_option(struct sg_tracefs_session *s, const char *opt, const char *flag,
			  const char *needs)
{
	char file[80];

	snprintf(file, sizeof(file), "options/%s", opt);
	if (!tracefs_file_exists(inst_of(s, 0), file)) {
		sg_log_error("%s: this kernel has no %s option (it needs %s)", flag, opt, needs);
		return -1;
	}
	return set_option(s, opt, 1);
}

/* A filter file holding anything but its empty marker is cleared (saved first). */
static int clear_filter(struct sg_tracefs_session *s, const char *file)
{
	char *cur;
	int empty;

	if (!tracefs_file_exists(inst_of(s, 0), file))
		return 0;
	cur = sg_tracefs_file_read(inst_of(s, 0), file, NULL);
	if (!cur)
		return -1;
	empty = !*cur || strncmp(cur, "####", 4) == 0 || strcmp(cur, "no pid\n") == 0;
	free(cur);
	return empty ? 0 : sg_tracefs_session_write_list(s, 0, file, NULL, 0);
}

static int need_file(struct sg_tracefs_session *s, const char *file, const char *why)
{
	if (tracefs_file_exists(inst_of(s, 0), file))
		return 0;
	sg_log_error("%s needs %s, which this kernel does not have%s", why, file,
		     sg_tracefs_session_uses_instance(s) ? " in an instance" : "");
	return -1;
}

int sg_tracefs_setup(struct sg_tracefs_session *s, const struct sg_graph_setup *g)
{
	char num[32];

	if (sg_tracefs_session_prepare(s, g->force) < 0)
		return -1;
	if (sg_tracefs_session_tracing(s, 0) < 0)
		return -1;
	if (!sg_tracefs_session_uses_instance(s) &&
	    ((!g->narrowed && clear_filter(s, "set_ftrace_filter") < 0) ||
	     clear_filter(s, "set_ftrace_notrace") < 0))
		return -1;
	if (need_file(s, "set_graph_function", "-f") < 0 ||
	    sg_tracefs_session_write_list(s, 0, "set_graph_function", g->roots, g->nroots) < 0)
		return -1;
	if (g->nnotrace) {
		if (need_file(s, "set_graph_notrace", "-x") < 0 ||
		    sg_tracefs_session_write_list(s, 0, "set_graph_notrace", g->notrace,
						  g->nnotrace) < 0)
			return -1;
	} else if (clear_filter(s, "set_graph_notrace") < 0) {
		return -1;
	}
	snprintf(num, sizeof(num), "%d", g->max_depth);
	if (g->max_depth && need_file(s, "max_graph_depth", "--max-depth") < 0)
		return -1;
	if (tracefs_file_exists(inst_of(s, 0), "max_graph_depth")) {
		int d = differs(s, 0, "max_graph_depth", num);

		if (d < 0 || (d && sg_tracefs_session_write(s, 0, "max_graph_depth", num) < 0))
			return -1;
	}
	if (tracefs_file_exists(inst_of(s, 0), "tracing_thresh")) {
		int d = differs(s, 0, "tracing_thresh", "0");

		if (d < 0 || (d && sg_tracefs_session_write(s, 0, "tracing_thresh", "0") < 0))
			return -1;
	}
	if (g->npids) {
		char(*pids)[16] = calloc((size_t) g->npids, sizeof(*pids));
		const char **pv = calloc((size_t) g->npids, sizeof(*pv));
		int r = -1;

		if (pids && pv) {
			for (int i = 0; i < g->npids; i++) {
				snprintf(pids[i], sizeof(pids[i]), "%d", g->pids[i]);
				pv[i] = pids[i];
			}
			r = sg_tracefs_session_write_list(s, 0, "set_ftrace_pid", pv, g->npids);
		} else {
			oom();
		}
		free(pids);
		free(pv);
		if (r < 0)
			return -1;
	} else if (clear_filter(s, "set_ftrace_pid") < 0) {
		return -1;
	}
	if (g->cpumask) {
		int d = differs(s, 0, "tracing_cpumask", g->cpumask);

		if (d < 0 ||
		    (d && sg_tracefs_session_write(s, 0, "tracing_cpumask", g->cpumask) < 0))
			return -1;
	}
	if (g->buffer_kb) {
		snprintf(num, sizeof(num), "%lu", g->buffer_kb);
		if (sg_tracefs_session_write(s, 0, "buffer_size_kb", num) < 0)
			return -1;
	}
	/*
	 * Setting the tracer expands a buffer never used since boot ("7 (expanded: 1408)"): not
	 * reversible, but saved so that the restore puts it where the kernel's own expansion
	 * would and checks that it got there.
	 */
	if (!sg_tracefs_session_uses_instance(s) && !g->buffer_kb) {
		char *cur = sg_tracefs_file_read(NULL, "buffer_size_kb", NULL);
		int unexpanded = cur && strstr(cur, "(expanded: ");

		free(cur);
		if (!cur || (unexpanded && sg_tracefs_session_save(s, 1, "buffer_size_kb") < 0))
			return -1;
	}
	/* the funcgraph options exist only once the tracer is set */
	if (sg_tracefs_session_write(s, 0, "current_tracer", "function_graph") < 0)
		return -1;
	if (set_option(s, "funcgraph-irqs", !g->no_irqs) < 0 ||
	    set_option(s, "sleep-time", !g->no_sleep_time) < 0 ||
	    set_option(s, "function-fork", g->follow_forks) < 0 ||
	    (g->text && set_option(s, "funcgraph-proc", 1) < 0))
		return -1;
	if ((g->args &&
	     require_option(s, "funcgraph-args", "--args",
			    "Linux 6.15 or later with CONFIG_FUNCTION_TRACE_ARGS") < 0) ||
	    (g->retval &&
	     require_option(s, "funcgraph-retval", "--retval",
			    "Linux 6.5 or later with CONFIG_FUNCTION_GRAPH_RETVAL") < 0))
		return -1;
	/*
	 * sched:sched_switch in the same buffer says when a task inside a root left the CPU and
	 * came back ([off-cpu] frames). Saved and given back like every file here: one a user had
	 * enabled is never written, so it stays enabled; set_event follows the enable file.
	 */
	if (g->sched_switch && tracefs_file_exists(inst_of(s, 0), SG_TRACEFS_SCHED_SWITCH)) {
		int d = differs(s, 0, SG_TRACEFS_SCHED_SWITCH, "1");

		if (d < 0 ||
		    (d && sg_tracefs_session_write(s, 0, SG_TRACEFS_SCHED_SWITCH, "1") < 0))
			return -1;
	}
	/* whatever an earlier user left in the buffer is not ours to read */
	return sg_tracefs_file_write(inst_of(s, 0), "trace", NULL, 0);
}
