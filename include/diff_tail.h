/* diff_tail.h - what diff --slow says first: which calls each side holds, where the slow time goes.
 */
#ifndef SG_DIFF_TAIL_H
#define SG_DIFF_TAIL_H

#include <stdio.h>
#include "tailsplit.h"
#include "treediff.h"

/*
 * Three or four lines: the slow side (how many, whole or buckets, against the p99), the typical
 * side (its buckets), then "the slow calls take +X more per call; N% of that under a -> b -> c":
 * the deepest path, followed from the root through the callee with the largest increase, that
 * still holds at least half of the root's increase. Names escaped for a terminal. -1 on a
 * write error.
 */
int sg_diff_tail_render(FILE *out, const struct sg_treediff *d, const struct sg_tailsplit *t,
			int unicode);

/*
 * The increase per call inside interrupt work (subtrees that sg_irqname_is_entry begins):
 * the fourth line, when positive.
 */
int64_t sg_diff_tail_irq(const struct sg_treediff *d);

/* The path's last node of that sentence, or NULL when the slow calls are not slower. */
const struct sg_treediff_node *sg_diff_tail_path(const struct sg_treediff *d);

#endif
