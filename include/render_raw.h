/* render_raw.h - raw output (-m raw): the input lines of each complete invocation, unchanged. */
#ifndef SG_RENDER_RAW_H
#define SG_RENDER_RAW_H

#include <stdio.h>
#include "invocation.h"

/* The invocation's lines as read, then a blank line between invocations. */
int sg_render_raw(FILE *out, const struct sg_invocation *inv);

#endif
