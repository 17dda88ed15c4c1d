/* test_stats.c - the latency histogram's buckets and counts, exact past the exact-values limit. */
#include <math.h>
#include <stdlib.h>
#include "check.h"
#include "stats.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/*
 * Exact percentiles (below the exact-values limit) are the sorted values' nearest rank, for
 * values in runs, with many repeats, sorted, reversed and all alike.
 */
static void exact_percentiles(void)
{
	static const double ps[] = {0.1, 1, 10, 25, 50, 75, 90, 99, 99.9};
	enum { N = 5001 };
	uint64_t *v = malloc(N * sizeof(*v));

	CHECK(v != NULL);
	for (int kind = 0; kind < 5; kind++) {
		struct sg_stats *s = sg_stats_new();
		uint64_t seed = 12345;

		for (int i = 0; i < N; i++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			v[i] = kind == 0   ? seed >> 40
			       : kind == 1 ? (seed >> 60) * 1000
			       : kind == 2 ? (uint64_t) i
			       : kind == 3 ? (uint64_t) (N - i)
					   : 7;
			CHECK(sg_stats_add(s, v[i]) == 0);
		}
		qsort(v, N, sizeof(*v), cmp_u64);
		for (size_t k = 0; k < sizeof(ps) / sizeof(ps[0]); k++) {
			uint64_t r = (uint64_t) ceil(ps[k] / 100.0 * N);

			CHECK_U64(sg_stats_percentile(s, ps[k]), v[(r < 1 ? 1 : r) - 1]);
		}
		sg_stats_free(s);
	}
	free(v);
}

int main(void)
{
	exact_percentiles();
	struct sg_stats *s = sg_stats_new();
	struct sg_summary sum;
	uint64_t total = 0;

	/* bounds: [0, 1 us), then whole powers of two of microseconds */
	CHECK_U64(sg_hist_bucket(0), 0);
	CHECK_U64(sg_hist_bucket(999), 0);
	CHECK_U64(sg_hist_bucket(1000), 1);
	CHECK_U64(sg_hist_bucket(1999), 1);
	CHECK_U64(sg_hist_bucket(2000), 2);
	CHECK_U64(sg_hist_bucket(1023999), 10);
	CHECK_U64(sg_hist_bucket(1024000), 11);
	CHECK_U64(sg_hist_bucket(UINT64_MAX), SG_HIST_BUCKETS - 1);
	CHECK_U64(sg_hist_lo(11), 1024000);
	CHECK_U64(sg_hist_hi(11), 2048000);
	CHECK_U64(sg_hist_hi(SG_HIST_BUCKETS - 1), UINT64_MAX);
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++) {
		CHECK_U64(sg_hist_bucket(sg_hist_lo(b)), b);
		if (b + 1 < SG_HIST_BUCKETS)
			CHECK_U64(sg_hist_bucket(sg_hist_hi(b) - 1), b);
	}
	/* counts stay exact after the values give way to the approximate histogram */
	for (uint64_t i = 0; i < SG_STATS_EXACT + 5000; i++)
		CHECK(sg_stats_add(s, 500 + (i % 4) * 1000) == 0);
	sg_stats_summary(s, &sum);
	CHECK(sum.has_hist);
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		total += sum.hist[b];
	CHECK_U64(total, SG_STATS_EXACT + 5000);
	CHECK_U64(sum.hist[0], (SG_STATS_EXACT + 5000) / 4); /* 500 */
	CHECK_U64(sum.hist[1], (SG_STATS_EXACT + 5000) / 4); /* 1500 */
	CHECK_U64(sum.hist[2], (SG_STATS_EXACT + 5000) / 2); /* 2500, 3500 */
	CHECK(sum.p50 <= sum.p90 && sum.p90 <= sum.p99 && sum.p99 <= sum.p999 &&
	      sum.p999 <= sum.max);
	sg_stats_free(s);
	sg_stats_free(NULL);
	return check_report("stats");
}
