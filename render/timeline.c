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
	uint64_t *nx, *en;

	while (ncap <= depth)
		ncap *= 2;
	nx = realloc(tl->next, ncap * sizeof(*nx));
	if (nx)
		tl->next = nx;
	en = nx ? realloc(tl->end, ncap * sizeof(*en)) : NULL;
	if (!en) {
		sg_log_error("out of memory");
		return -1;
	}
	tl->end = en;
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
	tl->next[d] = s->start + s->dur;
	tl->end[d] = s->start + s->dur;
	tl->next[d + 1] = s->start;
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
	tl->next = tl->end = NULL;
	tl->cap = 0;
}
