/* cmd_profile.h - profiling a function: wires input, call stacks, aggregate and renderers. */
#ifndef SG_CMD_PROFILE_H
#define SG_CMD_PROFILE_H

#include "aggregate.h"
#include "options.h"
#include "strtab.h"
#include "treefilter.h"

/*
 * Run `surfgraph -f FUNC ...` (live or -i). Returns the exit status: 0 done, 1 runtime error,
 * 2 usage error; a non-zero status comes with a one-line message (sg_log_message) for main to
 * print.
 */
int sg_cmd_profile_run(const struct sg_options *o);

/*
 * What diff, tui and the root's guess need of a saved run, each building its own: the roots,
 * the slicing, and what the aggregate keeps; no output, no .tree file.
 */
struct sg_profile_load {
	const char *const *roots; /* -f; none: the trace's root guessed (guess), else refused */
	int nroots;
	int guess;
	struct sg_filter_settings filter; /* -x, --no-irqs, --max-depth, -C, -p */
	int filtered;			  /* any of them */
	unsigned keep, keep_slowest;	  /* --keep, --keep-slowest */
	int whole; /* the bucket trees, per-path statistics and calls kept: compared or browsed */
	int quiet; /* the guessed root not said */
};

/*
 * The request that reads a run as -i would (diff, merge of traces, tui): the root from -f or
 * guessed, the filters, whole (per-path statistics, bucket trees, calls), --keep's.
 */
void sg_cmd_profile_load_as_input(const struct sg_options *o, struct sg_profile_load *req);

/*
 * Build the aggregate of the saved trace or .tree at path as req says; names interned in st. 0
 * with *out set; -1 with a message; -2 with a message for a usage problem.
 */
int sg_cmd_profile_load(const struct sg_profile_load *req, const char *path, struct sg_strtab *st,
			struct sg_aggregate **out);

#endif
