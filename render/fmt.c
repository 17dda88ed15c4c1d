/* fmt.c - number formatting for the renderers, and the one escaping of input text for terminals. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "errnames.h"
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

const char *sg_fmt_retval(char buf[SG_FMT_LEN], int64_t v)
{
	const char *name = sg_is_errno(v) ? sg_errnames_lookup((int) -v) : NULL;

	if (name)
		snprintf(buf, SG_FMT_LEN, "-%s", name);
	else if (v < 0)
		snprintf(buf, SG_FMT_LEN, "%" PRId64, v);
	else
		snprintf(buf, SG_FMT_LEN, "0x%" PRIx64, (uint64_t) v);
	return buf;
}

const char *sg_fmt_errors(char *buf, size_t size, const struct sg_node *n)
{
	const struct sg_retinfo *r = n->ret;
	uint64_t named = 0;
	size_t k = 0;
	char v[SG_FMT_LEN];

	buf[0] = '\0';
	if (!r || !r->errs)
		return buf;
	k += (size_t) snprintf(buf + k, size - k, "returned");
	for (int i = 0; i < SG_RET_ERRNOS && r->err_n[i] && k < size; i++) {
		named += r->err_n[i];
		k += (size_t) snprintf(buf + k, size - k, "%s %s in %" PRIu64, i ? "," : "",
				       sg_fmt_retval(v, -(int64_t) r->err_v[i]), r->err_n[i]);
	}
	if (r->errs > named && k < size)
		k += (size_t) snprintf(buf + k, size - k, "%s other errors in %" PRIu64,
				       named ? "," : "", r->errs - named);
	if (k < size)
		snprintf(buf + k, size - k, " of %" PRIu64 " call%s", n->calls,
			 n->calls == 1 ? "" : "s");
	return buf;
}

int sg_fmt_put_call(FILE *out, const struct sg_call *c)
{
	char v[SG_FMT_LEN];

	fputc('(', out);
	sg_escape_put_name(out, c->args);
	fputc(')', out);
	if (c->has_retval)
		fprintf(out, " = %s", sg_fmt_retval(v, c->retval));
	return ferror(out) ? -1 : 0;
}

const char *sg_fmt_diff_pct(char buf[SG_FMT_LEN], int64_t d, uint64_t before,
			    enum sg_treediff_state state)
{
	int64_t bp;

	if (state == SG_TREEDIFF_NEW)
		return "new";
	if (state == SG_TREEDIFF_GONE)
		return "gone";
	if (sg_treediff_ratio(d, before, &bp) < 0)
		return d ? "n/a" : "0.00%";
	return sg_fmt_delta_pct(buf, bp);
}

void sg_fmt_put_invocation_head(FILE *out, const struct sg_invocation *inv)
{
	/* root and comm come from the trace (any task names itself): escaped as every name */
	fprintf(out, "# invocation %" PRIu64 " ", inv->seq);
	sg_escape_put_name(out, inv->root);
	if (inv->pid >= 0) {
		fputs(" task=", out);
		sg_escape_put_name(out, inv->comm ? inv->comm : "?");
		fprintf(out, "-%d", inv->pid);
	}
	for (int i = 0; i < inv->ncpus; i++)
		fprintf(out, "%s%d", i ? "," : " cpu=", inv->cpus[i]);
}
