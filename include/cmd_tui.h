/* cmd_tui.h - `surfgraph tui RUN`: a run browsed full-screen on a terminal. */
#ifndef SG_CMD_TUI_H
#define SG_CMD_TUI_H

#include "options.h"

/*
 * Run the subcommand with its parsed options (o->tui). Returns the exit status: 0 done, 1
 * runtime error, 2 usage error (stdout is no terminal), 128 + N when signal N stopped it; a
 * non-zero status comes with a one-line message (sg_log_message) for main to print.
 */
int sg_cmd_tui_run(const struct sg_options *o);

#endif
