/* cairo_out.h - the flame graph drawn through cairo as PNG or PDF, for trackers without SVG. */
#ifndef SG_CAIRO_OUT_H
#define SG_CAIRO_OUT_H

#include <stdio.h>
#include "flame.h"

enum sg_cairo_format { SG_CAIRO_PNG, SG_CAIRO_PDF };

/*
 * Draw the laid-out flame f with its caption, as the SVG shows it before any click: same page,
 * frames, colours and labels (fontconfig's monospace font). date ("2026-11-22T05:31:02Z" or
 * NULL) becomes the PDF's creation date; without one the PDF carries a fixed date, so that the
 * same input gives the same bytes. -1 with a message when cairo or the write fails.
 */
int sg_cairo_write(FILE *out, enum sg_cairo_format fmt, const struct sg_flame *f,
		   const struct sg_flame_caption *c, const struct sg_flame_opts *o,
		   const char *date);

#endif
