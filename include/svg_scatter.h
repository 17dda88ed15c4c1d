/* svg_scatter.h - the start-time × duration scatter under the SVG's histogram strip. */
#ifndef SG_SVG_SCATTER_H
#define SG_SVG_SCATTER_H

#include <stdio.h>
#include "flame.h"
#include "svg_hist.h"

/*
 * Draw c->scatter's dots and c->kept's (always drawn, in their own colour, over the others) in
 * the panel at pg->scatter_top: x the start after the first invocation's (the invocation's
 * number when the trace had no start times, and the axis says so), y the duration on the
 * strip's log scale (sg_svg_hist_frac). A dot is a <circle> (data-s its number, data-b its
 * bucket) whose <title> gives the duration, start, task-pid and CPU when known and what a click
 * does: a kept one's graph alone when h embeds the kept trees, else its bucket's (when h is
 * live). The note line says how many dots of how many invocations. The task names are
 * escaped by svgout.c; the rest is numbers and fixed words. Same input, same bytes. -1: no memory.
 */
int sg_svg_scatter_write(FILE *out, const char *id, const struct sg_flame_page *pg,
			 const struct sg_flame_caption *c, const struct sg_svg_hist *h);

/*
 * The dots' script (when h is live): a click calls svg_hist.c's svg.sgSel (inv or bucket); its
 * "sgsel" events mark the selected dots (the others dimmed). -1 when writing fails.
 */
int sg_svg_scatter_script(FILE *out, const struct sg_svg_hist *h);

#endif
