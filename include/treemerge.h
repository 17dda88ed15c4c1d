/* treemerge.h - runs of the same root merged into one run: counts, trees, statistics, kept calls.
 */
#ifndef SG_TREEMERGE_H
#define SG_TREEMERGE_H

#include "aggregate.h"

/*
 * Merge the n loaded runs (names interned in one string table; labels[i] names runs[i] in the
 * result's metadata and in messages) into a new aggregate: invocations, totals, merged trees
 * and lost events add; per-root statistics combine exactly (count, total, min, max, avg). When
 * every run has the latency histogram (version 3, mergetail.h) the histograms and bucket trees
 * add bucket by bucket, the slowest over all runs are kept, and p50, p90, p99, p99.9 are exact
 * where the kept invocations tell, else the top of their merged histogram bucket
 * (percentiles=buckets:... exact:...). When a run has none (version 1 or 2), the result has none
 * either (histogram=none), and p50 and p99 are exact when every run kept all its invocations of
 * that root whole, else the invocation-weighted mean of the runs' (percentiles=approximate).
 * Kept invocations move into the result (the runs keep none), renumbered after the runs before
 * them, the slowest with them. Metadata: sources=N and per run source.I, invocations.I,
 * incomplete.I and its host.I, kernel.I, created.I (a merged run's own sources are listed
 * instead of it). NULL with a message: different roots, timed and count-only runs, threshold
 * and full runs mixed, the same run given twice (sg_treemerge_twice 2), no memory.
 */
struct sg_aggregate *sg_treemerge(struct sg_aggregate **runs, const char *const *labels, int n);

/*
 * Whether a run is given twice, directly or inside a merged run (whose source.I lists it): 2
 * certainly (the same source, creation time, host, kernel, counts; total time and lost events
 * too for two runs given directly), 1 probably (a merged run lists one with the same creation
 * time, host, kernel and counts under another name), 0 not; why (len bytes) says which and how
 * told. -1: no memory (message set).
 */
int sg_treemerge_twice(struct sg_aggregate **runs, const char *const *labels, int n, char *why,
		       size_t len);

#endif
