/* runstat.c - a merged run's per-path sums kept apart by source run, for diff's run-level test. */
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "runstat.h"

struct sg_runstats *sg_runstats_new(uint32_t nsrc)
{
	struct sg_runstats *rs = calloc(1, sizeof(*rs));

	if (rs)
		rs->nsrc = nsrc;
	return rs;
}

void sg_runstats_free(struct sg_runstats *rs)
{
	if (!rs)
		return;
	free(rs->v);
	free(rs);
}

int sg_runstats_add(struct sg_runstats *rs, const struct sg_runstat *e)
{
	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? 2 * rs->cap : 256;
		struct sg_runstat *v = realloc(rs->v, cap * sizeof(*v));

		if (!v)
			return -1;
		rs->v = v;
		rs->cap = cap;
	}
	rs->v[rs->n++] = *e;
	rs->sorted = 0;
	return 0;
}

/* The node of merged at the path of n (a node of another tree), or NULL; iterative (deep trees). */
static const struct sg_node *same_path(const struct sg_tree *merged, const struct sg_node *n)
{
	const struct sg_node *at = sg_tree_top((struct sg_tree *) merged);
	const struct sg_node **chain;
	size_t depth = 0;

	for (const struct sg_node *p = n; p->parent; p = p->parent)
		depth++;
	chain = malloc((depth ? depth : 1) * sizeof(*chain));
	if (!chain)
		return NULL;
	for (size_t i = depth; i > 0; n = n->parent)
		chain[--i] = n;
	for (size_t i = 0; at && i < depth; i++)
		at = sg_tree_find(merged, at, chain[i]->name);
	free(chain);
	return at;
}

int sg_runstats_add_run(struct sg_runstats *rs, const struct sg_tree *merged,
			struct sg_tree *run_tree, const struct sg_runstats *run_rs, uint32_t src0)
{
	if (run_rs) {
		for (size_t i = 0; i < run_rs->n; i++) {
			struct sg_runstat e = run_rs->v[i];

			e.node = same_path(merged, e.node);
			e.src += src0;
			if (e.node && sg_runstats_add(rs, &e) < 0)
				return -1;
		}
		return 0;
	}
	struct sg_node *top = sg_tree_top(run_tree);

	for (struct sg_node *n = top->child; n; n = sg_node_next(n, top)) {
		struct sg_pstat ps;
		struct sg_runstat e = {.node = same_path(merged, n), .src = src0 + 1};

		sg_node_pstat(n, &ps);
		if (!e.node || !ps.ninv)
			continue;
		e.ninv = ps.ninv;
		e.lg_total = ps.lg_total;
		e.lg_self = ps.lg_self;
		e.lq_total = ps.lq_total;
		e.lq_self = ps.lq_self;
		if (sg_runstats_add(rs, &e) < 0)
			return -1;
	}
	return 0;
}

static int cmp_entry(const void *x, const void *y)
{
	const struct sg_runstat *a = x, *b = y;
	uintptr_t p = (uintptr_t) a->node, q = (uintptr_t) b->node;

	if (p != q)
		return p < q ? -1 : 1;
	return a->src < b->src ? -1 : a->src > b->src;
}

size_t sg_runstats_find(struct sg_runstats *rs, const struct sg_node *node,
			const struct sg_runstat **first)
{
	size_t lo = 0, hi, k = 0;

	*first = NULL;
	if (!rs || !rs->n)
		return 0;
	if (!rs->sorted) {
		qsort(rs->v, rs->n, sizeof(*rs->v), cmp_entry);
		rs->sorted = 1;
	}
	hi = rs->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((uintptr_t) rs->v[mid].node < (uintptr_t) node)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo + k < rs->n && rs->v[lo + k].node == node)
		k++;
	if (k)
		*first = &rs->v[lo];
	return k;
}

const char *sg_runstats_check(struct sg_runstats *rs, struct sg_tree *merged)
{
	struct sg_node *top = sg_tree_top(merged);

	for (struct sg_node *n = top->child; n; n = sg_node_next(n, top)) {
		const struct sg_runstat *e;
		size_t k = sg_runstats_find(rs, n, &e);
		struct sg_pstat ps, sum = {0};

		sg_node_pstat(n, &ps);
		for (size_t i = 0; i < k; i++) {
			sum.ninv += e[i].ninv;
			sum.lg_total += e[i].lg_total;
			sum.lg_self += e[i].lg_self;
			sum.lq_total += e[i].lq_total;
			sum.lq_self += e[i].lq_self;
		}
		if (sum.ninv != ps.ninv || sum.lg_total != ps.lg_total ||
		    sum.lg_self != ps.lg_self || sum.lq_total != ps.lq_total ||
		    sum.lq_self != ps.lq_self)
			return "a path's rpstat lines do not add up to its pstat line";
	}
	return NULL;
}
