/* svg.c - the flame graph as one self-contained interactive SVG: zoom, search, tooltips. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "callfmt.h"
#include "fmt.h"
#include "log.h"
#include "svg.h"
#include "svgout.h"
#include "svg_chart.h"
#include "svg_hist.h"
#include "svg_js.h"
#include "svg_scatter.h"

static uint64_t fnv(uint64_t h, const void *p, size_t len)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < len; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}

/* Ids derive from the content, so they are stable yet differ between two graphs in a page. */
static uint64_t content_hash(const struct sg_flame *f, const struct sg_flame_caption *c,
			     const struct sg_flame_opts *o)
{
	uint64_t h = 14695981039346656037ull;

	h = fnv(h, c->title, strlen(c->title));
	for (int i = 0; i < c->nnotes; i++)
		h = fnv(h, c->notes[i].text, strlen(c->notes[i].text));
	h = fnv(h, o, sizeof(o->width));
	h = fnv(h, &o->inverted, sizeof(o->inverted));
	for (size_t i = 0; i < f->nframes; i++) {
		const struct sg_flame_frame *fr = &f->frames[i];

		h = fnv(h, fr->name, strlen(fr->name) + 1);
		h = fnv(h, &fr->x, sizeof(fr->x));
		h = fnv(h, &fr->w, sizeof(fr->w));
		h = fnv(h, &fr->depth, sizeof(fr->depth));
	}
	return h;
}

static void put_header(struct sg_svgout *out, const char *id, const struct sg_flame_page *pg,
		       const struct sg_flame_caption *c)
{
	int w = pg->width;

	sg_svgout_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
	sg_svgout_puts(
	    out, "<!-- surfgraph flame graph: click a frame to zoom, Search or Ctrl-F to find "
		 "functions -->\n");
	sg_svgout_printf(
	    out,
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" id=\"%s\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"%d\">\n",
	    id, w, pg->height, w, pg->height, SG_FLAME_FONT_PX);
	sg_svgout_printf(out,
			 "<style>\n"
			 "#%s .f g{cursor:pointer}\n"
			 "#%s .f g:hover rect{stroke:#000;stroke-width:.5}\n"
			 "#%s .h{display:none}\n"
			 "#%s .p{opacity:.5}\n"
			 "#%s .b{cursor:pointer;fill:#555}\n"
			 "#%s .b:hover,#%s .on{fill:#000;font-weight:bold}\n"
			 "</style>\n",
			 id, id, id, id, id, id, id);
	sg_svgout_puts(out, "<rect width=\"100%\" height=\"100%\" fill=\"#f8f8f2\"/>\n");
	sg_svgout_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"%d\">",
			 w / 2, pg->title_y, SG_FLAME_TITLE_PX);
	sg_svgout_text(out, c->title, pg->title_len);
	sg_svgout_printf(out, "%s</text>\n", pg->title_cut ? ".." : "");
	for (int line = 0; line < pg->nlines; line++) {
		int first = 1;

		sg_svgout_printf(out, "<text x=\"%d\" y=\"%d\">", SG_FLAME_PAD,
				 pg->first_line_y + line * pg->line_h);
		for (int i = 0; i < c->nnotes; i++) {
			if (pg->line_of[i] != line)
				continue;
			if (!first)
				sg_svgout_puts(out, SG_FLAME_NOTE_SEP);
			first = 0;
			if (c->notes[i].alert) {
				sg_svgout_puts(out,
					       "<tspan fill=\"#d00000\" font-weight=\"bold\">");
				sg_svgout_str(out, c->notes[i].text);
				sg_svgout_puts(out, "</tspan>");
			} else {
				sg_svgout_str(out, c->notes[i].text);
			}
		}
		sg_svgout_puts(out, "</text>\n");
	}
	for (int i = 0; pg->legend_y && i < sg_flame_nfamilies; i++) {
		const unsigned char *c = sg_flame_families[i].rgb;
		int x = sg_flame_legend_x(i);

		sg_svgout_printf(out,
				 "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
				 "fill=\"#%02x%02x%02x\"/><text x=\"%d\" y=\"%d\">%s</text>\n",
				 x, pg->legend_y - SG_FLAME_SWATCH + 1, SG_FLAME_SWATCH,
				 SG_FLAME_SWATCH, c[0], c[1], c[2], x + SG_FLAME_LEGEND_GAP,
				 pg->legend_y, sg_flame_families[i].name);
	}
	sg_svgout_printf(
	    out, "<text id=\"%s-reset\" class=\"b h\" x=\"%d\" y=\"%d\">Reset Zoom</text>\n", id,
	    SG_FLAME_PAD, pg->title_y);
	sg_svgout_printf(out,
			 "<text id=\"%s-search\" class=\"b\" x=\"%d\" y=\"%d\" "
			 "text-anchor=\"end\">Search</text>\n",
			 id, w - SG_FLAME_PAD - 28, pg->title_y);
	sg_svgout_printf(
	    out, "<text id=\"%s-ic\" class=\"b\" x=\"%d\" y=\"%d\" text-anchor=\"end\">ic</text>\n",
	    id, w - SG_FLAME_PAD, pg->title_y);
	sg_svgout_printf(out, "<text id=\"%s-details\" x=\"%d\" y=\"%d\"> </text>\n", id,
			 SG_FLAME_PAD, pg->details_y);
	sg_svgout_printf(out,
			 "<text id=\"%s-matched\" x=\"%d\" y=\"%d\" text-anchor=\"end\"> </text>\n",
			 id, w - SG_FLAME_PAD, pg->details_y);
}

static void put_tooltip(struct sg_svgout *out, const struct sg_flame *f,
			const struct sg_flame_frame *fr, const struct sg_flame_opts *o)
{
	uint64_t parent_w = f->frames[fr->parent].w;

	sg_svgout_puts(out, "<g><title>");
	sg_svgout_str(out, fr->name);
	sg_svgout_puts(out, " \xe2\x80\x94 cost ");
	if (f->has_time) {
		sg_svgout_us(out, fr->w);
		sg_svgout_puts(out, " us, ");
	} else {
		sg_svgout_u64(out, fr->w);
		sg_svgout_puts(out, " calls with callees, ");
	}
	sg_svgout_pct(out, fr->w, f->total);
	sg_svgout_puts(out, "% of root, ");
	sg_svgout_pct(out, fr->w, parent_w);
	sg_svgout_puts(out, "% of parent, ");
	if (f->has_time) {
		sg_svgout_puts(out, "self ");
		sg_svgout_us(out, fr->self);
		sg_svgout_puts(out, " us, ");
	}
	sg_svgout_u64(out, fr->calls);
	sg_svgout_puts(out, fr->calls == 1 ? " call" : " calls");
	/* the sum alone hides whether a frame is many cheap calls or a few slow ones */
	if (f->has_time && fr->calls > 1) {
		sg_svgout_puts(out, ", avg ");
		sg_svgout_us(out, fr->w / fr->calls);
		sg_svgout_puts(out, " us per call");
	}
	if (strcmp(fr->name, SG_OFFCPU_NAME) == 0)
		sg_svgout_puts(out,
			       "; a call here is one switched-out interval (sched_switch records): "
			       "time the call below waited off the CPU, not running");
	if (fr->node && fr->node->ret && fr->node->ret->errs) {
		char errs[256];

		sg_svgout_puts(out, ", ");
		sg_svgout_str(out, sg_callfmt_errors(errs, sizeof(errs), fr->node));
	}
	if (o->frame_tooltip) {
		char extra[512] = "";

		o->frame_tooltip(o->frame_ctx, fr, extra, sizeof(extra));
		sg_svgout_str(out, extra);
	}
	sg_svgout_puts(out, "</title>");
}

int sg_svg_write(FILE *f_out, const struct sg_flame *f, const struct sg_flame_caption *c,
		 const struct sg_flame_opts *o, size_t *drawn)
{
	struct sg_flame_page pg;
	struct sg_svg_hist *hist = NULL;
	struct sg_svg_chart *chart = NULL;
	struct sg_flame_caption *cap = NULL;
	char id[32], label[512], tail[64], *hash;
	unsigned char *dropped = NULL;
	size_t count = 0;
	int64_t level = -1;
	struct sg_svgout *out = malloc(sizeof(*out));

	if (!out || (f->nframes && !(dropped = calloc(f->nframes, 1)))) {
		free(out);
		sg_log_error("out of memory");
		return -1;
	}
	out->f = f_out;
	out->n = 0;
	/* every rect ends alike but for its colour, written over the zeros */
	snprintf(tail, sizeof(tail), "\" height=\"%d\" fill=\"#000000\"/>", SG_FLAME_FRAME_H - 1);
	hash = strchr(tail, '#');
	/* the selection's frames may be deeper than the whole's narrow ones: room for them */
	if (c->hist && c->bucket) {
		hist = sg_svg_hist_new(c, o);
		cap = malloc(sizeof(*cap));
		if (!hist || !cap)
			goto fail;
		*cap = *c;
		cap->hist_depth = sg_svg_hist_depth(hist);
		/* the kept invocations drawn alone can be drawn in time: their calls, as deep */
		if (sg_svg_hist_kept(hist) == 1) {
			chart = sg_svg_chart_new(c, o);
			if (!chart)
				goto fail;
			if (sg_svg_chart_depth(chart) > cap->hist_depth)
				cap->hist_depth = sg_svg_chart_depth(chart);
		}
		c = cap;
	}
	sg_flame_page(f, c, o, &pg);
	snprintf(id, sizeof(id), "sg%012" PRIx64,
		 (uint64_t) (content_hash(f, c, o) & 0xffffffffffffull));
	put_header(out, id, &pg, c);
	if (pg.hist_top) {
		sg_svgout_flush(out);
		sg_svg_hist_write(out->f, id, &pg, c->hist, hist);
		if (pg.scatter_top && sg_svg_scatter_write(out->f, id, &pg, c, hist) < 0)
			goto fail;
	}
	sg_svgout_printf(out, "<g id=\"%s-f\" class=\"f\">\n", id);
	for (size_t i = 0; i < f->nframes; i++) {
		const struct sg_flame_frame *fr = &f->frames[i];
		unsigned char rgb[3];
		static const char hex[] = "0123456789abcdef";
		double x = sg_flame_px(f, fr->x), x2 = sg_flame_px(f, fr->x + fr->w);
		/* edges rounded one by one keep a callee inside its caller for the viewer */
		int64_t tx = llround(x * 10), tx2 = llround(x2 * 10);

		if (i && (dropped[fr->parent] || tx2 <= tx)) {
			dropped[i] = 1;
			continue;
		}
		if (i == 0 && tx2 <= tx)
			tx2 = tx + 1;
		if ((int64_t) fr->depth != level) {
			if (level >= 0)
				sg_svgout_puts(out, "</g>\n");
			level = fr->depth;
			sg_svgout_printf(out, "<g transform=\"translate(0,%d)\">\n",
					 sg_flame_y(&pg, o, fr->depth));
		}
		sg_flame_frame_color(fr, o, rgb);
		put_tooltip(out, f, fr, o);
		sg_svgout_puts(out, "<rect x=\"");
		sg_svgout_tenths(out, tx);
		sg_svgout_puts(out, "\" width=\"");
		sg_svgout_tenths(out, tx2 - tx);
		for (int k = 0; k < 3; k++) {
			hash[1 + 2 * k] = hex[rgb[k] >> 4];
			hash[2 + 2 * k] = hex[rgb[k] & 15];
		}
		sg_svgout_puts(out, tail);
		sg_flame_label(fr->name, (double) (tx2 - tx) / 10, label, sizeof(label));
		if (label[0]) {
			sg_svgout_puts(out, "<text x=\"");
			sg_svgout_tenths(out, tx + 10 * SG_FLAME_LABEL_IN);
			sg_svgout_puts(out, sg_flame_light_text(rgb)
						? "\" y=\"11.5\" fill=\"#fff\">"
						: "\" y=\"11.5\">");
			sg_svgout_str(out, label);
			sg_svgout_puts(out, "</text>");
		}
		sg_svgout_puts(out, "</g>\n");
		count++;
	}
	if (level >= 0)
		sg_svgout_puts(out, "</g>\n");
	sg_svgout_puts(out, "</g>\n");
	if (!f->nframes)
		sg_svgout_printf(
		    out,
		    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">no complete invocation to "
		    "draw</text>\n",
		    pg.width / 2, pg.frames_top + 24);
	/* before the viewer, so a selection in the URL is drawn when the viewer reads the frames */
	sg_svgout_flush(out);
	if (sg_svg_hist_script(out->f, id, &pg, hist) < 0 ||
	    sg_svg_scatter_script(out->f, hist) < 0 ||
	    sg_svg_chart_script(out->f, id, &pg, chart) < 0)
		goto fail;
	sg_svgout_puts(out, "<script><![CDATA[\n");
	sg_svgout_puts(out, sg_svg_js_flame); /* render/js/prologue.js and flame.js */
	sg_svgout_puts(out, "]]></script>\n</svg>\n");
	sg_svgout_flush(out);
	free(out);
	free(dropped);
	free(cap);
	sg_svg_hist_free(hist);
	sg_svg_chart_free(chart);
	if (drawn)
		*drawn = count;
	if (ferror(f_out)) {
		sg_log_error("write failed: %s", strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
fail:
	if (hist && !cap)
		sg_log_error("out of memory");
	free(out);
	free(dropped);
	free(cap);
	sg_svg_hist_free(hist);
	sg_svg_chart_free(chart);
	return -1;
}
