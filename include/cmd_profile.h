/* cmd_profile.h - profiling a function: wires input, call stacks, aggregate and renderers. */
#ifndef SG_CMD_PROFILE_H
#define SG_CMD_PROFILE_H

/*
 * Run `surfgraph -f FUNC ...` (live or -i). Returns the exit status: 0 done (also after --help),
 * 1 runtime error, 2 usage error; a non-zero status comes with a one-line message
 * (sg_log_message) for main to print.
 */
int sg_cmd_profile_run(int argc, char **argv);

#endif
