/* treemerge.h - runs of the same root merged into one run: counts, trees, statistics, kept calls.
 */
#ifndef SG_TREEMERGE_H
#define SG_TREEMERGE_H

#include "aggregate.h"

/*
 * Merge the n loaded runs (names interned in one string table; labels[i] names runs[i] in the
 * result's metadata and in messages) into a new aggregate: invocations, totals, merged trees
 * and lost events add; per-root statistics combine exactly (count, total, min, max, avg), and
 * their percentiles too when every run kept all its invocations of that root whole, else they
 * are the invocation-weighted mean of the runs' percentiles and the result says
 * percentiles=approximate. Kept invocations move into the result (the runs keep none), renumbered
 * after the runs before them. Metadata: sources=N and per run source.I, invocations.I,
 * incomplete.I and its host.I, kernel.I, created.I (a merged run's own sources are listed
 * instead of it). NULL with a message: different roots, timed and count-only runs, threshold
 * and full runs mixed, no memory.
 */
struct sg_aggregate *sg_treemerge(struct sg_aggregate **runs, const char *const *labels, int n);

#endif
