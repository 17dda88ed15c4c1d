/* cmd_profile.h - profiling a function: wires input, call stacks, aggregate and renderers. */
#ifndef SG_CMD_PROFILE_H
#define SG_CMD_PROFILE_H

#include "aggregate.h"
#include "options.h"
#include "strtab.h"

/*
 * Run `surfgraph -f FUNC ...` (live or -i). Returns the exit status: 0 done, 1 runtime error,
 * 2 usage error; a non-zero status comes with a one-line message (sg_log_message) for main to
 * print.
 */
int sg_cmd_profile_run(const struct sg_options *o);

/*
 * Build the aggregate of a saved trace or .tree at path as `-i path` with the options o would
 * (root -f, filters), without output or .tree file; names interned in st. 0 with *out set; -1
 * with a message; -2 with a message for a usage problem.
 */
int sg_cmd_profile_load(const struct sg_options *o, const char *path, struct sg_strtab *st,
			struct sg_aggregate **out);

#endif
