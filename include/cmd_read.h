/* cmd_read.h - a profile run's trace read through its call stacks: live, text or trace.dat. */
#ifndef SG_CMD_READ_H
#define SG_CMD_READ_H

#include "callstack.h"
#include "decomp.h"
#include "input_raw.h"
#include "input_text.h"
#include "live.h"
#include "options.h"
#include "strtab.h"
#include "treefilter.h"

/*
 * Trace the live kernel as o says (live.c), feeding cs; tracefs is restored when it returns.
 * Live -p NAME is turned into o's pids first. The counts go to *live, the lines and the kernel
 * to *stats; tick (NULL: none) is the capture loop's (live.h). 0 done; -1 with a message; -2
 * with a message for a usage problem (exit 2).
 */
int sg_cmd_read_live(struct sg_options *o, struct sg_strtab *st, struct sg_callstack *cs,
		     struct sg_live_result *live, struct sg_text_stats *stats,
		     int (*tick)(void *ctx, const struct sg_live_tick *t), void *tick_ctx);

/* Read a text trace from in (decompressed as read) through cs. 0, or -1 with a message. */
int sg_cmd_read_text(struct sg_strtab *st, struct sg_callstack *cs, struct sg_decomp *in,
		     struct sg_text_stats *stats);

/*
 * Read the trace.dat at path (copy_fd: its seekable copy, or -1) through cs, each invocation's
 * records kept with keep_raw (-m raw); its counts in *raw, no text counts in *stats. 0, or -1
 * with a message.
 */
int sg_cmd_read_dat(const char *path, int keep_raw, int copy_fd, struct sg_strtab *st,
		    struct sg_callstack *cs, struct sg_raw_stats *raw, struct sg_text_stats *stats);

/* The slicing of a saved trace that o asks for (-x, --no-irqs, --max-depth, -C, -p): 1 any. */
int sg_cmd_read_filter_settings(const struct sg_options *o, struct sg_filter_settings *s);

#endif
