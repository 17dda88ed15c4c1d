/* svg_chart.h - a kept invocation drawn in time in the SVG: its recorded calls as a flame chart. */
#ifndef SG_SVG_CHART_H
#define SG_SVG_CHART_H

#include <stdio.h>
#include "flame.h"

/*
 * The calls embedded for the time view in all (every kept invocation's, up to this many): an
 * invocation whose calls would pass it is left out whole, and its view says so. A call costs
 * about 20 bytes of JSON (docs/flamegraphs.md), so the block stays under ~2.5 MB; each
 * invocation keeps at most SG_CALLS_MAX (10,000) calls anyway.
 */
#define SG_SVG_CHART_MAX_CALLS 100000

struct sg_svg_chart;

/*
 * The recorded calls (callrec.h) of c->kept's invocations, each placed in time as the timeline
 * exports place them (timeline.c: nested exactly, an interrupt printed at its host's depth one
 * deeper), as compact JSON: per invocation with times, per call its kind (name and fill, as the
 * merged graph's: palette and interrupt hue), start (as the step from the call before), duration
 * and depth; the CPU and task where they change; the recorded start and duration of the few
 * calls whose drawing is clamped. Invocations without times (plain text without
 * funcgraph-abstime, an older .tree) are not in it. NULL with a message when memory runs out.
 */
struct sg_svg_chart *sg_svg_chart_new(const struct sg_flame_caption *c,
				      const struct sg_flame_opts *o);
void sg_svg_chart_free(struct sg_svg_chart *t);

/* The deepest call it draws (the root is 0), so the page has room for it. */
unsigned sg_svg_chart_depth(const struct sg_svg_chart *t);

/*
 * The data in its own <metadata> element (ID-tc) and the script that draws it: with a kept
 * invocation shown alone (svg_hist.c's selection), a button (ID-tv) and the t key switch
 * between the merged tree and the time view, one rectangle per call at x = its start from the
 * root's entry, width its duration, y its depth, tooltips "NAME — cost D us, at +S us, TASK,
 * CPU N"; then svg.c's viewer reads the frames again ("sgredraw"), so zoom and search work on
 * them. The URL keeps it (t=1). An invocation without times says "no timings recorded". Nothing
 * when t is NULL. -1 when writing fails.
 */
int sg_svg_chart_script(FILE *out, const char *id, const struct sg_flame_page *pg,
			const struct sg_svg_chart *t);

#endif
