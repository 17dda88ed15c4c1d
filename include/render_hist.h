/* render_hist.h - the latency distribution (-m hist) and its one-line form for -m tree's header. */
#ifndef SG_RENDER_HIST_H
#define SG_RENDER_HIST_H

#include <stdio.h>
#include "aggregate.h"

/*
 * Per root: its counts, p50/p90/p99/p99.9/max, then one line per log-scaled bucket from the
 * first non-empty one to the last (range | count | bar | cumulative %), as perf ftrace latency
 * prints them. Counts are exact. -1 with a message when a root's histogram is unknown (a .tree
 * of version 1 or 2, a trace without durations) or on a write error.
 */
int sg_render_hist(FILE *out, const struct sg_aggregate *agg, int unicode);

/*
 * The histogram in one line for a header: "  hist 16 us [_.#_-] 2048 us  p90 X  p99.9 Y", each
 * non-empty bucket's height by its count (unicode: block elements). Nothing when unknown.
 */
void sg_render_hist_line(FILE *out, const struct sg_summary *sum, int unicode);

#endif
