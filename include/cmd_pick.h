/* cmd_pick.h - --pick: one kept invocation drawn alone, in whichever mode the run chose. */
#ifndef SG_CMD_PICK_H
#define SG_CMD_PICK_H

#include "aggregate.h"
#include "options.h"
#include "render_text.h"

struct sg_cmd_pick {
	const struct sg_options *opt; /* the mode, -q, --unit, the pick itself */
	const struct sg_text_style *style;
	int raw_tty; /* -m raw to a terminal: control bytes escaped */
	/*
	 * draws inv's own flame graph, announced with why: ROOT-slowest.svg, ROOT-typical.svg by
	 * role, ROOT-N.svg (role NULL) for an invocation picked by number. 0 or -1
	 */
	int (*flame)(void *ctx, const struct sg_invocation *inv, int has_time, const char *why,
		     const char *role);
	void *ctx;
};

/*
 * Find the invocation opt->pick names among those agg keeps and render it alone: its tree
 * (tree, walk, raw, flame graphs) or an aggregate of it alone (folded, top, hist). Unless -q,
 * one line on stderr says which it is. -1 with a message (not kept, write error).
 */
int sg_cmd_pick_render(const struct sg_cmd_pick *p, struct sg_aggregate *agg);

/*
 * A flame-graph run's graphs besides ROOT.svg, when -s was not given: the slowest invocation's
 * and a typical one's (the kept one nearest the p50), not one per invocation. Nothing without
 * durations. 0 or -1 with a message.
 */
int sg_cmd_pick_flame_defaults(const struct sg_cmd_pick *p, struct sg_aggregate *agg);

#endif
