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

/* -1: no memory. */
int sg_stats_add(struct sg_stats *s, uint64_t v);

/* The summary a `.tree` file stores and renderers show. Percentiles use the nearest rank. */
struct sg_summary {
	uint64_t count, total, min, avg, p50, p99, max;
};

void sg_stats_summary(const struct sg_stats *s, struct sg_summary *out);

/* The p-th percentile (0 < p <= 100), nearest rank: the smallest value with at least p% at or below it. */
uint64_t sg_stats_percentile(const struct sg_stats *s, double p);

#endif
