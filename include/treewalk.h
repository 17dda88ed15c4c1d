/* treewalk.h - walks over a built call tree: self times bottom-up, every child list sorted. */
#ifndef SG_TREEWALK_H
#define SG_TREEWALK_H

#include <stdint.h>
#include "tree.h"

/*
 * Compute self times bottom-up for the subtree at n. A node whose children add up to more
 * than its own total (the kernel rounds long durations) gets its total raised to that sum, so
 * that self times always add up exactly to the top's total. Returns how many were raised.
 */
uint64_t sg_treewalk_finish(struct sg_node *n);

/*
 * Self times for one invocation's tree at root, as the call stacks counted it: the root's total
 * is its printed duration, every call below it counted at least at its callees' sum (a call
 * whose callees outlast its printed duration was raised at its return, callstack.c; one whose
 * return was lost, in an incomplete invocation, stands at its callees' sum here). The root
 * whose callees outlast it (rounding of long durations; an interrupt left out of the
 * interrupted call's time) keeps its total, with no self time: fn(ctx, root, printed, callees)
 * is called then. A self time never goes below 0. Returns 1 when the root's callees outlast it,
 * else 0.
 */
typedef void (*sg_treewalk_anomaly_fn)(void *ctx, const struct sg_node *n, uint64_t printed,
				       uint64_t callees);

/*
 * The calls uncounted(name) says are no callees of their caller (--no-irqs:
 * sg_irqname_is_entry) are left out of every sum: their time is their caller's self time, and
 * no call is raised for them. treefilter.c cuts them afterwards. uncounted NULL: every call
 * counts.
 */
typedef int (*sg_treewalk_uncounted_fn)(const char *name);
uint64_t sg_treewalk_finish_uncounted(struct sg_node *root, sg_treewalk_uncounted_fn uncounted,
				      sg_treewalk_anomaly_fn fn, void *ctx);

/* Sort every child list under n. -1: no memory. */
int sg_treewalk_sort(struct sg_node *n, enum sg_order order);

#endif
