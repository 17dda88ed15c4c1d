/* cmd_merge.h - `surfgraph merge A.tree B.tree ... -o ALL.tree`: runs of one root as one run. */
#ifndef SG_CMD_MERGE_H
#define SG_CMD_MERGE_H

#include "options.h"

/*
 * Run the subcommand with its parsed options (o->merge: o->files, o->output). Returns the exit
 * status: 0 done, 1 runtime error; a non-zero status comes with a one-line message
 * (sg_log_message) for main to print.
 */
int sg_cmd_merge_run(const struct sg_options *o);

#endif
