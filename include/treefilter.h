/* treefilter.h - slicing a capture afterwards: -x, --no-irqs, --max-depth, -C and -p. */
#ifndef SG_TREEFILTER_H
#define SG_TREEFILTER_H

#include <stdint.h>
#include "aggregate.h"
#include "invocation.h"
#include "tree.h"

struct sg_treefilter;

/*
 * What a saved trace is sliced by, filled by the command from its options; the lists are the
 * caller's and must outlive the filter. Zeroed: nothing cut, every invocation kept.
 */
struct sg_filter_settings {
	const char *const *excludes; /* -x: globs of the calls cut with their callees */
	int nexcludes;
	int no_irqs;	  /* --no-irqs: interrupts' calls cut */
	int no_off_cpu;	  /* --no-off-cpu: the [off-cpu] frames cut */
	int max_depth;	  /* --max-depth: calls below it cut; 0 none */
	const char *cpus; /* -C: the CPU list invocations must have run on; NULL any */
	const int *pids;  /* -p PID */
	int npids;
	const char *const *pnames; /* -p NAME (taskname.h) */
	int npnames;
};

/*
 * The filters of s: -x, --no-irqs, --max-depth (on trees), -C, -p (on invocations). NULL with
 * a message on a bad -C list or no memory.
 */
struct sg_treefilter *sg_treefilter_new(const struct sg_filter_settings *s);
void sg_treefilter_free(struct sg_treefilter *f);

/* Whether it cuts subtrees (-x, --no-irqs, --max-depth) / selects invocations (-C, -p). */
int sg_treefilter_prunes(const struct sg_treefilter *f);
int sg_treefilter_selects(const struct sg_treefilter *f);

/*
 * 1 when inv is one -C and -p ask for: its task is a -p pid, and it ran on -C CPUs only. One
 * whose task or CPU the trace does not say is left out and counted (sg_treefilter_counts).
 */
int sg_treefilter_keep(struct sg_treefilter *f, const struct sg_invocation *inv);

/*
 * How many invocations were left out: all of them, and those because they had no pid (-p
 * given) or no CPU (-C given) to test.
 */
void sg_treefilter_counts(const struct sg_treefilter *f, uint64_t *dropped, uint64_t *no_pid,
			  uint64_t *no_cpu);

/*
 * Remove below top (a tree's sentinel, whose children are root calls) what -x, --no-irqs and
 * --max-depth leave out, as the kernel would not have traced it: the removed time stays in
 * the caller's total and becomes its self time. The roots themselves stay. Returns the number
 * of subtrees removed.
 */
uint64_t sg_treefilter_prune(struct sg_treefilter *f, struct sg_node *top);

/* The same on every tree a loaded aggregate holds: merged, per bucket, kept invocations. */
void sg_treefilter_prune_all(struct sg_treefilter *f, struct sg_aggregate *agg);

/*
 * How many calls the i-th -x pattern left out so far, and whether it named a root (which stays):
 * a pattern that left out nothing did nothing, and the run says so.
 */
uint64_t sg_treefilter_excluded(const struct sg_treefilter *f, int i, int *is_root);

#endif
