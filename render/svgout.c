/* svgout.c - SVG text out through one buffer: numbers without stdio, input strings escaped. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include "flame.h"
#include "svgout.h"

void sg_svgout_flush(struct sg_svgout *o)
{
	if (o->n)
		fwrite(o->buf, 1, o->n, o->f);
	o->n = 0;
}

void sg_svgout_printf(struct sg_svgout *o, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	sg_svgout_put(o, tmp, n < 0 ? 0 : (size_t) n < sizeof(tmp) ? (size_t) n : sizeof(tmp) - 1);
}

void sg_svgout_u64(struct sg_svgout *o, uint64_t v)
{
	char tmp[24];
	size_t i = sizeof(tmp);

	do {
		tmp[--i] = (char) ('0' + v % 10);
		v /= 10;
	} while (v);
	sg_svgout_put(o, tmp + i, sizeof(tmp) - i);
}

/* ns as microseconds with three decimals, as sg_fmt_us writes them */
void sg_svgout_us(struct sg_svgout *o, uint64_t ns)
{
	char frac[4] = {(char) ('0' + ns / 100 % 10), (char) ('0' + ns / 10 % 10),
			(char) ('0' + ns % 10), 0};

	sg_svgout_u64(o, ns / 1000);
	sg_svgout_put(o, ".", 1);
	sg_svgout_put(o, frac, 3);
}

/*
 * part/whole as sg_fmt_pct writes it, printf's "%.2f" of 100.0 * part / whole, without stdio:
 * the double times 100 is exact in a long double (53 + 7 bits), so rounding it to an integer
 * half-to-even gives printf's digits. "-" when whole is 0.
 */
void sg_svgout_pct(struct sg_svgout *o, uint64_t part, uint64_t whole)
{
	double v;
	long double s, fl;
	uint64_t n;
	char d[3];

	if (!whole) {
		sg_svgout_put(o, "-", 1);
		return;
	}
	v = 100.0 * (double) part / (double) whole;
	s = (long double) v * 100.0L;
	fl = floorl(s);
	n = (uint64_t) fl;
	if (s - fl > 0.5L || (s - fl == 0.5L && (n & 1)))
		n++;
	sg_svgout_u64(o, n / 100);
	d[0] = '.';
	d[1] = (char) ('0' + n / 10 % 10);
	d[2] = (char) ('0' + n % 10);
	sg_svgout_put(o, d, 3);
}

/* tenths of a px as "12" or "12.3" */
void sg_svgout_tenths(struct sg_svgout *o, int64_t t)
{
	if (t < 0) {
		sg_svgout_put(o, "-", 1);
		t = -t;
	}
	sg_svgout_u64(o, (uint64_t) t / 10);
	if (t % 10) {
		char d[2] = {'.', (char) ('0' + t % 10)};

		sg_svgout_put(o, d, 2);
	}
}

/*
 * The one place input text enters the SVG: XML's five specials become entities, and bytes that
 * XML 1.0 cannot carry (control characters, invalid UTF-8) become '?'.
 */
void sg_svgout_text(struct sg_svgout *o, const char *s, size_t len)
{
	size_t run = 0; /* plain bytes not yet copied, ending at s + i */

	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char) s[i];
		const char *ent = NULL;
		int cl;

		switch (c) {
		case '&':
			ent = "&amp;";
			break;
		case '<':
			ent = "&lt;";
			break;
		case '>':
			ent = "&gt;";
			break;
		case '"':
			ent = "&quot;";
			break;
		case '\'':
			ent = "&#39;";
			break;
		default:
			break;
		}
		if (!ent && c >= 0x20 && c < 0x7f) {
			run++;
			i++;
			continue;
		}
		cl = ent || c < 0x20 || c == 0x7f ? 0 : sg_flame_utf8(s + i, len - i);
		if (cl) {
			run += (size_t) cl;
			i += (size_t) cl;
			continue;
		}
		sg_svgout_put(o, s + i - run, run);
		run = 0;
		if (ent)
			sg_svgout_puts(o, ent);
		else
			sg_svgout_put(o, "?", 1);
		i++;
	}
	sg_svgout_put(o, s + len - run, run);
}

void sg_svgout_put_text(FILE *f, const char *s)
{
	struct sg_svgout *o = malloc(sizeof(*o));

	/* no memory: nothing from the trace is written rather than something unescaped */
	if (!o)
		return;
	o->f = f;
	o->n = 0;
	sg_svgout_str(o, s);
	sg_svgout_flush(o);
	free(o);
}
