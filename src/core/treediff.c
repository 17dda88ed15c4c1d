/* treediff.c - comparing two runs: call paths matched by name, per-invocation figures, deltas. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diffgate.h"
#include "diffnames.h"
#include "diffrename.h"
#include "log.h"
#include "runtest.h"
#include "treediff.h"
#include "treewalk.h"

/* Nodes come from blocks freed all at once, so freeing needs no walk. */
#define BLOCK_NODES 256

struct block {
	struct block *prev;
	size_t used;
	struct sg_treediff_node n[BLOCK_NODES];
};

static struct sg_treediff_node *node_new(struct sg_treediff *d)
{
	struct block *b = d->arena;

	if (!b || b->used == BLOCK_NODES) {
		struct block *nb = calloc(1, sizeof(*nb));

		if (!nb)
			return NULL;
		nb->prev = b;
		d->arena = b = nb;
	}
	d->nodes++;
	return &b->n[b->used++];
}

/*
 * x/n truncated, as the root's avg in a .tree file is, so the root's line and its latency
 * summary agree; 0 when n is 0 (a root without complete invocations).
 */
static uint64_t per_inv(uint64_t x, uint64_t n)
{
	return n ? x / n : 0;
}

static uint64_t abs64(int64_t v)
{
	return v < 0 ? (uint64_t) 0 - (uint64_t) v : (uint64_t) v;
}

/* after - before as a signed value; both are ns counts far below 2^63. */
static int64_t change(uint64_t before, uint64_t after)
{
	return (int64_t) (after - before);
}

int sg_treediff_ratio(int64_t delta, uint64_t before, int64_t *bp)
{
	if (!before)
		return -1;
	__int128 num = (__int128) delta * 10000;
	__int128 q = num / before, r = num % before;

	/* round half away from zero */
	if ((r < 0 ? -r : r) * 2 >= (__int128) before)
		q += num < 0 ? -1 : 1;
	*bp = (int64_t) q;
	return 0;
}

/* |delta| is at least limit_bp hundredths of a percent of before. */
static int passes(int64_t delta, uint64_t before, uint32_t limit_bp)
{
	if (!delta)
		return 0;
	return (unsigned __int128) abs64(delta) * 10000 >= (unsigned __int128) before * limit_bp;
}

static void fill(struct sg_treediff *d, struct sg_treediff_node *n)
{
	for (int s = 0; s < 2; s++) {
		const struct sg_node *src = n->src[s];

		if (!src)
			continue;
		if (d->totals) {
			n->total[s] = src->total;
			n->self[s] = src->self;
			n->calls_milli[s] = src->calls > UINT64_MAX / 1000 ? UINT64_MAX
									   : src->calls * 1000;
		} else {
			unsigned __int128 c = (unsigned __int128) src->calls * 1000;

			n->total[s] = per_inv(src->total, n->inv[s]);
			n->self[s] = per_inv(src->self, n->inv[s]);
			n->calls_milli[s] = !n->inv[s] ? 0
				: (uint64_t) ((c + n->inv[s] / 2) / n->inv[s]);
		}
	}
	n->state = !n->src[0] ? SG_TREEDIFF_NEW : !n->src[1] ? SG_TREEDIFF_GONE : SG_TREEDIFF_BOTH;
	n->delta = change(n->total[0], n->total[1]);
	n->self_delta = change(n->self[0], n->self[1]);
}

static struct sg_treediff_node *add_child(struct sg_treediff *d, struct sg_treediff_node *parent,
					  const struct sg_node *b, const struct sg_node *a)
{
	struct sg_treediff_node *n = node_new(d);

	if (!n)
		return NULL;
	n->name = a ? a->name : b->name;
	n->parent = parent;
	n->src[0] = b;
	n->src[1] = a;
	n->inv[0] = parent->inv[0];
	n->inv[1] = parent->inv[1];
	/* children are linked in reverse here and put in order by sort_children */
	n->next = parent->child;
	parent->child = n;
	return n;
}

static int cmp_order(const void *x, const void *y)
{
	const struct sg_treediff_node *a = *(struct sg_treediff_node *const *) x;
	const struct sg_treediff_node *b = *(struct sg_treediff_node *const *) y;

	if (a->total[1] != b->total[1])
		return a->total[1] > b->total[1] ? -1 : 1;
	if (a->total[0] != b->total[0])
		return a->total[0] > b->total[0] ? -1 : 1;
	return strcmp(a->name, b->name);
}

struct scratch {
	struct sg_treediff_node **v;
	size_t cap;
};

static int sort_children(struct sg_treediff_node *p, struct scratch *s)
{
	size_t n = 0;

	for (struct sg_treediff_node *c = p->child; c; c = c->next) {
		if (n == s->cap) {
			size_t ncap = s->cap ? s->cap * 2 : 64;
			struct sg_treediff_node **v = realloc(s->v, ncap * sizeof(*v));

			if (!v)
				return -1;
			s->v = v;
			s->cap = ncap;
		}
		s->v[n++] = c;
	}
	if (n < 2)
		return 0;
	qsort(s->v, n, sizeof(*s->v), cmp_order);
	p->child = s->v[0];
	for (size_t i = 0; i + 1 < n; i++)
		s->v[i]->next = s->v[i + 1];
	s->v[n - 1]->next = NULL;
	return 0;
}

/* Pair the children of n's two sources by name: both lists are in name order. */
static int build_children(struct sg_treediff *d, struct sg_treediff_node *n, struct scratch *s,
			  const struct sg_treediff_options *o)
{
	const struct sg_node *b = n->src[0] ? n->src[0]->child : NULL;
	const struct sg_node *a = n->src[1] ? n->src[1]->child : NULL;

	while (a || b) {
		int c = !a ? -1 : !b ? 1 : strcmp(b->name, a->name);
		struct sg_treediff_node *k = add_child(d, n, c <= 0 ? b : NULL, c >= 0 ? a : NULL);

		if (!k)
			return -1;
		if (c <= 0)
			b = b->next;
		if (c >= 0)
			a = a->next;
	}
	/* --rename pairs even with --exact-names: it names the pair itself */
	if (!o->exact_names || o->nrenames) {
		uint64_t m;

		if (sg_diffnames_match(n, o, &m) < 0)
			return -1;
		d->nmatched += m;
	}
	/* a rename nobody named, found by the calls below it; roots pair by name (or --force) */
	if (!o->exact_names && n->parent) {
		uint64_t m;

		if (sg_diffrename_match(n, o, &d->subtree_walked, &d->subtree_stopped, &m) < 0)
			return -1;
		d->nmatched += m;
		d->nsubtree += m;
	}
	for (struct sg_treediff_node *k = n->child; n->parent && k; k = k->next)
		fill(d, k);
	return n->parent ? sort_children(n, s) : 0;
}

struct sg_treediff_node *sg_treediff_next(const struct sg_treediff_node *n,
					  const struct sg_treediff_node *top)
{
	if (n->child)
		return n->child;
	while (n != top && !n->next)
		n = n->parent;
	return n == top ? NULL : n->next;
}

static const struct sg_rootstat *find_stat(const struct sg_aggregate *agg, const char *name)
{
	for (int i = 0; i < agg->nroots; i++)
		if (strcmp(agg->roots[i].root, name) == 0)
			return &agg->roots[i];
	return NULL;
}

static int count_children(const struct sg_node *n)
{
	int k = 0;

	for (n = n->child; n; n = n->next)
		k++;
	return k;
}

/* Root's kept slowest invocations in run k, and past which duration they are all of them. */
static int keep_slow(struct sg_treediff_root *root, int k, const struct sg_aggregate *run)
{
	const char *name = root->name[k];

	/* none kept (an older file, --keep-slowest 0): of the tail, only the histogram is known */
	root->slow_floor[k] = !run->keep_slowest ? UINT64_MAX
			      : run->nslow < run->keep_slowest
				  ? 0
				  : run->slow[run->nslow - 1]->duration;
	if (!run->nslow)
		return 0;
	root->slow[k] = malloc(run->nslow * sizeof(*root->slow[k]));
	if (!root->slow[k])
		return -1;
	for (unsigned i = 0; i < run->nslow; i++)
		if (run->slow[i]->root && strcmp(run->slow[i]->root, name) == 0)
			root->slow[k][root->nslow[k]++] = run->slow[i]->duration;
	return 0;
}

/* The top level: roots paired by name, or the single roots of each run paired when forced. */
static int build_roots(struct sg_treediff *d, struct sg_aggregate *run[2], int pair_single,
		       struct scratch *s, const struct sg_treediff_options *o)
{
	struct sg_treediff_node *top = d->top;

	if (pair_single) {
		if (!add_child(d, top, sg_tree_top(run[0]->merged)->child,
			       sg_tree_top(run[1]->merged)->child))
			return -1;
	} else if (build_children(d, top, s, o) < 0) {
		return -1;
	}
	for (struct sg_treediff_node *r = top->child; r; r = r->next) {
		for (int k = 0; k < 2; k++) {
			const struct sg_rootstat *st = r->src[k] ? find_stat(run[k], r->src[k]->name)
							 : NULL;

			/* without a stat line for its root, a file still has the root's calls */
			if (r->src[k])
				r->inv[k] = st ? st->sum.count : r->src[k]->calls;
		}
		fill(d, r);
		d->nroots++;
	}
	/* the roots' order, which the summaries follow too */
	if (sort_children(top, s) < 0)
		return -1;
	d->roots = calloc((size_t) d->nroots + 1, sizeof(*d->roots));
	if (!d->roots)
		return -1;
	int i = 0;

	for (struct sg_treediff_node *r = top->child; r; r = r->next, i++) {
		struct sg_treediff_root *root = &d->roots[i];

		root->node = r;
		for (int k = 0; k < 2; k++) {
			const struct sg_rootstat *st;

			if (!r->src[k])
				continue;
			root->name[k] = r->src[k]->name;
			st = find_stat(run[k], r->src[k]->name);
			if (st)
				root->sum[k] = st->sum;
		}
		/* the histograms are in every .tree since version 3: a test of older files too */
		root->rank = SG_WELCH_FEW;
		root->rank_p = 1;
		if (o->level > 0 && !o->totals && root->sum[0].has_hist && root->sum[1].has_hist &&
		    root->sum[0].count >= SG_WELCH_MIN_INV &&
		    root->sum[1].count >= SG_WELCH_MIN_INV) {
			root->rank_p =
			    sg_welch_rank_p(root->sum[0].hist, root->sum[1].hist, SG_HIST_BUCKETS);
			root->rank = root->rank_p < 1 - o->level ? SG_WELCH_SIG : SG_WELCH_NOT;
		}
		for (int k = 0; k < 2; k++)
			if (r->src[k] && keep_slow(root, k, run[k]) < 0)
				return -1;
		sg_diffgate_test_tails(root, o->totals ? 0 : o->level);
	}
	return 0;
}

/* Largest |self_delta| first; an equal one keeps the earlier (pre-order) path first. */
static void note_change(struct sg_treediff *d, struct sg_treediff_node *n)
{
	uint64_t m = abs64(n->self_delta);
	int i = d->nchanges;

	while (i > 0 && abs64(d->changes[i - 1]->self_delta) < m)
		i--;
	if (i >= SG_TREEDIFF_TOP)
		return;
	int last = d->nchanges < SG_TREEDIFF_TOP ? d->nchanges : SG_TREEDIFF_TOP - 1;

	memmove(&d->changes[i + 1], &d->changes[i], (size_t) (last - i) * sizeof(d->changes[0]));
	d->changes[i] = n;
	if (d->nchanges < SG_TREEDIFF_TOP)
		d->nchanges++;
}

/*
 * The interval [lo, hi] of the change on the log scale (differences of mean log2 times, in
 * 1/SG_LOGTIME_ONE) as ns per invocation: the ratio 2^x it stands for, applied to BEFORE's
 * time (AFTER's for a path new in AFTER). Its sign is the interval's, so it holds 0 exactly
 * when the change is not significant.
 */
static void ci_ns(struct sg_welch *w, uint64_t before, uint64_t after)
{
	double a = exp2(w->lo / SG_LOGTIME_ONE), b = exp2(w->hi / SG_LOGTIME_ONE);

	if (before) {
		w->lo = (double) before * (a - 1);
		w->hi = (double) before * (b - 1);
	} else {
		w->lo = (double) after * (1 - 1 / a);
		w->hi = (double) after * (1 - 1 / b);
	}
	w->delta = (double) after - (double) before;
}

/*
 * One test of a path's time: Welch on the log scale among the invocations the path ran in
 * (absent ones would add a 0 each, whose spread drowns any change of the time itself), and
 * whether it ran in more or fewer of them (presence_p); each at half the significance level,
 * so that the two together keep it (Bonferroni). *by says which found a change.
 */
static void test_time(struct sg_treediff *d, const struct sg_treediff_node *n, int self,
		      double presence_p, struct sg_welch *w, unsigned *by)
{
	struct sg_welch_sample s[2];
	double alpha = 1 - d->level;

	if (d->by_runs) {
		/* across runs: each side's runs, the samples where they differ (runtest.c) */
		struct sg_runtest_side side[2];

		for (int k = 0; k < 2; k++) {
			const struct sg_runstat *e = NULL;
			size_t ne = n->src[k] ? sg_runstats_find(d->rs[k], n->src[k], &e) : 0;

			sg_runtest_side(e, ne, self, &side[k]);
		}
		sg_runtest_test(&side[0], &side[1], 1 - alpha / 2, w);
		if (!self && (side[0].by_runs || side[1].by_runs))
			d->nbyruns++;
	} else {
		for (int k = 0; k < 2; k++) {
			struct sg_pstat ps = {0};

			if (n->src[k])
				sg_node_pstat(n->src[k], &ps);
			s[k] = (struct sg_welch_sample){ps.ninv, self ? ps.lg_self : ps.lg_total,
							self ? ps.lq_self : ps.lq_total};
		}
		sg_welch_test(&s[0], &s[1], 1 - alpha / 2, w);
	}
	/* ran in fewer than SG_WELCH_MIN_INV invocations of a run: no interval of its time */
	int timeless = w->verdict == SG_WELCH_FEW;
	*by = 0;
	if (w->verdict == SG_WELCH_SIG)
		*by |= SG_TREEDIFF_BY_TIME;
	/* the presence test needs enough invocations in each run, as the time test does */
	int few = n->inv[0] < SG_WELCH_MIN_INV || n->inv[1] < SG_WELCH_MIN_INV;

	if (!few && presence_p < alpha / 2)
		*by |= SG_TREEDIFF_BY_PRESENCE;
	double p = w->verdict == SG_WELCH_FEW ? presence_p : fmin(w->p, presence_p);

	if (few) {
		w->verdict = SG_WELCH_FEW;
	} else {
		w->verdict = *by ? SG_WELCH_SIG : SG_WELCH_NOT;
		w->p = fmin(1, 2 * p);
	}
	ci_ns(w, self ? n->self[0] : n->total[0], self ? n->self[1] : n->total[1]);
	if (timeless)
		w->lo = w->hi = NAN;
	int64_t delta = self ? n->self_delta : n->delta;

	/* heavy tails: the average can grow while the typical time shrinks, or the other way */
	if (w->verdict == SG_WELCH_SIG && !timeless &&
	    ((delta > 0 && w->hi < 0) || (delta < 0 && w->lo > 0)))
		*by |= SG_TREEDIFF_AGAINST;
}

/* The node's significance, total and self time, from both runs' per-path sums. */
static void test_node(struct sg_treediff *d, struct sg_treediff_node *n)
{
	uint64_t k[2];

	for (int s = 0; s < 2; s++) {
		struct sg_pstat ps = {0};

		if (n->src[s])
			sg_node_pstat(n->src[s], &ps);
		k[s] = ps.ninv;
	}
	n->presence_p = sg_welch_presence_p(k[0], n->inv[0], k[1], n->inv[1]);
	test_time(d, n, 0, n->presence_p, &n->sig, &n->sig_by);
	test_time(d, n, 1, n->presence_p, &n->self_sig, &n->self_sig_by);
	/* each path in one count; '!' paths are among the changed ones, counted once more */
	if (n->sig.verdict == SG_WELCH_SIG)
		d->nsig++;
	else if (n->sig.verdict == SG_WELCH_NOT)
		d->nnot++;
	else
		d->nfew++;
	if (n->sig_by & SG_TREEDIFF_AGAINST)
		d->nagainst++;
}

/* Whether the paths can be tested, else why not (in d->why); sets d->level. */
static void decide_level(struct sg_treediff *d, struct sg_aggregate *run[2],
			 const struct sg_treediff_options *o)
{
	d->level = 0;
	if (o->level <= 0)
		snprintf(d->why, sizeof(d->why), "not asked for");
	else if (o->totals)
		snprintf(d->why, sizeof(d->why),
			 "--total compares sums over all invocations, not means per invocation");
	else if (!run[0]->has_pathstat && !run[1]->has_pathstat)
		snprintf(d->why, sizeof(d->why),
			 "neither run has per-path statistics across invocations (.tree files "
			 "older than version 5, or merges with one): read the traces again to get "
			 "them");
	else if (!run[0]->has_pathstat || !run[1]->has_pathstat)
		snprintf(d->why, sizeof(d->why),
			 "%s has no per-path statistics across invocations (a .tree older than "
			 "version 5, or a merge with one): read its trace again to get them",
			 !run[0]->has_pathstat ? d->label[0] : d->label[1]);
	else
		d->level = o->level;
	for (int k = 0; k < 2; k++) {
		const char *ns = sg_aggregate_meta(run[k], "sources");

		d->runs[k] = ns && strtoull(ns, NULL, 10) ? strtoull(ns, NULL, 10) : 1;
		d->rs[k] = run[k]->runstats;
	}
	d->by_runs = d->level && d->rs[0] && d->rs[1];
}

/*
 * Counted among the changes: significant, or no test made (too few invocations of the root:
 * nothing is known either way), or --all.
 */
static int counts(const struct sg_treediff *d, const struct sg_welch *w)
{
	return !d->level || d->all || w->verdict != SG_WELCH_NOT;
}

/* Deltas are known: mark what passes the threshold, its ancestors, the top changes, the scale. */
static void summarize(struct sg_treediff *d, uint32_t limit_bp, uint64_t min_delta)
{
	int filter = limit_bp || min_delta;

	for (struct sg_treediff_node *n = d->top->child; n; n = sg_treediff_next(n, d->top)) {
		int fresh = n->state != SG_TREEDIFF_BOTH;

		/* a new or gone subtree is one change: below a threshold, its top stands for it */
		n->changed = (fresh ? !filter || n->parent->state != n->state
				    : passes(n->delta, n->total[0], limit_bp)) &&
			     abs64(n->delta) >= min_delta;
		if (!filter || !n->parent->parent)
			n->shown = 1;
		if (n->changed)
			for (struct sg_treediff_node *p = n; p != d->top && !p->shown;
			     p = p->parent)
				p->shown = 1;
		if (abs64(n->delta) > d->max_abs_delta)
			d->max_abs_delta = abs64(n->delta);
		if (d->level)
			test_node(d, n);
		else
			n->sig.verdict = n->self_sig.verdict = SG_WELCH_FEW;
		if (n->self_delta && (fresh || passes(n->self_delta, n->self[0], limit_bp)) &&
		    abs64(n->self_delta) >= min_delta && counts(d, &n->self_sig))
			note_change(d, n);
	}
}

/* A run's node and its path, sorted by the node's address for sg_treediff_find. */
struct link {
	uintptr_t src;
	struct sg_treediff_node *n;
};

static int cmp_link(const void *x, const void *y)
{
	const struct link *a = x, *b = y;

	return (a->src > b->src) - (a->src < b->src);
}

static int build_index(struct sg_treediff *d)
{
	for (int k = 0; k < 2; k++) {
		struct link *v = malloc(d->nodes * sizeof(*v));
		size_t n = 0;

		if (!v)
			return -1;
		for (struct sg_treediff_node *p = d->top->child; p; p = sg_treediff_next(p, d->top))
			if (p->src[k])
				v[n++] = (struct link){ (uintptr_t) p->src[k], p };
		qsort(v, n, sizeof(*v), cmp_link);
		d->index[k] = v;
		d->nindex[k] = n;
	}
	return 0;
}

struct sg_treediff_node *sg_treediff_find(const struct sg_treediff *d, int side,
					  const struct sg_node *n)
{
	struct link key = { (uintptr_t) n, NULL };
	const struct link *l;

	l = bsearch(&key, d->index[side], d->nindex[side], sizeof(key), cmp_link);

	return l ? l->n : NULL;
}

static const char *label(const struct sg_treediff_options *o, int k)
{
	return o->label[k] ? o->label[k] : k ? "AFTER" : "BEFORE";
}

struct sg_treediff *sg_treediff_new(struct sg_aggregate *before, struct sg_aggregate *after,
				    const struct sg_treediff_options *o)
{
	struct sg_aggregate *run[2] = { before, after };
	struct scratch s = { 0 };
	struct sg_treediff *d = calloc(1, sizeof(*d));
	int pair_single = 0;

	if (!d)
		goto nomem;
	d->totals = o->totals;
	d->threshold_bp = o->threshold_bp;
	d->all = o->all;
	for (int k = 0; k < 2; k++) {
		const char *r = sg_aggregate_meta(run[k], "root");

		d->root_pattern[k] = r ? r : "";
		d->label[k] = label(o, k);
		d->kernel[k] = sg_aggregate_meta(run[k], "kernel");
		if (!run[k]->has_time) {
			sg_log_error("%s has no durations (traced with nofuncgraph-duration): "
				     "a diff compares times, so trace both runs with durations",
				     label(o, k));
			goto fail;
		}
	}
	if (strcmp(d->root_pattern[0], d->root_pattern[1]) != 0) {
		if (!o->force) {
			sg_log_error("%s traces %s but %s traces %s: compare different roots with "
				     "--force",
				     label(o, 0), d->root_pattern[0], label(o, 1),
				     d->root_pattern[1]);
			goto fail;
		}
		/* a renamed root (e.g. a new .isra suffix) still lines up with its old self */
		pair_single = count_children(sg_tree_top(before->merged)) == 1 &&
			      count_children(sg_tree_top(after->merged)) == 1;
	}
	if (sg_treewalk_sort(sg_tree_top(before->merged), SG_ORDER_NAME) < 0 ||
	    sg_treewalk_sort(sg_tree_top(after->merged), SG_ORDER_NAME) < 0)
		goto nomem;
	d->top = node_new(d);
	if (!d->top)
		goto nomem;
	d->top->src[0] = sg_tree_top(before->merged);
	d->top->src[1] = sg_tree_top(after->merged);
	d->exact_names = o->exact_names;
	d->rank_level = o->totals ? 0 : o->level;
	if (build_roots(d, run, pair_single, &s, o) < 0)
		goto nomem;
	/* each node's children are built once it is reached, so the walk descends into them */
	for (struct sg_treediff_node *n = d->top->child; n; n = sg_treediff_next(n, d->top))
		if (build_children(d, n, &s, o) < 0)
			goto nomem;
	decide_level(d, run, o);
	d->min_delta = o->min_delta;
	summarize(d, o->threshold_bp, o->min_delta);
	if (build_index(d) < 0)
		goto nomem;
	free(s.v);
	return d;
nomem:
	sg_log_error("out of memory");
fail:
	free(s.v);
	sg_treediff_free(d);
	return NULL;
}

void sg_treediff_free(struct sg_treediff *d)
{
	if (!d)
		return;
	for (struct block *b = d->arena, *prev; b; b = prev) {
		prev = b->prev;
		free(b);
	}
	for (int i = 0; d->roots && i < d->nroots; i++) {
		free(d->roots[i].slow[0]);
		free(d->roots[i].slow[1]);
	}
	free(d->roots);
	free(d->index[0]);
	free(d->index[1]);
	free(d);
}
