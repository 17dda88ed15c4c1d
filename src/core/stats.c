/* stats.c - exact values while few, a log-linear histogram after: percentiles in bounded memory. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"
#include "tree.h"

#define SUB_BITS 10
#define SUB (1u << SUB_BITS)
#define NBUCKETS (2 * SUB + (64 - SUB_BITS - 1) * SUB)

struct sg_stats {
	uint64_t count, total, min, max;
	uint64_t *exact; /* the first SG_STATS_EXACT values; freed when the histogram takes over */
	size_t nexact, cap;
	uint64_t *hist; /* NULL while exact */
	uint64_t log2[SG_HIST_BUCKETS]; /* exact counts per log-scaled bucket, always */
};

struct sg_stats *sg_stats_new(void)
{
	return calloc(1, sizeof(struct sg_stats));
}

void sg_stats_free(struct sg_stats *s)
{
	if (!s)
		return;
	free(s->exact);
	free(s->hist);
	free(s);
}

static unsigned bucket_of(uint64_t v)
{
	if (v < 2 * SUB)
		return (unsigned) v;
	unsigned e = 63 - __builtin_clzll(v); /* >= SUB_BITS + 1 */
	unsigned shift = e - SUB_BITS;

	return 2 * SUB + (e - SUB_BITS - 1) * SUB + (unsigned) ((v >> shift) - SUB);
}

/* The middle of a bucket's range. */
static uint64_t bucket_value(unsigned b)
{
	if (b < 2 * SUB)
		return b;
	unsigned e = (b - 2 * SUB) / SUB + SUB_BITS + 1;
	unsigned shift = e - SUB_BITS;
	uint64_t low = ((uint64_t) ((b - 2 * SUB) % SUB) + SUB) << shift;

	return low + ((1ULL << shift) >> 1);
}

unsigned sg_hist_bucket(uint64_t ns)
{
	/* floor(ns / 1000) keeps the bucket: the bounds are whole microseconds */
	return ns < 1000 ? 0 : 1 + (unsigned) (63 - __builtin_clzll(ns / 1000));
}

uint64_t sg_hist_lo(unsigned b)
{
	return b ? 1000ull << (b - 1) : 0;
}

uint64_t sg_hist_hi(unsigned b)
{
	return b + 1 < SG_HIST_BUCKETS ? 1000ull << b : UINT64_MAX;
}

int sg_stats_add(struct sg_stats *s, uint64_t v)
{
	if (!s->count || v < s->min)
		s->min = v;
	if (v > s->max)
		s->max = v;
	s->count++;
	s->total = sg_add_sat(s->total, v);
	s->log2[sg_hist_bucket(v)]++;
	if (!s->hist && s->nexact < SG_STATS_EXACT) {
		if (s->nexact == s->cap) {
			size_t ncap = s->cap ? s->cap * 2 : 256;
			uint64_t *n = realloc(s->exact, ncap * sizeof(*n));

			if (!n)
				return -1;
			s->exact = n;
			s->cap = ncap;
		}
		s->exact[s->nexact++] = v;
		return 0;
	}
	if (!s->hist) {
		s->hist = calloc(NBUCKETS, sizeof(*s->hist));
		if (!s->hist)
			return -1;
		for (size_t i = 0; i < s->nexact; i++)
			s->hist[bucket_of(s->exact[i])]++;
		free(s->exact);
		s->exact = NULL;
		s->nexact = s->cap = 0;
	}
	s->hist[bucket_of(v)]++;
	return 0;
}

/*
 * The k-th smallest (from 0) of v[0..n), v reordered: Hoare's selection, linear on average,
 * where sorting a copy for each percentile asked was n log n (four sorts of every duration of
 * a run for its summary).
 */
static uint64_t select_kth(uint64_t *v, ptrdiff_t n, ptrdiff_t k)
{
	ptrdiff_t lo = 0, hi = n - 1;

	while (lo < hi) {
		uint64_t a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi];
		uint64_t pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
		ptrdiff_t i = lo, j = hi;

		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				uint64_t x = v[i];

				v[i++] = v[j];
				v[j--] = x;
			}
		}
		/* v[lo..j] <= pivot <= v[i..hi], and what lies between equals it */
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return v[k];
	}
	return v[k];
}

static uint64_t rank_of(uint64_t count, double p)
{
	uint64_t r = (uint64_t) ceil(p / 100.0 * (double) count);

	if (r < 1)
		r = 1;
	if (r > count)
		r = count;
	return r;
}

uint64_t sg_stats_percentile(const struct sg_stats *s, double p)
{
	if (!s->count)
		return 0;
	uint64_t r = rank_of(s->count, p);

	if (r == s->count)
		return s->max;
	if (r == 1)
		return s->min;
	if (!s->hist) {
		uint64_t *v = malloc(s->nexact * sizeof(*v));

		if (!v)
			return 0;
		memcpy(v, s->exact, s->nexact * sizeof(*v));
		uint64_t x = select_kth(v, (ptrdiff_t) s->nexact, (ptrdiff_t) r - 1);

		free(v);
		return x;
	}
	uint64_t seen = 0;

	for (unsigned b = 0; b < NBUCKETS; b++) {
		seen += s->hist[b];
		if (seen >= r) {
			uint64_t x = bucket_value(b);

			return x < s->min ? s->min : x > s->max ? s->max : x;
		}
	}
	return s->max;
}

void sg_stats_summary(const struct sg_stats *s, struct sg_summary *out)
{
	memset(out, 0, sizeof(*out));
	if (!s || !s->count)
		return;
	out->count = s->count;
	out->total = s->total;
	out->min = s->min;
	out->max = s->max;
	out->avg = s->total / s->count;
	out->p50 = sg_stats_percentile(s, 50);
	out->p99 = sg_stats_percentile(s, 99);
	out->p90 = sg_stats_percentile(s, 90);
	out->p999 = sg_stats_percentile(s, 99.9);
	out->has_hist = 1;
	memcpy(out->hist, s->log2, sizeof(out->hist));
}
