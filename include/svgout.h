/* svgout.h - SVG text out through one buffer: pieces, numbers as the renderers print them, and
 * the one escaping of input strings (svg.c, svg_hist.c and svg_scatter.c all write through it). */
#ifndef SG_SVGOUT_H
#define SG_SVGOUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A frame is a few dozen small pieces: stdio per piece is slow, so they gather here. */
struct sg_svgout {
	FILE *f;
	char buf[1 << 16];
	size_t n;
};

/* Write what is gathered to o->f. */
void sg_svgout_flush(struct sg_svgout *o);

/* len bytes of s, as they are (no escaping: for the renderers' own markup). */
static inline void sg_svgout_put(struct sg_svgout *o, const char *s, size_t len)
{
	if (o->n + len > sizeof(o->buf)) {
		sg_svgout_flush(o);
		if (len > sizeof(o->buf)) {
			fwrite(s, 1, len, o->f);
			return;
		}
	}
	memcpy(o->buf + o->n, s, len);
	o->n += len;
}

static inline void sg_svgout_puts(struct sg_svgout *o, const char *s)
{
	sg_svgout_put(o, s, strlen(s));
}

void sg_svgout_printf(struct sg_svgout *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* v in decimal */
void sg_svgout_u64(struct sg_svgout *o, uint64_t v);
/* ns as microseconds with three decimals, as sg_fmt_us writes them */
void sg_svgout_us(struct sg_svgout *o, uint64_t ns);
/* part/whole as sg_fmt_pct writes it ("%.2f" of the percentage), "-" when whole is 0 */
void sg_svgout_pct(struct sg_svgout *o, uint64_t part, uint64_t whole);
/* tenths of a px as "12" or "12.3" */
void sg_svgout_tenths(struct sg_svgout *o, int64_t t);

/*
 * The one place input text enters the SVG: XML's five specials become entities, and bytes that
 * XML 1.0 cannot carry (control characters, invalid UTF-8) become '?'.
 */
void sg_svgout_text(struct sg_svgout *o, const char *s, size_t len);

static inline void sg_svgout_str(struct sg_svgout *o, const char *s)
{
	sg_svgout_text(o, s, strlen(s));
}

/* s escaped as sg_svgout_text does, straight to a FILE (for the panels written with stdio). */
void sg_svgout_put_text(FILE *out, const char *s);

#endif
