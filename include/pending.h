/* pending.h - closed calls waiting for their caller: late-printed callees, guests, fragments. */
#ifndef SG_PENDING_H
#define SG_PENDING_H

#include <stddef.h>
#include <stdint.h>
#include "log.h"
#include "tasks.h"
#include "tree.h"

/*
 * A task's pending list holds closed subtrees whose parent is not known yet, each anchored to
 * the open frame (its serial) it waits under, or to nothing (0: a fragment in the task's
 * scratch tree). Entries anchored to one frame stand together at the list's end while it is
 * open; the functions below take them from there.
 */

/* Index of the first of the last pending nodes anchored to anchor and deeper than depth. */
size_t sg_pending_tail(const struct sg_task *t, uint64_t anchor, int depth);

/*
 * node (of tree) adopts the pending nodes anchored to anchor that are deeper than depth,
 * oldest first; their time is added to *kids when kids is given. -1: no memory.
 */
int sg_pending_adopt(struct sg_task *t, struct sg_tree *tree, struct sg_node *node, uint64_t anchor,
		     int depth, uint64_t *kids);

/* sg_pending_settle() of a node without a parent. */
int sg_pending_settle_orphan(struct sg_task *t, int d, uint64_t anchor, struct sg_node *node,
			     uint64_t *dropped);

/*
 * A closed node at depth d: nothing when it has a parent, else it waits (or is dropped).
 * Inline, as the fast paths below: every call returns through them, and most find nothing to
 * do (a parent, no pending node).
 */
static inline int sg_pending_settle(struct sg_task *t, int d, uint64_t anchor, struct sg_node *node,
				    uint64_t *dropped)
{
	if (node->parent)
		return 0;
	return sg_pending_settle_orphan(t, d, anchor, node, dropped);
}

/* sg_pending_claim() when some node waits. */
int sg_pending_claim_waiting(struct sg_task *t, struct sg_frame *p, struct sg_node *node,
			     uint64_t *kids, int d, uint64_t dur, int has_dur);

/*
 * The first call at depth d under caller p to finish (node, lasting dur when has_dur) takes
 * the deeper nodes that waited under p when its duration covers them (their time added to
 * *kids, node's callees, unless kids is NULL), else p does (to p's).
 */
static inline int sg_pending_claim(struct sg_task *t, struct sg_frame *p, struct sg_node *node,
				   uint64_t *kids, int d, uint64_t dur, int has_dur)
{
	if (!t->npend) /* nothing waits: nothing to claim */
		return 0;
	return sg_pending_claim_waiting(t, p, node, kids, d, dur, has_dur);
}

/* sg_pending_close() of a recorded frame when some node waits. */
int sg_pending_close_waiting(struct sg_task *t, struct sg_frame *f, uint64_t dur, int has_dur);

/*
 * Close frame f (already popped; dur its printed duration when has_dur): it takes its
 * late-printed callees, and its guests (calls printed at its own depth while it was open)
 * when its duration covers them beside its callees, else its caller does.
 */
static inline int sg_pending_close(struct sg_task *t, struct sg_frame *f, uint64_t dur, int has_dur)
{
	if (!f->node || !t->npend) /* not recorded, or nothing waits to be taken */
		return 0;
	return sg_pending_close_waiting(t, f, dur, has_dur);
}

/* The task's scratch tree, for fragments whose start was not seen; NULL: no memory. */
struct sg_tree *sg_pending_scratch(struct sg_task *t);

/*
 * Where a call at depth d goes: under the recording frame pi (anchor = its serial) or, with
 * nothing open below it, into the scratch tree (anchor 0). *node is NULL when the call is not
 * recorded (its caller is outside every invocation); a missing level between the caller and
 * d makes the node detached, to be adopted later. -1: no memory.
 */
int sg_pending_place_other(struct sg_task *t, long pi, int d, const char *func,
			   struct sg_tree **tree, struct sg_node **node, uint64_t *anchor);

/*
 * Inline for the common call, under a recording caller one level up (the caller frame pi is
 * the innermost shallower than d: its depth is d - 1 unless levels are missing);
 * sg_pending_place_other() places the rest.
 */
static inline int sg_pending_place(struct sg_task *t, long pi, int d, const char *func,
				   struct sg_tree **tree, struct sg_node **node, uint64_t *anchor)
{
	const struct sg_frame *p = pi >= 0 ? &t->stack[pi] : NULL;

	if (!p || !p->node || p->depth != d - 1)
		return sg_pending_place_other(t, pi, d, func, tree, node, anchor);
	*tree = p->tree;
	*anchor = p->serial;
	*node = sg_tree_child(p->tree, p->node, func);
	if (*node)
		return 0;
	sg_log_error("out of memory");
	return -1;
}

#endif
