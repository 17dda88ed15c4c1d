/* cmd_diff.h - `surfgraph diff BEFORE.tree AFTER.tree`: compare two saved runs; a CI gate. */
#ifndef SG_CMD_DIFF_H
#define SG_CMD_DIFF_H

/* The exit status when --fail-above tripped. */
#define SG_CMD_DIFF_TRIPPED 3

#include "options.h"

/*
 * Run the subcommand with its parsed options (o->diff). Returns the exit status: 0 done, 1
 * runtime error, 2 usage error, 3 the --fail-above limit was passed. A non-zero status comes
 * with a one-line message (sg_log_message) for main to print.
 */
int sg_cmd_diff_run(const struct sg_options *o);

#endif
