/* svg_histdata.h - the histogram strip's selection data: the buckets' and kept trees as JSON. */
#ifndef SG_SVG_HISTDATA_H
#define SG_SVG_HISTDATA_H

#include "flame.h"
#include "idmap.h"
#include "svgout.h"

/*
 * What svg_hist.c embeds: u, the union of the bucket trees, laid out unpruned as f; bucket, the
 * SG_HIST_BUCKETS trees (NULL: an empty bucket); kept, the nkept invocations drawable alone.
 */
struct sg_svg_histdata {
	struct sg_tree *u;
	const struct sg_flame *f;
	struct sg_tree *const *bucket;
	struct sg_invocation *const *kept;
	unsigned nkept;
};

/*
 * Write the JSON to js: s, the names, each once; c, the fills ("rrggbb" and 1 for a light
 * label), each once; n, per drawable frame of the union, parent, name and fill (three numbers,
 * flat); b, per bucket [invocations, frame step, total, self, calls, ...]; k, the same per kept
 * invocation by its number; the layout's constants. Only the frames some selection can draw at
 * o->minwidth are written, with their callers (see sg_svg_hist_new). Names are JSON-escaped
 * (json.c); the caller XML-escapes the whole. *depth gets the deepest frame kept. -1 when memory
 * runs out.
 */
/* The union's nodes some selection may draw, and which of them have such callees. */
struct sg_svg_histwant {
	struct sg_idmap map;  /* the nodes, each numbered */
	unsigned char *inner; /* by number: 1 when a callee is in the map too */
};

/*
 * The union's nodes some selection may draw, into want (zeroed by the caller, who frees it with
 * sg_svg_histdata_want_free): 1, and sg_svg_histdata_wanted (ctx want) is the layout's
 * frame_want; 0: every frame is needed (several roots, or none); -1: no memory. hd->f is not
 * read. The frames a selection can draw at o->minwidth are among them, so the layout holds those
 * of a 100,000-path union, not all (issue 35.2); sg_svg_histdata_write decides which are
 * written, as before.
 */
int sg_svg_histdata_want(struct sg_svg_histwant *want, const struct sg_svg_histdata *hd,
			 const struct sg_flame_opts *o);
int sg_svg_histdata_wanted(void *want, const struct sg_node *n);
void sg_svg_histdata_want_free(struct sg_svg_histwant *want);

int sg_svg_histdata_write(struct sg_svgout *js, const struct sg_svg_histdata *hd,
			  const struct sg_flame_opts *o, unsigned *depth);

#endif
