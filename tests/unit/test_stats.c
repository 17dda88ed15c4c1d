/* test_stats.c - the latency histogram's buckets and counts, exact past the exact-values limit. */
#include <stdlib.h>
#include "check.h"
#include "stats.h"

int main(void)
{
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
