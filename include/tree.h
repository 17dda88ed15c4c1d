/* tree.h - call-tree nodes keyed by (parent, name): per-invocation trees and the merged tree. */
#ifndef SG_TREE_H
#define SG_TREE_H

#include <stdint.h>

/*
 * One call path. Times are integer nanoseconds. In a per-invocation tree, calls to the same
 * function under the same parent share one node (calls counts them); min/max are per call.
 * self = total - sum(children's total), never negative (see sg_tree_finish).
 */
struct sg_node {
	const char *name; /* interned (strtab) */
	struct sg_node *parent, *child, *last_child, *next;
	uint64_t calls, total, self, min, max;
	unsigned nchild; /* children; past a few they are found through the tree's hash */
};

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
void sg_tree_free(struct sg_tree *t);
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
 * child of that name, the node's counters and subtree are merged into it instead. -1: no memory.
 */
int sg_tree_attach(struct sg_tree *t, struct sg_node *parent, struct sg_node *node);

/*
 * Take n and its subtree out of its parent's children (its nodes stay in the arena until the
 * tree is freed, unreachable, and no longer found by name). For trees that are only read
 * afterwards: a pruned tree is not extended.
 */
void sg_tree_unlink(struct sg_node *n);

/* Count one call of node lasting dur ns (dur is ignored for min/max when has_dur is 0). */
void sg_node_add_call(struct sg_node *n, uint64_t dur, int has_dur);

/*
 * Merge the subtree at src (any tree) under dst_parent of dst: counters add, min/max combine.
 * Linear in the size of src; no recursion. -1: no memory.
 */
int sg_tree_merge(struct sg_tree *dst, struct sg_node *dst_parent, const struct sg_node *src);

/*
 * Compute self times bottom-up for the subtree at n. A node whose children add up to more
 * than its own total (the kernel rounds long durations) gets its total raised to that sum, so
 * that self times always add up exactly to the top's total. Returns how many were raised.
 */
uint64_t sg_tree_finish(struct sg_node *n);

enum sg_order {
	SG_ORDER_TOTAL, /* total time descending, ties by name */
	SG_ORDER_NAME,	/* byte order of names */
};

/* Sort every child list under n. -1: no memory. */
int sg_tree_sort(struct sg_node *n, enum sg_order order);

/* Depth-first pre-order walk of the subtree at top, without recursion. */
struct sg_node *sg_node_next(const struct sg_node *n, const struct sg_node *top);

/* Depth of n below top (top itself is 0). */
int sg_node_depth(const struct sg_node *n, const struct sg_node *top);

#endif
