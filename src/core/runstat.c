/* runstat.c - a merged run's per-path sums kept apart by source run, for diff's run-level test. */
#include <stdlib.h>
#include <string.h>
#include "idmap.h"
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

/*
 * Each node of run_tree (pre-order) with the node of merged at its path (*map[i], NULL where
 * merged has none), the nodes numbered in ids: one walk, a stack of the path by depth, so a
 * deep tree costs its size. -1: no memory.
 */
static int map_nodes(const struct sg_tree *merged, struct sg_tree *run_tree, struct sg_idmap *ids,
		     const struct sg_node ***map)
{
	struct sg_node *top = sg_tree_top(run_tree);
	uint64_t size = sg_tree_size(run_tree);
	const struct sg_node **stack = NULL;
	size_t cap = 0;
	int depth = 0;

	*map = malloc((size ? size : 1) * sizeof(**map));
	if (!*map || sg_idmap_init(ids, size ? size : 1) < 0)
		return -1;
	for (struct sg_node *n = top->child; n; n = sg_node_next_depth(n, top, &depth)) {
		/* depth counts from 0 at the roots: stack[depth] is this node's merged twin */
		if ((size_t) depth >= cap) {
			size_t ncap = cap ? 2 * cap : 64;
			const struct sg_node **ns = realloc(stack, ncap * sizeof(*ns));

			if (!ns) {
				free(stack);
				return -1;
			}
			stack = ns;
			cap = ncap;
		}
		const struct sg_node *up =
		    depth ? stack[depth - 1] : sg_tree_top((struct sg_tree *) merged);
		int fresh;
		uint32_t id = sg_idmap_get(ids, (uint64_t) (uintptr_t) n, &fresh);

		stack[depth] = up ? sg_tree_find(merged, up, n->name) : NULL;
		(*map)[id] = stack[depth];
	}
	free(stack);
	return 0;
}

int sg_runstats_add_run(struct sg_runstats *rs, const struct sg_tree *merged,
			struct sg_tree *run_tree, const struct sg_runstats *run_rs, uint32_t src0)
{
	struct sg_idmap ids = {0};
	const struct sg_node **map = NULL;
	struct sg_node *top = sg_tree_top(run_tree);
	int ret = -1;

	if (map_nodes(merged, run_tree, &ids, &map) < 0)
		goto out;
	if (run_rs) {
		for (size_t i = 0; i < run_rs->n; i++) {
			struct sg_runstat e = run_rs->v[i];
			long id = sg_idmap_find(&ids, (uint64_t) (uintptr_t) e.node);

			e.node = id < 0 ? NULL : map[id];
			e.src += src0;
			if (e.node && sg_runstats_add(rs, &e) < 0)
				goto out;
		}
		ret = 0;
		goto out;
	}
	for (struct sg_node *n = top->child; n; n = sg_node_next(n, top)) {
		struct sg_pstat ps;
		long id = sg_idmap_find(&ids, (uint64_t) (uintptr_t) n);
		struct sg_runstat e = {.node = id < 0 ? NULL : map[id], .src = src0 + 1};

		sg_node_pstat(n, &ps);
		if (!e.node || !ps.ninv)
			continue;
		e.ninv = ps.ninv;
		e.lg_total = ps.lg_total;
		e.lg_self = ps.lg_self;
		e.lq_total = ps.lq_total;
		e.lq_self = ps.lq_self;
		if (sg_runstats_add(rs, &e) < 0)
			goto out;
	}
	ret = 0;
out:
	free(map);
	sg_idmap_free(&ids);
	return ret;
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
