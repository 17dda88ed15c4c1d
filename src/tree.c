/* tree.c - call-tree nodes in arena blocks, found by (parent, name) through one hash per tree. */
#include <stdlib.h>
#include <string.h>
#include "tree.h"

/* Blocks grow from a few nodes (most invocation trees are small) to many (merged trees). */
#define FIRST_BLOCK 8
#define MAX_BLOCK 1024
/* Children of a node with more than this are indexed in the hash; fewer are scanned. */
#define WIDE 8

struct block {
	struct block *next;
	unsigned used, cap;
	struct sg_node nodes[];
};

struct sg_tree {
	struct sg_node top;
	struct block *blocks;
	struct sg_node **slots; /* open addressing, keyed by (parent, name) */
	size_t cap, count;
	uint64_t size;
};

static size_t key_hash(const struct sg_node *parent, const char *name)
{
	uint64_t h = (uint64_t) (uintptr_t) parent * 0x9E3779B97F4A7C15ULL;

	h ^= (uint64_t) (uintptr_t) name * 0xC2B2AE3D27D4EB4FULL;
	return (size_t) (h ^ (h >> 31));
}

struct sg_tree *sg_tree_new(void)
{
	struct sg_tree *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->cap = 16;
	t->slots = calloc(t->cap, sizeof(*t->slots));
	if (!t->slots) {
		free(t);
		return NULL;
	}
	return t;
}

void sg_tree_free(struct sg_tree *t)
{
	if (!t)
		return;
	while (t->blocks) {
		struct block *b = t->blocks;

		t->blocks = b->next;
		free(b);
	}
	free(t->slots);
	free(t);
}

struct sg_node *sg_tree_top(struct sg_tree *t)
{
	return &t->top;
}

uint64_t sg_tree_size(const struct sg_tree *t)
{
	return t->size;
}

static struct sg_node *node_alloc(struct sg_tree *t, const char *name)
{
	struct block *b = t->blocks;

	if (!b || b->used == b->cap) {
		unsigned cap = !b ? FIRST_BLOCK : b->cap < MAX_BLOCK ? b->cap * 2 : MAX_BLOCK;

		b = malloc(sizeof(*b) + cap * sizeof(struct sg_node));
		if (!b)
			return NULL;
		b->used = 0;
		b->cap = cap;
		b->next = t->blocks;
		t->blocks = b;
	}
	struct sg_node *n = &b->nodes[b->used++];

	memset(n, 0, sizeof(*n));
	n->name = name;
	t->size++;
	return n;
}

static int grow(struct sg_tree *t)
{
	size_t ncap = t->cap * 2;
	struct sg_node **ns = calloc(ncap, sizeof(*ns));

	if (!ns)
		return -1;
	for (size_t i = 0; i < t->cap; i++) {
		struct sg_node *n = t->slots[i];

		if (!n)
			continue;
		size_t j = key_hash(n->parent, n->name) & (ncap - 1);

		while (ns[j])
			j = (j + 1) & (ncap - 1);
		ns[j] = n;
	}
	free(t->slots);
	t->slots = ns;
	t->cap = ncap;
	return 0;
}

struct sg_node *sg_tree_find(const struct sg_tree *t, const struct sg_node *parent,
			     const char *name)
{
	if (parent->nchild <= WIDE) {
		for (struct sg_node *c = parent->child; c; c = c->next)
			if (c->name == name)
				return c;
		return NULL;
	}
	size_t i = key_hash(parent, name) & (t->cap - 1);
	struct sg_node *n;

	while ((n = t->slots[i])) {
		if (n->parent == parent && n->name == name)
			return n;
		i = (i + 1) & (t->cap - 1);
	}
	return NULL;
}

/* Insert n (already linked under its parent) into the hash. */
static int index_node(struct sg_tree *t, struct sg_node *n)
{
	if ((t->count + 1) * 2 > t->cap && grow(t) < 0)
		return -1;
	size_t i = key_hash(n->parent, n->name) & (t->cap - 1);

	while (t->slots[i])
		i = (i + 1) & (t->cap - 1);
	t->slots[i] = n;
	t->count++;
	return 0;
}

/* Link n under parent; a parent that becomes wide has its children indexed. */
static int link_child(struct sg_tree *t, struct sg_node *parent, struct sg_node *n)
{
	n->parent = parent;
	n->next = NULL;
	if (parent->last_child)
		parent->last_child->next = n;
	else
		parent->child = n;
	parent->last_child = n;
	if (++parent->nchild < WIDE + 1)
		return 0;
	if (parent->nchild > WIDE + 1)
		return index_node(t, n);
	for (struct sg_node *c = parent->child; c; c = c->next)
		if (index_node(t, c) < 0)
			return -1;
	return 0;
}

struct sg_node *sg_tree_child(struct sg_tree *t, struct sg_node *parent, const char *name)
{
	struct sg_node *n = sg_tree_find(t, parent, name);

	if (n)
		return n;
	n = node_alloc(t, name);
	if (!n || link_child(t, parent, n) < 0)
		return NULL;
	return n;
}

struct sg_node *sg_tree_detached(struct sg_tree *t, const char *name)
{
	return node_alloc(t, name);
}

int sg_tree_attach(struct sg_tree *t, struct sg_node *parent, struct sg_node *node)
{
	if (!sg_tree_find(t, parent, node->name))
		return link_child(t, parent, node);
	/* The detached node's nodes stay in the arena, unreachable, until the tree is freed. */
	return sg_tree_merge(t, parent, node);
}

void sg_tree_unlink(struct sg_node *n)
{
	struct sg_node *p = n->parent, *prev = NULL;

	if (!p)
		return;
	for (struct sg_node *c = p->child; c && c != n; c = c->next)
		prev = c;
	if (prev)
		prev->next = n->next;
	else
		p->child = n->next;
	if (p->last_child == n)
		p->last_child = prev;
	p->nchild--;
	/* the hash matches on the parent: a node without one is never found */
	n->parent = NULL;
	n->next = NULL;
}

void sg_node_add_call(struct sg_node *n, uint64_t dur, int has_dur)
{
	n->calls = sg_add_sat(n->calls, 1);
	if (!has_dur)
		return;
	n->total = sg_add_sat(n->total, dur);
	if (n->calls == 1 || dur < n->min)
		n->min = dur;
	if (dur > n->max)
		n->max = dur;
}

static void combine(struct sg_node *d, const struct sg_node *s)
{
	if (s->calls && (!d->calls || s->min < d->min))
		d->min = s->min;
	if (s->max > d->max)
		d->max = s->max;
	d->calls = sg_add_sat(d->calls, s->calls);
	d->total = sg_add_sat(d->total, s->total);
	d->self = sg_add_sat(d->self, s->self);
}

int sg_tree_merge(struct sg_tree *dst, struct sg_node *dst_parent, const struct sg_node *src)
{
	const struct sg_node *s = src;
	struct sg_node *d = sg_tree_child(dst, dst_parent, s->name);

	if (!d)
		return -1;
	combine(d, s);
	for (;;) {
		if (s->child) {
			s = s->child;
			d = sg_tree_child(dst, d, s->name);
		} else {
			while (s != src && !s->next) {
				s = s->parent;
				d = d->parent;
			}
			if (s == src)
				return 0;
			s = s->next;
			d = sg_tree_child(dst, d->parent, s->name);
		}
		if (!d)
			return -1;
		combine(d, s);
	}
}

uint64_t sg_tree_finish(struct sg_node *n)
{
	uint64_t raised = 0;
	struct sg_node *x = n;

	while (x->child)
		x = x->child;
	for (;;) {
		uint64_t sum = 0;

		for (struct sg_node *c = x->child; c; c = c->next)
			sum = sg_add_sat(sum, c->total);
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

int sg_tree_sort(struct sg_node *top, enum sg_order order)
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

struct sg_node *sg_node_next(const struct sg_node *n, const struct sg_node *top)
{
	if (n->child)
		return n->child;
	while (n != top) {
		if (n->next)
			return n->next;
		n = n->parent;
	}
	return NULL;
}

int sg_node_depth(const struct sg_node *n, const struct sg_node *top)
{
	int d = 0;

	while (n != top && n->parent) {
		n = n->parent;
		d++;
	}
	return d;
}
