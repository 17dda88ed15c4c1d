/* runstat.h - a merged run's per-path sums kept apart by source run, for diff's run-level test. */
#ifndef SG_RUNSTAT_H
#define SG_RUNSTAT_H

#include <stddef.h>
#include <stdint.h>
#include "tree.h"

/* Runs kept apart in one merge: past this many, a merge keeps only the sums of all of them. */
#define SG_RUNSTAT_MAX 64

/*
 * One source run's figures of one path of the merged tree: the invocations it ran in, the sums
 * of its log-scale total and self time (sg_logtime) and of their squares, as struct sg_pstat.
 */
struct sg_runstat {
	const struct sg_node *node; /* the merged tree's node */
	uint32_t src;		    /* the source run, 1-based as source.I */
	uint64_t ninv, lg_total, lg_self;
	unsigned __int128 lq_total, lq_self;
};

/* The entries of a merged run, sorted by node and source once complete; nsrc runs. */
struct sg_runstats {
	struct sg_runstat *v;
	size_t n, cap;
	uint32_t nsrc;
	int sorted;
};

struct sg_runstats *sg_runstats_new(uint32_t nsrc);
void sg_runstats_free(struct sg_runstats *rs);

/* One entry (a path absent from a run has none). -1: no memory. */
int sg_runstats_add(struct sg_runstats *rs, const struct sg_runstat *e);

/*
 * run's paths as source src0 + 1 of the merge whose tree is merged (run's tree merged into it
 * already), or, when run is a merge itself (runstats non-NULL), its sources from src0 + 1 on.
 * -1: no memory.
 */
int sg_runstats_add_run(struct sg_runstats *rs, const struct sg_tree *merged,
			struct sg_tree *run_tree, const struct sg_runstats *run_rs, uint32_t src0);

/* The entries of node: *first and the count (0: none). Sorts on first use. */
size_t sg_runstats_find(struct sg_runstats *rs, const struct sg_node *node,
			const struct sg_runstat **first);

/* NULL when every path's entries add up to its pstat exactly (a file read back), else why not. */
const char *sg_runstats_check(struct sg_runstats *rs, struct sg_tree *merged);

#endif
