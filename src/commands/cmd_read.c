/* cmd_read.c - a profile run's trace read through its call stacks: live, text or trace.dat. */
#include <stdio.h>
#include <string.h>
#include "cmd_read.h"
#include "input_dat.h"
#include "log.h"
#include "taskpids.h"

static ssize_t read_input(void *in, char *buf, size_t n)
{
	return sg_decomp_read(in, buf, n);
}

/* Read a text trace, decompressed as read when it is compressed, through the call stacks. */
int sg_cmd_read_text(struct sg_strtab *st, struct sg_callstack *cs, struct sg_decomp *in,
		     struct sg_text_stats *stats)
{
	struct sg_text_parser *p = sg_text_parser_new(st, sg_callstack_feed, cs);
	int ret;

	if (!p) {
		sg_log_error("out of memory");
		return -1;
	}
	ret = sg_text_parser_read(p, read_input, in);
	if (ret == 0)
		ret = sg_callstack_finish(cs);
	*stats = *sg_text_parser_stats(p);
	sg_text_parser_free(p);
	return ret;
}

/* A trace.dat (copy_fd: its seekable copy, or -1) through the binary decoder; no text counts. */
int sg_cmd_read_dat(const char *path, int keep_raw, int copy_fd, struct sg_strtab *st,
		    struct sg_callstack *cs, struct sg_raw_stats *raw, struct sg_text_stats *stats)
{
	memset(stats, 0, sizeof(*stats));
	if (sg_dat_read(path, copy_fd, st, sg_callstack_feed, cs, keep_raw, raw, stats->kernel,
			sizeof(stats->kernel)) < 0)
		return -1;
	stats->lines = raw->records;
	stats->has_dur = 1;
	return sg_callstack_finish(cs);
}

/* The live kernel, through live.c; tracefs is restored when it returns. */
/*
 * Live -p NAME: set_ftrace_pid takes pids, so the names become the pids of the tasks so named
 * now; none running is a fact about the machine (exit 1), said before anything is traced.
 */
static int resolve_names(struct sg_options *o)
{
	int n;

	if (!o->npnames)
		return 0;
	n = sg_taskpids_add(o->pnames, o->npnames, &o->pids, &o->npids);
	if (n == 0)
		sg_log_error("-p %s: no running task has that name (live, -p NAME traces the tasks "
			     "so named when tracing starts)",
			     o->pnames[0]);
	else if (n > 0 && o->verbose)
		fprintf(stderr, "surfgraph: -p: %d running tasks by name\n", n);
	return n > 0 ? 0 : -1;
}

int sg_cmd_read_live(struct sg_options *o, struct sg_strtab *st, struct sg_callstack *cs,
		     struct sg_live_result *live, struct sg_text_stats *stats,
		     int (*tick)(void *ctx, const struct sg_live_tick *t), void *tick_ctx)
{
	int ret = resolve_names(o);
	struct sg_live_settings ls = {
	    .functions = o->functions,
	    .nfunctions = o->nfunctions,
	    .excludes = o->excludes,
	    .nexcludes = o->nexcludes,
	    .duration = o->duration,
	    .count = o->count,
	    .pids = o->pids,
	    .npids = o->npids,
	    .cpus = o->cpus,
	    .max_depth = o->max_depth,
	    .buffer_kb = o->buffer_kb,
	    .no_irqs = o->no_irqs,
	    .no_sleep_time = o->no_sleep_time,
	    .no_off_cpu = o->no_off_cpu,
	    .text = o->text,
	    .force = o->force,
	    .args = o->args,
	    .retval = o->retval,
	    .keep_lines = o->mode == SG_MODE_RAW,
	    .quiet = o->quiet,
	    .command = o->command,
	    .write_dat = o->write_dat,
	    .narrow = o->narrow,
	    .narrow_count = o->narrow_count,
	    .narrow_seconds = o->narrow_seconds,
	    .narrow_from = o->narrow_from,
	    .tick = tick,
	    .tick_ctx = tick_ctx,
	};

	if (!ret)
		ret = sg_live_run(&ls, st, cs, live);

	memset(stats, 0, sizeof(*stats));
	if (live->text)
		*stats = live->text_stats;
	/* cut to fit, as before: the precision only tells the compiler so */
	snprintf(stats->kernel, sizeof(stats->kernel), "%.*s", (int) sizeof(stats->kernel) - 1,
		 live->kernel);
	if (!live->text)
		stats->lines = live->records;
	return ret == -2 ? -2 : ret < 0 ? -1 : 0;
}

int sg_cmd_read_filter_settings(const struct sg_options *o, struct sg_filter_settings *s)
{
	*s = (struct sg_filter_settings){
		.excludes = o->excludes,
		.nexcludes = o->nexcludes,
		.no_irqs = o->no_irqs,
		.no_off_cpu = o->no_off_cpu,
		.max_depth = o->max_depth,
		.cpus = o->cpus,
		.pids = o->pids,
		.npids = o->npids,
		.pnames = o->pnames,
		.npnames = o->npnames,
	};
	return o->nexcludes || o->no_irqs || o->max_depth || o->cpus || o->npids || o->npnames ||
	       o->no_off_cpu;
}
