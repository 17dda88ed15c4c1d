/* welch.c - is a change in mean time real? Welch's t-test and the Student t distribution. */
#include <float.h>
#include <math.h>
#include "welch.h"

/*
 * The continued fraction of I_x(a, b) (Numerical Recipes 6.4, modified Lentz), which converges
 * quickly for x < (a + 1) / (a + b + 2); sg_welch_betai uses the symmetry otherwise.
 */
static double betacf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double qab = a + b, qap = a + 1, qam = a - 1, c = 1, d = 1 - qab * x / qap, h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 10000; m++) {
		int m2 = 2 * m;
		double aa = m * (b - m) * x / ((qam + m2) * (a + m2));

		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		double del = d * c;

		h *= del;
		if (fabs(del - 1) < 4 * DBL_EPSILON)
			break;
	}
	return h;
}

/* I_x(a, b) with y = 1 - x given too: computed as 1 - x, it loses the digits x is near 1 with. */
static double betai_xy(double a, double b, double x, double y)
{
	if (x <= 0)
		return 0;
	if (y <= 0)
		return 1;
	/* x^a y^b / B(a, b), in logarithms: lgamma is libm's */
	double bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(y));

	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a;
	return 1 - bt * betacf(b, a, y) / b;
}

double sg_welch_betai(double a, double b, double x)
{
	return betai_xy(a, b, x, 1 - x);
}

double sg_welch_t_cdf(double t, double df)
{
	if (isinf(t))
		return t > 0 ? 1 : 0;
	/* P(|T| > |t|) = I_{df/(df+t^2)}(df/2, 1/2) */
	double tail = 0.5 * betai_xy(df / 2, 0.5, df / (df + t * t), t * t / (df + t * t));

	return t > 0 ? 1 - tail : tail;
}

double sg_welch_t_quantile(double p, double df)
{
	if (p <= 0)
		return -INFINITY;
	if (p >= 1)
		return INFINITY;
	if (p < 0.5)
		return -sg_welch_t_quantile(1 - p, df);
	/* the cdf is monotonic: bracket, then bisect to the last bit */
	double lo = 0, hi = 1;

	while (sg_welch_t_cdf(hi, df) < p && hi < 1e300)
		hi *= 2;
	for (int i = 0; i < 2000 && hi - lo > 4 * DBL_EPSILON * hi; i++) {
		double mid = lo + (hi - lo) / 2;

		if (sg_welch_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return lo + (hi - lo) / 2;
}

double sg_welch_presence_p(uint64_t k0, uint64_t n0, uint64_t k1, uint64_t n1)
{
	if (!n0 || !n1)
		return 1;
	double p0 = (double) k0 / (double) n0, p1 = (double) k1 / (double) n1;
	double pool = (double) (k0 + k1) / (double) (n0 + n1);
	double se = sqrt(pool * (1 - pool) * (1 / (double) n0 + 1 / (double) n1));

	if (se <= 0)
		return p0 == p1 ? 1 : 0;
	/* P(|Z| > |z|) = erfc(|z| / sqrt 2), libm's erfc */
	return erfc(fabs(p1 - p0) / se / M_SQRT2);
}

double sg_welch_rank_p(const uint64_t *h0, const uint64_t *h1, unsigned nb)
{
	double n0 = 0, n1 = 0, u = 0, ties = 0, below = 0;

	for (unsigned b = 0; b < nb; b++) {
		n0 += (double) h0[b];
		n1 += (double) h1[b];
	}
	if (!n0 || !n1)
		return 1;
	/* U of AFTER: each of its values beats BEFORE's below it and half of those it ties */
	for (unsigned b = 0; b < nb; b++) {
		double t = (double) h0[b] + (double) h1[b];

		u += (double) h1[b] * (below + (double) h0[b] / 2);
		below += (double) h0[b];
		ties += t * t * t - t;
	}
	double n = n0 + n1;
	double var = n0 * n1 / 12 * ((n + 1) - ties / (n * (n - 1)));

	if (var <= 0)
		return 1;
	return erfc(fabs(u - n0 * n1 / 2) / sqrt(var) / M_SQRT2);
}

double sg_welch_variance(const struct sg_welch_sample *s)
{
	if (s->n < 2)
		return 0;
	/* n*Q - S^2 is exact in 128 bits unless n*Q overflows them (then long double) */
	unsigned __int128 s2 = (unsigned __int128) s->sum * s->sum, nq;
	long double num;

	if (s->sumsq <= ~(unsigned __int128) 0 / s->n) {
		nq = s->sumsq * s->n;
		num = nq > s2 ? (long double) (nq - s2) : 0;
	} else {
		num = (long double) s->sumsq * s->n - (long double) s2;
		if (num < 0)
			num = 0;
	}
	return (double) (num / ((long double) s->n * (long double) (s->n - 1)));
}

void sg_welch_test(const struct sg_welch_sample *before, const struct sg_welch_sample *after,
		   double level, struct sg_welch *out)
{
	double m0 = (double) before->sum / (double) (before->n ? before->n : 1);
	double m1 = (double) after->sum / (double) (after->n ? after->n : 1);
	double e0, e1;

	*out = (struct sg_welch){.verdict = SG_WELCH_FEW, .delta = m1 - m0, .p = 1};
	out->lo = out->hi = out->delta;
	if (before->n < SG_WELCH_MIN_INV || after->n < SG_WELCH_MIN_INV)
		return;
	e0 = sg_welch_variance(before) / (double) before->n;
	e1 = sg_welch_variance(after) / (double) after->n;
	sg_welch_conclude(e0, (double) (before->n - 1), e1, (double) (after->n - 1), level, out);
}

void sg_welch_conclude(double e0, double df0, double e1, double df1, double level,
		       struct sg_welch *out)
{
	double se2 = e0 + e1;

	if (se2 <= 0) {
		/* no variation on either side: any difference is not noise */
		out->verdict = out->delta != 0 ? SG_WELCH_SIG : SG_WELCH_NOT;
		out->p = out->delta != 0 ? 0 : 1;
		out->df = df0 + df1;
		return;
	}
	double se = sqrt(se2);

	/* Welch-Satterthwaite */
	out->df = se2 * se2 / (e0 * e0 / df0 + e1 * e1 / df1);
	out->t = out->delta / se;
	out->p = 2 * sg_welch_t_cdf(-fabs(out->t), out->df);
	double q = sg_welch_t_quantile(1 - (1 - level) / 2, out->df);

	out->lo = out->delta - q * se;
	out->hi = out->delta + q * se;
	out->verdict = out->lo > 0 || out->hi < 0 ? SG_WELCH_SIG : SG_WELCH_NOT;
}

/* log C(n, k), through libm's lgamma */
static double log_choose(uint64_t n, uint64_t k)
{
	return lgamma((double) n + 1) - lgamma((double) k + 1) - lgamma((double) (n - k) + 1);
}

double sg_welch_fisher_p(uint64_t k0, uint64_t n0, uint64_t k1, uint64_t n1)
{
	uint64_t k = k0 + k1, n = n0 + n1;

	if (!n0 || !n1 || k0 > n0 || k1 > n1 || !k || k == n)
		return 1;
	/* k1 is hypergeometric: k of n drawn, n1 of them AFTER's; its range */
	uint64_t lo = k > n0 ? k - n0 : 0, hi = k < n1 ? k : n1;
	double base = log_choose(n, k);
	double seen = log_choose(n1, k1) + log_choose(n0, k0) - base, p = 0;

	/* two-sided: every table no likelier than the one seen (a relative margin for rounding) */
	for (uint64_t j = lo; j <= hi; j++) {
		double lp = log_choose(n1, j) + log_choose(n0, k - j) - base;

		if (lp <= seen + 1e-7)
			p += exp(lp);
	}
	return p > 1 ? 1 : p;
}

double sg_welch_exceed_p(uint64_t j, uint64_t n1, uint64_t n0)
{
	if (j > n1)
		j = n1;
	/* the j longest of the n0 + n1 calls all AFTER's: C(n1, j) / C(n0 + n1, j) */
	return exp(log_choose(n1, j) - log_choose(n0 + n1, j));
}
