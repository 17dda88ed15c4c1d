/* treemerge.c - runs of the same root merged into one run: counts, trees, statistics, kept calls.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "mergetail.h"
#include "stats.h"
#include "treemerge.h"

/* The per-source metadata a merged run lists, in this order, as KEY.I. */
static const char *const per_source[] = {"source", "invocations", "incomplete", "host",
					 "kernel", "created",	  NULL};

/* The runs must measure the same thing for their numbers to add up. */
static int check_same(struct sg_aggregate **runs, const char *const *labels, int n)
{
	const char *root0 = sg_aggregate_meta(runs[0], "root");
	const char *thr0 = sg_aggregate_meta(runs[0], "threshold_mode");

	for (int i = 1; i < n; i++) {
		const char *root = sg_aggregate_meta(runs[i], "root");
		const char *thr = sg_aggregate_meta(runs[i], "threshold_mode");

		if (strcmp(root ? root : "", root0 ? root0 : "") != 0) {
			sg_log_error(
			    "%s is a run of %s, %s a run of %s: only runs of the same root "
			    "merge (compare them with surfgraph diff --force)",
			    labels[0], root0 ? root0 : "?", labels[i], root ? root : "?");
			return -1;
		}
		if (runs[i]->has_time != runs[0]->has_time) {
			sg_log_error("%s has %s, %s %s: their totals do not add up", labels[0],
				     runs[0]->has_time ? "durations" : "call counts only",
				     labels[i],
				     runs[i]->has_time ? "durations" : "call counts only");
			return -1;
		}
		if ((thr != NULL) != (thr0 != NULL)) {
			sg_log_error("%s is tracing_thresh output and %s is not: their trees hold "
				     "different calls",
				     thr ? labels[i] : labels[0], thr ? labels[0] : labels[i]);
			return -1;
		}
	}
	return 0;
}

static int set_indexed(struct sg_aggregate *m, const char *key, int idx, const char *value)
{
	char k[64];

	snprintf(k, sizeof(k), "%s.%d", key, idx);
	return sg_aggregate_set_meta(m, k, value);
}

/*
 * List run's sources in m from index *idx on: the run itself, or the sources a merged run
 * lists. -1: no memory.
 */
static int list_sources(struct sg_aggregate *m, const struct sg_aggregate *run, const char *label,
			int *idx)
{
	const char *ns = sg_aggregate_meta(run, "sources");
	char k[64], num[2][24];
	int nested = ns ? atoi(ns) : 0;

	if (nested > 0) {
		for (int j = 1; j <= nested; j++) {
			++*idx;
			for (int f = 0; per_source[f]; f++) {
				snprintf(k, sizeof(k), "%s.%d", per_source[f], j);
				const char *v = sg_aggregate_meta(run, k);

				if (v && set_indexed(m, per_source[f], *idx, v) < 0)
					return -1;
			}
		}
		return 0;
	}
	++*idx;
	snprintf(num[0], sizeof(num[0]), "%" PRIu64, run->complete);
	snprintf(num[1], sizeof(num[1]), "%" PRIu64, run->incomplete);
	const char *vals[] = {label,
			      num[0],
			      num[1],
			      sg_aggregate_meta(run, "host"),
			      sg_aggregate_meta(run, "kernel"),
			      sg_aggregate_meta(run, "created")};

	for (int f = 0; per_source[f]; f++)
		if (vals[f] && set_indexed(m, per_source[f], *idx, vals[f]) < 0)
			return -1;
	return 0;
}

/* KEY=value for the merged run when every source says the same (kernel, host); else none. */
static int set_common(struct sg_aggregate *m, const char *key, int nsources)
{
	char k[64];
	const char *first = NULL;

	for (int i = 1; i <= nsources; i++) {
		snprintf(k, sizeof(k), "%s.%d", key, i);
		const char *v = sg_aggregate_meta(m, k);

		if (!v || (first && strcmp(v, first) != 0))
			return 0;
		first = v;
	}
	return first ? sg_aggregate_set_meta(m, key, first) : 0;
}

static int meta(struct sg_aggregate *m, struct sg_aggregate **runs, const char *const *labels,
		int n)
{
	uint64_t skipped = 0;
	int idx = 0, any_skipped = 0;
	char num[24];

	/* sources= goes before the list it counts: set now, its value once it is known */
	if (sg_aggregate_set_meta(m, "root", sg_aggregate_meta(runs[0], "root")) < 0 ||
	    sg_aggregate_set_meta(m, "source", "merge") < 0 ||
	    sg_aggregate_set_meta(m, "sources", "0") < 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (list_sources(m, runs[i], labels[i], &idx) < 0)
			return -1;
	snprintf(num, sizeof(num), "%d", idx);
	if (sg_aggregate_set_meta(m, "sources", num) < 0 || set_common(m, "kernel", idx) < 0 ||
	    set_common(m, "host", idx) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		const char *s = sg_aggregate_meta(runs[i], "skipped_lines");

		if (s) {
			any_skipped = 1;
			skipped = sg_add_sat(skipped, strtoull(s, NULL, 10));
		}
	}
	snprintf(num, sizeof(num), "%" PRIu64, skipped);
	if (any_skipped && sg_aggregate_set_meta(m, "skipped_lines", num) < 0)
		return -1;
	if (sg_aggregate_meta(runs[0], "threshold_mode") &&
	    sg_aggregate_set_meta(m, "threshold_mode", "1") < 0)
		return -1;
	return 0;
}

/* Whether every run kept all its complete invocations of root whole. */
static int all_kept(struct sg_aggregate **runs, int n, const char *root)
{
	for (int i = 0; i < n; i++) {
		uint64_t kept = 0;

		for (unsigned k = 0; k < runs[i]->nring; k++)
			kept += sg_aggregate_kept(runs[i], k)->root == root;
		for (int r = 0; r < runs[i]->nroots; r++)
			if (runs[i]->roots[r].root == root && runs[i]->roots[r].sum.count != kept)
				return 0;
	}
	return 1;
}

/* The invocation-weighted mean of the runs' percentile (offset in struct sg_summary). */
static uint64_t mean_of(struct sg_aggregate **runs, int n, const char *root, size_t off)
{
	unsigned __int128 sum = 0;
	uint64_t count = 0;

	for (int i = 0; i < n; i++)
		for (int r = 0; r < runs[i]->nroots; r++) {
			const struct sg_summary *s = &runs[i]->roots[r].sum;

			if (runs[i]->roots[r].root != root || !s->count)
				continue;
			sum += (unsigned __int128) s->count *
			       *(const uint64_t *) ((const char *) s + off);
			count += s->count;
		}
	return count ? (uint64_t) (sum / count) : 0;
}

/* Percentiles of root from every run's kept durations (all_kept). -1: no memory. */
static int exact_percentiles(struct sg_aggregate **runs, int n, const char *root,
			     struct sg_summary *out)
{
	struct sg_stats *s = sg_stats_new();
	struct sg_summary sum;

	if (!s)
		return -1;
	for (int i = 0; i < n; i++)
		for (unsigned k = 0; k < runs[i]->nring; k++) {
			const struct sg_invocation *inv = sg_aggregate_kept(runs[i], k);

			if (inv->root == root && sg_stats_add(s, inv->duration) < 0) {
				sg_stats_free(s);
				return -1;
			}
		}
	sg_stats_summary(s, &sum);
	sg_stats_free(s);
	out->p50 = sum.p50;
	out->p99 = sum.p99;
	out->p90 = sum.p90;
	out->p999 = sum.p999;
	return 0;
}

/*
 * Per-root statistics. *approx: set when p50 and p99 are estimates (a run without histogram);
 * *from_buckets: the percentiles taken from the merged histogram. -1: no memory.
 */
static int merge_stats(struct sg_aggregate *m, struct sg_aggregate **runs, int n, int *approx,
		       unsigned *from_buckets)
{
	int hist = sg_mergetail_has_hist(runs, n);

	for (int i = 0; i < n; i++)
		for (int r = 0; r < runs[i]->nroots; r++) {
			const struct sg_rootstat *src = &runs[i]->roots[r];
			struct sg_rootstat *d = sg_aggregate_rootstat(m, src->root);

			if (!d)
				return -1;
			if (src->sum.count && (!d->sum.count || src->sum.min < d->sum.min))
				d->sum.min = src->sum.min;
			if (src->sum.max > d->sum.max)
				d->sum.max = src->sum.max;
			d->sum.count = sg_add_sat(d->sum.count, src->sum.count);
			d->sum.total = sg_add_sat(d->sum.total, src->sum.total);
			d->incomplete = sg_add_sat(d->incomplete, src->incomplete);
		}
	for (int r = 0; r < m->nroots; r++) {
		struct sg_rootstat *d = &m->roots[r];

		if (!d->sum.count)
			continue;
		d->sum.avg = d->sum.total / d->sum.count;
		/* the histogram adds up exactly; from it the percentiles, unless all were kept */
		unsigned from = 0;

		if (hist)
			sg_mergetail_percentiles(runs, n, d, &from);
		if (all_kept(runs, n, d->root)) {
			if (exact_percentiles(runs, n, d->root, &d->sum) < 0)
				return -1;
			continue;
		}
		*from_buckets |= from;
		if (hist)
			continue;
		d->sum.p50 = mean_of(runs, n, d->root, offsetof(struct sg_summary, p50));
		d->sum.p99 = mean_of(runs, n, d->root, offsetof(struct sg_summary, p99));
		*approx = 1;
	}
	return 0;
}

static int cmp_ptr(const void *x, const void *y)
{
	uintptr_t a = (uintptr_t) *(void *const *) x, b = (uintptr_t) *(void *const *) y;

	return a < b ? -1 : a > b;
}

/*
 * Number a's slowest after the invocations before (before): those that are not also among its
 * kept ones, which move_kept renumbers (up to 65536 of each: found by address, not by pairs).
 * -1: no memory.
 */
static int renumber_slow(struct sg_aggregate *a, uint64_t before)
{
	void **kept = malloc((a->nring ? a->nring : 1) * sizeof(*kept));

	if (!kept)
		return -1;
	for (unsigned k = 0; k < a->nring; k++)
		kept[k] = sg_aggregate_kept(a, k);
	qsort(kept, a->nring, sizeof(*kept), cmp_ptr);
	for (unsigned s = 0; s < a->nslow; s++) {
		void *key = a->slow[s];

		if (!bsearch(&key, kept, a->nring, sizeof(*kept), cmp_ptr))
			a->slow[s]->seq += before;
	}
	free(kept);
	return 0;
}

/*
 * Kept invocations move into m, numbered after the complete invocations of the runs before; so
 * are the slowest (shared with the kept ones when the same invocation: renumbered once).
 */
static int move_kept(struct sg_aggregate *m, struct sg_aggregate **runs, int n)
{
	uint64_t before = 0;

	for (int i = 0; i < n; i++) {
		struct sg_aggregate *a = runs[i];

		if (renumber_slow(a, before) < 0)
			return -1;

		for (unsigned k = 0; k < a->nring; k++) {
			struct sg_invocation *inv = sg_aggregate_kept(a, k);

			inv->seq += before;
			if (sg_aggregate_keep(m, inv) < 0)
				return -1;
		}
		a->nring = a->head = 0;
		before = sg_add_sat(before, a->complete);
	}
	return 0;
}

/* percentiles=buckets:p50,p90 exact:p99,p999: which come from the merged histogram. */
static int set_from_buckets(struct sg_aggregate *m, unsigned from_buckets)
{
	static const char *const name[] = {"p50", "p90", "p99", "p999"};
	static const unsigned bit[] = {SG_MT_P50, SG_MT_P90, SG_MT_P99, SG_MT_P999};
	char v[64] = "";
	int len = 0;

	for (int pass = 0; pass < 2; pass++) {
		const char *sep = pass ? " exact:" : "buckets:";

		for (int p = 0; p < 4; p++) {
			int from = !!(from_buckets & bit[p]);

			if (from != !pass)
				continue;
			len += snprintf(v + len, sizeof(v) - (size_t) len, "%s%s", sep, name[p]);
			sep = ",";
		}
	}
	return sg_aggregate_set_meta(m, "percentiles", v);
}

struct sg_aggregate *sg_treemerge(struct sg_aggregate **runs, const char *const *labels, int n)
{
	struct sg_aggregate *m;
	uint64_t keep = 0;
	int approx = 0, hist;
	unsigned from_buckets = 0;

	if (n < 1 || check_same(runs, labels, n) < 0)
		return NULL;
	for (int i = 0; i < n; i++)
		keep += runs[i]->keep;
	/* a .tree keeps at most 65536 invocations: past that the newest stay */
	m = sg_aggregate_new(keep > (1u << 16) ? 1u << 16 : (unsigned) keep);
	if (!m)
		goto oom;
	for (int i = 0; i < n; i++) {
		struct sg_aggregate *a = runs[i];

		m->complete = sg_add_sat(m->complete, a->complete);
		m->incomplete = sg_add_sat(m->incomplete, a->incomplete);
		for (int b = 0; b < 4; b++)
			m->incomplete_by[b] = sg_add_sat(m->incomplete_by[b], a->incomplete_by[b]);
		m->total_ns = sg_add_sat(m->total_ns, a->total_ns);
		m->lost_events = sg_add_sat(m->lost_events, a->lost_events);
		m->has_time = a->has_time;
		/* sums of squares add exactly, when every run has them */
		m->has_pathstat = m->has_pathstat && a->has_pathstat;
		for (struct sg_node *c = sg_tree_top(a->merged)->child; c; c = c->next)
			if (sg_tree_merge(m->merged, sg_tree_top(m->merged), c) < 0)
				goto oom;
	}
	hist = sg_mergetail_has_hist(runs, n);
	if (meta(m, runs, labels, n) < 0 ||
	    merge_stats(m, runs, n, &approx, &from_buckets) < 0 ||
	    (approx && sg_aggregate_set_meta(m, "percentiles", "approximate") < 0) ||
	    (from_buckets && set_from_buckets(m, from_buckets) < 0) ||
	    (m->has_time && !hist && sg_aggregate_set_meta(m, "histogram", "none") < 0) ||
	    move_kept(m, runs, n) < 0 ||
	    (hist && (sg_mergetail_slowest(m, runs, n) < 0 ||
		      sg_mergetail_buckets(m, runs, n) < 0)))
		goto oom;
	return m;
oom:
	sg_log_error("out of memory");
	sg_aggregate_free(m);
	return NULL;
}
