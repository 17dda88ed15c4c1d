/* tree.c - call-tree nodes in arena blocks, found by (parent, name) through one hash per tree. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tree.h"

/* Blocks grow from a few nodes (most invocation trees are small) to many (merged trees). */
#define FIRST_BLOCK 8
#define MAX_BLOCK   1024
/*
 * Children of a node with more than this are found through the hash; fewer are scanned, which
 * costs less than hashing every node of a large tree (most callees are leaves, allocated one
 * after another).
 */
#define WIDE 16

/* Nodes one after another, each followed by its sg_pstat in a tree that stores them. */
struct block {
	struct block *next;
	unsigned used, cap;
	max_align_t mem[];
};

/* Bytes for return-value records and kept calls, freed with the tree. */
struct chunk {
	struct chunk *next;
	size_t used, cap;
	max_align_t data[];
};

/*
 * A hashed node with its key's hash: probes compare it before reading the node, and growing
 * rehashes without reading any (in a large tree each read is a cache miss).
 */
struct slot {
	struct sg_node *n;
	size_t h;
};

struct sg_tree {
	struct sg_node top;
	struct block *blocks;
	struct chunk *chunks;
	struct slot *slots; /* open addressing, keyed by (parent, name) */
	size_t cap, count;
	uint64_t size;
	size_t stride;		 /* bytes per node in the blocks: the node, and its sg_pstat */
	unsigned char pstat; /* kind of the nodes allocated: SG_PSTAT_STORED or _NONE */
};

/*
 * A stored sg_pstat follows its node, at the alignment of its 128-bit sums. A lean tree's node
 * is the node alone: one invocation's statistics are derived from its times where they are
 * read, the log times remembered (sg_logtime_cached), so an invocation's tree holds no bytes for
 * them (a 100,000-node tree is 0.8 MB less memory faulted in).
 */

#define PSTAT_OFFSET                                                                               \
	((sizeof(struct sg_node) + _Alignof(struct sg_pstat) - 1) / _Alignof(struct sg_pstat) *    \
	 _Alignof(struct sg_pstat))

static struct sg_pstat *stored(const struct sg_node *n)
{
	return (struct sg_pstat *) ((char *) n + PSTAT_OFFSET);
}

static size_t key_hash(const struct sg_node *parent, const char *name)
{
	uint64_t h = (uint64_t) (uintptr_t) parent * 0x9E3779B97F4A7C15ULL;

	h ^= (uint64_t) (uintptr_t) name * 0xC2B2AE3D27D4EB4FULL;
	return (size_t) (h ^ (h >> 31));
}

static struct sg_tree *tree_new(int stored)
{
	struct sg_tree *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->pstat = stored ? SG_PSTAT_STORED : SG_PSTAT_NONE;
	t->stride = stored ? PSTAT_OFFSET + sizeof(struct sg_pstat) : sizeof(struct sg_node);
	t->cap = 16;
	t->slots = calloc(t->cap, sizeof(*t->slots));
	if (!t->slots) {
		free(t);
		return NULL;
	}
	return t;
}

struct sg_tree *sg_tree_new(void)
{
	return tree_new(1);
}

struct sg_tree *sg_tree_new_lean(void)
{
	return tree_new(0);
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
	while (t->chunks) {
		struct chunk *c = t->chunks;

		t->chunks = c->next;
		free(c);
	}
	free(t->slots);
	free(t);
}

int sg_tree_reuse(struct sg_tree *t)
{
	struct block *keep = t->blocks;

	/* a merged tree, or a large one: its memory goes back, not kept for a small tree */
	if (t->pstat != SG_PSTAT_NONE || t->size > MAX_BLOCK || t->cap > 4 * MAX_BLOCK)
		return -1;
	/* the newest block is the largest: the only one kept, the next grows from its size */
	if (keep) {
		while (keep->next) {
			struct block *b = keep->next;

			keep->next = b->next;
			free(b);
		}
		keep->used = 0;
	}
	while (t->chunks) {
		struct chunk *c = t->chunks;

		t->chunks = c->next;
		free(c);
	}
	memset(t->slots, 0, t->cap * sizeof(*t->slots));
	memset(&t->top, 0, sizeof(t->top));
	t->count = 0;
	t->size = 0;
	return 0;
}

struct sg_node *sg_tree_top(struct sg_tree *t)
{
	return &t->top;
}

uint64_t sg_tree_size(const struct sg_tree *t)
{
	return t->size;
}

/*
 * A tree of HUGE_AFTER nodes or more (1.5 MB and up) grows by 2 MiB blocks, aligned and
 * advised as transparent huge pages (THP's default, "madvise", gives them only when asked):
 * one fault maps a block where 4 KiB pages took 512. bench100k's -m svg trees (four kept
 * invocations, merged, buckets, 100,000 paths each) faulted 20,500 times, 8,000 so. A smaller
 * tree (an invocation of a few hundred calls, a text profile's merged tree) never gets one: a
 * large tree's last block may hold up to 2 MiB it does not use.
 */
#define HUGE_BYTES ((size_t) 2 << 20)
#define HUGE_AFTER 16384

/* A new block for node_alloc, twice the last one's nodes up to MAX_BLOCK. NULL: no memory. */
static struct block *block_new(struct sg_tree *t)
{
	struct block *b = t->blocks;
	unsigned cap = !b ? FIRST_BLOCK : b->cap < MAX_BLOCK ? b->cap * 2 : MAX_BLOCK;

	if (cap == MAX_BLOCK && t->size >= HUGE_AFTER) {
		b = aligned_alloc(HUGE_BYTES, HUGE_BYTES);
		if (b) {
			/* advice only: without it (an old kernel, THP off) the block is as good */
			madvise(b, HUGE_BYTES, MADV_HUGEPAGE);
			cap = (unsigned) ((HUGE_BYTES - sizeof(*b)) / t->stride);
		}
	} else {
		b = malloc(sizeof(*b) + cap * t->stride);
	}
	if (!b)
		return NULL;
	b->used = 0;
	b->cap = cap;
	b->next = t->blocks;
	t->blocks = b;
	return b;
}

/* Inline: every node of every invocation, and of every merge that creates one. */
static inline struct sg_node *node_alloc(struct sg_tree *t, const char *name)
{
	struct block *b = t->blocks;

	if (!b || b->used == b->cap) {
		b = block_new(t);
		if (!b)
			return NULL;
	}
	struct sg_node *n = (struct sg_node *) ((char *) b->mem + b->used++ * t->stride);

	/*
	 * Field by field: a compound literal is a 96-byte `rep stos`, slow to start for so few
	 * bytes; the stores link_child makes next are merged with these when both are inline.
	 */
	n->name = name;
	n->parent = n->child = n->last_child = n->next = NULL;
	n->calls = n->total = n->self = n->min = n->max = 0;
	n->ret = NULL;
	n->nchild = 0;
	n->hashed = 0;
	n->pstat = t->pstat;
	if (t->pstat == SG_PSTAT_STORED)
		*stored(n) = (struct sg_pstat){0};
	t->size++;
	return n;
}

static int grow(struct sg_tree *t)
{
	size_t ncap = t->cap * 2;
	struct slot *ns = calloc(ncap, sizeof(*ns));

	if (!ns)
		return -1;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->slots[i].n)
			continue;
		size_t j = t->slots[i].h & (ncap - 1);

		while (ns[j].n)
			j = (j + 1) & (ncap - 1);
		ns[j] = t->slots[i];
	}
	free(t->slots);
	t->slots = ns;
	t->cap = ncap;
	return 0;
}

/* Insert n (already linked under its parent) into the hash. */
static int index_node(struct sg_tree *t, struct sg_node *n)
{
	if ((t->count + 1) * 2 > t->cap && grow(t) < 0)
		return -1;
	size_t h = key_hash(n->parent, n->name), i = h & (t->cap - 1);

	while (t->slots[i].n)
		i = (i + 1) & (t->cap - 1);
	t->slots[i].n = n;
	t->slots[i].h = h;
	t->count++;
	return 0;
}

/*
 * Index parent's children: done when a lookup first needs it, not as a node grows wide, so that
 * the subtrees a merge creates whole (and never searches) cost no hashing. 0: no memory, the
 * children are scanned instead.
 */
static int index_children(struct sg_tree *t, struct sg_node *parent)
{
	for (struct sg_node *c = parent->child; c; c = c->next)
		if (index_node(t, c) < 0)
			return 0;
	parent->hashed = 1;
	return 1;
}

/* The hashed lookup of sg_tree_find, for a parent with more than WIDE children. */
static struct sg_node *find_wide(struct sg_tree *t, const struct sg_node *parent, const char *name)
{
	size_t h = key_hash(parent, name), i = h & (t->cap - 1);
	struct sg_node *n;

	while ((n = t->slots[i].n)) {
		if (t->slots[i].h == h && n->parent == parent && n->name == name)
			return n;
		i = (i + 1) & (t->cap - 1);
	}
	return NULL;
}

/* Inline in sg_tree_child and the merge: a parent's few children are scanned where they are. */
static inline struct sg_node *find(const struct sg_tree *ct, const struct sg_node *parent,
				   const char *name)
{
	/* the hash is a cache of the children's lists: filling it changes nothing a caller sees */
	struct sg_tree *t = (struct sg_tree *) ct;

	if (parent->nchild <= WIDE ||
	    (!parent->hashed && !index_children(t, (struct sg_node *) parent))) {
		for (struct sg_node *c = parent->child; c; c = c->next)
			if (c->name == name)
				return c;
		return NULL;
	}
	return find_wide(t, parent, name);
}

struct sg_node *sg_tree_find(const struct sg_tree *t, const struct sg_node *parent,
			     const char *name)
{
	return find(t, parent, name);
}

/* Link n under parent; into the hash when the parent's children are there. */
static inline int link_child(struct sg_tree *t, struct sg_node *parent, struct sg_node *n)
{
	n->parent = parent;
	n->next = NULL;
	if (parent->last_child)
		parent->last_child->next = n;
	else
		parent->child = n;
	parent->last_child = n;
	parent->nchild++;
	return parent->hashed ? index_node(t, n) : 0;
}

struct sg_node *sg_tree_child(struct sg_tree *t, struct sg_node *parent, const char *name)
{
	struct sg_node *n = find(t, parent, name);

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

static int merge(struct sg_tree *dst, struct sg_node *dst_parent, struct sg_node *src, int move);

int sg_tree_attach(struct sg_tree *t, struct sg_node *parent, struct sg_node *node)
{
	if (!sg_tree_find(t, parent, node->name))
		return link_child(t, parent, node);
	/* The detached node's nodes stay in the arena, unreachable, until the tree is freed. */
	return merge(t, parent, node, 1);
}

/* n bytes from the tree's chunks, aligned for any record. NULL: no memory. */
static void *tree_alloc(struct sg_tree *t, size_t n)
{
	struct chunk *c = t->chunks;

	n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	if (!c || c->cap - c->used < n) {
		size_t cap = c && c->cap < 65536 ? c->cap * 2 : c ? 65536 : 1024;

		if (cap < n)
			cap = n;
		c = malloc(sizeof(*c) + cap);
		if (!c)
			return NULL;
		c->used = 0;
		c->cap = cap;
		c->next = t->chunks;
		t->chunks = c;
	}
	void *p = (char *) c->data + c->used;

	c->used += n;
	return p;
}

static struct sg_retinfo *retinfo(struct sg_tree *t, struct sg_node *n)
{
	if (!n->ret) {
		n->ret = tree_alloc(t, sizeof(*n->ret));
		if (n->ret)
			memset(n->ret, 0, sizeof(*n->ret));
	}
	return n->ret;
}

int sg_tree_note_errs(struct sg_tree *t, struct sg_node *n, uint64_t rets, uint64_t errs,
		      const int *err_v, const uint64_t *err_n, int nerr)
{
	struct sg_retinfo *r = retinfo(t, n);

	if (!r)
		return -1;
	r->rets = sg_add_sat(r->rets, rets);
	r->errs = sg_add_sat(r->errs, errs);
	for (int i = 0; i < nerr; i++) {
		if (!err_v[i] || !err_n[i])
			continue;
		for (int j = 0; j < SG_RET_ERRNOS; j++) {
			if (r->err_v[j] == err_v[i] || !r->err_v[j]) {
				r->err_v[j] = err_v[i];
				r->err_n[j] = sg_add_sat(r->err_n[j], err_n[i]);
				break;
			}
		}
	}
	return 0;
}

/* Append a call record (args may be empty) to n's list. NULL: no memory. */
static struct sg_call *append_call(struct sg_tree *t, struct sg_node *n, const char *args,
				   size_t args_len)
{
	struct sg_retinfo *r = retinfo(t, n);
	struct sg_call *c = r ? tree_alloc(t, sizeof(*c) + args_len + 1) : NULL;

	if (!c)
		return NULL;
	c->next = NULL;
	c->has_retval = 0;
	c->retval = 0;
	memcpy(c->args, args, args_len);
	c->args[args_len] = '\0';
	if (r->last)
		r->last->next = c;
	else
		r->first = c;
	r->last = c;
	return c;
}

struct sg_call *sg_tree_note_args(struct sg_tree *t, struct sg_node *n, const char *args,
				  size_t args_len)
{
	return append_call(t, n, args, args_len);
}

int sg_tree_note_retval(struct sg_tree *t, struct sg_node *n, struct sg_call *call, int64_t retval)
{
	int err = sg_is_errno(retval), e = err ? (int) -retval : 0;
	uint64_t one = 1;

	if (sg_tree_note_errs(t, n, 1, (uint64_t) err, &e, &one, err) < 0)
		return -1;
	if (!call && !(call = append_call(t, n, "", 0)))
		return -1;
	call->has_retval = 1;
	call->retval = retval;
	return 0;
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

void sg_node_pstat(const struct sg_node *n, struct sg_pstat *ps)
{
	if (n->pstat == SG_PSTAT_STORED) {
		*ps = *stored(n);
		return;
	}
	memset(ps, 0, sizeof(*ps));
	if (n->pstat != SG_PSTAT_ONE)
		return;
	/* one invocation's: squares of its times, and their log times */
	ps->ninv = 1;
	ps->sq_total = (unsigned __int128) n->total * n->total;
	ps->sq_self = (unsigned __int128) n->self * n->self;
	ps->lg_total = sg_logtime_cached(n->total);
	ps->lg_self = n->self == n->total ? ps->lg_total : sg_logtime_cached(n->self);
	ps->lq_total = (unsigned __int128) ps->lg_total * ps->lg_total;
	ps->lq_self = (unsigned __int128) ps->lg_self * ps->lg_self;
}

struct sg_pstat *sg_node_pstat_stored(struct sg_node *n)
{
	return n->pstat == SG_PSTAT_STORED ? stored(n) : NULL;
}

/*
 * d += s's statistics (s has some). One invocation's are derived in place, not copied out
 * through sg_node_pstat: this runs for every node of every invocation, in each tree it is
 * merged into.
 */
static void pstat_add(struct sg_pstat *d, const struct sg_node *s)
{
	if (s->pstat == SG_PSTAT_ONE) {
		uint64_t lg_total = sg_logtime_cached(s->total);
		/* a leaf's self is its total: one log time (most nodes of a tree are leaves) */
		uint64_t lg_self = s->self == s->total ? lg_total : sg_logtime_cached(s->self);

		d->ninv = sg_add_sat(d->ninv, 1);
		d->sq_total = sg_add_sat128(d->sq_total, (unsigned __int128) s->total * s->total);
		d->sq_self = sg_add_sat128(d->sq_self, (unsigned __int128) s->self * s->self);
		d->lg_total = sg_add_sat(d->lg_total, lg_total);
		d->lg_self = sg_add_sat(d->lg_self, lg_self);
		d->lq_total = sg_add_sat128(d->lq_total, (unsigned __int128) lg_total * lg_total);
		d->lq_self = sg_add_sat128(d->lq_self, (unsigned __int128) lg_self * lg_self);
		return;
	}
	const struct sg_pstat *v = stored(s);

	d->ninv = sg_add_sat(d->ninv, v->ninv);
	d->sq_total = sg_add_sat128(d->sq_total, v->sq_total);
	d->sq_self = sg_add_sat128(d->sq_self, v->sq_self);
	d->lg_total = sg_add_sat(d->lg_total, v->lg_total);
	d->lg_self = sg_add_sat(d->lg_self, v->lg_self);
	d->lq_total = sg_add_sat128(d->lq_total, v->lq_total);
	d->lq_self = sg_add_sat128(d->lq_self, v->lq_self);
}

/* combine()'s return values and kept calls of s (s->ret set). -1: no memory. */
static int combine_ret(struct sg_tree *t, struct sg_node *d, struct sg_node *s, int move)
{
	struct sg_retinfo *r = s->ret;

	if (sg_tree_note_errs(t, d, r->rets, r->errs, r->err_v, r->err_n, SG_RET_ERRNOS) < 0)
		return -1;
	if (move && r->first) {
		if (!retinfo(t, d))
			return -1;
		if (d->ret->last)
			d->ret->last->next = r->first;
		else
			d->ret->first = r->first;
		d->ret->last = r->last;
		r->first = r->last = NULL;
	}
	return 0;
}

/*
 * Add s's counters to d; move: s is in the same tree, its kept calls go to d. Inline: every
 * node of every merge; what traces without return values never have stays out of line.
 */
static inline int combine(struct sg_tree *t, struct sg_node *d, struct sg_node *s, int move)
{
	if (s->ret && combine_ret(t, d, s, move) < 0)
		return -1;
	if (s->calls && (!d->calls || s->min < d->min))
		d->min = s->min;
	if (s->max > d->max)
		d->max = s->max;
	d->calls = sg_add_sat(d->calls, s->calls);
	d->total = sg_add_sat(d->total, s->total);
	d->self = sg_add_sat(d->self, s->self);
	if (d->pstat == SG_PSTAT_STORED && s->pstat != SG_PSTAT_NONE)
		pstat_add(stored(d), s);
	return 0;
}

/*
 * combine() into d just created (all zero, no kept calls): the same values, set without
 * combine()'s comparisons. Every node a merge creates (a bucket's or a merged tree's new paths).
 */
static inline int combine_new(struct sg_tree *t, struct sg_node *d, struct sg_node *s, int move)
{
	if (s->ret && combine_ret(t, d, s, move) < 0)
		return -1;
	d->min = s->calls ? s->min : 0;
	d->max = s->max;
	d->calls = s->calls;
	d->total = s->total;
	d->self = s->self;
	if (d->pstat == SG_PSTAT_STORED && s->pstat != SG_PSTAT_NONE)
		pstat_add(stored(d), s);
	return 0;
}

void sg_tree_mark_invocation(struct sg_node *root)
{
	for (struct sg_node *n = root; n; n = sg_node_next(n, root)) {
		if (n->pstat != SG_PSTAT_STORED) {
			/* a lean tree's node (the sentinel, not lean, is never below a root) */
			n->pstat = SG_PSTAT_ONE;
			continue;
		}
		struct sg_pstat *ps = stored(n);
		uint64_t lg_total = sg_logtime_cached(n->total);
		uint64_t lg_self = n->self == n->total ? lg_total : sg_logtime_cached(n->self);

		ps->ninv = 1;
		ps->sq_total = (unsigned __int128) n->total * n->total;
		ps->sq_self = (unsigned __int128) n->self * n->self;
		ps->lg_total = lg_total;
		ps->lg_self = lg_self;
		ps->lq_total = (unsigned __int128) lg_total * lg_total;
		ps->lq_self = (unsigned __int128) lg_self * lg_self;
	}
}

int sg_tree_merge(struct sg_tree *dst, struct sg_node *dst_parent, const struct sg_node *src)
{
	/* without move, src is only read */
	return merge(dst, dst_parent, (struct sg_node *) src, 0);
}

/*
 * parent's child named name in a merge, created when missing. A merge walks src's children in
 * their order, which is mostly the order dst has them in (the same code calls in the same order):
 * guess, the child after the one the previous sibling matched, is tried before the hash, whose
 * probes miss the cache on a large tree. Under a parent this merge created (fresh) every child is
 * new, src's siblings having distinct names: no lookup at all.
 */
static inline struct sg_node *merge_child(struct sg_tree *t, struct sg_node *parent,
					  struct sg_node *guess, const char *name, int fresh,
					  int *created)
{
	struct sg_node *n;

	if (!fresh) {
		if (guess && guess->name == name)
			n = guess;
		else
			n = find(t, parent, name);
		if (n) {
			*created = 0;
			return n;
		}
	}
	*created = 1;
	n = node_alloc(t, name);
	if (!n || link_child(t, parent, n) < 0)
		return NULL;
	return n;
}

static int merge(struct sg_tree *dst, struct sg_node *dst_parent, struct sg_node *src, int move)
{
	struct sg_node *s = src, *d;
	/* depth of the shallowest node on the current path this merge created (src: 0) */
	unsigned depth = 0, fresh = UINT32_MAX;
	int created;

	d = merge_child(dst, dst_parent, dst_parent->child, s->name, 0, &created);
	if (created)
		fresh = 0;
	if (!d || (created ? combine_new(dst, d, s, move) : combine(dst, d, s, move)) < 0)
		return -1;
	for (;;) {
		if (s->child) {
			s = s->child;
			d = merge_child(dst, d, d->child, s->name, fresh <= depth, &created);
			depth++;
		} else {
			while (s != src && !s->next) {
				s = s->parent;
				d = d->parent;
				depth--;
			}
			if (s == src)
				return 0;
			s = s->next;
			/* a sibling of the node left: fresh only if their parent is */
			if (fresh >= depth)
				fresh = UINT32_MAX;
			d = merge_child(dst, d->parent, d->next, s->name, fresh < depth, &created);
		}
		if (!d)
			return -1;
		if (created && fresh > depth)
			fresh = depth;
		if ((created ? combine_new(dst, d, s, move) : combine(dst, d, s, move)) < 0)
			return -1;
	}
}
