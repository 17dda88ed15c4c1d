/* aggregate.h - everything a run keeps: merged tree, per-root statistics, last N invocations, metadata. */
#ifndef SG_AGGREGATE_H
#define SG_AGGREGATE_H

#include <stdint.h>
#include "invocation.h"
#include "qsketch.h"
#include "scatter.h"
#include "stats.h"
#include "tree.h"

struct sg_strtab;

struct sg_rootstat {
	const char *root;     /* interned function name */
	struct sg_summary sum; /* complete invocations */
	uint64_t incomplete;
	struct sg_stats *acc; /* NULL when the summary was loaded from a file */
	/*
	 * For the root guess (rootguess.c), of the complete invocations read from a trace: the
	 * lowest depth their root calls were printed at (-1: none yet), how many were at it, and
	 * how many of those came after their task's first entry at that depth (not cut pieces).
	 */
	int low_depth;
	uint64_t at_low, at_low_entered;
	uint64_t at_low_ns, at_low_entered_ns; /* their durations' sums */
	/*
	 * The durations' quantile sketch (qsketch.h), what merged runs' percentiles come from:
	 * NULL for a file of version 5 or older, a merge with one, or a run without durations.
	 */
	struct sg_qsketch *qs;
};

/* key=value metadata, in the order a `.tree` file lists them. */
struct sg_meta_kv {
	const char *key; /* interned in the aggregate's metakeys */
	char *value;
};

struct sg_aggregate {
	struct sg_tree *merged; /* complete invocations merged by call path, one top node per root */
	struct sg_rootstat *roots;
	int nroots;
	struct sg_invocation **ring; /* the last `keep` complete invocations, oldest first from head */
	unsigned keep, nring, head;
	struct sg_invocation **slow; /* the `keep_slowest` longest complete ones, longest first */
	unsigned keep_slowest, nslow;
	/*
	 * Per histogram bucket (stats.h): the complete invocations whose duration falls in it,
	 * merged (all roots), and how many: what slow-versus-typical compares after the fact.
	 */
	struct sg_tree *bucket[SG_HIST_BUCKETS]; /* NULL while empty */
	uint64_t bucket_n[SG_HIST_BUCKETS];
	/*
	 * Set before the first sg_aggregate_add when nothing will read the bucket trees (no .tree
	 * written, no flame graph, no diff): only bucket_n is counted. Merging every invocation a
	 * second time cost the text path about a tenth of its time.
	 */
	int no_bucket_trees;
	/*
	 * Set before the first sg_aggregate_add when nothing reads a bucket tree before
	 * sg_aggregate_finish (not the live TUI). While every complete invocation has a duration in
	 * one bucket, lazy_bucket, that bucket's tree would be the merged tree node for node: it is
	 * not merged a second time, but copied from the merged tree once, when an invocation falls
	 * elsewhere or at sg_aggregate_finish; there, a lean merged tree (no has_pathstat) is
	 * itself that bucket's tree (the same pointer: free, prune or read, never merge into). A
	 * run of one invocation, or of invocations all alike (bench100k: four of 100,000 paths),
	 * merges each once (issue 35.2). lazy_bucket -1: none pending.
	 */
	int bucket_lazy;
	int lazy_bucket;
	/*
	 * A sample spread over the whole run, in memory only: every stride-th invocation, at most
	 * 16, the stride doubling as it fills; so a typical invocation (nearest
	 * the p50) can be found among more than the last N and the slowest.
	 */
	struct sg_invocation *sample[16];
	/*
	 * Every complete invocation's start and duration (thinned past SG_SCATTER_MAX): the SVG's
	 * scatter. NULL until one with a duration comes, and for runs that have none (a .tree of
	 * version 1 to 3, a merge of runs).
	 */
	struct sg_scatter *scatter;
	unsigned nsample;
	uint64_t stride;
	uint64_t pin_seq;	      /* --pick N: invocation N is held, whatever else is kept */
	struct sg_invocation *pinned; /* it, once added (not part of a .tree file) */
	uint64_t complete, incomplete;
	uint64_t incomplete_by[SG_CUT_KINDS]; /* indexed by bit of enum sg_cut */
	uint64_t total_ns;	   /* sum of complete roots' durations */
	uint64_t lost_events;	   /* events the kernel reported lost */
	int has_time;		   /* durations were known */
	/*
	 * The merged tree's nodes carry exact per-invocation statistics (struct sg_pstat:
	 * ninv, sq_total, sq_self, ...; sg_node_pstat): a run read from a trace, a .tree of
	 * version 5 that stored them, a merge of such runs. 0 for older files, for diff
	 * --slow's sides (built from buckets), and for a run that neither saves nor compares
	 * (sg_aggregate_no_pathstat).
	 */
	int has_pathstat;
	/*
	 * A merge of 2 to SG_RUNSTAT_MAX runs that all had has_pathstat: each source run's
	 * per-path sums apart (runstat.h), for diff's test across runs. NULL otherwise.
	 */
	struct sg_runstats *runstats;
	struct sg_meta_kv *meta;
	int nmeta, metacap;
	struct sg_strtab *metakeys; /* the keys' index: each one's tag is its place in meta */
	struct sg_tree *phase[2]; /* --narrow: complete invocations learned from, and narrowed */
};

/* keep: how many complete invocations to keep whole. NULL: no memory. */
struct sg_aggregate *sg_aggregate_new(unsigned keep);
void sg_aggregate_free(struct sg_aggregate *agg);

/*
 * Take inv (ownership passes, even on failure). A complete one gets its seq, is merged and
 * kept among the last N; an incomplete one is counted by cause and freed. -1: no memory.
 */
int sg_aggregate_add(struct sg_aggregate *agg, struct sg_invocation *inv);

/* The tree of bucket b, created when missing; NULL: no memory. */
struct sg_tree *sg_aggregate_bucket(struct sg_aggregate *agg, unsigned b);
/*
 * Merge complete invocations into phase[0] or phase[1] too, by their phase (--narrow: what
 * was learned against what was traced narrowed). -1: no memory.
 */
int sg_aggregate_split(struct sg_aggregate *agg);

/*
 * Before the first sg_aggregate_add, for a run where nothing reads the per-path statistics
 * (only a .tree and diff do): has_pathstat 0, the merged tree lean (half the bytes a node) and
 * no invocation's figures derived (log2 per node). -1: no memory.
 */
int sg_aggregate_no_pathstat(struct sg_aggregate *agg);

/*
 * Compute the per-root summaries, and make the bucket tree that bucket_lazy left pending; call
 * once all invocations are in. -1: no memory (message set).
 */
int sg_aggregate_finish(struct sg_aggregate *agg);

/*
 * Keep the k longest complete invocations whole too (--keep-slowest; 0 before any is added).
 * Ties go to the earlier one. -1: no memory.
 */
int sg_aggregate_keep_slowest(struct sg_aggregate *agg, unsigned k);

/*
 * Put inv among the slowest (used when loading a file, and by sg_aggregate_add): in order
 * of duration, the shortest dropped past keep_slowest. Ownership passes. -1: no memory.
 */
int sg_aggregate_offer_slow(struct sg_aggregate *agg, struct sg_invocation *inv);

/* The i-th kept invocation, oldest first (0 <= i < agg->nring). */
struct sg_invocation *sg_aggregate_kept(const struct sg_aggregate *agg, unsigned i);

/*
 * The invocations kept whole, the last N and the slowest, and those with asks for, each once, by
 * number. A new array (*n its length); NULL: no memory (message set).
 */
#define SG_KEPT_PINNED 1 /* the --pick N invocation, held in memory */
#define SG_KEPT_SAMPLE 2 /* the spread sample, in memory */
struct sg_invocation **sg_aggregate_kept_whole(const struct sg_aggregate *agg, unsigned with,
					      unsigned *n);

/* Put a kept invocation at the end (used when loading a file). Ownership passes. */
int sg_aggregate_keep(struct sg_aggregate *agg, struct sg_invocation *inv);

/* The statistics of root (interned), created when missing; NULL: no memory. */
struct sg_rootstat *sg_aggregate_rootstat(struct sg_aggregate *agg, const char *root);

/* Set or replace a metadata value (copied); value NULL removes it. -1: no memory. */
int sg_aggregate_set_meta(struct sg_aggregate *agg, const char *key, const char *value);
const char *sg_aggregate_meta(const struct sg_aggregate *agg, const char *key);

#endif
