/* render_walk.h - walk output (-m walk): one line per node, "level name total_us self_us calls". */
#ifndef SG_RENDER_WALK_H
#define SG_RENDER_WALK_H

#include <stdio.h>
#include "invocation.h"

/* One block for one invocation: a '#' header line, its nodes depth-first in call order, a blank line. */
int sg_render_walk(FILE *out, const struct sg_invocation *inv, int has_time);

#endif
