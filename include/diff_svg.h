/* diff_svg.h - the differential flame graph (diff -m svg): one run's shape, coloured by change. */
#ifndef SG_DIFF_SVG_H
#define SG_DIFF_SVG_H

#include <stdio.h>
#include "treediff.h"

/*
 * Lay out AFTER's merged tree (BEFORE's when negate is set, so paths that are gone show) with
 * render/flame.c and write it with render/svg.c: the same interactivity and escaping as the
 * plain flame graph. A frame is red where its total time per invocation grew, blue where it
 * shrank, grey where it did not change (or changed by less than the comparison's threshold);
 * saturation grows linearly with |delta| up to the largest |delta| of any path. Tooltips add
 * before, after and the delta. -1 with a message on a write error or when memory runs out.
 */
int sg_diff_svg_render(FILE *out, const struct sg_treediff *d, int negate);

/* The same picture as PNG or PDF through render/cairo_out.c (diff -m png, -m pdf). */
int sg_diff_cairo_render(FILE *out, const struct sg_treediff *d, int negate, int pdf);

/* The fill of a path: exposed for tests of the colour scale. */
void sg_diff_svg_color(const struct sg_treediff *d, const struct sg_treediff_node *n,
		       unsigned char rgb[3]);

#endif
