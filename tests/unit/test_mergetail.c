/* test_mergetail.c - version 3's tail data merged: percentiles exact or from buckets, the slowest.
 */
#include <stdlib.h>
#include "check.h"
#include "mergetail.h"

static const char *root = "f"; /* one pointer: names are interned, compared by address */

/* A run of root with these durations (seq 1..n), keeping the k slowest whole. */
static struct sg_aggregate *run(const uint64_t *d, int n, unsigned k)
{
	struct sg_aggregate *a = sg_aggregate_new(0);
	struct sg_rootstat *rs = sg_aggregate_rootstat(a, root);

	sg_aggregate_keep_slowest(a, k);
	a->has_time = 1;
	rs->sum.has_hist = 1;
	for (int i = 0; i < n; i++) {
		struct sg_invocation *inv = sg_invocation_new();

		inv->root = root;
		inv->duration = d[i];
		inv->seq = (uint64_t) i + 1;
		sg_aggregate_offer_slow(a, inv);
		if (!rs->sum.count || d[i] < rs->sum.min)
			rs->sum.min = d[i];
		if (d[i] > rs->sum.max)
			rs->sum.max = d[i];
		rs->sum.count++;
		rs->sum.hist[sg_hist_bucket(d[i])]++;
		a->bucket_n[sg_hist_bucket(d[i])]++;
		sg_aggregate_bucket(a, sg_hist_bucket(d[i]));
		a->complete++;
	}
	return a;
}

/* The merged root's count, min and max, as treemerge combines them, then its percentiles. */
static unsigned merge(struct sg_aggregate **r, int n, struct sg_rootstat *d)
{
	unsigned from = 0, sketch = 0;

	/* no merged sketch (d->qs NULL): the histogram's buckets, as for older files */
	memset(d, 0, sizeof(*d));
	d->root = root;
	for (int i = 0; i < n; i++) {
		const struct sg_summary *s = &r[i]->roots[0].sum;

		if (!d->sum.count || s->min < d->sum.min)
			d->sum.min = s->min;
		if (s->max > d->sum.max)
			d->sum.max = s->max;
		d->sum.count += s->count;
	}
	sg_mergetail_percentiles(r, n, d, &from, &sketch);
	return from | sketch;
}

int main(void)
{
	static const uint64_t a[] = {1500, 1600, 1700, 1800, 1900, 3000, 5000, 9000, 20000, 50000};
	static const uint64_t b[] = {2000, 2100, 2200, 2300};
	static const uint64_t b2[] = {1100, 1200, 2500, 60000, 70000};
	static const uint64_t c[] = {1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900, 1950};
	struct sg_rootstat d;
	struct sg_aggregate *r[2];

	/*
	 * a kept its 1 slowest (50000), b all 4: sorted, the 14 are 1500 1600 1700 1800 1900 2000
	 * 2100 2200 2300 3000 5000 9000 20000 50000. p90 is the 13th (20000), the 2nd longest; the
	 * kept slowest's 2nd is b's 2300, below a's shortest kept one, so not certain: from
	 * buckets, [16000, 32000) holds the 13th. p50 (7th, 2100) in [2000, 4000). p99, p99.9: the
	 * 14th, max.
	 */
	r[0] = run(a, 10, 1);
	r[1] = run(b, 4, 8);
	CHECK(sg_mergetail_has_hist(r, 2));
	CHECK_U64(merge(r, 2, &d), SG_MT_P50 | SG_MT_P90);
	CHECK_U64(d.sum.p50, 3999);
	CHECK_U64(d.sum.p90, 31999);
	CHECK_U64(d.sum.p99, 50000);
	CHECK_U64(d.sum.p999, 50000);
	CHECK_U64(d.sum.hist[1], 5);
	CHECK_U64(d.sum.hist[2], 5);
	CHECK_U64(d.sum.hist[5], 1);
	/* the slowest: K = 8 (b's), but only 50000 is certainly among the slowest of all */
	struct sg_aggregate *m = sg_aggregate_new(0);

	CHECK(sg_mergetail_slowest(m, r, 2) == 0);
	CHECK_U64(m->keep_slowest, 8);
	CHECK_U64(m->nslow, 1);
	CHECK_U64(m->slow[0]->duration, 50000);
	CHECK(sg_mergetail_buckets(m, r, 2) == 0);
	CHECK_U64(m->bucket_n[2], 5);
	CHECK_U64(m->bucket_n[6], 1);
	CHECK(m->bucket[2] != NULL);
	sg_aggregate_free(m);
	sg_aggregate_free(r[0]);
	sg_aggregate_free(r[1]);

	/*
	 * a kept its 3 slowest (50000 20000 9000), b2 all 5: 15 calls, 1100 1200 1500 1600 1700
	 * 1800 1900 2500 3000 5000 9000 20000 50000 60000 70000. p90 (14th, 60000) is the 2nd
	 * longest, above a's 9000: exact. p50 (8th, 2500) is the 8th longest, past the 8 kept.
	 */
	r[0] = run(a, 10, 3);
	r[1] = run(b2, 5, 8);
	CHECK_U64(merge(r, 2, &d), SG_MT_P50);
	CHECK_U64(d.sum.p50, 3999);
	CHECK_U64(d.sum.p90, 60000);
	CHECK_U64(d.sum.p99, 70000);
	CHECK_U64(d.sum.p999, 70000);
	m = sg_aggregate_new(0);
	CHECK(sg_mergetail_slowest(m, r, 2) == 0);
	/* 70000 60000 50000 20000 9000: b2's 2500 and the rest fall below a's 9000 */
	CHECK_U64(m->nslow, 5);
	CHECK_U64(m->slow[4]->duration, 9000);
	CHECK_U64(m->slow[4]->seq, 8);
	sg_aggregate_free(m);
	sg_aggregate_free(r[0]);
	sg_aggregate_free(r[1]);

	/* a run that kept none of its slowest: nothing exact but min and max; never past max */
	r[0] = run(c, 10, 0);
	CHECK_U64(merge(r, 1, &d), SG_MT_P50 | SG_MT_P90);
	CHECK_U64(d.sum.p50, 1950);
	CHECK_U64(d.sum.p90, 1950);
	CHECK_U64(d.sum.p99, 1950);
	m = sg_aggregate_new(0);
	CHECK(sg_mergetail_slowest(m, r, 1) == 0);
	CHECK_U64(m->nslow, 0);
	sg_aggregate_free(m);
	/* a run from an older file (no histogram) takes the histogram away */
	r[0]->roots[0].sum.has_hist = 0;
	CHECK(!sg_mergetail_has_hist(r, 1));
	sg_aggregate_free(r[0]);
	return check_report("mergetail");
}
