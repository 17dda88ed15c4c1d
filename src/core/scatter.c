/* scatter.c - every complete invocation's start and duration, thinned to a bound: the SVG's
 * scatter. */
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "scatter.h"

struct sg_scatter *sg_scatter_new(void)
{
	struct sg_scatter *sc = calloc(1, sizeof(*sc));

	if (!sc)
		return NULL;
	sc->stride = 1;
	sc->all_ts = 1;
	return sc;
}

void sg_scatter_free(struct sg_scatter *sc)
{
	if (!sc)
		return;
	free(sc->dots);
	free(sc);
}

/* The dot of inv. */
static void dot_of(const struct sg_invocation *inv, struct sg_scatter_dot *d)
{
	memset(d, 0, sizeof(*d));
	d->seq = inv->seq;
	d->start = inv->has_ts ? inv->start_ts : 0;
	d->has_ts = inv->has_ts;
	d->duration = inv->duration;
	d->root = inv->root;
	d->comm = inv->comm;
	d->pid = inv->pid;
	d->cpu = inv->ncpus ? inv->cpus[0] : -1;
}

/* Room for one more dot: the array grows up to SG_SCATTER_MAX. -1: no memory. */
static int grow(struct sg_scatter *sc)
{
	unsigned cap = sc->cap ? sc->cap * 2 : 256;
	struct sg_scatter_dot *v;

	if (sc->n < sc->cap)
		return 0;
	cap = cap > SG_SCATTER_MAX ? SG_SCATTER_MAX : cap;
	v = realloc(sc->dots, cap * sizeof(*v));
	if (!v)
		return -1;
	sc->dots = v;
	sc->cap = cap;
	return 0;
}

int sg_scatter_add(struct sg_scatter *sc, const struct sg_invocation *inv)
{
	if (!sc->offered || (inv->has_ts && inv->start_ts < sc->first))
		sc->first = inv->has_ts ? inv->start_ts : 0;
	sc->all_ts = sc->all_ts && inv->has_ts;
	sc->offered++;
	if (inv->seq % sc->stride)
		return 0;
	if (sc->n == SG_SCATTER_MAX) {
		unsigned k = 0;

		sc->stride *= 2;
		for (unsigned i = 0; i < sc->n; i++)
			if (sc->dots[i].seq % sc->stride == 0)
				sc->dots[k++] = sc->dots[i];
		sc->n = k;
		if (inv->seq % sc->stride)
			return 0;
	}
	if (grow(sc) < 0)
		return -1;
	dot_of(inv, &sc->dots[sc->n++]);
	return 0;
}

const char *sg_scatter_put(struct sg_scatter *sc, const struct sg_scatter_dot *d)
{
	if (sc->n == SG_SCATTER_MAX)
		return "more dot lines than the scatter keeps (10000)";
	if (!d->seq || d->seq % sc->stride || d->seq > sc->offered)
		return "a dot's seq is not a multiple of the scatter's stride up to its "
		       "invocations";
	if (sc->n && d->seq <= sc->dots[sc->n - 1].seq)
		return "dot lines out of order";
	if (sc->all_ts != d->has_ts || (d->has_ts && d->start < sc->first))
		return "a dot's start_ns is missing, or before the scatter's first_ns";
	if (grow(sc) < 0)
		return "out of memory";
	sc->dots[sc->n++] = *d;
	return NULL;
}

static int cmp_dot(const void *a, const void *b)
{
	const struct sg_scatter_dot *x = a, *y = b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct sg_scatter_dot *sg_scatter_with(const struct sg_scatter *sc,
				       struct sg_invocation *const *extra, unsigned nextra,
				       unsigned *n)
{
	struct sg_scatter_dot *v;
	unsigned k = 0;

	*n = 0;
	if (!sc || !(sc->n + nextra))
		return NULL;
	v = malloc((sc->n + nextra) * sizeof(*v));
	if (!v) {
		sg_log_error("out of memory");
		return NULL;
	}
	memcpy(v, sc->dots, sc->n * sizeof(*v));
	for (unsigned i = 0; i < nextra; i++)
		dot_of(extra[i], &v[sc->n + i]);
	qsort(v, sc->n + nextra, sizeof(*v), cmp_dot);
	/* a kept invocation among the thinned dots is drawn once */
	for (unsigned i = 0; i < sc->n + nextra; i++)
		if (!k || v[i].seq != v[k - 1].seq)
			v[k++] = v[i];
	*n = k;
	return v;
}
