/* test_fmt.c - times scaled for people: rounded half up on the integer ns, the unit after it. */
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
	return check_report("fmt");
}
