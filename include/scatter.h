/* scatter.h - every complete invocation's start and duration, thinned to a bound: the SVG's
 * scatter. */
#ifndef SG_SCATTER_H
#define SG_SCATTER_H

#include <stdint.h>
#include "invocation.h"

/*
 * Dots kept at most. Past it every other one goes and the stride doubles (1, 2, 4, ...: the
 * dots are the invocations whose number is a multiple of it), so what is kept does not depend
 * on when the bound was reached and a run of any length keeps between half of it and all of it.
 */
#define SG_SCATTER_MAX 10000

struct sg_scatter_dot {
	uint64_t seq;	   /* its number among complete invocations */
	uint64_t start;	   /* ns of the trace clock, when has_ts */
	uint64_t duration; /* ns, the kernel's */
	const char *root;  /* interned */
	const char *comm;  /* interned or NULL */
	int pid;	   /* -1 unknown */
	int cpu;	   /* the CPU it began on; -1 unknown */
	int has_ts;
};

struct sg_scatter {
	struct sg_scatter_dot *dots; /* ascending seq, each a multiple of stride */
	unsigned n, cap;
	uint64_t stride;  /* a power of two */
	uint64_t offered; /* complete invocations with a duration, dot or not */
	uint64_t first;	  /* the earliest start among them, when all_ts */
	int all_ts;	  /* every one had a start time: else the x axis is the ordinal */
};

/* An empty scatter; NULL: no memory. */
struct sg_scatter *sg_scatter_new(void);
void sg_scatter_free(struct sg_scatter *sc);

/* A complete invocation with a duration (seq set), in seq order. -1: no memory. */
int sg_scatter_add(struct sg_scatter *sc, const struct sg_invocation *inv);

/*
 * A dot as a .tree stores it (after sg_scatter_new and setting stride, offered, first,
 * all_ts): NULL, or why it cannot be one (order, stride, bound, start before first).
 */
const char *sg_scatter_put(struct sg_scatter *sc, const struct sg_scatter_dot *d);

/*
 * The dots to draw: sc's and those of extra (the kept invocations, always drawn), by seq, each
 * once. *n gets the count; NULL when memory runs out (message set) or there is nothing.
 */
struct sg_scatter_dot *sg_scatter_with(const struct sg_scatter *sc,
				       struct sg_invocation *const *extra, unsigned nextra,
				       unsigned *n);

#endif
