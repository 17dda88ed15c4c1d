/* fmt.c - number formatting: microseconds, percentages, durations for people, ticks, deltas. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "fmt.h"

/* v in decimal ending just before end; returns its first digit (no stdio: a line has several) */
static char *dec_before(char *end, uint64_t v)
{
	do
		*--end = (char) ('0' + v % 10);
	while (v /= 10);
	return end;
}

/* the string built from the right at p (ending at buf's last byte) moved to buf's start */
static const char *to_front(char buf[SG_FMT_LEN], const char *p)
{
	memmove(buf, p, (size_t) (buf + SG_FMT_LEN - p));
	return buf;
}

const char *sg_fmt_us(char buf[SG_FMT_LEN], uint64_t ns)
{
	/* "%" PRIu64 ".%03" PRIu64 of ns / 1000 and ns % 1000, built from the right */
	char *p = buf + SG_FMT_LEN - 1;
	uint64_t frac = ns % 1000;

	*p = '\0';
	*--p = (char) ('0' + frac % 10);
	*--p = (char) ('0' + frac / 10 % 10);
	*--p = (char) ('0' + frac / 100);
	*--p = '.';
	return to_front(buf, dec_before(p, ns / 1000));
}

const char *sg_fmt_u64(char buf[SG_FMT_LEN], uint64_t v)
{
	buf[SG_FMT_LEN - 1] = '\0';
	return to_front(buf, dec_before(buf + SG_FMT_LEN - 1, v));
}

const char *sg_fmt_pct(char buf[SG_FMT_LEN], uint64_t part, uint64_t whole)
{
	uint64_t q, rem;

	if (!whole) {
		snprintf(buf, SG_FMT_LEN, "-");
		return buf;
	}
	/*
	 * In integers when that is certainly what "%.2f" prints of the double: whole below 2^36,
	 * so the exact value is at least 2^-37 hundredths from a tie while the double's quotient
	 * errs by less than 2^-39; an exact tie or larger numbers go through printf.
	 */
	q = part * 10000 / whole;
	rem = part * 10000 % whole;
	if (whole >= (uint64_t) 1 << 36 || part > whole || 2 * rem == whole) {
		snprintf(buf, SG_FMT_LEN, "%.2f", 100.0 * (double) part / (double) whole);
		return buf;
	}
	q += 2 * rem > whole;
	{
		char *p = buf + SG_FMT_LEN - 1;

		*p = '\0';
		*--p = (char) ('0' + q % 10);
		*--p = (char) ('0' + q / 10 % 10);
		*--p = '.';
		return to_front(buf, dec_before(p, q / 100));
	}
}

/*
 * ns in units of per ns (a power of ten, at least 1000) with three decimals, rounded half up on
 * the integer ns: the thousandths of the unit. 130,127,834 ns in ms is 130128 (130.128 ms),
 * 1,048,576 us in s is 1049.
 */
static uint64_t thousandths(uint64_t ns, uint64_t per)
{
	uint64_t q = per / 1000;

	return ns / q + (ns % q >= q - q / 2);
}

const char *sg_fmt_human(char buf[SG_FMT_LEN], uint64_t ns)
{
	uint64_t v;

	const char *unit;
	char *p = buf + SG_FMT_LEN - 1;

	/* built from the right without stdio: -m tree prints two a line */
	*p = '\0';
	if (ns < 1000) {
		memcpy(p -= 3, " ns", 3);
		return to_front(buf, dec_before(p, ns));
	}
	if (ns < 1000000) {
		v = ns;
		unit = " us";
	} else {
		/* the unit is chosen after rounding: 999,999,600 ns is 1.000 s, not 1000.000 ms */
		v = thousandths(ns, 1000000);
		unit = " ms";
		if (v >= 1000000) {
			v = thousandths(ns, 1000000000);
			unit = " s";
		}
	}
	p -= strlen(unit);
	memcpy(p, unit, strlen(unit));
	*--p = (char) ('0' + v % 10);
	*--p = (char) ('0' + v / 10 % 10);
	*--p = (char) ('0' + v / 100 % 10);
	*--p = '.';
	return to_front(buf, dec_before(p, v / 1000));
}

const char *sg_fmt_tick(char buf[SG_FMT_LEN], uint64_t ns)
{
	static const struct {
		uint64_t per;
		const char *unit;
	} u[] = {{1, "ns"}, {1000, "us"}, {1000000, "ms"}, {1000000000, "s"}};
	int i = 0, len;
	uint64_t v;

	if (!ns)
		return snprintf(buf, SG_FMT_LEN, "0"), buf;
	while (i < 3 && ns >= u[i + 1].per)
		i++;
	if (!i) {
		snprintf(buf, SG_FMT_LEN, "%" PRIu64 " ns", ns);
		return buf;
	}
	/* rounded, then the unit again: 999,999,600 ns is 1 s, not 1000 ms */
	v = thousandths(ns, u[i].per);
	if (i < 3 && v >= 1000000)
		v = thousandths(ns, u[++i].per);
	/* three decimals at most, trailing zeros (and a bare point) dropped: 256 us, 16.384 ms */
	len = snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%03" PRIu64, v / 1000, v % 1000);
	while (len > 0 && buf[len - 1] == '0')
		len--;
	if (len > 0 && buf[len - 1] == '.')
		len--;
	snprintf(buf + len, (size_t) (SG_FMT_LEN - len), " %s", u[i].unit);
	return buf;
}

const char *sg_fmt_ts(char buf[SG_FMT_LEN], uint64_t ns)
{
	/* to the microsecond, rounded as the kernel's ns2usecs() and libtraceevent print it */
	uint64_t us = ns / 1000 + (ns % 1000 >= 500);

	snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%06" PRIu64, us / 1000000, us % 1000000);
	return buf;
}

const char *sg_fmt_delta_us(char buf[SG_FMT_LEN], int64_t ns)
{
	uint64_t m = ns < 0 ? (uint64_t) 0 - (uint64_t) ns : (uint64_t) ns;

	snprintf(buf, SG_FMT_LEN, "%s%" PRIu64 ".%03" PRIu64,
		 ns > 0	  ? "+"
		 : ns < 0 ? "-"
			  : "",
		 m / 1000, m % 1000);
	return buf;
}

const char *sg_fmt_delta_pct(char buf[SG_FMT_LEN], int64_t bp)
{
	uint64_t m = bp < 0 ? (uint64_t) 0 - (uint64_t) bp : (uint64_t) bp;

	snprintf(buf, SG_FMT_LEN, "%s%" PRIu64 ".%02" PRIu64 "%%",
		 bp > 0	  ? "+"
		 : bp < 0 ? "-"
			  : "",
		 m / 100, m % 100);
	return buf;
}

const char *sg_fmt_milli(char buf[SG_FMT_LEN], uint64_t v)
{
	int n = snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%03" PRIu64, v / 1000, v % 1000);

	/* the decimals are there, so trimming zeros stops at the point at the latest */
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
	if (buf[n - 1] == '.')
		buf[--n] = '\0';
	return buf;
}
