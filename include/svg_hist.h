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
 * bars; under them, with h (sg_svg_hist_new), the selection's line and its All button (ID-hsel,
 * ID-hall). id prefixes the element ids (ID-hist, ID-hb-K for bucket K). Only numbers and fixed
 * words are written: nothing from the trace, so nothing to escape. Same input, same bytes.
 */
struct sg_svg_hist;
void sg_svg_hist_write(FILE *out, const char *id, const struct sg_flame_page *pg,
		       const struct sg_summary *s, const struct sg_svg_hist *h);

/*
 * The bound of the embedded selection data: at most this many (call path, bucket) entries and
 * this many bytes of JSON (an entry is four numbers, at most 67 bytes; a drawable call path its
 * parent, name and fill once, each name and fill written once and referred to by number); the kept invocations' trees count in them too, and go first (said under
 * the scatter) when both do not fit. Past either, the strip stays static and says why. On the 6.1
 * schedule fixture (958 invocations, 15 buckets, 895 entries) the buckets' data is 21.5 KB, with
 * the 40 kept invocations' 44.6 KB, and ROOT.svg 240 KB with the scatter's 958 dots (169 KB)
 * (9.8 KB without the strip and scatter). The rest of the SVG is bound as before (frames by the width and
 * minwidth); the selection's script is about 6 KB.
 */
#define SG_SVG_HIST_MAX_ENTRIES 100000
#define SG_SVG_HIST_MAX_BYTES	(16 << 20)

/*
 * Prepare c->bucket's trees for embedding (c->hist and c->bucket set): their union laid out
 * unpruned, so any selection's frames are known; c->kept's trees too (each a subset of its
 * bucket's), when buckets and kept fit SG_SVG_HIST_MAX_ENTRIES and _BYTES together. Only the
 * paths some selection can draw are embedded: those at least o->minwidth wide in one bucket's
 * graph or one kept invocation's (a selection of several buckets is never wider than its widest
 * bucket makes a path), with their callers; such a path keeps its entries in every tree, so a
 * selection's sums stay exact. NULL with a message when memory runs out; a result with no
 * entries when they pass SG_SVG_HIST_MAX_ENTRIES.
 */
struct sg_svg_hist *sg_svg_hist_new(const struct sg_flame_caption *c,
				    const struct sg_flame_opts *o);
void sg_svg_hist_free(struct sg_svg_hist *h);

/* Whether h's selection is embedded (the strip is live). */
int sg_svg_hist_live(const struct sg_svg_hist *h);

/* 1: the kept invocations' trees are embedded; -1: they passed the bound, left out; 0: none. */
int sg_svg_hist_kept(const struct sg_svg_hist *h);

/*
 * Where v falls on the strip's log scale, as a fraction of it (0 at the first non-empty bucket's
 * low bound, 1 at the last's high one), and the bucket bound nearest a fraction (UINT64_MAX past
 * the last bucket): what the scatter's y axis shares with the strip.
 */
double sg_svg_hist_frac(const struct sg_summary *s, uint64_t v);
uint64_t sg_svg_hist_bound(const struct sg_summary *s, double frac);

/* The deepest frame any selection draws. */
unsigned sg_svg_hist_depth(const struct sg_svg_hist *h);

/*
 * The selection: the trees as JSON in a <metadata> element (JSON-escaped by json.c, then
 * XML-escaped) and a script that, on a click on a bar (shift-click adds or removes one, a drag
 * selects a range), sums the chosen buckets' trees, lays them out as flame.c does (same order,
 * clip and minwidth) and puts the frames in the graph's place, then tells svg.c's viewer
 * ("sgredraw") to read them again; "All" puts the merged graph back. The URL keeps the
 * selection (?h=K,K2), or a kept invocation drawn alone (?k=SEQ, through svg.sgSel.inv, which
 * svg_scatter.c's dots call); every change is told as an "sgsel" event. Sums are JavaScript numbers: exact up to 2^53 ns (104 days) of time in
 * a frame. Redrawn tooltips have no return-value errors. Nothing when h holds no entries. -1
 * when writing fails.
 */
int sg_svg_hist_script(FILE *out, const char *id, const struct sg_flame_page *pg,
		       const struct sg_svg_hist *h);

#endif
