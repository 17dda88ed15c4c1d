/* test_welch.c - the Student t distribution and Welch's test against published values. */
#include <math.h>
#include "check.h"
#include "welch.h"

/* |got - want| <= tol * max(1, |want|) */
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

/* Student t quantiles from the published tables (R's qt(p, df), scipy.stats.t.ppf). */
static const struct {
	double p, df, t;
} table[] = {
    {0.975, 1, 12.7062047},  {0.975, 2, 4.30265273},   {0.975, 3, 3.18244631},
    {0.975, 5, 2.57058184},  {0.975, 10, 2.22813885},  {0.975, 20, 2.08596345},
    {0.975, 30, 2.04227246}, {0.975, 100, 1.98397152}, {0.975, 1000, 1.96233908},
    {0.995, 1, 63.6567412},  {0.995, 2, 9.92484320},   {0.995, 5, 4.03214298},
    {0.995, 10, 3.16927267}, {0.995, 30, 2.74999565},  {0.95, 10, 1.81246112},
    {0.9, 5, 1.47588405},
};

int main(void)
{
	/* closed forms: I_x(a, 1) = x^a, I_x(1, b) = 1 - (1-x)^b, I_x(1/2, 1/2) = 2/pi asin(sqrt x)
	 */
	CHECK_NEAR(sg_welch_betai(2.5, 1, 0.3), pow(0.3, 2.5), 1e-12);
	CHECK_NEAR(sg_welch_betai(1, 7, 0.2), 1 - pow(0.8, 7), 1e-12);
	CHECK_NEAR(sg_welch_betai(0.5, 0.5, 0.7), 2 / M_PI * asin(sqrt(0.7)), 1e-12);
	CHECK_NEAR(sg_welch_betai(3, 4, 0), 0, 0);
	CHECK_NEAR(sg_welch_betai(3, 4, 1), 1, 0);
	/* t with 1 df is Cauchy: 1/2 + atan(t)/pi; with 2 df, 1/2 + t / (2 sqrt(2 + t^2)) */
	for (double t = -30; t <= 30; t += 0.7) {
		CHECK_NEAR(sg_welch_t_cdf(t, 1), 0.5 + atan(t) / M_PI, 1e-12);
		CHECK_NEAR(sg_welch_t_cdf(t, 2), 0.5 + t / (2 * sqrt(2 + t * t)), 1e-12);
	}
	/*
	 * large df: towards the normal distribution (erfc is libm's), which t approaches as 1/df
	 * (at 1.96, by 1.4e-3/df): within 2e-8 at 10^7 degrees of freedom
	 */
	CHECK_NEAR(sg_welch_t_cdf(1.959963984540054, 1e7), 0.975, 2e-8);
	CHECK_NEAR(sg_welch_t_cdf(-2.5, 1e7), 0.5 * erfc(2.5 / sqrt(2)), 2e-8);
	for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		CHECK_NEAR(sg_welch_t_quantile(table[i].p, table[i].df), table[i].t, 1e-8);
		CHECK_NEAR(sg_welch_t_quantile(1 - table[i].p, table[i].df), -table[i].t, 1e-8);
		CHECK_NEAR(sg_welch_t_cdf(table[i].t, table[i].df), table[i].p, 1e-8);
	}
	/* a quantile of a fractional df is the inverse of the cdf there */
	CHECK_NEAR(sg_welch_t_cdf(sg_welch_t_quantile(0.995, 24.9), 24.9), 0.995, 1e-12);

	/* variance from exact sums: 2, 4, 4, 4, 5, 5, 7, 9 has mean 5 and sample variance 32/7 */
	struct sg_welch_sample v = {8, 40, 4 + 16 * 3 + 25 * 2 + 49 + 81};

	CHECK_NEAR(sg_welch_variance(&v), 32.0 / 7, 1e-15);
	/* sums of squares past 64 bits: 1e6 invocations of 1 s each, no variation */
	struct sg_welch_sample big = {1000000, 1000000ull * 1000000000ull,
				      (unsigned __int128) 1000000 * 1000000000ull * 1000000000ull};

	CHECK_NEAR(sg_welch_variance(&big), 0, 0);

	/*
	 * Wikipedia's "Welch's t-test", example 1 (scaled by 10 to integers, which leaves t, df and
	 * p as they are): t = -2.46, p = 0.021; t and df to more digits from the two-pass formulas
	 * (awk: mean, sum of squared deviations / (n - 1) / n each, se^2 = their sum): -2.45536,
	 * 24.9885.
	 */
	static const int a1[] = {275, 210, 190, 236, 170, 179, 169, 201,
				 219, 226, 231, 196, 190, 217, 214};
	static const int a2[] = {271, 220, 208, 234, 234, 235, 258, 220,
				 248, 202, 219, 221, 229, 205, 244};
	struct sg_welch_sample s1 = {15, 0, 0}, s2 = {15, 0, 0};
	struct sg_welch w;

	for (int i = 0; i < 15; i++) {
		s1.sum += a1[i];
		s1.sumsq += a1[i] * a1[i];
		s2.sum += a2[i];
		s2.sumsq += a2[i] * a2[i];
	}
	/* A2 before, A1 after: A1's mean is lower */
	sg_welch_test(&s2, &s1, 0.95, &w);
	CHECK_NEAR(w.t, -2.45536, 0.000005);
	CHECK_NEAR(w.df, 24.9885, 0.00005 / 24.9885);
	CHECK_NEAR(w.p, 0.021, 0.0005);
	CHECK(w.verdict == SG_WELCH_SIG);
	CHECK_NEAR(w.delta, ((double) s1.sum - (double) s2.sum) / 15.0, 1e-12);
	CHECK(w.lo < w.delta && w.delta < w.hi && w.hi < 0);
	/* at 99% the same data are not enough: p = 0.021 > 0.01, the interval holds 0 */
	sg_welch_test(&s2, &s1, 0.99, &w);
	CHECK(w.verdict == SG_WELCH_NOT);
	CHECK(w.lo < 0 && w.hi > 0);
	/* the interval is delta +- t(0.995, df) * se */
	CHECK_NEAR((w.hi - w.lo) / 2, sg_welch_t_quantile(0.995, w.df) * fabs(w.delta / w.t),
		   1e-12);
	/* too few invocations: nothing said */
	struct sg_welch_sample few = {SG_WELCH_MIN_INV - 1, 900, 90000};

	sg_welch_test(&few, &s1, 0.95, &w);
	CHECK(w.verdict == SG_WELCH_FEW);
	/* no variation anywhere: equal means are no change, different ones a certain one */
	struct sg_welch_sample c10 = {10, 100, 1000}, c20 = {10, 200, 4000};

	sg_welch_test(&c10, &c10, 0.99, &w);
	CHECK(w.verdict == SG_WELCH_NOT);
	sg_welch_test(&c10, &c20, 0.99, &w);
	CHECK(w.verdict == SG_WELCH_SIG);
	/*
	 * the rank test on histograms: five values in one bucket against five in the next, all
	 * tied within: U = 0 or 25, sd = sqrt(25/12 * (11 - 240/90)) = 25/6, z = 3, p = erfc(3 /
	 * sqrt 2) = 0.0026998 (R: wilcox.test(rep(1, 5), rep(2, 5), exact = FALSE, correct =
	 * FALSE)$p.value)
	 */
	uint64_t h0[3] = {5, 0, 0}, h1[3] = {0, 5, 0}, h2[3] = {2, 3, 0}, e[3] = {0, 0, 0};

	CHECK_NEAR(sg_welch_rank_p(h0, h1, 3), 0.0026998, 1e-6);
	CHECK_NEAR(sg_welch_rank_p(h1, h0, 3), 0.0026998, 1e-6);
	CHECK_NEAR(sg_welch_rank_p(h0, h0, 3), 1, 0);
	CHECK_NEAR(sg_welch_rank_p(h0, e, 3), 1, 0);
	/*
	 * {1,1,2,2,2} against {2,2,2,2,2}: U of the second = 2 * 5 + 3 * 5 / 2 = 17.5, mean 12.5;
	 * ties 2 and 8: var = 25/12 * (11 - (6 + 504) / 90) = 11.1111, z = 5 / 3.3333 = 1.5,
	 * p = erfc(1.5 / sqrt 2) = 0.1336144
	 */
	CHECK_NEAR(sg_welch_rank_p(h2, h1, 3), 0.1336144, 1e-6);
	/*
	 * Fisher's exact test: Wikipedia's dieting example (men 1 of 12, women 9 of 12), two-sided
	 * p = 0.002759 (R: fisher.test(matrix(c(1, 11, 9, 3), 2))$p.value); Fisher's lady tasting
	 * tea, 3 of 4 against 1 of 4: 0.4857143 (34/70); nothing to tell apart: 1
	 */
	CHECK_NEAR(sg_welch_fisher_p(1, 12, 9, 12), 0.0027594, 1e-6);
	CHECK_NEAR(sg_welch_fisher_p(9, 12, 1, 12), 0.0027594, 1e-6);
	CHECK_NEAR(sg_welch_fisher_p(3, 4, 1, 4), 0.4857143, 1e-6);
	CHECK_NEAR(sg_welch_fisher_p(0, 10, 0, 10), 1, 0);
	CHECK_NEAR(sg_welch_fisher_p(10, 10, 10, 10), 1, 0);
	/* the exceedance test: 2 of 2 above both others: C(2,2)/C(4,2) = 1/6 */
	CHECK_NEAR(sg_welch_exceed_p(2, 2, 2), 1.0 / 6, 1e-9);
	CHECK_NEAR(sg_welch_exceed_p(0, 5, 5), 1, 1e-12);
	/* prod_{i<8} (100 - i) / (200 - i) = 0.0033773 */
	CHECK_NEAR(sg_welch_exceed_p(8, 100, 100), 0.0033773, 1e-6);
	return check_report("welch");
}
