/* treediff.h - comparing two runs: call paths matched by name, per-invocation figures, deltas. */
#ifndef SG_TREEDIFF_H
#define SG_TREEDIFF_H

#include <stdint.h>
#include "aggregate.h"
#include "runstat.h"
#include "welch.h"

/* Index of each run in the two-element arrays below. */
enum { SG_TREEDIFF_BEFORE = 0, SG_TREEDIFF_AFTER = 1 };

/* How many call paths the "largest changes" list holds. */
#define SG_TREEDIFF_TOP 10

#define SG_TREEDIFF_BY_TIME	1
#define SG_TREEDIFF_BY_PRESENCE 2
/*
 * Significant, but the typical time (the time test's interval) moved the other way than the
 * average per invocation (delta): a few long calls make the average. Shown as '!'.
 */
#define SG_TREEDIFF_AGAINST 4

/* How a path got its BEFORE name (name_before): docs/diff.md, "Across kernel versions". */
enum sg_treediff_how {
	SG_TREEDIFF_SAME,    /* one name in both runs */
	SG_TREEDIFF_CLONE,   /* the same without clone suffixes, a module, _noprof */
	SG_TREEDIFF_RENAME,  /* --rename OLD=NEW */
	SG_TREEDIFF_SUBTREE, /* a rename found by the functions below it (diffrename.c) */
};

enum sg_treediff_state {
	SG_TREEDIFF_BOTH, /* the path is in both runs */
	SG_TREEDIFF_NEW,  /* only in AFTER */
	SG_TREEDIFF_GONE, /* only in BEFORE */
};

/*
 * One call path of either run, with both runs' figures. Times are integer ns per root invocation
 * (truncated to the ns) or, with totals, the raw sums; a path missing from a run has zeros
 * there. Children are ordered by AFTER's total, then BEFORE's, then name, so paths that are gone
 * come after those still present.
 */
struct sg_treediff_node {
	const char *name; /* AFTER's name (BEFORE's for a gone path or a forced root pair) */
	/* BEFORE's name when it differs: matched as a compiler clone, _noprof or --rename */
	const char *name_before;
	enum sg_treediff_how how;
	/* SG_TREEDIFF_SUBTREE: how alike the subtrees below are, 0..1 (diffrename.h) */
	double similarity;
	struct sg_treediff_node *parent, *child, *next;
	const struct sg_node *src[2]; /* the node in each run's merged tree; NULL where absent */
	uint64_t inv[2]; /* complete invocations of its root in each run: the divisor */
	uint64_t total[2], self[2];
	uint64_t calls_milli[2]; /* calls per invocation (raw calls with totals), in thousandths */
	int64_t delta, self_delta; /* after - before */
	/*
	 * Is the change in total (sig) and self time (self_sig) per invocation more than the
	 * variation between invocations? Welch's test on the times' log scale (sg_logtime),
	 * at the diff's level, its p; lo and hi are its interval as ns per invocation (see
	 * docs/diff.md; NaN when the path ran in too few invocations to have one), delta the
	 * change in ns. Verdict SG_WELCH_FEW throughout when the diff
	 * has no level.
	 */
	struct sg_welch sig, self_sig;
	/*
	 * What made a significant change so: SG_TREEDIFF_BY_TIME (its time where it ran),
	 * SG_TREEDIFF_BY_PRESENCE (how many invocations it ran in), or both.
	 */
	unsigned sig_by, self_sig_by;
	double presence_p; /* the presence test's p */
	enum sg_treediff_state state;
	int changed; /* the change in total passes the threshold; of a new or gone subtree, only its
		      * top does when a threshold is given */
	int shown;   /* changed, or an ancestor of a changed path, or no threshold was given */
};

/*
 * A test of a root's tail: how many calls of each run took at least `at` ns (k), the test's p
 * and verdict: SG_WELCH_FEW when a run has no histogram, fewer than SG_WELCH_MIN_INV
 * invocations, or too few calls in the tail for any split of them to be significant.
 */
struct sg_treediff_tail {
	uint64_t at, k[2];
	double p;
	enum sg_welch_verdict verdict;
};

/* A root function present in either run, with its latency distribution in each. */
struct sg_treediff_root {
	const char *name[2];	   /* NULL where the run has no such root */
	struct sg_summary sum[2];  /* complete invocations of that root; zeros where absent */
	struct sg_treediff_node *node;
	/*
	 * The rank test of the two latency histograms (the p50's, docs/diff.md): its p, and
	 * SG_WELCH_SIG or _NOT, or _FEW when a run has no histogram or too few invocations.
	 */
	double rank_p;
	enum sg_welch_verdict rank;
	/*
	 * Each run's kept slowest invocations of this root (ns, longest first), and the duration
	 * past which every invocation of the run is among them (0: every one is): with the
	 * histogram, exact counts of the calls in the tail.
	 */
	uint64_t *slow[2];
	unsigned nslow[2];
	uint64_t slow_floor[2];
	/* the tests of p99 and max (diffgate.c, docs/diff.md) */
	struct sg_treediff_tail p99, max;
};

struct sg_treediff_options {
	int totals;		/* compare raw totals instead of per-invocation averages */
	int force;		/* compare runs whose root= differ */
	uint32_t threshold_bp; /* hide changes smaller than this, in hundredths of a percent */
	uint64_t min_delta;    /* and those smaller than this many ns (--min-delta) */
	const char *label[2];	/* the runs' file names, for messages */
	double level;		/* confidence level of the intervals (0.99); 0: no significance */
	int all;		/* --all: the largest changes include those within the noise */
	/*
	 * Unless exact_names, a path only in BEFORE and one only in AFTER under the same
	 * parent are one path when their names are the same function: without compiler clone
	 * suffixes (.isra.N, .constprop.N, .part.N, .cold, .lto_priv.N), a module, the
	 * allocation-profiling _noprof, and with BEFORE's name rename_old[i] read as
	 * rename_new[i]; and a gone and a new path whose subtrees are alike (diffrename.h).
	 * With exact_names, only rename_old[i] is read as rename_new[i].
	 */
	int exact_names;
	const char *const *rename_old, *const *rename_new;
	int nrenames;
};

struct sg_treediff {
	struct sg_treediff_node *top; /* sentinel (name NULL); its children are the roots */
	struct sg_treediff_root *roots;
	int nroots;
	const char *root_pattern[2]; /* each file's root= */
	const char *label[2];	     /* the options' labels, or "BEFORE" and "AFTER" */
	const char *kernel[2];	     /* each file's kernel=, or NULL */
	int totals;
	uint32_t threshold_bp;
	uint64_t min_delta;
	/*
	 * The confidence level the paths were tested at, or 0 when they were not: then why
	 * says why (a run without per-path statistics, --total).
	 */
	double level;
	char why[256];
	int all;
	uint64_t nsig, nnot, nfew; /* paths by verdict on total time */
	uint64_t nagainst;	   /* of nsig, those marked SG_TREEDIFF_AGAINST */
	uint64_t nmatched;	   /* paths matched under another name (name_before) */
	uint64_t nsubtree;	   /* of them, renames found by their subtrees */
	/*
	 * Nodes the subtree matching has walked, against SG_DIFFRENAME_BUDGET; stopped: it ran
	 * out, and the parents left were matched by name only
	 */
	uint64_t subtree_walked;
	int subtree_stopped;
	double rank_level;	   /* the level the roots' histograms were tested at; 0: not */
	int exact_names;
	/*
	 * How many runs each side is made of (a merge's sources=, else 1), and, when both are
	 * merges that kept each run's per-path sums apart (runstat.h), those: then the time test
	 * is across runs (runtest.h, docs/diff.md); by_runs says so, nbyruns counts the paths
	 * whose runs, on a side, varied more than their invocations (so the runs were the samples).
	 */
	uint64_t runs[2];
	struct sg_runstats *rs[2];
	int by_runs;
	uint64_t nbyruns;
	/* the paths with the largest absolute change in self time, largest first */
	struct sg_treediff_node *changes[SG_TREEDIFF_TOP];
	int nchanges;
	uint64_t max_abs_delta; /* largest |delta| of any path: the scale of a colour ramp */
	uint64_t nodes;
	void *arena;	    /* private: the nodes' blocks */
	void *index[2];	    /* private: each run's nodes to ours, by address */
	size_t nindex[2];
};

/*
 * Compare two loaded runs (their names interned in one strtab, so equal names are equal
 * pointers). The result points into both runs and the labels: free it first. Sorts both
 * merged trees by name as a side effect. NULL with a message when the runs trace different
 * roots and o->force is 0, when either has no durations, or when memory runs out.
 */
struct sg_treediff *sg_treediff_new(struct sg_aggregate *before, struct sg_aggregate *after,
				    const struct sg_treediff_options *o);
void sg_treediff_free(struct sg_treediff *d);

/* Depth-first pre-order walk of the subtree at top, without recursion. */
struct sg_treediff_node *sg_treediff_next(const struct sg_treediff_node *n,
					  const struct sg_treediff_node *top);

/* The path of run side's (SG_TREEDIFF_BEFORE/AFTER) merged-tree node n, or NULL. */
struct sg_treediff_node *sg_treediff_find(const struct sg_treediff *d, int side,
					  const struct sg_node *n);

/*
 * delta relative to before, in hundredths of a percent, rounded half away from zero. Returns 0
 * with *bp set, or -1 when before is 0 (no finite ratio).
 */
int sg_treediff_ratio(int64_t delta, uint64_t before, int64_t *bp);

#endif
