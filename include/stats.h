/* stats.h - a root's latency distribution: count, total, min, max, and percentiles in bounded memory. */
#ifndef SG_STATS_H
#define SG_STATS_H

#include <stdint.h>

/*
 * Values are kept exactly up to SG_STATS_EXACT of them, so percentiles are exact; past that
 * they go to a log-linear histogram (1024 steps per power of two) and percentiles are within
 * 0.1%. Memory never exceeds ~1.3 MB per root, whatever the input size.
 */
#define SG_STATS_EXACT 100000

struct sg_stats;

struct sg_stats *sg_stats_new(void);
void sg_stats_free(struct sg_stats *s);

/*
 * The latency histogram -m hist prints and a `.tree` stores: log-scaled buckets with exact
 * counts, whatever the number of values. Bucket 0 is [0, 1 us); bucket k is
 * [2^(k-1) us, 2^k us), in ns [1000 << (k-1), 1000 << k); the last one ends at UINT64_MAX.
 */
#define SG_HIST_BUCKETS 56

/* The bucket of a duration in ns. */
unsigned sg_hist_bucket(uint64_t ns);

/* Bucket b's bounds in ns: [lo, hi), the last one [lo, UINT64_MAX]. */
uint64_t sg_hist_lo(unsigned b);
uint64_t sg_hist_hi(unsigned b);

/* -1: no memory. */
int sg_stats_add(struct sg_stats *s, uint64_t v);

/* The summary a `.tree` file stores and renderers show. Percentiles use the nearest rank. */
struct sg_summary {
	uint64_t count, total, min, avg, p50, p99, max;
	/*
	 * Known when has_hist: computed from the values, or read from a `.tree` of version 3
	 * (older files have neither).
	 */
	int has_hist;
	uint64_t p90, p999;
	uint64_t hist[SG_HIST_BUCKETS];
	/*
	 * The percentiles that are estimates without a bound (bits of mergetail.h's enum
	 * sg_mergetail_pct): a merge of runs that had no quantile sketch (.tree files of version
	 * 5 or older) took them from power-of-two buckets or the runs' means. 0 otherwise.
	 */
	unsigned approx;
};

void sg_stats_summary(const struct sg_stats *s, struct sg_summary *out);

/* The p-th percentile (0 < p <= 100), nearest rank: the smallest value with at least p% at or below it. */
uint64_t sg_stats_percentile(const struct sg_stats *s, double p);

#endif
