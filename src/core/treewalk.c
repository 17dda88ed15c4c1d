/* treewalk.c - walks over a built call tree: self times bottom-up, every child list sorted. */
#include <stdlib.h>
#include <string.h>
#include "treewalk.h"

/* The children's totals but those uncounted says are no callees (NULL: none). */
static uint64_t children_total(const struct sg_node *x, sg_treewalk_uncounted_fn uncounted)
{
	uint64_t sum = 0;

	for (const struct sg_node *c = x->child; c; c = c->next)
		if (!uncounted || !uncounted(c->name))
			sum = sg_add_sat(sum, c->total);
	return sum;
}

static uint64_t finish(struct sg_node *n, sg_treewalk_uncounted_fn uncounted)
{
	uint64_t raised = 0;
	struct sg_node *x = n;

	while (x->child)
		x = x->child;
	for (;;) {
		uint64_t sum = children_total(x, uncounted);

		if (sum > x->total) {
			x->total = sum;
			raised++;
		}
		x->self = x->total - sum;
		if (x == n)
			return raised;
		if (x->next) {
			x = x->next;
			while (x->child)
				x = x->child;
		} else {
			x = x->parent;
		}
	}
}

uint64_t sg_treewalk_finish(struct sg_node *n)
{
	return finish(n, NULL);
}

uint64_t sg_treewalk_finish_uncounted(struct sg_node *root, sg_treewalk_uncounted_fn uncounted,
				      sg_treewalk_anomaly_fn fn, void *ctx)
{
	uint64_t sum;

	/*
	 * Below the root, each call that returned was counted at least at its callees' sum
	 * already; in an incomplete invocation a call whose return was lost has no time of its
	 * own, and stands at its callees' (not reported: the invocation is, as cut).
	 */
	for (struct sg_node *c = root->child; c; c = c->next)
		finish(c, uncounted);
	sum = children_total(root, uncounted);
	root->self = root->total > sum ? root->total - sum : 0;
	if (sum <= root->total)
		return 0;
	if (fn)
		fn(ctx, root, root->total, sum);
	return 1;
}

static int cmp_total(const void *a, const void *b)
{
	const struct sg_node *x = *(struct sg_node *const *) a, *y = *(struct sg_node *const *) b;

	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int cmp_name(const void *a, const void *b)
{
	const struct sg_node *x = *(struct sg_node *const *) a, *y = *(struct sg_node *const *) b;

	return strcmp(x->name, y->name);
}

int sg_treewalk_sort(struct sg_node *top, enum sg_order order)
{
	struct sg_node **v = NULL;
	size_t cap = 0;

	for (struct sg_node *n = top; n; n = sg_node_next(n, top)) {
		size_t k = 0;

		if (!n->child || !n->child->next)
			continue;
		for (struct sg_node *c = n->child; c; c = c->next) {
			if (k == cap) {
				size_t ncap = cap ? cap * 2 : 64;
				struct sg_node **nv = realloc(v, ncap * sizeof(*nv));

				if (!nv) {
					free(v);
					return -1;
				}
				v = nv;
				cap = ncap;
			}
			v[k++] = c;
		}
		qsort(v, k, sizeof(*v), order == SG_ORDER_TOTAL ? cmp_total : cmp_name);
		n->child = v[0];
		for (size_t i = 0; i + 1 < k; i++)
			v[i]->next = v[i + 1];
		v[k - 1]->next = NULL;
		n->last_child = v[k - 1];
	}
	free(v);
	return 0;
}
