/* pick.c - choosing kept invocations: one by number, the slowest, the typical; or all by duration.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "pick.h"

int sg_pick_parse(const char *s, struct sg_pick *out)
{
	char *end;

	memset(out, 0, sizeof(*out));
	if (strcmp(s, "slowest") == 0) {
		out->kind = SG_PICK_SLOWEST;
		return 0;
	}
	if (strcmp(s, "p50") == 0) {
		out->kind = SG_PICK_P50;
		return 0;
	}
	if (*s >= '1' && *s <= '9') {
		out->seq = strtoull(s, &end, 10);
		if (!*end && out->seq < UINT64_MAX) {
			out->kind = SG_PICK_SEQ;
			return 0;
		}
	}
	sg_log_error("--pick takes an invocation's number (1, 2, ...), slowest or p50, not '%.40s'",
		     s);
	return -1;
}

static int cmp_seq(const void *a, const void *b)
{
	const struct sg_invocation *x = *(const struct sg_invocation *const *) a,
				   *y = *(const struct sg_invocation *const *) b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int cmp_duration(const void *a, const void *b)
{
	const struct sg_invocation *x = *(const struct sg_invocation *const *) a,
				   *y = *(const struct sg_invocation *const *) b;

	if (x->duration != y->duration)
		return x->duration > y->duration ? -1 : 1;
	return cmp_seq(a, b);
}

/* The kept ones, and with sample the in-memory spread sample too. */
static struct sg_invocation **kept(const struct sg_aggregate *agg, int by_duration, unsigned *n,
				   int sample)
{
	struct sg_invocation **v =
	    sg_aggregate_kept_whole(agg, SG_KEPT_PINNED | (sample ? SG_KEPT_SAMPLE : 0), n);

	if (!v)
		return NULL;
	if (by_duration)
		qsort(v, *n, sizeof(*v), cmp_duration);
	if (!*n) {
		free(v);
		return NULL;
	}
	return v;
}

struct sg_invocation **sg_pick_kept(const struct sg_aggregate *agg, int by_duration, unsigned *n)
{
	return kept(agg, by_duration, n, 0);
}

/* The p50 of inv's root, or 0 when unknown. */
static uint64_t root_p50(const struct sg_aggregate *agg, const char *root)
{
	for (int i = 0; i < agg->nroots; i++)
		if (agg->roots[i].root == root)
			return agg->roots[i].sum.p50;
	return 0;
}

struct sg_invocation *sg_pick_find(const struct sg_aggregate *agg, const struct sg_pick *p,
				   uint64_t *p50)
{
	unsigned n;
	struct sg_invocation **v = kept(agg, 1, &n, 1), *best = NULL;
	uint64_t best_gap = UINT64_MAX;

	*p50 = 0;
	/* several roots: the slowest or typical one of a root is among its own invocations */
	if (p->root) {
		unsigned k = 0;

		for (unsigned i = 0; i < n; i++)
			if (v[i]->root == p->root)
				v[k++] = v[i];
		n = k;
	}
	for (unsigned i = 0; i < n && !best; i++)
		if (p->kind == SG_PICK_SEQ && v[i]->seq == p->seq)
			best = v[i];
	if (p->kind == SG_PICK_SLOWEST && n)
		best = v[0];
	for (unsigned i = 0; p->kind == SG_PICK_P50 && i < n; i++) {
		uint64_t mid = root_p50(agg, v[i]->root), d = v[i]->duration;
		uint64_t gap = d > mid ? d - mid : mid - d;

		/* v is longest first: on a tie the earlier number, as cmp_duration orders them */
		if (gap < best_gap || (best && gap == best_gap && v[i]->seq < best->seq)) {
			best = v[i];
			best_gap = gap;
			*p50 = mid;
		}
	}
	if (!best && p->kind == SG_PICK_SEQ && p->seq > agg->complete)
		/* past the run's end: not a matter of what was kept */
		sg_log_error("--pick %" PRIu64 ": the run has %" PRIu64
			     " complete invocation%s (numbered from 1)",
			     p->seq, agg->complete, agg->complete == 1 ? "" : "s");
	else if (!best && p->kind == SG_PICK_SEQ)
		sg_log_error("--pick %" PRIu64
			     ": that invocation is not kept (%u are: the last --keep "
			     "and the --keep-slowest; -m tree --each --sort duration lists them)",
			     p->seq, n);
	else if (!best)
		sg_log_error("--pick: no invocation is kept (--keep 0 and --keep-slowest 0)");
	free(v);
	return best;
}

struct sg_aggregate *sg_pick_alone(const struct sg_aggregate *agg, struct sg_invocation *inv)
{
	struct sg_aggregate *one = sg_aggregate_new(1);
	uint64_t seq = inv->seq;

	if (!one)
		return NULL;
	for (int i = 0; i < agg->nmeta; i++)
		if (sg_aggregate_set_meta(one, agg->meta[i].key, agg->meta[i].value) < 0)
			goto fail;
	/* added as the aggregate adds any: merged, counted, kept (shared with agg) */
	if (sg_aggregate_add(one, sg_invocation_ref(inv)) < 0)
		goto fail;
	inv->seq = seq;
	one->has_time = agg->has_time;
	sg_aggregate_finish(one);
	return one;
fail:
	sg_aggregate_free(one);
	return NULL;
}
