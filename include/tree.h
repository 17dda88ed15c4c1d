/* tree.h - call-tree nodes keyed by (parent, name): per-invocation trees and the merged tree. */
#ifndef SG_TREE_H
#define SG_TREE_H

#include <stdint.h>
#include "logtime.h"

/* Distinct error codes a node counts by name; more go into its errs total only. */
#define SG_RET_ERRNOS 3

/* One call's own values (kept in invocation trees): its arguments and its return value. */
struct sg_call {
	struct sg_call *next;
	int has_retval;
	int64_t retval;
	char args[]; /* as the trace printed them, without parentheses; "" when it had none */
};

/*
 * What the trace said about a node's return values and arguments (funcgraph-retval, -args);
 * nodes of traces without them have none.
 */
struct sg_retinfo {
	uint64_t rets;		       /* calls whose return value the trace gave */
	uint64_t errs;		       /* of them, those that returned an error (-4095..-1) */
	int err_v[SG_RET_ERRNOS];      /* the first distinct errors seen, as positive errno */
	uint64_t err_n[SG_RET_ERRNOS]; /* how many calls returned each */
	struct sg_call *first, *last;  /* each call, in the order they returned */
};

/* Whether v is an error code as the kernel returns them (IS_ERR_VALUE: -4095..-1). */
static inline int sg_is_errno(int64_t v)
{
	return v < 0 && v >= -4095;
}

/*
 * Across invocations (diff's significance, docs/diff.md): how many invocations a path was in,
 * and the sums of the squares of its total and self time in each (ns^2; an invocation without
 * the path adds 0). Exact: 128 bits hold any sum of 64-bit squares a run can reach (saturating
 * past that). The same on a log scale, which latencies' long tails do not sway: sums of
 * sg_logtime() of the path's total and self time in each invocation, and of its square.
 */
struct sg_pstat {
	unsigned __int128 sq_total, sq_self;
	unsigned __int128 lq_total, lq_self;
	uint64_t ninv;
	uint64_t lg_total, lg_self;
};

/* Where a node's sg_pstat is (struct sg_node's pstat). */
enum sg_pstat_kind {
	SG_PSTAT_NONE,	 /* none: all zero (a lean tree's node, or the sentinel) */
	SG_PSTAT_STORED, /* right after the node, in a tree made by sg_tree_new */
	SG_PSTAT_ONE,	 /* one invocation's (sg_tree_mark_invocation): from total and self */
};

/*
 * One call path. Times are integer nanoseconds. In a per-invocation tree, calls to the same
 * function under the same parent share one node (calls counts them); min/max are per call.
 * self = total - sum(children's total), never negative (see sg_treewalk_finish).
 */
struct sg_node {
	const char *name; /* interned (strtab) */
	struct sg_node *parent, *child, *last_child, *next;
	uint64_t calls, total, self, min, max;
	struct sg_retinfo *ret; /* NULL unless the trace gave return values or arguments */
	unsigned nchild;	/* children; past a few they are found through the tree's hash */
	/* the children are in the tree's hash: indexed at the first lookup that needs it */
	unsigned char hashed;
	/*
	 * enum sg_pstat_kind: the statistics across invocations are kept only where they add up
	 * (merged trees), not in each invocation's tree, whose nodes they would double in size
	 */
	unsigned char pstat;
};

/* n's statistics across invocations (sg_pstat_kind): zeros for a node without. */
void sg_node_pstat(const struct sg_node *n, struct sg_pstat *ps);

/* n's stored statistics, to be set; NULL in a lean tree (sg_tree_new_lean). */
struct sg_pstat *sg_node_pstat_stored(struct sg_node *n);

/*
 * The synthetic node holding the time a call's task was switched out (offcpu.c), a child of
 * that call: the kernel never names a function with brackets.
 */
#define SG_OFFCPU_NAME "[off-cpu]"

struct sg_tree;

/*
 * a + b, or UINT64_MAX when that overflows: times and counts from a crafted trace saturate
 * instead of wrapping around to small numbers.
 */
static inline uint64_t sg_add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/*
 * A tree owns its nodes. Its top is a sentinel node with name NULL whose children are the
 * real top nodes (one per root function), so a merged tree can hold several roots.
 */
struct sg_tree *sg_tree_new(void);

/*
 * The same for the tree of one invocation (or its fragments): its nodes store no statistics
 * across invocations (sg_tree_mark_invocation implies them from each node's times); merging
 * into it adds none.
 */
struct sg_tree *sg_tree_new_lean(void);
void sg_tree_free(struct sg_tree *t);
/*
 * A lean tree emptied for another invocation, its first block and hash kept (no allocation for
 * the next small tree). -1: a merged or large tree, to be freed instead.
 */
int sg_tree_reuse(struct sg_tree *t);
struct sg_node *sg_tree_top(struct sg_tree *t);

/* Number of nodes ever created in the tree (for limits and statistics). */
uint64_t sg_tree_size(const struct sg_tree *t);

/* The child of parent named name, created (with zero counters) when missing; NULL: no memory. */
struct sg_node *sg_tree_child(struct sg_tree *t, struct sg_node *parent, const char *name);

/* The child of parent named name, or NULL. */
struct sg_node *sg_tree_find(const struct sg_tree *t, const struct sg_node *parent,
			     const char *name);

/* A node outside the tree's structure (no parent), to be attached later with sg_tree_attach. */
struct sg_node *sg_tree_detached(struct sg_tree *t, const char *name);

/*
 * Make the detached node (of the same tree) a child of parent. When parent already has a
 * child of that name, the node's counters, kept calls and subtree are merged into it instead.
 * -1: no memory.
 */
int sg_tree_attach(struct sg_tree *t, struct sg_node *parent, struct sg_node *node);

/*
 * Take n and its subtree out of its parent's children (its nodes stay in the arena until the
 * tree is freed, unreachable, and no longer found by name). For trees that are only read
 * afterwards: a pruned tree is not extended.
 */
void sg_tree_unlink(struct sg_node *n);

/*
 * Mark the finished tree of one invocation at root: each node was in one invocation, with its
 * total and self time as that invocation's, so merging it adds them up per path. A lean tree's
 * nodes derive them from their times when read (SG_PSTAT_ONE): its times must not change after.
 */
void sg_tree_mark_invocation(struct sg_node *root);

/* a + b for the 128-bit sums of squares, UINT128 max when that overflows. */
static inline unsigned __int128 sg_add_sat128(unsigned __int128 a, unsigned __int128 b)
{
	return a + b < a ? ~(unsigned __int128) 0 : a + b;
}

/*
 * Count one call of node lasting dur ns (dur is ignored for min/max when has_dur is 0). Inline:
 * every call of every trace.
 */
static inline void sg_node_add_call(struct sg_node *n, uint64_t dur, int has_dur)
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

/*
 * A call of n (in t) was given args (args_len bytes, as the trace printed them): kept in n's
 * list, in the order calls were entered. The record, or NULL: no memory.
 */
struct sg_call *sg_tree_note_args(struct sg_tree *t, struct sg_node *n, const char *args,
				  size_t args_len);

/*
 * A call of n returned retval: counted in n's return values and errors, and set on call (the
 * record its arguments made) or on a new record when call is NULL. -1: no memory.
 */
int sg_tree_note_retval(struct sg_tree *t, struct sg_node *n, struct sg_call *call, int64_t retval);

/*
 * Add return-value figures to n: rets calls with a value, errs of them errors, nerr distinct
 * errors (positive errno err_v[i], err_n[i] calls each). -1: no memory.
 */
int sg_tree_note_errs(struct sg_tree *t, struct sg_node *n, uint64_t rets, uint64_t errs,
		      const int *err_v, const uint64_t *err_n, int nerr);

/*
 * Merge the subtree at src (any tree) under dst_parent of dst: counters add, min/max combine,
 * return-value and error counts add; the calls kept in src stay there. Linear in the size of
 * src; no recursion. -1: no memory.
 */
int sg_tree_merge(struct sg_tree *dst, struct sg_node *dst_parent, const struct sg_node *src);

enum sg_order {
	SG_ORDER_TOTAL, /* total time descending, ties by name */
	SG_ORDER_NAME,	/* byte order of names */
};

/*
 * Depth-first pre-order walk of the subtree at top, without recursion. Inline: every walk's
 * every node.
 */
static inline struct sg_node *sg_node_next(const struct sg_node *n, const struct sg_node *top)
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

/* The node after n's subtree in pre-order (NULL past top's), *depth one less a level back up. */
static inline struct sg_node *sg_node_after_depth(const struct sg_node *n,
						  const struct sg_node *top, int *depth)
{
	while (n != top) {
		if (n->next)
			return n->next;
		n = n->parent;
		(*depth)--;
	}
	return NULL;
}

/* The same walk, keeping *depth: one more going to a child, one less for each level back up. */
static inline struct sg_node *sg_node_next_depth(const struct sg_node *n, const struct sg_node *top,
						 int *depth)
{
	if (n->child) {
		(*depth)++;
		return n->child;
	}
	return sg_node_after_depth(n, top, depth);
}

/* Depth of n below top (top itself is 0). */
static inline int sg_node_depth(const struct sg_node *n, const struct sg_node *top)
{
	int d = 0;

	while (n != top && n->parent) {
		n = n->parent;
		d++;
	}
	return d;
}

#endif
