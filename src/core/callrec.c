/* callrec.c - every call of one invocation as the kernel recorded it, in order: the replay and
 * the measured timelines. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "callrec.h"

struct sg_calls *sg_callrec_new(void)
{
	return calloc(1, sizeof(struct sg_calls));
}

void sg_callrec_free(struct sg_calls *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n && c->nargs; i++)
		free(c->v[i].args);
	free(c->v);
	free(c->open);
	free(c);
}

/* An entry's arguments as text: the trace's, or its raw values in hex ("0x1f, 0x40"). */
static const char *args_text(const struct sg_event *ev, char *buf, size_t size, size_t *len)
{
	size_t n = 0;

	if (ev->args_len || !ev->nargv) {
		*len = ev->args_len;
		return ev->args_len ? ev->args : NULL;
	}
	for (int i = 0; i < ev->nargv && i < SG_EVENT_ARGS && n < size; i++)
		n += (size_t) snprintf(buf + n, size - n, "%s0x%" PRIx64, i ? ", " : "",
				       ev->argv[i]);
	*len = n < size ? n : size - 1;
	return buf;
}

/* grow() without room or past the bound: NULL past the bound (counted), else more room. */
static struct sg_callrec *grow_room(struct sg_calls *c, int *oom)
{
	if (c->n >= SG_CALLS_MAX) {
		c->dropped++;
		return NULL;
	}
	size_t ncap = c->cap ? c->cap * 2 : 256;
	struct sg_callrec *v = realloc(c->v, ncap * sizeof(*v));

	if (!v) {
		*oom = 1;
		return NULL;
	}
	c->v = v;
	c->cap = ncap;
	return &c->v[c->n++];
}

/*
 * A new record at the end; NULL past the bound (counted) or without memory (*oom). Inline: one
 * per traced call, and there is mostly room below the bound.
 */
static inline struct sg_callrec *grow(struct sg_calls *c, int *oom)
{
	*oom = 0;
	if (c->n < c->cap && c->n < SG_CALLS_MAX)
		return &c->v[c->n++];
	return grow_room(c, oom);
}

static char *copy(const char *s, size_t len)
{
	char *d = malloc(len + 1);

	if (d) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}

/*
 * sg_callrec_enter's record of a call below the bound. Out of line: the checks before it, which a
 * large invocation's calls mostly end at, then need no saved registers nor its buffer.
 */
static __attribute__((noinline)) int record(struct sg_calls *c, const struct sg_event *ev,
					    int depth, int pid, const char *comm)
{
	char buf[SG_EVENT_ARGS * 24];
	size_t len = 0;
	int oom;
	/* most calls have no arguments: the formatting call only for those that do */
	const char *args = ev->args_len || ev->nargv ? args_text(ev, buf, sizeof(buf), &len) : NULL;
	struct sg_callrec *r = grow(c, &oom);

	if (!r)
		return oom ? -1 : 0;
	/* every field written once (no memset first): one record per traced call */
	*r = (struct sg_callrec){
	    .func = ev->func,
	    .comm = comm,
	    .pid = pid,
	    .cpu = ev->cpu,
	    .depth = depth,
	    .has_ts = ev->has_ts,
	    .start = ev->ts,
	};
	if (args && !(r->args = copy(args, len)))
		return -1;
	c->nargs += args != NULL;
	if (ev->type == SG_EV_LEAF) {
		r->has_dur = ev->has_dur;
		r->dur = ev->dur;
		r->has_retval = ev->has_retval;
		r->retval = ev->retval;
		return 0;
	}
	if (c->nopen == c->opencap) {
		size_t ncap = c->opencap ? c->opencap * 2 : 16;
		size_t *o = realloc(c->open, ncap * sizeof(*o));

		if (!o)
			return -1;
		c->open = o;
		c->opencap = ncap;
	}
	c->open[c->nopen++] = c->n - 1;
	return 0;
}

int sg_callrec_enter(struct sg_calls *c, const struct sg_event *ev, int pid, const char *comm)
{
	int depth = ev->depth - c->base;

	/*
	 * What is deeper never returned (lost), nor did the same function open at this depth: they
	 * stay without a duration. Another call open at this depth stays open: the kernel prints
	 * an interrupt's calls at the depth of the call they interrupted.
	 */
	while (c->nopen) {
		const struct sg_callrec *o = &c->v[c->open[c->nopen - 1]];

		if (o->depth < depth || (o->depth == depth && o->func != ev->func))
			break;
		c->nopen--;
	}
	if (depth < 0)
		return 0;
	/*
	 * Past the bound only counted (as grow() would), before the arguments are formatted: a
	 * large invocation's calls are mostly past it.
	 */
	if (c->n >= SG_CALLS_MAX) {
		c->dropped++;
		return 0;
	}
	return record(c, ev, depth, pid, comm);
}

void sg_callrec_exit(struct sg_calls *c, const struct sg_event *ev)
{
	int depth = ev->depth - c->base;

	size_t k = c->nopen;
	struct sg_callrec *r = NULL;

	/* the innermost open call at this depth (and of this name, when the exit names it) */
	while (k && c->v[c->open[k - 1]].depth >= depth) {
		r = &c->v[c->open[--k]];
		if (r->depth == depth && (!ev->func || ev->func == r->func))
			break;
		r = NULL;
	}
	if (!r)
		return;
	c->nopen = k;
	r->has_dur = ev->has_dur;
	r->dur = ev->dur;
	r->has_retval = ev->has_retval;
	r->retval = ev->retval;
}

int sg_callrec_append(struct sg_calls *c, const struct sg_callrec *rec, const char *args)
{
	int oom;
	struct sg_callrec *r = grow(c, &oom);

	if (!r)
		return oom ? -1 : 0;
	*r = *rec;
	r->args = NULL;
	if (args && !(r->args = copy(args, strlen(args))))
		return -1;
	c->nargs += args != NULL;
	return 0;
}
