/* svg_hist.h - the latency histogram strip above a flame graph's frames in the SVG. */
#ifndef SG_SVG_HIST_H
#define SG_SVG_HIST_H

#include <stdio.h>
#include "flame.h"
#include "stats.h"

/*
 * Draw s's histogram (stats.h's log-scaled buckets, as -m hist prints them) in the strip at
 * pg->hist_top: one slot per bucket from the first non-empty one to the last, a bar in each
 * non-empty one (height linear in its count, at least 1 px, the slot clickable whatever its
 * height), its <title> "LO - HI us: N invocations (P%, cumulative C%)"; marks at p50, p90, p99
 * and p99.9, placed within their bucket on the same log scale; the bucket bounds under the
 * bars. id prefixes the element ids (ID-hist, ID-hb-K for bucket K). Only numbers and fixed
 * words are written: nothing from the trace, so nothing to escape. Same input, same bytes.
 */
void sg_svg_hist_write(FILE *out, const char *id, const struct sg_flame_page *pg,
		       const struct sg_summary *s);

#endif
