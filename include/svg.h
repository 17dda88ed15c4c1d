/* svg.h - the flame graph as one self-contained interactive SVG: zoom, search, tooltips. */
#ifndef SG_SVG_H
#define SG_SVG_H

#include <stddef.h>
#include <stdio.h>
#include "flame.h"

/*
 * Write the laid-out flame f with its caption as SVG to out. Every frame is a <g> holding a
 * <title> tooltip ("name — cost X us, P% of root, Q% of parent, self S us, N calls"), a <rect>
 * and, when 3 characters fit, a <text> label; frames are grouped by depth. Embedded JavaScript
 * zooms on click, searches with a regular expression (Search, Ctrl-F), shows the hovered frame
 * and keeps zoom and search in the URL (?x=FRAME&s=REGEX&i=1). Element ids start with a hash
 * of the content, so two graphs inlined in one page do not clash. Every string from the input
 * is escaped in one place (xml_text), but for the histogram selection's data (svg_histdata.c:
 * JSON-escaped by json.c, then XML's specials by svg_hist.c). With c->hist the strip is drawn
 * above the frames and, with c->bucket, the selection (?h=K) can redraw them. Same input, same
 * bytes.
 *
 * *drawn (may be NULL) gets the number of frames written. -1 when writing fails.
 */
int sg_svg_write(FILE *out, const struct sg_flame *f, const struct sg_flame_caption *c,
		 const struct sg_flame_opts *o, size_t *drawn);

#endif
