/* test_runtest.c - diff's test across runs: the F test's choice, each side's figures, Welch. */
#include <math.h>
#include "check.h"
#include "runtest.h"

#define CHECK_NEAR(got, want, tol)                                                                 \
	do {                                                                                       \
		double g_ = (got), w_ = (want);                                                    \
		check_count++;                                                                     \
		if (!(fabs(g_ - w_) <= (tol) * (fabs(w_) > 1 ? fabs(w_) : 1))) {                   \
			check_failures++;                                                          \
			fprintf(stderr, "%s:%d: %s is %.10g, want %.10g\n", __FILE__, __LINE__,    \
				#got, g_, w_);                                                     \
		}                                                                                  \
	} while (0)

/* A run of the values v[0..n), as its rpstat line would hold them. */
static struct sg_runstat run_of(const uint64_t *v, int n)
{
	struct sg_runstat e = {.ninv = (uint64_t) n};

	for (int i = 0; i < n; i++) {
		e.lg_total += v[i];
		e.lq_total += (unsigned __int128) v[i] * v[i];
		e.lg_self += v[i] / 2;
		e.lq_self += (unsigned __int128) (v[i] / 2) * (v[i] / 2);
	}
	return e;
}

int main(void)
{
	/* two runs whose means differ by far more than their spread: the runs are the samples */
	static const uint64_t a[] = {100, 102, 98, 101, 99, 100, 103, 97, 100, 100};
	static const uint64_t b[] = {200, 202, 198, 201, 199, 200, 203, 197, 200, 200};
	struct sg_runstat e[2] = {run_of(a, 10), run_of(b, 10)};
	struct sg_runtest_side s, t;

	sg_runtest_side(e, 2, 0, &s);
	CHECK(s.by_runs);
	CHECK(s.f_p < 1e-10);
	CHECK_NEAR(s.mean, 150, 1e-12);
	/* the runs' means 100 and 200: variance 5000, over k = 2; one degree of freedom */
	CHECK_NEAR(s.e, 2500, 1e-12);
	CHECK_NEAR(s.df, 1, 0);
	CHECK_U64(s.n, 20);
	/* the same run twice: no run effect (F = 0), the invocations pooled */
	e[1] = run_of(a, 10);
	sg_runtest_side(e, 2, 0, &t);
	CHECK(!t.by_runs);
	CHECK_NEAR(t.f_p, 1, 1e-12);
	CHECK_NEAR(t.mean, 100, 1e-12);
	/* the 20 values' variance (their squares about 100: 28 a run) 56 / 19, over 20; 19 df */
	CHECK_NEAR(t.e, 56.0 / 19 / 20, 1e-12);
	CHECK_NEAR(t.df, 19, 0);
	/* with two runs F = t^2 of Student's pooled t: F's p is the t test's two-sided p */
	static const uint64_t c[] = {101, 103, 99, 102, 100, 101, 104, 98, 101, 102};
	e[1] = run_of(c, 10);
	sg_runtest_side(e, 2, 0, &t);
	double sp = (28.0 + 28.9) / 18, d = 1.1, st = d / sqrt(sp * (0.1 + 0.1));
	CHECK_NEAR(t.f_p, 2 * sg_welch_t_cdf(-st, 18), 1e-9);
	/* self time: its own sums (half of each value, rounded down) */
	e[1] = run_of(b, 10);
	sg_runtest_side(e, 2, 1, &s);
	CHECK_NEAR(s.mean, (49.8 + 99.8) / 2, 1e-12);
	/* Welch between a side of runs and a pooled one: the interval's half width q se */
	struct sg_runtest_side x = {.mean = 10, .e = 4, .df = 1, .n = 20, .k = 2, .by_runs = 1};
	struct sg_runtest_side y = {.mean = 16, .e = 0, .df = 19, .n = 20, .k = 2};
	struct sg_welch w;

	sg_runtest_test(&x, &y, 0.99, &w);
	CHECK_NEAR(w.df, 1, 1e-12);
	CHECK_NEAR(w.t, 3, 1e-12);
	/* t = 3 with 1 df (Cauchy): two-sided p = 1 - 2 atan(3) / pi */
	CHECK_NEAR(w.p, 1 - 2 * atan(3) / M_PI, 1e-9);
	CHECK_NEAR(w.hi - w.delta, 63.6567412 * 2, 1e-6);
	CHECK(w.verdict == SG_WELCH_NOT);
	/* fewer than SG_WELCH_MIN_INV invocations a side: nothing said */
	y.n = 9;
	sg_runtest_test(&x, &y, 0.99, &w);
	CHECK(w.verdict == SG_WELCH_FEW);
	return check_report("runtest");
}
