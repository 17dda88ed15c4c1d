/* render_replay.h - -m replay: each call of an invocation, in order, as the kernel recorded it. */
#ifndef SG_RENDER_REPLAY_H
#define SG_RENDER_REPLAY_H

#include <stdio.h>
#include "invocation.h"

/*
 * One block for one invocation: a '#' header line (as -m walk's), then one line per recorded
 * call in the order they were entered, "TIME REL_US [CPU] TASK-PID DURATION_US | CALL" with CALL
 * indented two spaces per depth, "func(args) = retval" when the trace gave them; '-' for what it
 * did not give; then a blank line. -1: write error.
 */
int sg_render_replay(FILE *out, const struct sg_invocation *inv);

#endif
