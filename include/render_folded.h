/* render_folded.h - folded stacks (-m folded) for flamegraph.pl and inferno: "a;b;c WEIGHT". */
#ifndef SG_RENDER_FOLDED_H
#define SG_RENDER_FOLDED_H

#include <stdio.h>
#include "aggregate.h"

enum sg_folded_unit {
	SG_FOLDED_NS, /* self time in integer nanoseconds: weights add up to the total exactly */
	SG_FOLDED_US, /* rounded to microseconds */
};

/*
 * The merged tree, one line per call path with a non-zero weight, paths in name order. A ';' in
 * a name would split a frame, so it is written as ':'; control bytes become '?'. Without
 * durations (nofuncgraph-duration) the weight is the number of calls.
 */
int sg_render_folded(FILE *out, struct sg_aggregate *agg, enum sg_folded_unit unit);

#endif
