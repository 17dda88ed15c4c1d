/* fmt.c - number formatting for the renderers, and the one escaping of input text for terminals. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "errnames.h"
#include "fmt.h"

const char *sg_fmt_us(char buf[SG_FMT_LEN], uint64_t ns)
{
	snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%03" PRIu64, ns / 1000, ns % 1000);
	return buf;
}

const char *sg_fmt_pct(char buf[SG_FMT_LEN], uint64_t part, uint64_t whole)
{
	if (!whole)
		snprintf(buf, SG_FMT_LEN, "-");
	else
		snprintf(buf, SG_FMT_LEN, "%.2f", 100.0 * (double) part / (double) whole);
	return buf;
}

const char *sg_fmt_human(char buf[SG_FMT_LEN], uint64_t ns)
{
	if (ns < 1000)
		snprintf(buf, SG_FMT_LEN, "%" PRIu64 " ns", ns);
	else if (ns < 1000000)
		snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%03" PRIu64 " us", ns / 1000, ns % 1000);
	else if (ns < 1000000000)
		snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%03" PRIu64 " ms", ns / 1000000,
			 ns / 1000 % 1000);
	else
		snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%03" PRIu64 " s", ns / 1000000000,
			 ns / 1000000 % 1000);
	return buf;
}

const char *sg_fmt_tick(char buf[SG_FMT_LEN], uint64_t ns)
{
	static const struct {
		uint64_t per;
		const char *unit;
	} u[] = {{1, "ns"}, {1000, "us"}, {1000000, "ms"}, {1000000000, "s"}};
	int i = 0, len;

	if (!ns)
		return snprintf(buf, SG_FMT_LEN, "0"), buf;
	while (i < 3 && ns >= u[i + 1].per)
		i++;
	/* three decimals at most, trailing zeros (and a bare point) dropped: 256 us, 16.384 ms */
	len = snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%03" PRIu64, ns / u[i].per,
		       (ns % u[i].per) * 1000 / u[i].per);
	while (len > 0 && buf[len - 1] == '0')
		len--;
	if (len > 0 && buf[len - 1] == '.')
		len--;
	snprintf(buf + len, (size_t) (SG_FMT_LEN - len), " %s", u[i].unit);
	return buf;
}

const char *sg_fmt_ts(char buf[SG_FMT_LEN], uint64_t ns)
{
	snprintf(buf, SG_FMT_LEN, "%" PRIu64 ".%06" PRIu64, ns / 1000000000, ns / 1000 % 1000000);
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

/*
 * The character at s[0..avail): its length in bytes, and whether a terminal would take it as a
 * control. C0 and DEL are; so are the C1 controls (CSI 0x9b, OSC 0x9d, ...), whether raw, as a
 * byte outside a valid UTF-8 sequence (8-bit terminals act on those), or UTF-8 encoded
 * (U+0080-U+009F, 0xc2 0x80-0x9f: UTF-8 terminals act on these). Any other byte of invalid
 * UTF-8 is no control in any encoding and goes as it is, one byte at a time.
 */
static size_t char_len(const unsigned char *s, size_t avail, int *control)
{
	unsigned cp;
	size_t len;

	*control = s[0] < 0x20 || s[0] == 0x7f || (s[0] >= 0x80 && s[0] <= 0x9f);
	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 1;
	len = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	cp = s[0] & (0x7f >> len);
	if (len > avail)
		return 1;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 1;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and beyond Unicode are bytes, checked one by one */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 1;
	*control = cp <= 0x9f;
	return len;
}

int sg_fmt_put_text(FILE *out, const char *text, size_t len, const char *keep)
{
	const unsigned char *s = (const unsigned char *) text;

	for (size_t i = 0, n; i < len; i += n) {
		int control;

		n = char_len(s + i, len - i, &control);
		if (control && !(s[i] && keep && n == 1 && strchr(keep, s[i]))) {
			if (putc('?', out) == EOF)
				return -1;
		} else if (fwrite(s + i, 1, n, out) != n) {
			return -1;
		}
	}
	return 0;
}

int sg_fmt_put_name(FILE *out, const char *name)
{
	return sg_fmt_put_text(out, name, strlen(name), NULL);
}

size_t sg_fmt_name_buf(char *buf, size_t size, const char *name)
{
	const unsigned char *s = (const unsigned char *) name;
	size_t k = 0, len = strlen(name);

	if (!size)
		return 0;
	/* the same rule as sg_fmt_put_text(); a character that does not fit whole ends it */
	for (size_t i = 0, n; i < len; i += n) {
		int control;

		n = char_len(s + i, len - i, &control);
		if (k + (control ? 1 : n) + 1 > size)
			break;
		if (control) {
			buf[k++] = '?';
		} else {
			memcpy(buf + k, s + i, n);
			k += n;
		}
	}
	buf[k] = '\0';
	return k;
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
	sg_fmt_put_name(out, c->args);
	fputc(')', out);
	if (c->has_retval)
		fprintf(out, " = %s", sg_fmt_retval(v, c->retval));
	return ferror(out) ? -1 : 0;
}
