/* runtest.c - diff's test across runs: each side's runs, and whether they vary more than their
 * calls. */
#include <math.h>
#include "runtest.h"

void sg_runtest_side(const struct sg_runstat *e, size_t k, int self, struct sg_runtest_side *out)
{
	long double n = 0, s = 0, ssw = 0, ssb = 0, mm = 0, ssm = 0;

	*out = (struct sg_runtest_side){.k = (uint32_t) k, .f_p = 1};
	for (size_t i = 0; i < k; i++) {
		long double ni = (long double) e[i].ninv;
		long double lg = (long double) (self ? e[i].lg_self : e[i].lg_total);
		long double lq = (long double) (self ? e[i].lq_self : e[i].lq_total);
		long double w = lq - lg * lg / ni;

		n += ni;
		s += lg;
		ssw += w > 0 ? w : 0; /* within run i: sum of squares about its mean */
		mm += lg / ni;
	}
	out->n = (uint64_t) n;
	if (!k)
		return;
	long double grand = s / n;

	mm /= k;
	for (size_t i = 0; i < k; i++) {
		long double mi = (long double) (self ? e[i].lg_self : e[i].lg_total) / e[i].ninv;

		ssb += e[i].ninv * (mi - grand) * (mi - grand);
		ssm += (mi - mm) * (mi - mm);
	}
	double dfb = (double) k - 1, dfw = (double) (n - k);

	if (k >= 2 && dfw > 0) {
		/* F = MS_between / MS_within; its upper tail through the incomplete beta */
		if (ssw > 0) {
			double f = (double) (ssb / dfb) / (double) (ssw / dfw);

			out->f_p = sg_welch_betai(dfw / 2, dfb / 2, dfw / (dfw + dfb * f));
		} else {
			out->f_p = ssb > 0 ? 0 : 1;
		}
	}
	if (k >= 2 && out->f_p < SG_RUNTEST_POOL_LEVEL) {
		/* the runs differ: each is one sample, as benchstat takes them */
		out->by_runs = 1;
		out->mean = (double) mm;
		out->e = (double) (ssm / (k - 1)) / (double) k;
		out->df = dfb;
		return;
	}
	/* no run effect to speak of: every invocation a sample, as within one run */
	out->mean = (double) grand;
	out->e = n > 1 ? (double) ((ssw + ssb) / (n - 1)) / (double) n : 0;
	out->df = (double) n - 1;
}

void sg_runtest_test(const struct sg_runtest_side *before, const struct sg_runtest_side *after,
		     double level, struct sg_welch *out)
{
	*out =
	    (struct sg_welch){.verdict = SG_WELCH_FEW, .delta = after->mean - before->mean, .p = 1};
	out->lo = out->hi = out->delta;
	if (before->n < SG_WELCH_MIN_INV || after->n < SG_WELCH_MIN_INV)
		return;
	/* each side with its own degrees of freedom */
	sg_welch_conclude(before->e, before->df, after->e, after->df, level, out);
}
