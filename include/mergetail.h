/* mergetail.h - version 3's tail data merged: histograms, percentiles from them, the slowest,
 * bucket trees. */
#ifndef SG_MERGETAIL_H
#define SG_MERGETAIL_H

#include "aggregate.h"

/* Which percentiles sg_mergetail_percentiles took from the histogram (bucket resolution). */
enum sg_mergetail_pct { SG_MT_P50 = 1, SG_MT_P90 = 2, SG_MT_P99 = 4, SG_MT_P999 = 8 };

/*
 * Whether every run has the latency histogram (a .tree of version 3, or a trace's run) for
 * each of its roots with invocations: only then do histograms, bucket trees and the slowest
 * merge (a version 1 or 2 run never stored them, and they are not made up).
 */
int sg_mergetail_has_hist(struct sg_aggregate *const *runs, int n);

/*
 * The runs' quantile sketches of d->root merged into d->qs (version 6), when every run that has
 * invocations of it has one; else d->qs stays NULL. -1: no memory.
 */
int sg_mergetail_sketch(struct sg_aggregate *const *runs, int n, struct sg_rootstat *d);

/*
 * Add the runs' histogram counts of d->root into d (every run has_hist) and compute d's p50,
 * p90, p99 and p99.9 from what is known (d's count, min and max already merged): nearest rank;
 * exact when the rank is the first or last, or falls among the slowest the runs kept whole and
 * every invocation slower than it is kept; else from d->qs, the merged sketch, when there is one
 * and its bin holding the rank is bounded (within SG_QSKETCH_ALPHA: *from_sketch gets those
 * bits); else the top of the merged histogram's bucket holding the rank (the percentile is at
 * most that, at least the bucket's lower bound: *from_buckets); never above a higher
 * percentile's value nor above max, nor below min.
 */
void sg_mergetail_percentiles(struct sg_aggregate *const *runs, int n, struct sg_rootstat *d,
			      unsigned *from_buckets, unsigned *from_sketch);

/*
 * Which percentiles of a's statistics are estimates with no bound a user can trust: a merged
 * run's that came from histogram buckets (percentiles=buckets:...) or from the runs' means
 * (percentiles=approximate, p50 and p99), as merges of .tree files without quantile sketches
 * (version 5 or older) give. enum sg_mergetail_pct bits; 0 for any other run.
 */
unsigned sg_mergetail_approx(const struct sg_aggregate *a);

/* What renderers add after such a percentile (bit of s->approx): " (approximate)", else "". */
const char *sg_mergetail_mark(const struct sg_summary *s, unsigned bit);

/*
 * The slowest over all runs into m (runs' slow invocations already renumbered; m takes a
 * reference): keep_slowest is the largest of the runs', and only those certainly among the
 * slowest of all runs are kept (a run that kept fewer than it had may hide calls as slow as
 * its shortest kept one). -1: no memory.
 */
int sg_mergetail_slowest(struct sg_aggregate *m, struct sg_aggregate *const *runs, int n);

/* The runs' bucket trees merged, bucket by bucket, into m's. -1: no memory. */
int sg_mergetail_buckets(struct sg_aggregate *m, struct sg_aggregate *const *runs, int n);

#endif
