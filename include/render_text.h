/* render_text.h - the indented text tree (-m tree): per node total, self, calls, % of root and parent. */
#ifndef SG_RENDER_TEXT_H
#define SG_RENDER_TEXT_H

#include <stdint.h>
#include <stdio.h>
#include "aggregate.h"
#include "invocation.h"

struct sg_text_style {
	int unicode;	 /* box-drawing characters instead of ASCII */
	int color; /* ANSI colours by share of the root, as perf: red from 5%, green from 0.5% */
	uint32_t min_bp; /* hide nodes under this share of their root, in hundredths of a percent */
	int depth;	 /* show this many levels, the root's included; 0: all */
	int fixed_us;	 /* every time in microseconds (total_us, self_us), not scaled per value */
};

/*
 * The summary per root, then the merged tree, children by total time; times scaled per value
 * (ns, us, ms, s). Ends with how many nodes min_bp and depth hid. -1 on a write error.
 */
int sg_render_text(FILE *out, struct sg_aggregate *agg, const struct sg_text_style *style);

/* One invocation's tree, children in call order. */
int sg_render_text_invocation(FILE *out, const struct sg_invocation *inv, int has_time,
			      const struct sg_text_style *style);

/*
 * The drawing before a node's name: last[i] says whether the ancestor at depth i (and at
 * depth, the node) is the last of its siblings. Past 64 levels, "[depth N]" instead.
 */
void sg_text_put_prefix(FILE *out, const unsigned char *last, int depth, int unicode);

/*
 * Record at last[depth] whether the node drawn there is the last of its siblings, growing the
 * array (*last, *cap) as needed. -1: no memory (the array is freed).
 */
int sg_text_set_last(unsigned char **last, size_t *cap, int depth, int is_last);

/* Whether stdout is a terminal in a UTF-8 locale: the default for box-drawing characters. */
int sg_text_utf8_terminal(void);

#endif
