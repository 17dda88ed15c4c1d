/* render_top.h - the flat profile (-m top): per function calls, total, self, avg, max, by self time. */
#ifndef SG_RENDER_TOP_H
#define SG_RENDER_TOP_H

#include <stdio.h>
#include "aggregate.h"

/*
 * One line per function over all complete invocations, sorted by self time (ties by name).
 * total counts a recursive function once (its outermost calls); avg = total / calls; max is the
 * longest single call. -1 on a write error or no memory.
 */
int sg_render_top(FILE *out, struct sg_aggregate *agg);

#endif
