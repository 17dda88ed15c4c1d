/* diffgate.c - diff's --fail-above: the root whose metric grew past the limit, significantly. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "diffgate.h"
#include "log.h"
#include "stats.h"
#include "welch.h"

static const char *const metric_names[] = { "avg", "p50", "p99", "max", NULL };

int sg_diffgate_metric_parse(const char *s, enum sg_diffgate_metric *m)
{
	for (int i = 0; metric_names[i]; i++) {
		if (strcmp(s, metric_names[i]) == 0) {
			*m = (enum sg_diffgate_metric) i;
			return 0;
		}
	}
	sg_log_error("--metric takes avg, p50, p99 or max, not '%s'", s);
	return -1;
}

const char *sg_diffgate_metric_name(enum sg_diffgate_metric m)
{
	return metric_names[m];
}

uint64_t sg_diffgate_metric_needs(enum sg_diffgate_metric m)
{
	return m == SG_DIFFGATE_P99 ? 100 : m == SG_DIFFGATE_MAX ? 1 : 10;
}

uint64_t sg_diffgate_metric_value(const struct sg_summary *s, enum sg_diffgate_metric m)
{
	switch (m) {
	case SG_DIFFGATE_P50:
		return s->p50;
	case SG_DIFFGATE_P99:
		return s->p99;
	case SG_DIFFGATE_MAX:
		return s->max;
	default:
		return s->avg;
	}
}

/* Growth (a - b) / b compared across roots; a zero b with growth is larger than any ratio. */
static int growth_cmp(uint64_t b1, uint64_t a1, uint64_t b2, uint64_t a2)
{
	int inf1 = !b1 && a1, inf2 = !b2 && a2;

	if (inf1 || inf2)
		return inf1 - inf2;
	if (!b1 || !b2) /* no change from zero: growth 0 */
		return (!b1 ? 0 : (a1 > b1) - (a1 < b1)) - (!b2 ? 0 : (a2 > b2) - (a2 < b2));
	__int128 l = ((__int128) a1 - b1) * b2, r = ((__int128) a2 - b2) * b1;

	return (l > r) - (l < r);
}

/* How many of run k's invocations of r took longer than t: at least *lo, at most *hi. */
static void past(const struct sg_treediff_root *r, int k, uint64_t t, uint64_t *lo, uint64_t *hi)
{
	const struct sg_summary *s = &r->sum[k];
	uint64_t a = 0, b = 0, c = 0;

	/* a bucket holds [lo, hi): wholly past t from lo > t on, partly while hi - 1 > t */
	for (unsigned i = 0; i < SG_HIST_BUCKETS; i++) {
		if (sg_hist_lo(i) > t)
			a += s->hist[i];
		if (sg_hist_hi(i) - 1 > t || i + 1 == SG_HIST_BUCKETS)
			b += s->hist[i];
	}
	for (unsigned i = 0; i < r->nslow[k]; i++)
		c += r->slow[k][i] > t;
	/* every call longer than the floor is among the kept slowest */
	if (t >= r->slow_floor[k])
		a = b = c;
	else if (c > a)
		a = c;
	*lo = a;
	*hi = b;
}

/* Count the calls of each run past t when both counts are exact; closer to want is better. */
static void consider(const struct sg_treediff_root *r, uint64_t t, uint64_t want,
		     struct sg_treediff_tail *best, uint64_t *best_off)
{
	uint64_t lo[2], hi[2];

	past(r, 0, t, &lo[0], &hi[0]);
	past(r, 1, t, &lo[1], &hi[1]);
	if (lo[0] != hi[0] || lo[1] != hi[1] || !(lo[0] + lo[1]))
		return;
	uint64_t k = lo[0] + lo[1], off = k > want ? k - want : want - k;

	/* ties: the more calls, the more the test can see */
	if (off < *best_off || (off == *best_off && k > best->k[0] + best->k[1])) {
		*best_off = off;
		best->at = t + 1;
		best->k[0] = lo[0];
		best->k[1] = lo[1];
	}
}

/*
 * p99: Fisher's exact test on how many calls of each run took at least a threshold near the
 * pooled p99 (where the histogram's bounds and the kept slowest give exact counts). Chosen from
 * both runs together, the threshold favours neither: with one distribution, the calls past it
 * are a random draw of the pooled ones, which is what the test's hypergeometric law assumes.
 */
static void test_p99(struct sg_treediff_root *r, double alpha)
{
	struct sg_treediff_tail *t = &r->p99;
	uint64_t n0 = r->sum[0].count, n1 = r->sum[1].count, n = n0 + n1;
	uint64_t off = UINT64_MAX;

	*t = (struct sg_treediff_tail){.p = 1, .verdict = SG_WELCH_FEW};
	if (!r->sum[0].has_hist || !r->sum[1].has_hist)
		return;
	/* the calls past the pooled p99 (nearest rank: the ceil(0.99 n)-th value) */
	uint64_t want = n - (99 * n + 99) / 100;

	if (!want)
		want = 1;
	for (unsigned i = 1; i < SG_HIST_BUCKETS; i++)
		consider(r, sg_hist_lo(i) - 1, want, t, &off);
	for (int k = 0; k < 2; k++)
		for (unsigned i = 0; i < r->nslow[k]; i++)
			consider(r, r->slow[k][i], want, t, &off);
	uint64_t kk = t->k[0] + t->k[1];

	if (off == UINT64_MAX || n0 < SG_WELCH_MIN_INV || n1 < SG_WELCH_MIN_INV)
		return;
	/* too few calls in the tail: even all of them in one run would not be significant */
	uint64_t all1 = kk < n1 ? kk : n1, all0 = kk < n0 ? kk : n0;

	if (sg_welch_fisher_p(kk - all1, n0, all1, n1) >= alpha &&
	    sg_welch_fisher_p(all0, n0, kk - all0, n1) >= alpha)
		return;
	t->p = sg_welch_fisher_p(t->k[0], n0, t->k[1], n1);
	/* and the share past the threshold moved as the p99 did */
	unsigned __int128 s0 = (unsigned __int128) t->k[0] * n1,
			  s1 = (unsigned __int128) t->k[1] * n0;
	int same =
	    r->sum[1].p99 > r->sum[0].p99 ? s1 > s0 : r->sum[1].p99 < r->sum[0].p99 && s1 < s0;

	t->verdict = t->p < alpha && same ? SG_WELCH_SIG : SG_WELCH_NOT;
}

/*
 * max: the exceedance test (Rosenbaum's): how many calls of the run whose max is higher took
 * longer than the other run's max. One call past it is what a single outlier does (half the
 * time with runs of one size); j calls, all the j longest of both runs in one of them, have the
 * chance C(n1, j) / C(n0 + n1, j) when both runs are alike. Doubled: two-sided.
 */
static void test_max(struct sg_treediff_root *r, double alpha)
{
	struct sg_treediff_tail *t = &r->max;
	uint64_t m0 = r->sum[0].max, m1 = r->sum[1].max, lo, hi;

	*t = (struct sg_treediff_tail){.p = 1, .verdict = SG_WELCH_FEW};
	if (!r->sum[0].has_hist || !r->sum[1].has_hist || r->sum[0].count < SG_WELCH_MIN_INV ||
	    r->sum[1].count < SG_WELCH_MIN_INV)
		return;
	int g = m1 > m0; /* the run whose max is higher */
	uint64_t ng = r->sum[g].count, no = r->sum[!g].count;

	t->at = (g ? m0 : m1) + 1;
	if (m0 == m1) {
		t->verdict = SG_WELCH_NOT;
		return;
	}
	/* at least lo calls past it (kept slowest, whole buckets): a p that errs large */
	past(r, g, t->at - 1, &lo, &hi);
	t->k[g] = lo;
	t->p = fmin(1, 2 * sg_welch_exceed_p(lo, ng, no));
	t->verdict = t->p < alpha ? SG_WELCH_SIG : SG_WELCH_NOT;
}

void sg_diffgate_test_tails(struct sg_treediff_root *r, double level)
{
	r->p99 = r->max = (struct sg_treediff_tail){.p = 1, .verdict = SG_WELCH_FEW};
	if (level <= 0 || !r->name[0] || !r->name[1])
		return;
	test_p99(r, 1 - level);
	test_max(r, 1 - level);
}

int sg_diffgate_tests(const struct sg_treediff *d, enum sg_diffgate_metric m)
{
	if (d->all)
		return 0;
	return m == SG_DIFFGATE_AVG ? d->level > 0 : d->rank_level > 0;
}

const char *sg_diffgate_samples(const struct sg_treediff *d, enum sg_diffgate_metric m, char *buf,
				size_t len)
{
	if (!d->by_runs)
		snprintf(buf, len, "%s", "");
	else if (m == SG_DIFFGATE_AVG)
		snprintf(buf, len, " across %" PRIu64 " and %" PRIu64 " runs", d->runs[0],
			 d->runs[1]);
	else
		snprintf(buf, len, "%s", " of the runs' invocations pooled");
	return buf;
}

double sg_diffgate_level(const struct sg_treediff *d, enum sg_diffgate_metric m)
{
	return m == SG_DIFFGATE_AVG ? d->level : d->rank_level;
}

int sg_diffgate_root_test(const struct sg_treediff *d, const struct sg_treediff_root *r,
			  enum sg_diffgate_metric m, double *p)
{
	enum sg_welch_verdict v;

	*p = NAN;
	if (m == SG_DIFFGATE_AVG ? !d->level : !d->rank_level)
		return -1;
	/* a run without the histogram (a .tree before version 3): no test of its distribution */
	if (m != SG_DIFFGATE_AVG && (!r->sum[0].has_hist || !r->sum[1].has_hist))
		return -1;
	switch (m) {
	case SG_DIFFGATE_P50:
		v = r->rank;
		*p = r->rank_p;
		break;
	case SG_DIFFGATE_P99:
		v = r->p99.verdict;
		*p = r->p99.p;
		break;
	case SG_DIFFGATE_MAX:
		v = r->max.verdict;
		*p = r->max.p;
		break;
	default:
		v = r->node->sig.verdict;
		*p = r->node->sig.p;
	}
	if (v == SG_WELCH_FEW)
		*p = NAN;
	return (int) v;
}

/* The root that grew the most (only_real: of those whose change is significant); 1 past limit. */
static int gate_pass(const struct sg_treediff *d, enum sg_diffgate_metric m, uint32_t limit_bp,
		     int only_real, const struct sg_treediff_root **worst)
{
	uint64_t wb = 0, wa = 0;

	*worst = NULL;
	for (int i = 0; i < d->nroots; i++) {
		const struct sg_treediff_root *r = &d->roots[i];

		if (!r->name[0] || !r->name[1])
			continue;
		double p;
		int v = sg_diffgate_root_test(d, r, m, &p);

		/* significant, or not testable at all (no test of such runs): the growth decides */
		if (only_real && v != SG_WELCH_SIG && v != -1)
			continue;
		uint64_t b = sg_diffgate_metric_value(&r->sum[0], m);
		uint64_t a = sg_diffgate_metric_value(&r->sum[1], m);

		if (!*worst || growth_cmp(b, a, wb, wa) > 0) {
			*worst = r;
			wb = b;
			wa = a;
		}
	}
	if (!*worst || wa <= wb)
		return 0;
	if (!wb)
		return 1;
	return (unsigned __int128) (wa - wb) * 10000 > (unsigned __int128) wb * limit_bp;
}

int sg_diffgate_check(const struct sg_treediff *d, enum sg_diffgate_metric m, uint32_t limit_bp,
		      const struct sg_treediff_root **worst)
{
	/* a growth within the noise, or too thin to test, does not trip the gate (unless --all) */
	if (sg_diffgate_tests(d, m) && gate_pass(d, m, limit_bp, 1, worst))
		return 1;
	int tripped = gate_pass(d, m, limit_bp, 0, worst);

	return sg_diffgate_tests(d, m) ? 0 : tripped;
}
