/* timeline.h - one invocation laid out in time for the timeline exports (-m chrome, speedscope). */
#ifndef SG_TIMELINE_H
#define SG_TIMELINE_H

#include <stdint.h>
#include "invocation.h"

/*
 * An invocation's tree keeps, per call path, the calls' printed durations summed, not when each
 * call began: calls of one function from one caller are one node. So the layout is the tree's:
 * the root spans its printed duration from its start; a node's callees follow one another in
 * the order they were first called, each as long as its calls' printed total, with the caller's
 * self time spread evenly before, between and after them. Positions inside an invocation are
 * therefore drawn, not measured; every duration is the kernel's. A callee that would end after
 * its caller (an anomaly: callees that outlast the caller's printed time) is cut at the caller's
 * end and says by how much, so slices nest exactly.
 */
struct sg_slice {
	const struct sg_node *node;
	int depth;	/* the root is 0 */
	uint64_t start; /* ns */
	uint64_t dur;	/* ns as drawn: node->total unless cut */
	uint64_t cut;	/* ns of node->total cut at the caller's end */
};

struct sg_timeline {
	const struct sg_node *root, *n;
	int depth;
	uint64_t *next; /* per depth: where the next callee begins */
	uint64_t *end;	/* per depth: where the open slice ends */
	uint64_t *gap;	/* per depth: the open slice's own time between its callees */
	size_t cap;
	uint64_t origin;
};

/* Lay out inv's tree from origin (ns). */
void sg_timeline_init(struct sg_timeline *tl, const struct sg_invocation *inv, uint64_t origin);

/* The next slice in pre-order (a caller before its callees): 1, 0 at the end, -1 no memory. */
int sg_timeline_next(struct sg_timeline *tl, struct sg_slice *s);

void sg_timeline_release(struct sg_timeline *tl);

#endif
