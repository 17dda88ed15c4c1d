/* svg_scatter.c - the start-time × duration scatter under the SVG's histogram strip. */
#include <inttypes.h>
#include <stdlib.h>
#include "fmt.h"
#include "svg_scatter.h"
#include "svg_js.h"
#include "svgout.h"

#define PLOT_TOP  4  /* below the panel's top */
#define AXIS_W	  56 /* the y axis labels, left of the plot */
#define DOT_FILL  "#c8553d"
#define KEPT_FILL "#2a4d8f"
#define PLOT_FILL "#f6f4ee"

/* Where dots go: the plot's box and the x axis's origin and span. */
struct plot {
	double x0, x1, y0, y1;
	int ordinal;	    /* x: the invocation's number, not its start */
	uint64_t org, span; /* x = (start or seq) - org, over span */
};

/* Whether seq is a kept invocation's: c->kept is by number (sg_aggregate_kept_whole). */
static int is_kept(const struct sg_flame_caption *c, uint64_t seq)
{
	unsigned lo = 0, hi = c->nkept;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (c->kept[mid]->seq < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nkept && c->kept[lo]->seq == seq;
}

static void put_dot(FILE *out, const struct plot *p, const struct sg_scatter_dot *d,
		    const struct sg_flame_caption *c, int kept, int live, int kept_in)
{
	uint64_t x = (p->ordinal ? d->seq : d->start) - p->org;
	unsigned b = sg_hist_bucket(d->duration);
	char a[SG_FMT_LEN];

	fprintf(out,
		"<circle class=\"d%s\" data-s=\"%" PRIu64 "\" data-b=\"%u\" cx=\"%.1f\" "
		"cy=\"%.1f\" r=\"%s\"><title>#%" PRIu64 ": %s",
		kept ? " k" : "", d->seq, b,
		p->x0 + (p->x1 - p->x0) * (double) x / (double) (p->span ? p->span : 1),
		p->y1 - (p->y1 - p->y0) * sg_svg_hist_frac(c->hist, d->duration),
		kept ? "3.5" : "2.5", d->seq, sg_fmt_human(a, d->duration));
	if (!p->ordinal)
		fprintf(out, ", start +%s s", sg_fmt_ts(a, d->start - p->org));
	if (d->comm || d->pid >= 0)
		fputs(", ", out);
	if (d->comm)
		sg_svgout_put_text(out, d->comm);
	if (d->pid >= 0)
		fprintf(out, d->comm ? "-%d" : "pid %d", d->pid);
	if (d->cpu >= 0)
		fprintf(out, ", CPU %d", d->cpu);
	if (kept)
		fputs(kept_in ? " \xe2\x80\x94 kept whole: click to draw it alone"
			      : " \xe2\x80\x94 kept whole (its tree is not embedded)",
		      out);
	if (live && !(kept && kept_in)) {
		fputs(" \xe2\x80\x94 click: its bucket's graph (", out);
		fprintf(out, "%" PRIu64 " - ", sg_hist_lo(b) / 1000);
		if (sg_hist_hi(b) == UINT64_MAX)
			fputs("inf", out);
		else
			fprintf(out, "%" PRIu64, sg_hist_hi(b) / 1000);
		fputs(" us)", out);
	}
	fputs("</title></circle>\n", out);
}

/* The axes' labels: the bucket bounds of the strip up the left, the start's span along the bottom.
 */
static void put_axes(FILE *out, const struct plot *p, const struct sg_flame_caption *c)
{
	char a[SG_FMT_LEN];
	uint64_t prev = 0;

	for (int k = 0; k <= 2; k++) {
		uint64_t v = sg_svg_hist_bound(c->hist, k / 2.0);
		double y = p->y1 - (p->y1 - p->y0) * sg_svg_hist_frac(c->hist, v);

		/* a strip of one or two buckets has fewer bounds than labels: each is drawn once */
		if (k && v == prev)
			continue;
		prev = v;
		fprintf(
		    out,
		    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%s</text>\n",
		    p->x0 - 4,
		    v == UINT64_MAX ? p->y0 + 8
				    : y + (k == 2   ? 8
					   : k == 0 ? 0
						    : 4),
		    v == UINT64_MAX ? "inf" : sg_fmt_tick(a, v));
	}
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">%s</text>\n", p->x0, p->y1 + 12,
		p->ordinal ? "1" : "0 s");
	fprintf(
	    out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">%s</text>\n",
	    (p->x0 + p->x1) / 2, p->y1 + 12,
	    p->ordinal ? "x: invocation number (the trace has no start times: funcgraph-abstime), "
			 "y: duration"
		       : "x: start after the first invocation's, y: duration (log scale, as the "
			 "strip)");
	if (p->ordinal)
		fprintf(out,
			"<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%" PRIu64
			"</text>\n",
			p->x1, p->y1 + 12, p->org + p->span);
	else
		fprintf(out,
			"<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">+%s"
			"</text>\n",
			p->x1, p->y1 + 12, sg_fmt_tick(a, p->span));
}

int sg_svg_scatter_write(FILE *out, const char *id, const struct sg_flame_page *pg,
			 const struct sg_flame_caption *c, const struct sg_svg_hist *h)
{
	const struct sg_scatter *sc = c->scatter;
	unsigned n, nk = 0;
	struct sg_scatter_dot *dots = sg_scatter_with(sc, c->kept, c->nkept, &n);
	int live = sg_svg_hist_live(h), kept_in = sg_svg_hist_kept(h);
	struct plot p = {.x0 = SG_FLAME_PAD + AXIS_W,
			 .x1 = pg->width - SG_FLAME_PAD - 4,
			 .y0 = pg->scatter_top + PLOT_TOP,
			 .y1 = pg->scatter_top + PLOT_TOP + SG_FLAME_SCATTER_PLOT_H,
			 .ordinal = !sc->all_ts,
			 .org = sc->all_ts ? sc->first : 1};

	if (!dots && (sc->n || c->nkept))
		return -1;
	p.span = p.ordinal ? sc->offered - 1 : 0;
	for (unsigned i = 0; !p.ordinal && i < n; i++)
		if (dots[i].start - p.org > p.span)
			p.span = dots[i].start - p.org;
	fprintf(out,
		"<g id=\"%s-sc\" class=\"sc\">\n<style>\n#%s .d{fill:" DOT_FILL
		";fill-opacity:.6}\n#%s .d.k{fill:" KEPT_FILL ";fill-opacity:1;stroke:#fff}\n"
		"#%s .sel .d{fill-opacity:.15}\n#%s .sel .d.on{fill-opacity:1;stroke:#000}\n"
		"</style>\n",
		id, id, id, id, id);
	if (live)
		fprintf(out, "<style>#%s .d{cursor:pointer}\n#%s .d:hover{stroke:#000}</style>\n",
			id, id);
	fprintf(out,
		"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"" PLOT_FILL
		"\"/>\n",
		p.x0, p.y0, p.x1 - p.x0, p.y1 - p.y0);
	put_axes(out, &p, c);
	/* the kept ones last, over the others */
	for (int pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < n; i++) {
			int k = is_kept(c, dots[i].seq);

			if (k == pass)
				put_dot(out, &p, &dots[i], c, k, live, kept_in > 0);
			nk += pass && k;
		}
	fprintf(out, "<text x=\"%d\" y=\"%.1f\">%u dot%s of %" PRIu64 " invocation%s", SG_FLAME_PAD,
		p.y1 + 28, n, n == 1 ? "" : "s", sc->offered, sc->offered == 1 ? "" : "s");
	if (sc->stride > 1)
		fprintf(out, " (every %" PRIu64 "th, past %d)", sc->stride, SG_SCATTER_MAX);
	if (nk)
		fprintf(out, "; the %u kept whole in blue%s", nk,
			kept_in > 0   ? ", each drawable alone"
			: kept_in < 0 ? ", their trees not embedded: past the size bound"
				      : "");
	fputs("</text>\n</g>\n", out);
	free(dots);
	return 0; /* a write error is svg.c's to report */
}

int sg_svg_scatter_script(FILE *out, const struct sg_svg_hist *h)
{
	if (!sg_svg_hist_live(h))
		return 0;
	fputs("<script><![CDATA[\n", out);
	fputs(sg_svg_js_scatter, out);
	fputs("]]></script>\n", out);
	return ferror(out) ? -1 : 0;
}
