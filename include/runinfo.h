/* runinfo.h - what a run says about itself: the stderr summary and the .tree file's metadata. */
#ifndef SG_RUNINFO_H
#define SG_RUNINFO_H

#include <stdio.h>
#include "aggregate.h"
#include "callstack.h"
#include "flamefiles.h"
#include "input_text.h"
#include "live.h"
#include "options.h"
#include "strtab.h"

/* The summary of a finished run: invocations, why some are incomplete, what was skipped. */
void sg_runinfo_print(FILE *f, const char *root, const struct sg_aggregate *a,
		      const struct sg_callstack_stats *cs, const struct sg_text_stats *ts,
		      int verbose, const char *saved);

/* What only a live run knows: how long, how fast, what the kernel lost, how it stopped. */
/*
 * How many per-invocation flame graphs -s STEP wrote (the save lines scroll away) and how many
 * the cap left out; nothing when none was due.
 */
/* What --no-irqs did to the times (from_tree: on a loaded .tree, whose raises stay). */
void sg_runinfo_print_no_irqs(FILE *f, int from_tree);

void sg_runinfo_print_flames(FILE *f, const struct sg_flamefiles *ff, int step);

/* The live run's summary; verbose adds the CPU this process spent reading. */
void sg_runinfo_print_live(FILE *f, const struct sg_live_result *l, char **command, int verbose);

/* Fill the aggregate's metadata for the .tree file (input NULL: live). -1: no memory. */
int sg_runinfo_describe(struct sg_aggregate *a, const char *root, const char *input,
			const struct sg_callstack_stats *cs, const struct sg_text_stats *ts);

/* Live metadata for the .tree file: the numbers a later reader needs to trust it. */
int sg_runinfo_describe_live(struct sg_aggregate *a, const struct sg_live_result *l);

/*
 * Why a run has no complete invocation, as one message (sg_log_error): calls that were all
 * cut, an empty file, a file that is no function_graph trace (its first line quoted), or a
 * root the trace never calls, with the trace's own names nearest to pattern (from st).
 * input NULL: the live trace.
 */
void sg_runinfo_explain(const struct sg_aggregate *a, const char *root, const char *pattern,
			const char *input, struct sg_text_stats *ts, uint64_t events,
			const struct sg_strtab *st);

/*
 * A warning for each -x pattern that left nothing out: it names the root (which always stays),
 * or no call under it, with the tree's own names nearest to it.
 */
struct sg_treefilter;
void sg_runinfo_warn_excludes(FILE *f, const struct sg_options *o,
			      const struct sg_treefilter *filter, struct sg_tree *merged,
			      const char *root);

/*
 * A root (-f pattern) whose calls all ran inside another root's invocations has no invocations,
 * statistics or histogram of its own: its calls are in the other's tree. Said per such root,
 * with how many calls and inside which root, and how to get its own.
 */
struct sg_match;
void sg_runinfo_warn_nested(FILE *f, const struct sg_match *m, const struct sg_aggregate *a);

#endif
