/* render_top.h - the flat profile (-m top): calls, total, self, avg, max, % of root by function. */
#ifndef SG_RENDER_TOP_H
#define SG_RENDER_TOP_H

#include <stdio.h>
#include "aggregate.h"

/* --sort for -m top: the rows' order, largest first (name: alphabetical). */
enum sg_top_order { SG_TOP_SELF, SG_TOP_TOTAL, SG_TOP_CALLS, SG_TOP_NAME };

/*
 * One line per function over all complete invocations, in order (ties by self time, calls and
 * name). total counts a recursive function once (its outermost calls); avg = total / calls; max
 * is the longest single call; %root is total against all the roots' total, as -m tree's. -1 on
 * a write error or no memory.
 */
int sg_render_top(FILE *out, struct sg_aggregate *agg, enum sg_top_order order);

#endif
