/* diff_text.h - a comparison as text (diff -m tree): distributions, largest changes, the tree. */
#ifndef SG_DIFF_TEXT_H
#define SG_DIFF_TEXT_H

#include <stdint.h>
#include <stdio.h>
#include "treediff.h"

struct sg_diff_text_style {
	int unicode; /* box-drawing characters and arrows instead of ASCII */
	int color;   /* ANSI colours: red slower, blue faster, grey within the noise */
	uint32_t min_bp; /* hide paths below this share of their root's time (hundredths of %) */
	int depth;	 /* show this many levels, the root's included; 0: all */
};

/*
 * Per root: BEFORE's and AFTER's latency distribution (count, avg, p50, p99, max); then the
 * paths with the largest change in self time; then AFTER's merged tree with each node's total
 * before and after, the delta in µs and %, and the calls; paths only in one run say new or
 * gone. Paths hidden by the threshold are counted, not drawn. -1 on a write error.
 */
int sg_diff_text_render(FILE *out, const struct sg_treediff *d,
			const struct sg_diff_text_style *style);

#endif
