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
 * this many bytes of JSON (an entry is four numbers, at most 67 bytes; a call path its parent,
 * name and fill once). Past either, the strip stays static and says why. On the 6.1 schedule
 * fixture (958 invocations, 15 buckets, 895 entries) the data is 21.5 KB and ROOT.svg 43.5 KB
 * (9.8 KB without the strip). The rest of the SVG is bound as before (frames by the width and
 * minwidth); the selection's script is about 6 KB.
 */
#define SG_SVG_HIST_MAX_ENTRIES 100000
#define SG_SVG_HIST_MAX_BYTES	(16 << 20)

/*
 * Prepare c->bucket's trees for embedding (c->hist and c->bucket set): their union laid out
 * unpruned, so any selection's frames are known. NULL with a message when memory runs out;
 * a result with no entries when they pass SG_SVG_HIST_MAX_ENTRIES.
 */
struct sg_svg_hist *sg_svg_hist_new(const struct sg_flame_caption *c,
				    const struct sg_flame_opts *o);
void sg_svg_hist_free(struct sg_svg_hist *h);

/* The deepest frame any selection draws. */
unsigned sg_svg_hist_depth(const struct sg_svg_hist *h);

/*
 * The selection: the trees as JSON in a <metadata> element (JSON-escaped by json.c, then
 * XML-escaped) and a script that, on a click on a bar (shift-click adds or removes one, a drag
 * selects a range), sums the chosen buckets' trees, lays them out as flame.c does (same order,
 * clip and minwidth) and puts the frames in the graph's place, then tells svg.c's viewer
 * ("sgredraw") to read them again; "All" puts the merged graph back. The URL keeps the
 * selection (?h=K,K2). Sums are JavaScript numbers: exact up to 2^53 ns (104 days) of time in
 * a frame. Redrawn tooltips have no return-value errors. Nothing when h holds no entries. -1
 * when writing fails.
 */
int sg_svg_hist_script(FILE *out, const char *id, const struct sg_flame_page *pg,
		       const struct sg_svg_hist *h);

#endif
