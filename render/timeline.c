/* timeline.c - one invocation laid out in time for the timeline exports (-m chrome, speedscope). */
#include <stdlib.h>
#include "log.h"
#include "timeline.h"

int sg_timeline_measured(const struct sg_invocation *inv)
{
	const struct sg_calls *c = inv->calls;

	if (!inv->has_ts || !c || !c->n)
		return 0;
	for (size_t i = 0; i < c->n; i++)
		if (!c->v[i].has_ts || !c->v[i].has_dur)
			return 0;
	return 1;
}

static uint64_t clamp(uint64_t v, uint64_t lo, uint64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * Each call's start and end from origin, then clamped so that slices nest: first each call ends
 * before the next call at its depth or above starts, then each call lies inside its caller. A
 * call printed at the depth of an open call and lying within it is an interrupt the kernel
 * printed at the interrupted call's depth: it nests inside that call (one level deeper).
 */
static int place(struct sg_timeline *tl, const struct sg_invocation *inv)
{
	const struct sg_calls *c = inv->calls;
	size_t n = c->n, top = 0;

	if (n > tl->mcap) {
		uint64_t *ms = realloc(tl->ms, n * sizeof(*ms)), *me;
		size_t *st = NULL, *par = NULL;
		int *pd = NULL;

		if (ms)
			tl->ms = ms;
		me = ms ? realloc(tl->me, n * sizeof(*me)) : NULL;
		if (me)
			tl->me = me;
		st = me ? realloc(tl->stack, n * sizeof(*st)) : NULL;
		if (st)
			tl->stack = st;
		par = st ? realloc(tl->par, n * sizeof(*par)) : NULL;
		if (par)
			tl->par = par;
		pd = par ? realloc(tl->pd, n * sizeof(*pd)) : NULL;
		if (!pd)
			return -1;
		tl->pd = pd;
		tl->mcap = n;
	}
	for (size_t i = 0; i < n; i++) {
		const struct sg_callrec *r = &c->v[i];

		/* from the root's entry, which may be a little after a call on another CPU */
		tl->ms[i] = tl->origin + (r->start - tl->base);
		tl->me[i] = sg_add_sat(tl->ms[i], r->dur);
	}
	for (size_t i = 0; i < n; i++) {
		int d = c->v[i].depth;

		while (top) {
			size_t t = tl->stack[top - 1];
			int dt = c->v[t].depth;

			if (dt < d) {
				/*
				 * A call over before this one began is not its caller: an interrupt
				 * the kernel printed deeper than the call before it, or one nested
				 * below its host (above)
				 */
				if (tl->me[t] < tl->ms[i]) {
					top--;
					continue;
				}
				break;
			}
			if (dt == d && c->v[t].func != c->v[i].func && tl->ms[i] >= tl->ms[t] &&
			    tl->me[i] < tl->me[t])
				break;
			if (tl->me[t] >= tl->ms[i])
				tl->me[t] = tl->ms[i] > tl->ms[t] ? tl->ms[i] - 1 : tl->ms[t];
			top--;
		}
		tl->par[i] = top ? tl->stack[top - 1] : (size_t) -1;
		tl->pd[i] = top ? tl->pd[tl->par[i]] + 1 : 0;
		tl->stack[top++] = i;
	}
	tl->clamped = 0;
	for (size_t i = 0; i < n; i++) {
		size_t p = tl->par[i];

		if (p != (size_t) -1) {
			uint64_t hi = tl->me[p] > tl->ms[p] ? tl->me[p] - 1 : tl->ms[p];

			tl->ms[i] = clamp(tl->ms[i], tl->ms[p], hi);
			tl->me[i] = clamp(tl->me[i], tl->ms[i], hi);
		}
		if (tl->ms[i] != tl->origin + (c->v[i].start - tl->base) ||
		    tl->me[i] - tl->ms[i] != c->v[i].dur)
			tl->clamped++;
	}
	return 0;
}

int sg_timeline_init(struct sg_timeline *tl, const struct sg_invocation *inv, uint64_t origin)
{
	tl->root = tl->n = sg_invocation_root(inv);
	tl->depth = 0;
	tl->origin = origin;
	tl->measured = sg_timeline_measured(inv);
	tl->calls = tl->measured ? inv->calls : NULL;
	tl->i = 0;
	tl->clamped = 0;
	tl->base = inv->start_ts;
	if (tl->measured && place(tl, inv) < 0) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

static int next_measured(struct sg_timeline *tl, struct sg_slice *s)
{
	if (tl->i == tl->calls->n)
		return 0;
	size_t i = tl->i++;
	const struct sg_callrec *r = &tl->calls->v[i];

	s->node = NULL;
	s->rec = r;
	s->name = r->func;
	s->depth = tl->pd[i];
	s->start = tl->ms[i];
	s->dur = tl->me[i] - tl->ms[i];
	s->at = tl->origin + (r->start - tl->base);
	s->cut = s->dur != r->dur || s->start != s->at;
	return 1;
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

	if (tl->measured)
		return next_measured(tl, s);
	if (!n)
		return 0;
	if (reserve(tl, (size_t) d + 1) < 0)
		return -1;
	s->node = n;
	s->rec = NULL;
	s->name = n->name;
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
	free(tl->ms);
	free(tl->me);
	free(tl->stack);
	free(tl->par);
	free(tl->pd);
	tl->par = NULL;
	tl->pd = NULL;
	tl->next = tl->end = tl->gap = tl->ms = tl->me = NULL;
	tl->stack = NULL;
	tl->cap = tl->mcap = 0;
}
