/* diff_folded.h - a comparison as two-column folded stacks (-m folded): "a;b;c BEFORE AFTER". */
#ifndef SG_DIFF_FOLDED_H
#define SG_DIFF_FOLDED_H

#include <stdio.h>
#include "treediff.h"

/*
 * One line per call path whose self time is not zero in either run, weights in integer ns
 * (per invocation, or totals), paths in the comparison's order: the input flamegraph.pl and
 * inferno take for a differential flame graph. Names are cleaned as in -m folded (';' becomes
 * ':', control bytes '?'). -1 on a write error or when memory runs out (message set).
 */
int sg_diff_folded_render(FILE *out, const struct sg_treediff *d);

#endif
