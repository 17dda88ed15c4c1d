/* tailsplit.c - slow versus typical: a run's slowest invocations and its middle ones, as two runs.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "tailsplit.h"

/* A side with run's metadata and root, built from invocations or buckets. */
static struct sg_aggregate *side_new(const struct sg_aggregate *run)
{
	struct sg_aggregate *a = sg_aggregate_new(0);

	if (!a)
		return NULL;
	for (int i = 0; i < run->nmeta; i++)
		if (sg_aggregate_set_meta(a, run->meta[i].key, run->meta[i].value) < 0) {
			sg_aggregate_free(a);
			return NULL;
		}
	a->has_time = 1;
	/* a side of bucket trees has no exact per-invocation figures, nor are the sides samples */
	a->has_pathstat = 0;
	return a;
}

/* The bucket that holds the value of rank r (1-based) in the root's histogram. */
static unsigned bucket_of_rank(const struct sg_summary *s, uint64_t r)
{
	uint64_t seen = 0;

	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++) {
		seen += s->hist[b];
		if (seen >= r)
			return b;
	}
	return SG_HIST_BUCKETS - 1;
}

static uint64_t rank_of(uint64_t n, unsigned pct)
{
	uint64_t r = (n * pct + 99) / 100; /* nearest rank: ceil(pct% of n) */

	return r ? r : 1;
}

/* Merge buckets [lo, hi] of run into side; the side counts their invocations. */
static int add_buckets(struct sg_aggregate *side, const struct sg_aggregate *run, unsigned lo,
		       unsigned hi, const char *root)
{
	struct sg_rootstat *rs = sg_aggregate_rootstat(side, root);

	if (!rs)
		return -1;
	for (unsigned b = lo; b <= hi; b++) {
		if (!run->bucket_n[b] || !run->bucket[b])
			continue;
		for (const struct sg_node *n = sg_tree_top(run->bucket[b])->child; n; n = n->next) {
			if (sg_tree_merge(side->merged, sg_tree_top(side->merged), n) < 0)
				return -1;
			rs->sum.total = sg_add_sat(rs->sum.total, n->total);
		}
		rs->sum.count += run->bucket_n[b];
	}
	/* only the count and the total (so the average) are known of a band of buckets */
	rs->sum.avg = rs->sum.count ? rs->sum.total / rs->sum.count : 0;
	side->complete = rs->sum.count;
	side->total_ns = rs->sum.total;
	return 0;
}

/* Whole kept invocations, their numbers kept. */
static int add_whole(struct sg_aggregate *side, struct sg_invocation *inv)
{
	uint64_t seq = inv->seq;

	if (sg_aggregate_add(side, sg_invocation_ref(inv)) < 0)
		return -1;
	inv->seq = seq;
	return 0;
}

int sg_tailsplit_new(struct sg_aggregate *run, struct sg_tailsplit *t)
{
	const struct sg_summary *s;
	unsigned b40, b60, b99;

	memset(t, 0, sizeof(*t));
	if (run->nroots != 1 || !run->roots[0].sum.count) {
		sg_log_error("diff --slow compares the calls of one root: this run has %d roots%s",
			     run->nroots, run->nroots == 1 ? " and no complete invocation" : "");
		return -1;
	}
	s = &run->roots[0].sum;
	if (!run->has_time || !s->has_hist) {
		sg_log_error("diff --slow needs the durations' histogram: %s",
			     run->has_time ? "a .tree of version 3 (read the trace again)"
					   : "the trace has no durations");
		return -1;
	}
	t->slow = side_new(run);
	t->typical = side_new(run);
	if (!t->slow || !t->typical)
		goto oom;
	t->p99 = s->p99;
	/* how many are at or past the p99: all but those below its rank, found in the kept */
	for (unsigned i = 0; i < run->nslow; i++)
		t->at_p99 += run->slow[i]->duration >= s->p99;
	/* the kept slowest hold every call at or past the p99 when one of them is below it */
	t->slow_exact =
	    run->nslow && (run->nslow == s->count || run->slow[run->nslow - 1]->duration < s->p99);
	if (t->slow_exact) {
		/* a few calls are no sample: the slowest 5% when more, up to the K kept */
		uint64_t want = (s->count + 19) / 20;

		want = want < run->nslow ? want : run->nslow;
		want = want > t->at_p99 ? want : t->at_p99;
		for (unsigned i = 0; i < want; i++)
			if (add_whole(t->slow, run->slow[i]) < 0)
				goto oom;
		sg_aggregate_finish(t->slow);
		t->nslow = t->slow->complete;
	} else {
		b99 = sg_hist_bucket(s->p99);
		if (add_buckets(t->slow, run, b99, SG_HIST_BUCKETS - 1, run->roots[0].root) < 0)
			goto oom;
		t->nslow = t->slow->complete;
		t->at_p99 = 0; /* unknown */
	}
	b40 = bucket_of_rank(s, rank_of(s->count, 40));
	b60 = bucket_of_rank(s, rank_of(s->count, 60));
	if (add_buckets(t->typical, run, b40, b60, run->roots[0].root) < 0)
		goto oom;
	t->typ_lo = sg_hist_lo(b40);
	t->typ_hi = sg_hist_hi(b60);
	t->ntypical = t->typical->complete;
	return 0;
oom:
	sg_log_error("out of memory");
	sg_tailsplit_free(t);
	return -1;
}

void sg_tailsplit_free(struct sg_tailsplit *t)
{
	sg_aggregate_free(t->slow);
	sg_aggregate_free(t->typical);
	t->slow = t->typical = NULL;
}
