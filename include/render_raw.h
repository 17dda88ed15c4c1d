/* render_raw.h - raw output (-m raw): the input lines of each complete invocation, unchanged. */
#ifndef SG_RENDER_RAW_H
#define SG_RENDER_RAW_H

#include <stdio.h>
#include "invocation.h"

/*
 * The invocation's lines as read, then a blank line between invocations. For a terminal
 * (escape 1) control bytes but newline and tab are written '?': a task's name (prctl) must not
 * send escape sequences to whoever reads the trace; into a file or pipe, the bytes as they are.
 */
int sg_render_raw(FILE *out, const struct sg_invocation *inv, int escape);

#endif
