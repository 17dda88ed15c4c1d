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
#include "runstat.h"
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

/* One run as a merge sees it: itself, or one of those a merged run lists. */
struct run_id {
	const char *label, *source, *created, *host, *kernel, *invocations, *incomplete;
	const struct sg_aggregate *run; /* the run itself (not listed by a merged one): else NULL */
};

static int same_str(const char *a, const char *b)
{
	return a ? b && strcmp(a, b) == 0 : !b;
}

/*
 * The runs a run holds: itself (ids[0]), or each source.I a merged run lists. *n, up to max;
 * num[2][24] holds the counts of a run itself.
 */
static int run_ids(const struct sg_aggregate *a, const char *label, struct run_id *ids, int max,
		   char num[2][24])
{
	const char *ns = sg_aggregate_meta(a, "sources");
	int nested = ns ? atoi(ns) : 0, k = 0;
	char key[64];

	if (nested > a->nmeta)
		nested = a->nmeta;
	if (nested <= 0) {
		snprintf(num[0], 24, "%" PRIu64, a->complete);
		snprintf(num[1], 24, "%" PRIu64, a->incomplete);
		ids[0] = (struct run_id){label,
					 sg_aggregate_meta(a, "source"),
					 sg_aggregate_meta(a, "created"),
					 sg_aggregate_meta(a, "host"),
					 sg_aggregate_meta(a, "kernel"),
					 num[0],
					 num[1],
					 a};
		return 1;
	}
	for (int j = 1; j <= nested && k < max; j++, k++) {
		const char *f[6];

		for (int x = 0; x < 6; x++) {
			snprintf(key, sizeof(key), "%s.%d", per_source[x], j);
			f[x] = sg_aggregate_meta(a, key);
		}
		ids[k] = (struct run_id){f[0], NULL, f[5], f[3], f[4], f[1], f[2], NULL};
	}
	return k;
}

/*
 * 2: x and y are certainly one run: two runs with the same source, creation time, host,
 * kernel, counts, total time and lost events (a file given twice, or its copy), or a run and a
 * merged one's source of that name with the same creation time, host, kernel and counts. 1:
 * probably (all of that but the name). 0: two runs.
 */
static int same_run(const struct run_id *x, const struct run_id *y)
{
	if (x->run && y->run)
		return same_str(x->source, y->source) && same_str(x->created, y->created) &&
			       same_str(x->host, y->host) && same_str(x->kernel, y->kernel) &&
			       x->run->complete == y->run->complete &&
			       x->run->incomplete == y->run->incomplete &&
			       x->run->total_ns == y->run->total_ns &&
			       x->run->lost_events == y->run->lost_events
			   ? 2
			   : 0;
	/* what a merged run lists of each: no creation time, nothing to tell them by */
	if (!x->created || !y->created || !same_str(x->created, y->created) ||
	    !same_str(x->host, y->host) || !same_str(x->kernel, y->kernel) ||
	    !same_str(x->invocations, y->invocations) || !same_str(x->incomplete, y->incomplete))
		return 0;
	return same_str(x->label, y->label) ? 2 : 1;
}

int sg_treemerge_twice(struct sg_aggregate **runs, const char *const *labels, int n, char *why,
		       size_t len)
{
	/* a merge of 2,700 runs lists 2,700: compared pairwise, a few million string tests */
	enum { MAX_IDS = 4096 };
	struct run_id *ids = malloc(MAX_IDS * sizeof(*ids));
	int *of = malloc(MAX_IDS * sizeof(*of)), nids = 0, found = 0;
	char(*num)[2][24] = malloc((size_t) n * sizeof(*num));

	if (!ids || !of || !num) {
		free(ids);
		free(of);
		free(num);
		sg_log_error("out of memory");
		return -1;
	}
	for (int i = 0; i < n && nids < MAX_IDS; i++) {
		int k = run_ids(runs[i], labels[i], ids + nids, MAX_IDS - nids, num[i]);

		for (int j = 0; j < k; j++)
			of[nids + j] = i;
		nids += k;
	}
	for (int x = 0; x < nids && found < 2; x++)
		for (int y = x + 1; y < nids && found < 2; y++) {
			int s = of[x] == of[y] ? 0 : same_run(&ids[x], &ids[y]);
			const struct run_id *a = &ids[x], *b = &ids[y];

			if (s <= found)
				continue;
			found = s;
			snprintf(why, len,
				 "%s%s%s%s %s the same run as %s%s%s%s (%s%s%screated %s, %s "
				 "complete invocations)",
				 labels[of[x]], a->run ? "" : " (its ", a->run ? "" : a->label,
				 a->run ? "" : ")", s == 2 ? "is" : "may be", labels[of[y]],
				 b->run ? "" : " (its ", b->run ? "" : b->label, b->run ? "" : ")",
				 a->source ? "source " : "", a->source ? a->source : "",
				 a->source ? ", " : "", a->created ? a->created : "unknown",
				 a->invocations);
		}
	free(ids);
	free(of);
	free(num);
	return found;
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

	/* the reader checked sources= against the file's lines; never past them regardless */
	if (nested > run->nmeta)
		nested = run->nmeta;

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

/*
 * Each source run's per-path sums kept apart in m (diff's test across runs): when every run has
 * them (its own pstat, or a merge's runstats) and there are 2 to SG_RUNSTAT_MAX sources in all.
 * -1: no memory.
 */
static int keep_apart(struct sg_aggregate *m, struct sg_aggregate **runs, int n)
{
	uint32_t nsrc = 0;

	for (int i = 0; i < n; i++) {
		const char *ns = sg_aggregate_meta(runs[i], "sources");
		int nested = ns ? atoi(ns) : 0;

		if (!runs[i]->has_pathstat || !runs[i]->has_time || (nested > 0 && !runs[i]->runstats))
			return 0;
		nsrc += nested > 0 ? runs[i]->runstats->nsrc : 1;
	}
	if (nsrc < 2 || nsrc > SG_RUNSTAT_MAX)
		return 0;
	m->runstats = sg_runstats_new(nsrc);
	if (!m->runstats)
		return -1;
	nsrc = 0;
	for (int i = 0; i < n; i++) {
		if (sg_runstats_add_run(m->runstats, m->merged, runs[i]->merged, runs[i]->runstats,
					nsrc) < 0)
			return -1;
		nsrc += runs[i]->runstats ? runs[i]->runstats->nsrc : 1;
	}
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
 * *from_buckets, *from_sketch: the percentiles taken from the merged histogram, from the merged
 * quantile sketch. -1: no memory.
 */
static int merge_stats(struct sg_aggregate *m, struct sg_aggregate **runs, int n, int *approx,
		       unsigned *from_buckets, unsigned *from_sketch)
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
		/*
		 * the histogram and the sketches add up exactly; from them the percentiles, unless
		 * all were kept. The sketch is kept either way: a merge of this merge needs it.
		 */
		unsigned from = 0, sketch = 0;

		if (hist && (sg_mergetail_sketch(runs, n, d) < 0))
			return -1;
		if (hist)
			sg_mergetail_percentiles(runs, n, d, &from, &sketch);
		if (all_kept(runs, n, d->root)) {
			if (exact_percentiles(runs, n, d->root, &d->sum) < 0)
				return -1;
			continue;
		}
		*from_buckets |= from;
		*from_sketch |= sketch;
		d->sum.approx = from;
		if (hist)
			continue;
		d->sum.p50 = mean_of(runs, n, d->root, offsetof(struct sg_summary, p50));
		d->sum.p99 = mean_of(runs, n, d->root, offsetof(struct sg_summary, p99));
		d->sum.approx = SG_MT_P50 | SG_MT_P99;
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

/*
 * percentiles=buckets:p50 sketch:p90 exact:p99,p999: which come from the merged histogram, which
 * from the merged quantile sketch (within its alpha), which are exact.
 */
static int set_from(struct sg_aggregate *m, unsigned from_buckets, unsigned from_sketch)
{
	static const char *const name[] = {"p50", "p90", "p99", "p999"};
	static const unsigned bit[] = {SG_MT_P50, SG_MT_P90, SG_MT_P99, SG_MT_P999};
	static const char *const group[] = {"buckets:", "sketch:", "exact:"};
	char v[80] = "";
	int len = 0;

	for (int g = 0; g < 3; g++) {
		const char *sep = group[g];

		for (int p = 0; p < 4; p++) {
			int in = g == 0	  ? !!(from_buckets & bit[p])
				 : g == 1 ? !!(from_sketch & bit[p])
					  : !((from_buckets | from_sketch) & bit[p]);

			if (!in)
				continue;
			len += snprintf(v + len, sizeof(v) - (size_t) len, "%s%s%s",
					len && sep == group[g] ? " " : "", sep, name[p]);
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
	unsigned from_buckets = 0, from_sketch = 0;

	char twice[1024];
	int t;

	if (n < 1 || check_same(runs, labels, n) < 0)
		return NULL;
	/* its invocations would count twice: every count, total and histogram bucket doubled */
	if ((t = sg_treemerge_twice(runs, labels, n, twice, sizeof(twice))) < 0)
		return NULL;
	if (t == 2) {
		sg_log_error("%s: merging it twice would count its invocations twice", twice);
		return NULL;
	}
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
	if (keep_apart(m, runs, n) < 0 || meta(m, runs, labels, n) < 0 ||
	    merge_stats(m, runs, n, &approx, &from_buckets, &from_sketch) < 0 ||
	    (approx && sg_aggregate_set_meta(m, "percentiles", "approximate") < 0) ||
	    ((from_buckets | from_sketch) && set_from(m, from_buckets, from_sketch) < 0) ||
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
