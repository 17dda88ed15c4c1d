/* qsketch.c - a mergeable quantile sketch of durations with a bounded relative error (DDSketch). */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "qsketch.h"

struct sg_qsketch {
	uint64_t zero;	/* values of 0 ns */
	uint64_t count; /* all values, zero included */
	int lo;		/* the bin index of bins[0] */
	int n;		/* bins[0 .. n) in use (0: none yet) */
	int cap;	/* bins allocated */
	int collapsed;	/* bins below lo were folded into bins[0] */
	uint64_t *bins;
};

/* log(gamma): computed once, the same expression everywhere, so a value's bin never differs */
static double log_gamma(void)
{
	static double lg;

	if (!lg)
		lg = log1p(2 * SG_QSKETCH_ALPHA / (1 - SG_QSKETCH_ALPHA));
	return lg;
}

struct sg_qsketch *sg_qsketch_new(void)
{
	return calloc(1, sizeof(struct sg_qsketch));
}

void sg_qsketch_free(struct sg_qsketch *q)
{
	if (!q)
		return;
	free(q->bins);
	free(q);
}

int sg_qsketch_index(uint64_t ns)
{
	if (ns <= 1)
		return 0;
	int i = (int) ceil(log((double) ns) / log_gamma());

	return i > SG_QSKETCH_MAX_INDEX ? SG_QSKETCH_MAX_INDEX : i;
}

uint64_t sg_qsketch_value(int index)
{
	double gamma = exp(log_gamma());
	double v = floor(2 * exp(index * log_gamma()) / (gamma + 1) + 0.5);

	return v >= 0x1p64 ? UINT64_MAX : (uint64_t) v;
}

/*
 * Make room for bins [want_lo, want_hi] (either may lie inside what is in use): at most
 * SG_QSKETCH_MAX_BINS, the highest; the bins below fold into the lowest kept. -1: no memory.
 */
static int reshape(struct sg_qsketch *q, int want_lo, int want_hi)
{
	int lo = q->n && q->lo < want_lo ? q->lo : want_lo;
	int hi = q->n && q->lo + q->n - 1 > want_hi ? q->lo + q->n - 1 : want_hi;

	if (hi - lo + 1 > SG_QSKETCH_MAX_BINS)
		lo = hi - SG_QSKETCH_MAX_BINS + 1;
	if (q->n && lo == q->lo && hi - lo < q->cap) {
		q->n = hi - lo + 1;
		return 0;
	}
	int cap = q->cap ? q->cap : 64;

	while (cap < hi - lo + 1)
		cap *= 2;
	if (cap > SG_QSKETCH_MAX_BINS)
		cap = SG_QSKETCH_MAX_BINS;
	uint64_t *b = calloc((size_t) cap, sizeof(*b));

	if (!b)
		return -1;
	for (int j = 0; j < q->n; j++) {
		int i = q->lo + j;

		if (!q->bins[j])
			continue;
		if (i < lo) {
			i = lo;
			q->collapsed = 1;
		}
		b[i - lo] += q->bins[j];
	}
	free(q->bins);
	q->bins = b;
	q->cap = cap;
	q->lo = lo;
	q->n = hi - lo + 1;
	return 0;
}

/*
 * Add n values to bin index (0 .. SG_QSKETCH_MAX_INDEX), or to 0 ns's when index < 0. -1: no
 * memory.
 */
static int add_bin(struct sg_qsketch *q, int index, uint64_t n)
{
	if (!n)
		return 0;
	if (index < 0) {
		q->zero += n;
		q->count += n;
		return 0;
	}
	if (index > SG_QSKETCH_MAX_INDEX)
		index = SG_QSKETCH_MAX_INDEX;
	if ((!q->n || index < q->lo || index >= q->lo + q->n) && reshape(q, index, index) < 0)
		return -1;
	if (index < q->lo) { /* below the bins kept: DDSketch's collapse */
		index = q->lo;
		q->collapsed = 1;
	}
	q->bins[index - q->lo] += n;
	q->count += n;
	return 0;
}

int sg_qsketch_add(struct sg_qsketch *q, uint64_t ns)
{
	return add_bin(q, ns ? sg_qsketch_index(ns) : -1, 1);
}

int sg_qsketch_merge(struct sg_qsketch *d, const struct sg_qsketch *s)
{
	if (s->n && reshape(d, s->lo, s->lo + s->n - 1) < 0)
		return -1;
	for (int j = 0; j < s->n; j++)
		if (add_bin(d, s->lo + j, s->bins[j]) < 0)
			return -1;
	d->collapsed |= s->collapsed;
	return add_bin(d, -1, s->zero);
}

uint64_t sg_qsketch_count(const struct sg_qsketch *q)
{
	return q->count;
}

int sg_qsketch_collapsed(const struct sg_qsketch *q)
{
	return q->collapsed;
}

int sg_qsketch_percentile(const struct sg_qsketch *q, double p, uint64_t *ns)
{
	/* nearest rank, the same expression as stats.c's */
	uint64_t r = (uint64_t) ceil(p / 100.0 * (double) q->count), seen = q->zero;

	*ns = 0;
	if (!q->count)
		return 0;
	if (r < 1)
		r = 1;
	if (seen >= r)
		return 1;
	for (int j = 0; j < q->n; j++) {
		seen += q->bins[j];
		if (seen >= r) {
			*ns = sg_qsketch_value(q->lo + j);
			return !(j == 0 && q->collapsed);
		}
	}
	*ns = q->n ? sg_qsketch_value(q->lo + q->n - 1) : 0;
	return 0;
}

void sg_qsketch_write(FILE *out, const struct sg_qsketch *q)
{
	const char *sep = "";

	fprintf(out, "%" PRIu64 "\t%d\t", q->zero, q->collapsed);
	for (int j = 0; j < q->n; j++) {
		if (!q->bins[j])
			continue;
		fprintf(out, "%s%d:%" PRIu64, sep, q->lo + j, q->bins[j]);
		sep = ",";
	}
}

/* A whole decimal number at *s (no sign, no leading zero but "0", no overflow); *s past it. */
static int number(const char **s, uint64_t *v)
{
	const char *p = *s;

	*v = 0;
	if (*p < '0' || *p > '9' || (*p == '0' && p[1] >= '0' && p[1] <= '9'))
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (*v > (UINT64_MAX - (uint64_t) (*p - '0')) / 10)
			return -1;
		*v = *v * 10 + (uint64_t) (*p - '0');
	}
	*s = p;
	return 0;
}

const char *sg_qsketch_read(struct sg_qsketch *q, const char *zero, const char *collapsed,
			    const char *bins)
{
	uint64_t z, c, idx, n, first = 0;
	int prev = -1;

	if (number(&zero, &z) < 0 || *zero)
		return "bad zero count in a qsketch line";
	if (number(&collapsed, &c) < 0 || *collapsed || c > 1)
		return "qsketch's collapsed field is 0 or 1";
	while (*bins) {
		if (number(&bins, &idx) < 0 || *bins++ != ':' || number(&bins, &n) < 0 ||
		    (*bins && *bins++ != ',') || !n)
			return "bad qsketch bins (index:count,... each count at least 1)";
		if (idx > SG_QSKETCH_MAX_INDEX || (int) idx <= prev)
			return "qsketch bins out of order or past the highest index";
		if (prev < 0)
			first = idx;
		if (idx - first >= SG_QSKETCH_MAX_BINS)
			return "qsketch bins span more than 2048";
		if (q->count + n < q->count)
			return "qsketch counts overflow";
		if (add_bin(q, (int) idx, n) < 0)
			return "out of memory";
		prev = (int) idx;
		if (!*bins && bins[-1] == ',')
			return "bad qsketch bins (index:count,... each count at least 1)";
	}
	if (q->count + z < q->count)
		return "qsketch counts overflow";
	q->collapsed = (int) c;
	return add_bin(q, -1, z) < 0 ? "out of memory" : NULL;
}
