/* timeline.h - one invocation laid out in time for the timeline exports (-m chrome, speedscope). */
#ifndef SG_TIMELINE_H
#define SG_TIMELINE_H

#include <stdint.h>
#include "invocation.h"

/*
 * Measured: when the input had times (binary records, funcgraph-abstime text, trace-cmd report
 * text) the invocation's recorded calls (callrec.h) are placed at their entry's timestamp and
 * last the duration the kernel gave. Slices nest exactly: a call the kernel's rounding (or the
 * gap between an entry's timestamp and its calltime) puts before its caller's start, past its
 * caller's end or past its next sibling's start is clamped, 1 ns inside, and counted (the
 * timeline's clamped, the slice's cut). Strictly inside, because importers that turn slices into
 * begin/end events in floating point (speedscope) cannot order equal times.
 *
 * Laid out: otherwise (plain text without timestamps, an older .tree) the invocation's tree
 * keeps, per call path, the calls' printed durations summed, not when each call began: calls of
 * one function from one caller are one node. The root spans its printed duration from its
 * start; a node's callees follow one another in the order they were first called, each as long
 * as its calls' printed total, with the caller's self time spread evenly before, between and
 * after them. A callee that would end after its caller is cut at the caller's end and says by
 * how much.
 */
struct sg_slice {
	const struct sg_node *node;   /* laid out: the tree's node; measured: NULL */
	const struct sg_callrec *rec; /* measured: the call; laid out: NULL */
	const char *name;
	int depth;	/* the root is 0; measured: as placed (an interrupt the kernel printed at
			 * its host's depth is one deeper) */
	uint64_t start; /* ns */
	uint64_t dur;	/* ns as drawn */
	uint64_t cut;	/* laid out: ns of node->total cut at the caller's end; measured: 1 when
			 * clamped */
	uint64_t at;	/* measured: where the call's recorded start is on this timeline */
};

struct sg_timeline {
	const struct sg_node *root, *n;
	int depth;
	uint64_t *next; /* per depth: where the next callee begins */
	uint64_t *end;	/* per depth: where the open slice ends */
	uint64_t *gap;	/* per depth: the open slice's own time between its callees */
	size_t cap;
	uint64_t origin;
	/* measured */
	int measured;
	const struct sg_calls *calls;
	uint64_t *ms, *me;   /* each call's start and end as placed */
	size_t *stack, *par; /* while placing; each call's caller as placed */
	int *pd;	     /* each call's depth as placed (an interrupt one below its host) */
	size_t mcap, i;
	uint64_t base;	  /* the root's entry, ns of the trace clock */
	uint64_t clamped; /* calls of this invocation clamped */
};

/* Whether inv's calls were recorded with times: it is measured, not laid out. */
int sg_timeline_measured(const struct sg_invocation *inv);

/*
 * Place inv's calls (measured) or lay out its tree, its root's start at origin (ns); tl->measured
 * and tl->clamped say which and how many were clamped. -1: no memory.
 */
int sg_timeline_init(struct sg_timeline *tl, const struct sg_invocation *inv, uint64_t origin);

/* The next slice in pre-order (a caller before its callees): 1, 0 at the end, -1 no memory. */
int sg_timeline_next(struct sg_timeline *tl, struct sg_slice *s);

void sg_timeline_release(struct sg_timeline *tl);

#endif
