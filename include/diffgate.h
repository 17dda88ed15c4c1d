/* diffgate.h - diff's --fail-above: the root whose metric grew past the limit, significantly. */
#ifndef SG_DIFFGATE_H
#define SG_DIFFGATE_H

#include <stddef.h>
#include <stdint.h>
#include "treediff.h"

/* The figure --fail-above watches. */
enum sg_diffgate_metric {
	SG_DIFFGATE_AVG,
	SG_DIFFGATE_P50,
	SG_DIFFGATE_P99,
	SG_DIFFGATE_MAX,
};

/* "avg", "p50", "p99", "max" to a metric; -1 with a message for anything else. */
int sg_diffgate_metric_parse(const char *s, enum sg_diffgate_metric *m);
const char *sg_diffgate_metric_name(enum sg_diffgate_metric m);

/*
 * How many invocations each run needs before the metric describes more than a few calls: 100
 * for p99 (below that, nearest rank makes it the maximum), 10 for p50 and avg, 1 for max.
 */
uint64_t sg_diffgate_metric_needs(enum sg_diffgate_metric m);

/* The metric of a summary. */
uint64_t sg_diffgate_metric_value(const struct sg_summary *s, enum sg_diffgate_metric m);

/*
 * The tests of root r's p99 and max at confidence level (0: none), into r->p99 and r->max
 * (docs/diff.md): Fisher's exact test on the calls of each run past a threshold near the pooled
 * p99; the exceedance test on the calls of one run past the other's max.
 */
void sg_diffgate_test_tails(struct sg_treediff_root *r, double level);

/*
 * Whether the gate on metric m counts only significant growth (--all not given): avg with the
 * paths tested (the root's test), p50, p99 and max with the histograms tested.
 */
int sg_diffgate_tests(const struct sg_treediff *d, enum sg_diffgate_metric m);

/*
 * How the gate's test of metric m took the samples, for its message: "" for one run a side,
 * else " across N and M runs" (avg: diff's test across runs) or " of the runs' invocations
 * pooled" (p50, p99, max: the histograms and kept calls are not kept apart by run), written
 * into buf.
 */
const char *sg_diffgate_samples(const struct sg_treediff *d, enum sg_diffgate_metric m, char *buf,
				size_t len);

/* The confidence level metric m was tested at (0: not tested). */
double sg_diffgate_level(const struct sg_treediff *d, enum sg_diffgate_metric m);

/*
 * The test of root r's metric m: SG_WELCH_SIG, _NOT, or _FEW (too few invocations, or calls in
 * the tail, to find a change) with its p in *p (NaN when _FEW); -1 when such runs allow no test
 * (--total, a .tree without per-path statistics or histogram): the growth alone decides.
 */
int sg_diffgate_root_test(const struct sg_treediff *d, const struct sg_treediff_root *r,
			  enum sg_diffgate_metric m, double *p);

/*
 * Check the regression gate: whether the metric of any root present in both runs grew by more
 * than limit_bp hundredths of a percent (and, when sg_diffgate_tests, significantly). Returns
 * 1 when it did, with *worst the root that grew the most (the first such in root order), else 0
 * with *worst the root that grew the most or NULL when no root is in both runs.
 */
int sg_diffgate_check(const struct sg_treediff *d, enum sg_diffgate_metric m, uint32_t limit_bp,
		      const struct sg_treediff_root **worst);

#endif
