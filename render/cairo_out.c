/* cairo_out.c - the flame graph drawn through cairo as PNG or PDF, for trackers without SVG. */
#include <cairo.h>
#include <cairo-pdf.h>
#include <string.h>
#include <zlib.h>
#include "cairo_out.h"
#include "log.h"

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int len)
{
	FILE *out = closure;

	return fwrite(data, 1, len, out) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/*
 * A PNG as cairo writes it, with a "Software" text chunk right after its header (8 bytes of
 * signature, 25 of IHDR): it says surfgraph drew it, so a later run may replace it (outown.c)
 * where a picture of someone else's is kept.
 */
struct png_stream {
	FILE *out;
	unsigned seen; /* bytes of cairo's stream passed so far */
};

#define PNG_HEADER 33

static cairo_status_t write_png(void *closure, const unsigned char *data, unsigned int len)
{
	static const unsigned char text[] = "tEXtSoftware\0surfgraph";
	struct png_stream *p = closure;
	unsigned head = p->seen < PNG_HEADER ? PNG_HEADER - p->seen : 0;

	if (head > len)
		head = len;
	if (head && write_stream(p->out, data, head) != CAIRO_STATUS_SUCCESS)
		return CAIRO_STATUS_WRITE_ERROR;
	p->seen += head;
	if (head && p->seen == PNG_HEADER) {
		/* length (of the data, after the type), type and data, CRC of type and data */
		unsigned n = sizeof(text) - 1 - 4;
		uLong crc = crc32(0L, text, sizeof(text) - 1);
		unsigned char be[8] = {n >> 24,		n >> 16 & 0xff,	  n >> 8 & 0xff,
				       n & 0xff,	crc >> 24 & 0xff, crc >> 16 & 0xff,
				       crc >> 8 & 0xff, crc & 0xff};

		if (fwrite(be, 1, 4, p->out) != 4 ||
		    fwrite(text, 1, sizeof(text) - 1, p->out) != sizeof(text) - 1 ||
		    fwrite(be + 4, 1, 4, p->out) != 4)
			return CAIRO_STATUS_WRITE_ERROR;
	}
	p->seen += len - head;
	return len == head ? CAIRO_STATUS_SUCCESS : write_stream(p->out, data + head, len - head);
}

static void set_rgb(cairo_t *cr, unsigned r, unsigned g, unsigned b)
{
	cairo_set_source_rgb(cr, r / 255.0, g / 255.0, b / 255.0);
}

/* Frame labels: a narrow proportional face, measured, so most names fit where they would. */
#define LABEL_FACE "DejaVu Sans Condensed"

/* s made valid UTF-8 (bad bytes and control characters '?') into buf; returns its length. */
static size_t clean(const char *s, size_t len, char *buf, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n + 5 < size;) {
		unsigned char c = (unsigned char) s[i];
		int cl = c < 0x20 || c == 0x7f ? 0 : sg_flame_utf8(s + i, len - i);

		if (cl) {
			memcpy(buf + n, s + i, (size_t) cl);
			n += (size_t) cl;
			i += (size_t) cl;
		} else {
			buf[n++] = '?';
			i++;
		}
	}
	buf[n] = '\0';
	return n;
}

/* Only valid UTF-8 reaches cairo: one bad byte would put the context in an error state. */
static void show(cairo_t *cr, const char *s, size_t len)
{
	char buf[1024];

	clean(s, len, buf, sizeof(buf));
	cairo_show_text(cr, buf);
}

static double advance(cairo_t *cr, const char *s)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

/*
 * The longest label that fits room px as the font really draws it: the whole name, or as many
 * of its characters as fit with ".." after them (at least two, "a.." says nothing); "" else.
 */
static const char *fit_label(cairo_t *cr, const char *name, double room, char *buf, size_t size)
{
	size_t len = clean(name, strlen(name), buf, size - 3), lo = 2, hi, cut[1024], nc = 0;

	if (room > 0 && advance(cr, buf) <= room)
		return buf;
	/* character boundaries, so a cut never splits a UTF-8 sequence */
	for (size_t i = 0; i < len && nc < sizeof(cut) / sizeof(cut[0]); i++)
		if (((unsigned char) buf[i] & 0xc0) != 0x80)
			cut[nc++] = i;
	if (room <= 0 || nc < 3) {
		buf[0] = '\0';
		return buf;
	}
	hi = nc - 1;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;
		char keep[3];

		memcpy(keep, buf + cut[mid], 3);
		memcpy(buf + cut[mid], "..", 3);
		if (advance(cr, buf) <= room)
			lo = mid;
		else
			hi = mid - 1;
		memcpy(buf + cut[mid], keep, 3);
	}
	memcpy(buf + cut[lo], "..", 3);
	if (advance(cr, buf) > room)
		buf[0] = '\0';
	return buf;
}

static void draw(cairo_t *cr, const struct sg_flame *f, const struct sg_flame_caption *c,
		 const struct sg_flame_opts *o, const struct sg_flame_page *pg)
{
	char label[512];

	set_rgb(cr, 0xf8, 0xf8, 0xf2);
	cairo_paint(cr);
	cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);

	/* the title, centred as the SVG's text-anchor="middle" does */
	cairo_text_extents_t ext;
	char title[sizeof(c->title) + 2];

	memcpy(title, c->title, pg->title_len);
	strcpy(title + pg->title_len, pg->title_cut ? ".." : "");
	cairo_set_font_size(cr, SG_FLAME_TITLE_PX);
	cairo_text_extents(cr, title, &ext);
	set_rgb(cr, 0, 0, 0);
	cairo_move_to(cr, pg->width / 2.0 - ext.x_advance / 2, pg->title_y);
	show(cr, title, strlen(title));

	cairo_set_font_size(cr, SG_FLAME_FONT_PX);
	for (int line = 0; line < pg->nlines; line++) {
		int first = 1;

		cairo_move_to(cr, SG_FLAME_PAD, pg->first_line_y + line * pg->line_h);
		for (int i = 0; i < c->nnotes; i++) {
			if (pg->line_of[i] != line)
				continue;
			set_rgb(cr, 0, 0, 0);
			if (!first)
				show(cr, SG_FLAME_NOTE_SEP, strlen(SG_FLAME_NOTE_SEP));
			first = 0;
			if (c->notes[i].alert) {
				set_rgb(cr, 0xd0, 0, 0);
				cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL,
						       CAIRO_FONT_WEIGHT_BOLD);
			}
			show(cr, c->notes[i].text, strlen(c->notes[i].text));
			cairo_select_font_face(cr, "monospace", CAIRO_FONT_SLANT_NORMAL,
					       CAIRO_FONT_WEIGHT_NORMAL);
		}
	}

	for (int i = 0; pg->legend_y && i < sg_flame_nfamilies; i++) {
		const unsigned char *rgb = sg_flame_families[i].rgb;
		int x = sg_flame_legend_x(i);

		set_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, x, pg->legend_y - SG_FLAME_SWATCH + 1, SG_FLAME_SWATCH,
				SG_FLAME_SWATCH);
		cairo_fill(cr);
		set_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, x + SG_FLAME_LEGEND_GAP, pg->legend_y);
		show(cr, sg_flame_families[i].name, strlen(sg_flame_families[i].name));
	}
	cairo_select_font_face(cr, LABEL_FACE, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	for (size_t i = 0; i < f->nframes; i++) {
		const struct sg_flame_frame *fr = &f->frames[i];
		double x = sg_flame_px(f, fr->x), w = (double) fr->w * f->scale;
		int y = sg_flame_y(pg, o, fr->depth);
		unsigned char rgb[3];

		if (i == 0 && w < 0.1)
			w = 0.1;
		sg_flame_frame_color(fr, o, rgb);
		set_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, x, y, w, SG_FLAME_FRAME_H - 1);
		cairo_fill(cr);
		fit_label(cr, fr->name, w - 2 * SG_FLAME_LABEL_IN, label, sizeof(label));
		if (label[0]) {
			if (sg_flame_light_text(rgb))
				set_rgb(cr, 255, 255, 255);
			else
				set_rgb(cr, 0, 0, 0);
			cairo_move_to(cr, x + SG_FLAME_LABEL_IN, y + 11.5);
			cairo_show_text(cr, label);
		}
	}
	if (!f->nframes) {
		const char *msg = "no complete invocation to draw";

		set_rgb(cr, 0, 0, 0);
		cairo_text_extents(cr, msg, &ext);
		cairo_move_to(cr, pg->width / 2.0 - ext.x_advance / 2, pg->frames_top + 24);
		cairo_show_text(cr, msg);
	}
}

int sg_cairo_write(FILE *out, enum sg_cairo_format fmt, const struct sg_flame *f,
		   const struct sg_flame_caption *c, const struct sg_flame_opts *o,
		   const char *date)
{
	struct sg_flame_page pg;
	cairo_surface_t *s;
	cairo_t *cr;
	cairo_status_t st;

	sg_flame_page(f, c, o, &pg);
	/* cairo's image surfaces stop there; a PDF page has no such limit */
	if (fmt == SG_CAIRO_PNG && (pg.width > 32767 || pg.height > 32767)) {
		sg_log_error("a %dx%d px flame graph (%u levels deep) is too large for a PNG "
			     "(32767 px at most): use svg or pdf",
			     pg.width, pg.height, f->max_depth + 1);
		return -1;
	}
	if (fmt == SG_CAIRO_PDF) {
		s = cairo_pdf_surface_create_for_stream(write_stream, out, pg.width, pg.height);
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, c->title);
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "surfgraph");
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE,
					       date ? date : "1970-01-01T00:00:00Z");
	} else {
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pg.width, pg.height);
	}
	cr = cairo_create(s);
	draw(cr, f, c, o, &pg);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS && fmt == SG_CAIRO_PNG) {
		struct png_stream p = {out, 0};

		st = cairo_surface_write_to_png_stream(s, write_png, &p);
	}
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		sg_log_error("cannot draw the %s: %s", fmt == SG_CAIRO_PDF ? "PDF" : "PNG",
			     cairo_status_to_string(st));
		return -1;
	}
	return 0;
}
