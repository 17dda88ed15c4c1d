/* test_fmt.c - times scaled for people: rounded half up on the integer ns, the unit after it. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "fmt.h"

int main(void)
{
	char b[SG_FMT_LEN];

	/* issue 33's figures: truncated they read 130.127 ms and 1.048 s */
	CHECK_STR(sg_fmt_human(b, 130127834), "130.128 ms");
	CHECK_STR(sg_fmt_human(b, 1048576000), "1.049 s");
	/* below a ms every ns is shown: nothing to round */
	CHECK_STR(sg_fmt_human(b, 0), "0 ns");
	CHECK_STR(sg_fmt_human(b, 999), "999 ns");
	CHECK_STR(sg_fmt_human(b, 1000), "1.000 us");
	CHECK_STR(sg_fmt_human(b, 999999), "999.999 us");
	/* half-way: up; just below: down */
	CHECK_STR(sg_fmt_human(b, 1000500), "1.001 ms");
	CHECK_STR(sg_fmt_human(b, 1000499), "1.000 ms");
	CHECK_STR(sg_fmt_human(b, 1234500000), "1.235 s");
	CHECK_STR(sg_fmt_human(b, 1234499999), "1.234 s");
	/* the carry into the next digit, and into the next unit */
	CHECK_STR(sg_fmt_human(b, 1999500), "2.000 ms");
	CHECK_STR(sg_fmt_human(b, 999999499), "999.999 ms");
	CHECK_STR(sg_fmt_human(b, 999999500), "1.000 s");
	CHECK_STR(sg_fmt_human(b, 999999600), "1.000 s");
	CHECK_STR(sg_fmt_human(b, 9999999500), "10.000 s");
	CHECK_STR(sg_fmt_human(b, UINT64_MAX), "18446744073.710 s");

	/* ticks: the same rounding, trailing zeros dropped */
	CHECK_STR(sg_fmt_tick(b, 0), "0");
	CHECK_STR(sg_fmt_tick(b, 512), "512 ns");
	CHECK_STR(sg_fmt_tick(b, 256000), "256 us");
	CHECK_STR(sg_fmt_tick(b, 16384000), "16.384 ms");
	CHECK_STR(sg_fmt_tick(b, 1048576000), "1.049 s");
	CHECK_STR(sg_fmt_tick(b, 2097152000), "2.097 s");
	CHECK_STR(sg_fmt_tick(b, 4194304000), "4.194 s");
	CHECK_STR(sg_fmt_tick(b, 1000500), "1.001 ms");
	CHECK_STR(sg_fmt_tick(b, 1999500), "2 ms");
	CHECK_STR(sg_fmt_tick(b, 999999600), "1 s");
	CHECK_STR(sg_fmt_tick(b, 999999499), "999.999 ms");

	/* timestamps to the us, as the kernel prints them (ns2usecs adds 500) */
	CHECK_STR(sg_fmt_ts(b, 120159748000), "120.159748");
	CHECK_STR(sg_fmt_ts(b, 120159748499), "120.159748");
	CHECK_STR(sg_fmt_ts(b, 120159748500), "120.159749");
	CHECK_STR(sg_fmt_ts(b, 120999999500), "121.000000");

	/* exact where no unit is scaled */
	CHECK_STR(sg_fmt_us(b, 130127834), "130127.834");
	CHECK_STR(sg_fmt_delta_us(b, -5), "-0.005");
	/*
	 * Built without stdio, as stdio prints them: percentages (exact ties such as 1/800 and
	 * large wholes go through printf), whole numbers; each in the caller's buffer, from its
	 * start (callers print the buffer itself).
	 */
	{
		char want[64];
		uint64_t seed = 1, bad = 0;

		for (int i = 0; i < 200000; i++) {
			uint64_t w, p;

			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			w = i < 100000 ? (uint64_t) (i % 5000) + 1 : (seed >> (seed % 48)) + 1;
			p = i < 100000 ? (uint64_t) i / 5000 * 37 % (w + 1) : (seed >> 7) % (w + 1);
			snprintf(want, sizeof(want), "%.2f", 100.0 * (double) p / (double) w);
			bad += strcmp(sg_fmt_pct(b, p, w), want) != 0;
			snprintf(want, sizeof(want), "%" PRIu64, seed >> (seed % 64));
			bad += strcmp(sg_fmt_u64(b, seed >> (seed % 64)), want) != 0;
		}
		CHECK_U64(bad, 0);
	}
	CHECK_STR(sg_fmt_pct(b, 1, 800), "0.12"); /* a tie: printf's rounding of the double */
	CHECK_STR(sg_fmt_pct(b, 3, 800), "0.38");
	CHECK_STR(sg_fmt_pct(b, 2, 3), "66.67");
	CHECK_STR(sg_fmt_pct(b, 5, 0), "-");
	CHECK(sg_fmt_pct(b, 1, 3) == b && sg_fmt_us(b, 7) == b && sg_fmt_human(b, 7) == b);
	CHECK_STR(sg_fmt_u64(b, 0), "0");
	CHECK_STR(sg_fmt_u64(b, UINT64_MAX), "18446744073709551615");
	CHECK_STR(sg_fmt_us(b, UINT64_MAX), "18446744073709551.615");
	CHECK_STR(sg_fmt_us(b, 5), "0.005");
	return check_report("fmt");
}
