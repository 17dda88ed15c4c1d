/* pending.c - closed calls waiting for their caller: late-printed callees, guests, fragments. */
#include <stdlib.h>
#include "log.h"
#include "pending.h"

/* Parentless fragments kept per task before they are given up (nodes). */
#define FRAGMENT_CAP 1000000

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

/* Index of the first of the last pending nodes anchored to anchor and deeper than depth. */
size_t sg_pending_tail(const struct sg_task *t, uint64_t anchor, int depth)
{
	size_t first = t->npend;

	while (first > 0 && t->pend[first - 1].anchor == anchor && t->pend[first - 1].depth > depth)
		first--;
	return first;
}

/*
 * node adopts the pending nodes anchored to anchor that are deeper than depth, oldest first;
 * their time is added to *kids when given (the adopting frame's callees).
 */
int sg_pending_adopt(struct sg_task *t, struct sg_tree *tree, struct sg_node *node, uint64_t anchor,
		     int depth, uint64_t *kids)
{
	size_t first = sg_pending_tail(t, anchor, depth);

	for (size_t i = first; i < t->npend; i++) {
		if (kids)
			*kids = sg_add_sat(
			    *kids, sg_task_kid_time(t, t->pend[i].node, t->pend[i].node->total));
		if (sg_tree_attach(tree, node, t->pend[i].node) < 0)
			return oom();
	}
	t->npend = first;
	return 0;
}

/*
 * node (detached) waits at depth under anchor. Parentless fragments past a memory cap are
 * dropped instead, counted in *dropped. -1: no memory.
 */
static int push(struct sg_task *t, int depth, uint64_t anchor, struct sg_node *node,
		uint64_t *dropped)
{
	if (!anchor && t->scratch && sg_tree_size(t->scratch) > FRAGMENT_CAP) {
		*dropped += t->npend;
		t->npend = 0;
		return 0;
	}
	if (t->npend == t->pcap) {
		size_t ncap = t->pcap ? t->pcap * 2 : 16;
		struct sg_pending *v = realloc(t->pend, ncap * sizeof(*v));

		if (!v)
			return oom();
		t->pend = v;
		t->pcap = ncap;
	}
	t->pend[t->npend].depth = depth;
	t->pend[t->npend].anchor = anchor;
	t->pend[t->npend].node = node;
	t->npend++;
	return 0;
}

/* A closed node that has no parent yet waits; at depth 0 with nothing open it is dropped. */
int sg_pending_settle_orphan(struct sg_task *t, int d, uint64_t anchor, struct sg_node *node,
			     uint64_t *dropped)
{
	if (!anchor && d == 0) {
		t->npend = sg_pending_tail(t, 0, -1);
		return 0;
	}
	return push(t, d, anchor, node, dropped);
}

/*
 * The first call at depth d under caller p to finish decides who owns the deeper nodes that
 * waited under p: they ran before its entry was printed (an interrupt at its very start). When
 * its duration covers them they are its children; when it does not, the kernel took its start
 * time after the interrupt, and they are p's. Their time is added to *kids (node's callees)
 * or to p's.
 */
int sg_pending_claim_waiting(struct sg_task *t, struct sg_frame *p, struct sg_node *node,
			     uint64_t *kids, int d, uint64_t dur, int has_dur)
{
	size_t first = sg_pending_tail(t, p->serial, d);
	uint64_t sum = 0;

	if (first == t->npend)
		return 0;
	for (size_t i = first; i < t->npend; i++)
		sum = sg_add_sat(sum, sg_task_kid_time(t, t->pend[i].node, t->pend[i].node->total));
	if (has_dur && sum <= dur)
		return sg_pending_adopt(t, p->tree, node, p->serial, d, kids);
	return sg_pending_adopt(t, p->tree, p->node, p->serial, d, &p->kids);
}

/*
 * Close frame f (already popped; dur is its printed duration when has_dur): it takes the
 * deeper nodes anchored to it (its late-printed callees). Calls printed at f's own depth while
 * it was open ("guests": the kernel prints an interrupt's calls at the depth of the call they
 * interrupted) are f's when its duration covers them beside its callees; otherwise they ran
 * in f's caller, which takes them (or, itself a call at that depth, keeps them waiting).
 */
int sg_pending_close_waiting(struct sg_task *t, struct sg_frame *f, uint64_t dur, int has_dur)
{
	uint64_t guests = 0;
	size_t first;

	if (sg_pending_adopt(t, f->tree, f->node, f->serial, f->depth, &f->kids) < 0)
		return -1;
	first = sg_pending_tail(t, f->serial, f->depth - 1);
	if (first == t->npend)
		return 0;
	for (size_t i = first; i < t->npend; i++)
		guests = sg_add_sat(guests,
				    sg_task_kid_time(t, t->pend[i].node, t->pend[i].node->total));
	if (has_dur && sg_add_sat(f->kids, guests) <= dur)
		return sg_pending_adopt(t, f->tree, f->node, f->serial, f->depth - 1, &f->kids);
	/*
	 * The caller takes them only within the same tree: a root's guests that it does not
	 * cover ran outside the invocation, and a caller recording into the task's scratch tree
	 * must not hold nodes of an invocation tree that is freed once delivered.
	 */
	struct sg_frame *p = t->n ? &t->stack[t->n - 1] : NULL;

	if (p && p->node && p->tree == f->tree) {
		if (p->depth == f->depth) { /* f was p's guest: its guests are p's too */
			for (size_t i = first; i < t->npend; i++)
				t->pend[i].anchor = p->serial;
			return 0;
		}
		return sg_pending_adopt(t, p->tree, p->node, f->serial, f->depth - 1, &p->kids);
	}
	t->npend = first; /* outside every recorded call */
	return 0;
}

/* The task's scratch tree, for fragments whose start was not seen; made when first needed. */
struct sg_tree *sg_pending_scratch(struct sg_task *t)
{
	if (!t->scratch)
		t->scratch = sg_tree_new_lean();
	return t->scratch;
}

/*
 * Where a call at depth d goes: under the recording frame pi (anchor = its serial) or, with
 * nothing open below it, into the scratch tree (anchor 0). *node is NULL when the call is not
 * recorded (its caller is outside every invocation). Missing levels between the caller and d
 * make the node detached, to be adopted later.
 */
int sg_pending_place_other(struct sg_task *t, long pi, int d, const char *func,
			   struct sg_tree **tree, struct sg_node **node, uint64_t *anchor)
{
	*node = NULL;
	*tree = NULL;
	*anchor = 0;
	if (pi >= 0) {
		struct sg_frame *p = &t->stack[pi];

		if (!p->node)
			return 0;
		*tree = p->tree;
		*anchor = p->serial;
		if (p->depth < d - 1)
			*node = sg_tree_detached(p->tree, func);
		else
			*node = sg_tree_child(p->tree, p->node, func);
	} else {
		*tree = sg_pending_scratch(t);
		if (*tree)
			*node = sg_tree_detached(*tree, func);
	}
	return *tree && !*node ? oom() : 0;
}
