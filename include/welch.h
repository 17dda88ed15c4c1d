/* welch.h - is a change in mean time real? Welch's t-test and the Student t distribution. */
#ifndef SG_WELCH_H
#define SG_WELCH_H

#include <stdint.h>

/* Fewer invocations than this in either run: too few to say (docs/diff.md). */
#define SG_WELCH_MIN_INV 10

/* The regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1. */
double sg_welch_betai(double a, double b, double x);

/* P(T <= t) for Student's t with df > 0 degrees of freedom (df need not be an integer). */
double sg_welch_t_cdf(double t, double df);

/* The t with P(T <= t) = p, 0 < p < 1. */
double sg_welch_t_quantile(double p, double df);

/* One run's figures of a path: invocations, sum and sum of squares of its time in each. */
struct sg_welch_sample {
	uint64_t n;
	uint64_t sum;
	unsigned __int128 sumsq;
};

enum sg_welch_verdict {
	SG_WELCH_NOT, /* the interval holds 0: no change that the noise could not make */
	SG_WELCH_SIG, /* the interval excludes 0 */
	SG_WELCH_FEW, /* fewer than SG_WELCH_MIN_INV invocations in a run: nothing said */
};

struct sg_welch {
	enum sg_welch_verdict verdict;
	double delta;  /* mean after - mean before, ns per invocation */
	double lo, hi; /* the confidence interval of delta */
	double p;      /* two-sided p-value */
	double t, df;  /* the statistic and its Welch-Satterthwaite degrees of freedom */
};

/*
 * Two-sided p-value that k0 of n0 and k1 of n1 come from one proportion (the pooled
 * two-proportion z-test); 1 when there is nothing to tell apart.
 */
double sg_welch_presence_p(uint64_t k0, uint64_t n0, uint64_t k1, uint64_t n1);

/*
 * Two-sided p-value of the Mann-Whitney rank test between two histograms of nb buckets (counts
 * of the same ordered buckets; the values of one bucket tie), by its normal approximation with
 * the tie correction; 1 when either is empty or every value ties.
 */
double sg_welch_rank_p(const uint64_t *h0, const uint64_t *h1, unsigned nb);

/*
 * Two-sided p-value of Fisher's exact test that k0 of n0 and k1 of n1 come from one proportion:
 * the probability, k0 + k1 of the n0 + n1 drawn at random, of every split no likelier than the
 * one seen (the hypergeometric distribution); 1 when there is nothing to tell apart.
 */
double sg_welch_fisher_p(uint64_t k0, uint64_t n0, uint64_t k1, uint64_t n1);

/*
 * One-sided p-value that j of n1 values lie above all n0 others (Rosenbaum's exceedance test):
 * the chance that the j largest of the n0 + n1, drawn from one distribution, all fall among
 * the n1. 1 for j = 0.
 */
double sg_welch_exceed_p(uint64_t j, uint64_t n1, uint64_t n0);

/* A sample's variance (n - 1 in the denominator), from its exact sums. */
double sg_welch_variance(const struct sg_welch_sample *s);

/*
 * Compare the means of before and after with Welch's t-test at confidence level (e.g. 0.99,
 * the interval's coverage; significance at 1 - level).
 */
void sg_welch_test(const struct sg_welch_sample *before, const struct sg_welch_sample *after,
		   double level, struct sg_welch *out);

/*
 * The end of a Welch test whose out->delta is set: from each side's squared standard error of
 * its mean (e0, e1) and degrees of freedom, out's df (Welch-Satterthwaite), t, p, the interval
 * at level and the verdict; with no variation on either side, any difference is significant.
 */
void sg_welch_conclude(double e0, double df0, double e1, double df1, double level,
		       struct sg_welch *out);

#endif
