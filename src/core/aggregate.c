/* aggregate.c - everything a run keeps: merged tree, per-root statistics, last N invocations, metadata. */
#include <stdlib.h>
#include <string.h>
#include "aggregate.h"
#include "runstat.h"
#include "log.h"
#include "strtab.h"

struct sg_aggregate *sg_aggregate_new(unsigned keep)
{
	struct sg_aggregate *agg = calloc(1, sizeof(*agg));

	if (!agg)
		return NULL;
	agg->keep = keep;
	agg->has_pathstat = 1;
	agg->lazy_bucket = -1;
	agg->merged = sg_tree_new();
	agg->ring = calloc(keep ? keep : 1, sizeof(*agg->ring));
	if (!agg->merged || !agg->ring) {
		sg_aggregate_free(agg);
		return NULL;
	}
	return agg;
}

void sg_aggregate_free(struct sg_aggregate *agg)
{
	if (!agg)
		return;
	sg_tree_free(agg->merged);
	sg_runstats_free(agg->runstats);
	sg_tree_free(agg->phase[0]);
	sg_tree_free(agg->phase[1]);
	for (unsigned i = 0; i < agg->nring; i++)
		sg_invocation_free(sg_aggregate_kept(agg, i));
	free(agg->ring);
	for (unsigned i = 0; i < agg->nslow; i++)
		sg_invocation_free(agg->slow[i]);
	free(agg->slow);
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		if (agg->bucket[b] != agg->merged)
			sg_tree_free(agg->bucket[b]);
	sg_invocation_free(agg->pinned);
	sg_scatter_free(agg->scatter);
	for (unsigned i = 0; i < agg->nsample; i++)
		sg_invocation_free(agg->sample[i]);
	for (int i = 0; i < agg->nroots; i++) {
		sg_stats_free(agg->roots[i].acc);
		sg_qsketch_free(agg->roots[i].qs);
	}
	free(agg->roots);
	for (int i = 0; i < agg->nmeta; i++)
		free(agg->meta[i].value);
	free(agg->meta);
	sg_strtab_free(agg->metakeys);
	free(agg);
}

struct sg_rootstat *sg_aggregate_rootstat(struct sg_aggregate *agg, const char *root)
{
	for (int i = 0; i < agg->nroots; i++)
		if (agg->roots[i].root == root)
			return &agg->roots[i];
	struct sg_rootstat *v = realloc(agg->roots, (agg->nroots + 1) * sizeof(*v));

	if (!v)
		return NULL;
	agg->roots = v;
	memset(&v[agg->nroots], 0, sizeof(*v));
	v[agg->nroots].root = root;
	v[agg->nroots].low_depth = -1;
	return &v[agg->nroots++];
}

struct sg_invocation *sg_aggregate_kept(const struct sg_aggregate *agg, unsigned i)
{
	return agg->ring[(agg->head + i) % agg->keep];
}

static int cmp_seq(const void *a, const void *b)
{
	const struct sg_invocation *x = *(struct sg_invocation *const *) a;
	const struct sg_invocation *y = *(struct sg_invocation *const *) b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct sg_invocation **sg_aggregate_kept_whole(const struct sg_aggregate *agg, unsigned with,
					      unsigned *n)
{
	struct sg_invocation **v =
	    malloc((agg->nring + agg->nslow + agg->nsample + 2) * sizeof(*v));
	unsigned k = 0;

	*n = 0;
	if (!v) {
		sg_log_error("out of memory");
		return NULL;
	}
	for (unsigned i = 0; i < agg->nring; i++)
		v[k++] = sg_aggregate_kept(agg, i);
	for (unsigned i = 0; i < agg->nslow; i++)
		v[k++] = agg->slow[i];
	if (agg->pinned && (with & SG_KEPT_PINNED))
		v[k++] = agg->pinned;
	for (unsigned i = 0; (with & SG_KEPT_SAMPLE) && i < agg->nsample; i++)
		v[k++] = agg->sample[i];
	/* by number: the same invocation (shared, or loaded twice) lands side by side, kept once */
	qsort(v, k, sizeof(*v), cmp_seq);
	for (unsigned i = 0; i < k; i++)
		if (!*n || v[i]->seq != v[*n - 1]->seq)
			v[(*n)++] = v[i];
	return v;
}

int sg_aggregate_keep(struct sg_aggregate *agg, struct sg_invocation *inv)
{
	if (!agg->keep) {
		sg_invocation_free(inv);
		return 0;
	}
	if (agg->nring == agg->keep) {
		sg_invocation_free(agg->ring[agg->head]);
		agg->ring[agg->head] = inv;
		agg->head = (agg->head + 1) % agg->keep;
	} else {
		agg->ring[(agg->head + agg->nring++) % agg->keep] = inv;
	}
	return 0;
}

int sg_aggregate_keep_slowest(struct sg_aggregate *agg, unsigned k)
{
	struct sg_invocation **v = realloc(agg->slow, (k ? k : 1) * sizeof(*v));

	if (!v)
		return -1;
	agg->slow = v;
	agg->keep_slowest = k;
	return 0;
}

int sg_aggregate_offer_slow(struct sg_aggregate *agg, struct sg_invocation *inv)
{
	unsigned at = agg->nslow;

	/* longest first; an equal one stays before it (the earlier keeps its place) */
	while (at > 0 && agg->slow[at - 1]->duration < inv->duration)
		at--;
	if (at >= agg->keep_slowest) {
		sg_invocation_free(inv);
		return 0;
	}
	if (agg->nslow == agg->keep_slowest)
		sg_invocation_free(agg->slow[--agg->nslow]);
	memmove(&agg->slow[at + 1], &agg->slow[at], (agg->nslow - at) * sizeof(*agg->slow));
	agg->slow[at] = inv;
	agg->nslow++;
	return 0;
}

struct sg_tree *sg_aggregate_bucket(struct sg_aggregate *agg, unsigned b)
{
	/*
	 * Lean: nothing reads a bucket's statistics across invocations (the .tree stores the
	 * merged tree's only; diff --slow's sides, merged from buckets, have no has_pathstat),
	 * and a 100,000-path bucket stores 9 MB less
	 */
	if (!agg->bucket[b])
		agg->bucket[b] = sg_tree_new_lean();
	return agg->bucket[b];
}

/* Every stride-th invocation; when the sample is full, every other one goes, the stride doubles. */
static void sample_offer(struct sg_aggregate *agg, struct sg_invocation *inv)
{
	const unsigned cap = sizeof(agg->sample) / sizeof(agg->sample[0]);

	if (!agg->stride)
		agg->stride = 1;
	if (inv->seq % agg->stride)
		return;
	if (agg->nsample == cap) {
		unsigned k = 0;

		agg->stride *= 2;
		for (unsigned i = 0; i < agg->nsample; i++) {
			if (agg->sample[i]->seq % agg->stride)
				sg_invocation_free(agg->sample[i]);
			else
				agg->sample[k++] = agg->sample[i];
		}
		agg->nsample = k;
		if (inv->seq % agg->stride)
			return;
	}
	agg->sample[agg->nsample++] = sg_invocation_ref(inv);
}

/*
 * The pending bucket's tree, copied from the merged tree: the same sums, mins and maxes, error
 * counts and children in the same order as merging its invocations one by one gives (the merged
 * tree was made so), and, lean, none of the merged tree's per-path statistics.
 */
static int bucket_settle(struct sg_aggregate *agg, int done)
{
	int b = agg->lazy_bucket;
	struct sg_tree *t;

	if (b < 0)
		return 0;
	agg->lazy_bucket = -1;
	/*
	 * At the end, a lean merged tree (no per-path statistics) is that copy already: the bucket
	 * is it, not a second tree of every path (sg_aggregate_free frees it once). Readers of both
	 * only read, or prune (sg_treefilter_prune_all: a second pruning finds nothing to cut).
	 */
	if (done && !agg->has_pathstat) {
		agg->bucket[b] = agg->merged;
		return 0;
	}
	t = sg_aggregate_bucket(agg, (unsigned) b);
	if (!t)
		return -1;
	for (const struct sg_node *r = sg_tree_top(agg->merged)->child; r; r = r->next)
		if (sg_tree_merge(t, sg_tree_top(t), r) < 0)
			return -1;
	return 0;
}

int sg_aggregate_add(struct sg_aggregate *agg, struct sg_invocation *inv)
{
	struct sg_rootstat *rs = sg_aggregate_rootstat(agg, inv->root);

	if (!rs)
		goto fail;
	if (inv->cut) {
		agg->incomplete++;
		rs->incomplete++;
		for (int b = 0; b < SG_CUT_KINDS; b++)
			if (inv->cut & (1u << b))
				agg->incomplete_by[b]++;
		sg_invocation_free(inv);
		return 0;
	}
	inv->seq = ++agg->complete;
	if (rs->low_depth < 0 || inv->depth < rs->low_depth) {
		rs->low_depth = inv->depth;
		rs->at_low = rs->at_low_entered = rs->at_low_ns = rs->at_low_entered_ns = 0;
	}
	if (inv->depth == rs->low_depth) {
		rs->at_low++;
		rs->at_low_ns = sg_add_sat(rs->at_low_ns, inv->duration);
		if (inv->after_entry) {
			rs->at_low_entered++;
			rs->at_low_entered_ns = sg_add_sat(rs->at_low_entered_ns, inv->duration);
		}
	}
	agg->total_ns = sg_add_sat(agg->total_ns, inv->duration);
	if (inv->has_dur)
		agg->has_time = 1;
	if (!rs->acc && !(rs->acc = sg_stats_new()))
		goto fail;
	if (sg_stats_add(rs->acc, inv->duration) < 0)
		goto fail;
	/* every duration, as the statistics: the sketch's count is the root's invocations */
	if (!rs->qs && !(rs->qs = sg_qsketch_new()))
		goto fail;
	if (sg_qsketch_add(rs->qs, inv->duration) < 0)
		goto fail;
	/* every tree it is merged into adds its per-invocation figures, when they are kept */
	if (agg->has_pathstat)
		sg_tree_mark_invocation(sg_invocation_root(inv));
	/* one not in the pending bucket: that bucket's tree, copied from the merged one before */
	if (agg->lazy_bucket >= 0 &&
	    sg_hist_bucket(inv->duration) != (unsigned) agg->lazy_bucket &&
	    bucket_settle(agg, 0) < 0)
		goto fail;
	if (sg_tree_merge(agg->merged, sg_tree_top(agg->merged), sg_invocation_root(inv)) < 0)
		goto fail;
	/*
	 * The bucket the statistics above count it in, a duration printed or not (in a trace
	 * mixing both, the .tree's bucket lines must add up to its hist lines to read back).
	 */
	{
		unsigned b = sg_hist_bucket(inv->duration);
		int lazy = !agg->no_bucket_trees && agg->bucket_lazy &&
			   (agg->lazy_bucket == (int) b || (agg->complete == 1 && !agg->bucket[b]));
		struct sg_tree *t =
		    agg->no_bucket_trees || lazy ? NULL : sg_aggregate_bucket(agg, b);

		if (lazy)
			agg->lazy_bucket = (int) b;
		else if (!agg->no_bucket_trees &&
			 (!t || sg_tree_merge(t, sg_tree_top(t), sg_invocation_root(inv)) < 0))
			goto fail;
		agg->bucket_n[b]++;
	}
	if (inv->has_dur) {
		sample_offer(agg, inv);
		if (!agg->scatter && !(agg->scatter = sg_scatter_new()))
			goto fail;
		if (sg_scatter_add(agg->scatter, inv) < 0)
			goto fail;
	}
	if (inv->seq == agg->pin_seq && !agg->pinned)
		agg->pinned = sg_invocation_ref(inv);
	/* the slowest are compared by the kernel's printed durations: only with times */
	if (agg->keep_slowest && inv->has_dur &&
	    sg_aggregate_offer_slow(agg, sg_invocation_ref(inv)) < 0)
		goto fail;
	if (agg->phase[0]) {
		struct sg_tree *t = agg->phase[inv->phase ? 1 : 0];

		if (sg_tree_merge(t, sg_tree_top(t), sg_invocation_root(inv)) < 0)
			goto fail;
	}
	return sg_aggregate_keep(agg, inv);
fail:
	sg_invocation_free(inv);
	return -1;
}

int sg_aggregate_split(struct sg_aggregate *agg)
{
	agg->phase[0] = sg_tree_new();
	agg->phase[1] = sg_tree_new();
	return agg->phase[0] && agg->phase[1] ? 0 : -1;
}

int sg_aggregate_no_pathstat(struct sg_aggregate *agg)
{
	struct sg_tree *t = sg_tree_new_lean();

	if (!t)
		return -1;
	sg_tree_free(agg->merged);
	agg->merged = t;
	agg->has_pathstat = 0;
	return 0;
}

int sg_aggregate_finish(struct sg_aggregate *agg)
{
	for (int i = 0; i < agg->nroots; i++)
		if (agg->roots[i].acc)
			sg_stats_summary(agg->roots[i].acc, &agg->roots[i].sum);
	if (bucket_settle(agg, 1) < 0) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

/*
 * A key's place in agg->meta, through the table of the keys ever set (a hash: each interned key's
 * tag is its index, or no tag once removed). A merge of crafted files sets and looks up some
 * 100,000 keys; a linear search made that quadratic (issue 37.5: 207 s).
 */
static int meta_find(const struct sg_aggregate *agg, const char *key)
{
	const char *k;
	int i;

	if (!agg->metakeys)
		return -1;
	k = sg_strtab_intern(agg->metakeys, key, strlen(key));
	i = k ? sg_strtab_tag(k) : SG_STRTAB_NOTAG;
	if (i >= 0)
		return i;
	/* only when memory ran out in the table: the array still answers, slowly */
	for (i = 0; !k && i < agg->nmeta; i++)
		if (strcmp(agg->meta[i].key, key) == 0)
			return i;
	return -1;
}

int sg_aggregate_set_meta(struct sg_aggregate *agg, const char *key, const char *value)
{
	int i = meta_find(agg, key);

	if (!value) {
		if (i < 0)
			return 0;
		free(agg->meta[i].value);
		sg_strtab_set_tag(agg->meta[i].key, SG_STRTAB_NOTAG);
		memmove(&agg->meta[i], &agg->meta[i + 1],
			(agg->nmeta - i - 1) * sizeof(*agg->meta));
		agg->nmeta--;
		for (; i < agg->nmeta; i++)
			sg_strtab_set_tag(agg->meta[i].key, i);
		return 0;
	}
	char *v = strdup(value);

	if (!v)
		return -1;
	if (i >= 0) {
		free(agg->meta[i].value);
		agg->meta[i].value = v;
		return 0;
	}
	if (!agg->metakeys)
		agg->metakeys = sg_strtab_new();
	const char *k = agg->metakeys ? sg_strtab_intern(agg->metakeys, key, strlen(key)) : NULL;

	if (k && agg->nmeta == agg->metacap) {
		int cap = agg->metacap ? 2 * agg->metacap : 16;
		struct sg_meta_kv *m = realloc(agg->meta, cap * sizeof(*m));

		if (m) {
			agg->meta = m;
			agg->metacap = cap;
		} else {
			k = NULL;
		}
	}
	if (!k) {
		free(v);
		return -1;
	}
	sg_strtab_set_tag(k, agg->nmeta);
	agg->meta[agg->nmeta].key = k;
	agg->meta[agg->nmeta].value = v;
	agg->nmeta++;
	return 0;
}

const char *sg_aggregate_meta(const struct sg_aggregate *agg, const char *key)
{
	int i = meta_find(agg, key);

	return i < 0 ? NULL : agg->meta[i].value;
}
