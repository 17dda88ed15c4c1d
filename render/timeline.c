/* timeline.c - one invocation laid out in time for the timeline exports (-m chrome, speedscope). */
#include <stdlib.h>
#include "log.h"
#include "timeline.h"

void sg_timeline_init(struct sg_timeline *tl, const struct sg_invocation *inv, uint64_t origin)
{
	tl->root = tl->n = sg_invocation_root(inv);
	tl->depth = 0;
	tl->origin = origin;
}

static int reserve(struct sg_timeline *tl, size_t depth)
{
	if (depth < tl->cap)
		return 0;
	size_t ncap = tl->cap ? tl->cap * 2 : 64;
	uint64_t *nx, *en, *gp;

	while (ncap <= depth)
		ncap *= 2;
	nx = realloc(tl->next, ncap * sizeof(*nx));
	if (nx)
		tl->next = nx;
	en = nx ? realloc(tl->end, ncap * sizeof(*en)) : NULL;
	if (en)
		tl->end = en;
	gp = en ? realloc(tl->gap, ncap * sizeof(*gp)) : NULL;
	if (!gp) {
		sg_log_error("out of memory");
		return -1;
	}
	tl->gap = gp;
	tl->cap = ncap;
	return 0;
}

int sg_timeline_next(struct sg_timeline *tl, struct sg_slice *s)
{
	const struct sg_node *n = tl->n;
	int d = tl->depth;

	if (!n)
		return 0;
	if (reserve(tl, (size_t) d + 1) < 0)
		return -1;
	s->node = n;
	s->depth = d;
	if (d == 0) {
		s->start = tl->origin;
		s->dur = n->total;
		s->cut = 0;
	} else {
		uint64_t room = tl->end[d - 1] - tl->next[d];

		s->start = tl->next[d];
		s->dur = n->total < room ? n->total : room;
		s->cut = n->total - s->dur;
	}
	/* saturated sums stop at the clock's end rather than wrap */
	if (s->start + s->dur < s->start)
		s->dur = UINT64_MAX - s->start;
	tl->end[d] = s->start + s->dur;
	tl->next[d] = s->start + s->dur + (d ? tl->gap[d - 1] : 0);
	/*
	 * The caller's own time goes evenly before, between and after its callees: neighbours
	 * never touch and a callee never starts or ends with its caller, where importers that turn
	 * slices into begin/end events in floating point (speedscope) cannot tell their order.
	 */
	uint64_t kids = 0, k = 0;

	for (const struct sg_node *c = n->child; c; c = c->next, k++)
		kids = sg_add_sat(kids, c->total);
	tl->gap[d] = s->dur > kids ? (s->dur - kids) / (k + 1) : 0;
	tl->next[d + 1] = s->start + tl->gap[d];
	/* advance in pre-order */
	if (n->child) {
		tl->n = n->child;
		tl->depth = d + 1;
		return 1;
	}
	while (n != tl->root && !n->next) {
		n = n->parent;
		d--;
	}
	tl->n = n == tl->root ? NULL : n->next;
	tl->depth = d;
	return 1;
}

void sg_timeline_release(struct sg_timeline *tl)
{
	free(tl->next);
	free(tl->end);
	free(tl->gap);
	tl->next = tl->end = tl->gap = NULL;
	tl->cap = 0;
}
