/* runtest.h - diff's test across runs: each side's runs, and whether they vary more than their
 * calls. */
#ifndef SG_RUNTEST_H
#define SG_RUNTEST_H

#include <stddef.h>
#include "runstat.h"
#include "welch.h"

/* The level of the preliminary test of a run effect (Bancroft's "sometimes pool"). */
#define SG_RUNTEST_POOL_LEVEL 0.25

/*
 * One side of a path's test, on the log scale (sg_logtime units): its mean, the square of the
 * mean's standard error, the degrees of freedom of that estimate, the invocations and runs the
 * path ran in, and whether the runs were the samples (by_runs) or the invocations pooled.
 */
struct sg_runtest_side {
	double mean, e, df;
	uint64_t n;
	uint32_t k;
	int by_runs;
	double f_p; /* the run effect's F test's p (1 when fewer than 2 runs) */
};

/*
 * A side from its runs' entries e[0..k) of one path (total time, or self time): the runs are
 * the samples (each run's mean, benchstat's way) when their means vary more than their
 * invocations would make them (one-way ANOVA's F test, p below SG_RUNTEST_POOL_LEVEL), else
 * the invocations of all runs pooled, as for a single run.
 */
void sg_runtest_side(const struct sg_runstat *e, size_t k, int self, struct sg_runtest_side *out);

/*
 * Welch's test between two sides' means at confidence level (the interval's coverage): out as
 * sg_welch_test's, delta and the interval in sg_logtime units. SG_WELCH_FEW when a side has
 * fewer than SG_WELCH_MIN_INV invocations.
 */
void sg_runtest_test(const struct sg_runtest_side *before, const struct sg_runtest_side *after,
		     double level, struct sg_welch *out);

#endif
