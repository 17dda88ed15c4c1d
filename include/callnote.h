/* callnote.h - a call's own values kept with its node: an entry's arguments, a return's value. */
#ifndef SG_CALLNOTE_H
#define SG_CALLNOTE_H

#include "event.h"
#include "tasks.h"
#include "tree.h"

/*
 * What sg_callnote_args() keeps when the call has arguments: text as printed, binary in hex.
 * -1 with a message: no memory.
 */
int sg_callnote_keep_args(struct sg_tree *tree, struct sg_node *node, const struct sg_event *ev,
			  struct sg_call **call);

/*
 * An entry's arguments (funcgraph-args) kept with its call (*call, NULL when none): node NULL
 * is a call not recorded. Inline for the common call without arguments (every entry and leaf
 * comes here). -1 with a message: no memory.
 */
static inline int sg_callnote_args(struct sg_tree *tree, struct sg_node *node,
				   const struct sg_event *ev, struct sg_call **call)
{
	*call = NULL;
	if (!node || (!ev->args_len && !ev->nargv))
		return 0;
	return sg_callnote_keep_args(tree, node, ev, call);
}

/* What sg_callnote_retval() keeps when the return has a value. -1 with a message: no memory. */
int sg_callnote_keep_retval(struct sg_tree *tree, struct sg_node *node, struct sg_call *call,
			    const struct sg_event *ev);

/*
 * A return's value (funcgraph-retval), on the call its entry kept or a record of its own.
 * -1 with a message: no memory.
 */
static inline int sg_callnote_retval(struct sg_tree *tree, struct sg_node *node,
				     struct sg_call *call, const struct sg_event *ev)
{
	if (!node || !ev->has_retval)
		return 0;
	return sg_callnote_keep_retval(tree, node, call, ev);
}

/* Push the frame of an entry at depth d with its arguments. -1 with a message: no memory. */
static inline int sg_callnote_push(struct sg_task *t, const struct sg_event *ev, int d,
				   struct sg_tree *tree, struct sg_node *node)
{
	if (sg_task_push(t, ev->func, d, tree, node) < 0)
		return -1;
	return sg_callnote_args(tree, node, ev, &t->stack[t->n - 1].call);
}

#endif
