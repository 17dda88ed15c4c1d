/* qsketch.h - a mergeable quantile sketch of durations with a bounded relative error (DDSketch). */
#ifndef SG_QSKETCH_H
#define SG_QSKETCH_H

#include <stdint.h>
#include <stdio.h>

/*
 * Log-spaced bins (DDSketch, Masson et al., VLDB 2019): bin i holds the values v with
 * gamma^(i-1) < v <= gamma^i ns, gamma = (1 + alpha) / (1 - alpha), and stands for
 * 2 gamma^i / (gamma + 1), within alpha of every value in it; 0 ns has a bin of its own. Two
 * sketches merge by adding their bins, so the sketch of runs merged is the sketch of all their
 * invocations: their percentiles within alpha, where the latency histogram's power-of-two
 * buckets are within a factor of two.
 *
 * alpha 0.005: from 1 ns to 2^64 ns at most 4,436 bins; SG_QSKETCH_MAX_BINS of them (16 KiB,
 * a span of 8e8: from 10 ns to 8 s) are kept, and past that the lowest fold into the lowest
 * kept one ("collapsed": a rank that falls there has no bound), as DDSketch does; the tail
 * latency asks about is the part kept.
 */
#define SG_QSKETCH_ALPHA      0.005
#define SG_QSKETCH_ALPHA_TEXT "0.005"
#define SG_QSKETCH_MAX_BINS   2048
/* The highest bin index of any 64-bit value: ceil(log(2^64) / log(gamma)), with a margin. */
#define SG_QSKETCH_MAX_INDEX 4500

struct sg_qsketch;

/* An empty sketch; NULL: no memory. */
struct sg_qsketch *sg_qsketch_new(void);
void sg_qsketch_free(struct sg_qsketch *q);

/* The bin of a value in ns (0 for 0 ns and 1 ns: 0 ns is counted apart by sg_qsketch_add). */
int sg_qsketch_index(uint64_t ns);

/* The value bin i stands for, in ns, rounded: within alpha of each value in the bin. */
uint64_t sg_qsketch_value(int index);

/* Count one value. -1: no memory. */
int sg_qsketch_add(struct sg_qsketch *q, uint64_t ns);

/* Add every bin of s into d (the sketch of the union). -1: no memory. */
int sg_qsketch_merge(struct sg_qsketch *d, const struct sg_qsketch *s);

/* The values counted. */
uint64_t sg_qsketch_count(const struct sg_qsketch *q);

/* Whether the lowest bins were folded together to stay within SG_QSKETCH_MAX_BINS. */
int sg_qsketch_collapsed(const struct sg_qsketch *q);

/*
 * The p-th percentile (0 < p <= 100), nearest rank as stats.h's: the value of the bin holding
 * the rank. 1 when it is within alpha of the true one; 0 (*ns set all the same) when the rank
 * falls in the lowest bin of a collapsed sketch, or the sketch is empty.
 */
int sg_qsketch_percentile(const struct sg_qsketch *q, double p, uint64_t *ns);

/*
 * The sketch as text: "ZERO<tab>COLLAPSED<tab>INDEX:COUNT,..." (non-empty bins ascending; the
 * last field empty when all values were 0 ns), and read back strictly: NULL, or why not.
 */
void sg_qsketch_write(FILE *out, const struct sg_qsketch *q);
const char *sg_qsketch_read(struct sg_qsketch *q, const char *zero, const char *collapsed,
			    const char *bins);

#endif
