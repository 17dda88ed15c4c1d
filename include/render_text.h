/* render_text.h - the indented text tree (-m tree): per node total, self, calls, % of root and parent. */
#ifndef SG_RENDER_TEXT_H
#define SG_RENDER_TEXT_H

#include <stdio.h>
#include "aggregate.h"
#include "invocation.h"

struct sg_text_style {
	int unicode; /* box-drawing characters instead of ASCII */
};

/* The summary per root, then the merged tree, children by total time. -1 on a write error. */
int sg_render_text(FILE *out, struct sg_aggregate *agg, const struct sg_text_style *style);

/* One invocation's tree, children in call order. */
int sg_render_text_invocation(FILE *out, const struct sg_invocation *inv, int has_time,
			      const struct sg_text_style *style);

#endif
