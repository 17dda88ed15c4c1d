/* mergetail.c - version 3's tail data merged: histograms, percentiles from them, the slowest,
 * bucket trees. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mergetail.h"
#include "qsketch.h"

int sg_mergetail_has_hist(struct sg_aggregate *const *runs, int n)
{
	for (int i = 0; i < n; i++) {
		if (!runs[i]->has_time)
			return 0;
		for (int r = 0; r < runs[i]->nroots; r++)
			if (runs[i]->roots[r].sum.count && !runs[i]->roots[r].sum.has_hist)
				return 0;
	}
	return 1;
}

/* Nearest rank, as stats.c computes it (the same expression, so the same rank). */
static uint64_t rank_of(uint64_t count, double p)
{
	uint64_t r = (uint64_t) ceil(p / 100.0 * (double) count);

	return r < 1 ? 1 : r > count ? count : r;
}

/*
 * The j-th longest (1-based) invocation of root over every run's kept slowest, when it is
 * certainly the j-th longest of all the runs' invocations of root: every run either kept all
 * its invocations of root among its slowest, or kept one at least as long as its shortest kept
 * one (its unkept invocations are no longer than that). 0 when not certain.
 */
static int slow_rank(struct sg_aggregate *const *runs, int n, const char *root, uint64_t j,
		     uint64_t *value)
{
	uint64_t floor = 0, seen = 0, below = UINT64_MAX, v = 0;

	for (int i = 0; i < n; i++) {
		const struct sg_aggregate *a = runs[i];
		uint64_t count = 0, kept = 0;

		for (int r = 0; r < a->nroots; r++)
			if (a->roots[r].root == root)
				count = a->roots[r].sum.count;
		for (unsigned k = 0; k < a->nslow; k++)
			kept += a->slow[k]->root == root;
		if (kept == count)
			continue;
		if (!a->nslow)
			return 0;
		if (a->slow[a->nslow - 1]->duration > floor)
			floor = a->slow[a->nslow - 1]->duration;
	}
	/* the j-th largest of the union: walk down the distinct values (lists are short) */
	while (seen < j) {
		uint64_t next = 0, ties = 0;
		int any = 0;

		for (int i = 0; i < n; i++)
			for (unsigned k = 0; k < runs[i]->nslow; k++) {
				const struct sg_invocation *inv = runs[i]->slow[k];

				if (inv->root != root || inv->duration >= below)
					continue;
				if (!any || inv->duration > next) {
					next = inv->duration;
					ties = 0;
					any = 1;
				}
				ties += inv->duration == next;
			}
		if (!any)
			return 0;
		v = next;
		below = next;
		seen += ties;
	}
	if (v < floor)
		return 0;
	*value = v;
	return 1;
}

int sg_mergetail_sketch(struct sg_aggregate *const *runs, int n, struct sg_rootstat *d)
{
	struct sg_qsketch *q = sg_qsketch_new();

	if (!q)
		return -1;
	for (int i = 0; i < n; i++)
		for (int r = 0; r < runs[i]->nroots; r++) {
			const struct sg_rootstat *s = &runs[i]->roots[r];

			if (s->root != d->root || !s->sum.count)
				continue;
			if (!s->qs) { /* a run of an older file: no sketch is made up */
				sg_qsketch_free(q);
				return 0;
			}
			if (sg_qsketch_merge(q, s->qs) < 0) {
				sg_qsketch_free(q);
				return -1;
			}
		}
	sg_qsketch_free(d->qs);
	d->qs = q;
	return 0;
}

void sg_mergetail_percentiles(struct sg_aggregate *const *runs, int n, struct sg_rootstat *d,
			      unsigned *from_buckets, unsigned *from_sketch)
{
	static const double pct[] = {99.9, 99, 90,
				     50}; /* highest first: clamped by the one above */
	static const unsigned bit[] = {SG_MT_P999, SG_MT_P99, SG_MT_P90, SG_MT_P50};
	uint64_t *out[] = {&d->sum.p999, &d->sum.p99, &d->sum.p90, &d->sum.p50};
	uint64_t cap = d->sum.max, count = d->sum.count;

	for (int i = 0; i < n; i++)
		for (int r = 0; r < runs[i]->nroots; r++)
			if (runs[i]->roots[r].root == d->root)
				for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
					d->sum.hist[b] = sg_add_sat(d->sum.hist[b],
								    runs[i]->roots[r].sum.hist[b]);
	d->sum.has_hist = 1;
	for (int p = 0; p < 4; p++) {
		uint64_t r = rank_of(count, pct[p]), v = 0, seen = 0;

		if (r == count) {
			v = d->sum.max;
		} else if (r == 1) {
			v = d->sum.min;
		} else if (slow_rank(runs, n, d->root, count - r + 1, &v)) {
			/* exact: among the slowest kept */
		} else if (d->qs && sg_qsketch_count(d->qs) == count &&
			   sg_qsketch_percentile(d->qs, pct[p], &v)) {
			v = v > cap ? cap : v < d->sum.min ? d->sum.min : v;
			*from_sketch |= bit[p];
		} else {
			unsigned b = 0;

			for (; b + 1 < SG_HIST_BUCKETS; b++) {
				seen += d->sum.hist[b];
				if (seen >= r)
					break;
			}
			v = sg_hist_hi(b) == UINT64_MAX ? UINT64_MAX : sg_hist_hi(b) - 1;
			if (v > cap)
				v = cap;
			if (v < d->sum.min)
				v = d->sum.min;
			*from_buckets |= bit[p];
		}
		*out[p] = v;
		cap = v;
	}
}

int sg_mergetail_slowest(struct sg_aggregate *m, struct sg_aggregate *const *runs, int n)
{
	unsigned k = 0;
	uint64_t floor = 0;

	for (int i = 0; i < n; i++) {
		const struct sg_aggregate *a = runs[i];

		if (a->keep_slowest > k)
			k = a->keep_slowest;
		if (a->nslow == a->complete)
			continue; /* all its invocations are among its slowest */
		if (!a->nslow)
			floor = UINT64_MAX; /* it kept none: none is certainly the slowest */
		else if (a->slow[a->nslow - 1]->duration > floor)
			floor = a->slow[a->nslow - 1]->duration;
	}
	if (sg_aggregate_keep_slowest(m, k) < 0)
		return -1;
	/* run by run, each longest first: ties stay in the order of their numbers */
	for (int i = 0; i < n; i++)
		for (unsigned j = 0; j < runs[i]->nslow; j++) {
			struct sg_invocation *inv = runs[i]->slow[j];

			if (floor == UINT64_MAX || inv->duration < floor)
				break;
			if (sg_aggregate_offer_slow(m, sg_invocation_ref(inv)) < 0)
				return -1;
		}
	return 0;
}

int sg_mergetail_buckets(struct sg_aggregate *m, struct sg_aggregate *const *runs, int n)
{
	for (int i = 0; i < n; i++)
		for (unsigned b = 0; b < SG_HIST_BUCKETS; b++) {
			if (!runs[i]->bucket_n[b])
				continue;
			struct sg_tree *t = sg_aggregate_bucket(m, b);

			if (!t)
				return -1;
			for (struct sg_node *c = sg_tree_top(runs[i]->bucket[b])->child; c;
			     c = c->next)
				if (sg_tree_merge(t, sg_tree_top(t), c) < 0)
					return -1;
			m->bucket_n[b] = sg_add_sat(m->bucket_n[b], runs[i]->bucket_n[b]);
		}
	return 0;
}

unsigned sg_mergetail_approx(const struct sg_aggregate *a)
{
	static const char *const name[] = {"p50", "p90", "p99", "p999"};
	static const unsigned bit[] = {SG_MT_P50, SG_MT_P90, SG_MT_P99, SG_MT_P999};
	const char *v = sg_aggregate_meta(a, "percentiles");
	unsigned bits = 0;

	if (!v)
		return 0;
	if (strcmp(v, "approximate") == 0)
		return SG_MT_P50 | SG_MT_P99;
	if (strncmp(v, "buckets:", 8) != 0)
		return 0;
	v += 8;
	for (size_t len; *v && *v != ' '; v += len + (v[len] == ',')) {
		len = strcspn(v, ", ");
		for (int p = 0; p < 4; p++)
			if (strlen(name[p]) == len && strncmp(v, name[p], len) == 0)
				bits |= bit[p];
	}
	return bits;
}

const char *sg_mergetail_mark(const struct sg_summary *s, unsigned bit)
{
	return s->approx & bit ? " (approximate)" : "";
}
