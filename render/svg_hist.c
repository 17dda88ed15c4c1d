/* svg_hist.c - the latency histogram strip above a flame graph's frames in the SVG. */
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <string.h>
#include "fmt.h"
#include "svg_hist.h"

#define BAR_TOP	  14 /* below the strip's top: the percentile labels' row */
#define BAR_H	  40
#define AXIS_Y	  66 /* the bounds' baseline, below the strip's top */
#define BAR_FILL  "#c8553d"
#define SLOT_FILL "#ece8dc"
#define MARK_FILL "#2a4d8f"
#define NMARKS	  4

/* A bucket bound in us as -m hist prints it; the last bucket has none. */
static void put_bound(FILE *out, uint64_t ns)
{
	if (ns == UINT64_MAX)
		fputs("inf", out);
	else
		fprintf(out, "%" PRIu64, ns / 1000);
}

/*
 * Where v falls in the strip, in slots from the first's left edge: its bucket's slot, and within
 * it log2(v / lo) (bucket 0, [0, 1 us), linearly; the open last one over ten powers of two).
 */
static double slot_pos(uint64_t v, unsigned first)
{
	unsigned b = sg_hist_bucket(v);
	double lo = (double) sg_hist_lo(b), frac;

	if (!b)
		frac = (double) v / 1000.0;
	else
		frac = log2((double) v / lo) / (b + 1 < SG_HIST_BUCKETS ? 1.0 : 10.0);
	if (frac > 0.999)
		frac = 0.999;
	return (double) (b - first) + frac;
}

void sg_svg_hist_write(FILE *out, const char *id, const struct sg_flame_page *pg,
		       const struct sg_summary *s)
{
	static const struct {
		const char *name;
		size_t off;
	} marks[] = {
	    {"p50", offsetof(struct sg_summary, p50)},
	    {"p90", offsetof(struct sg_summary, p90)},
	    {"p99", offsetof(struct sg_summary, p99)},
	    {"p99.9", offsetof(struct sg_summary, p999)},
	};
	double xs[NMARKS];
	unsigned first = SG_HIST_BUCKETS, last = 0, n, every;
	uint64_t most = 0, seen = 0;
	double slot, x0 = SG_FLAME_PAD, char_w = SG_FLAME_FONT_PX * SG_FLAME_CHAR_EM;
	int top = pg->hist_top;
	char a[SG_FMT_LEN], b[SG_FMT_LEN];

	for (unsigned i = 0; i < SG_HIST_BUCKETS; i++) {
		if (!s->hist[i])
			continue;
		first = i < first ? i : first;
		last = i;
		most = s->hist[i] > most ? s->hist[i] : most;
	}
	if (first == SG_HIST_BUCKETS)
		return;
	n = last - first + 1;
	slot = (double) (pg->width - 2 * SG_FLAME_PAD) / n;
	fprintf(out, "<g id=\"%s-hist\" class=\"hist\">\n", id);
	for (unsigned i = first; i <= last; i++) {
		double x = x0 + (i - first) * slot, h;

		if (!s->hist[i])
			continue;
		seen += s->hist[i];
		/* a bucket of one call among millions still shows, and its slot takes clicks */
		h = (double) s->hist[i] * BAR_H / (double) most;
		h = h < 1.0 ? 1.0 : h;
		fprintf(out, "<g id=\"%s-hb-%u\" class=\"hb\"><title>", id, i);
		put_bound(out, sg_hist_lo(i));
		fputs(" - ", out);
		put_bound(out, sg_hist_hi(i));
		fprintf(out, " us: %" PRIu64 " invocation%s (%s%%, cumulative %s%%)</title>",
			s->hist[i], s->hist[i] == 1 ? "" : "s", sg_fmt_pct(a, s->hist[i], s->count),
			sg_fmt_pct(b, seen, s->count));
		fprintf(out,
			"<rect class=\"hs\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			"fill=\"" SLOT_FILL "\"/>",
			x + 0.5, top + BAR_TOP, slot - 1.0, BAR_H);
		fprintf(out,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			"fill=\"" BAR_FILL "\"/></g>\n",
			x + 0.5, top + BAR_TOP + BAR_H - h, slot - 1.0, h);
	}
	for (unsigned k = 0; k < NMARKS; k++) {
		uint64_t v = *(const uint64_t *) ((const char *) s + marks[k].off);

		xs[k] = x0 + slot_pos(v, first) * slot;
		fprintf(out,
			"<g class=\"hm\"><title>%s %s</title><line x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\" stroke=\"" MARK_FILL "\" stroke-dasharray=\"2,2\"/>"
			"</g>\n",
			marks[k].name, sg_fmt_human(a, v), xs[k], top + BAR_TOP - 2, xs[k],
			top + BAR_TOP + BAR_H);
	}
	/* marks closer than a label's width share one (p99 and p99.9 often) */
	for (unsigned k = 0, j; k < NMARKS; k = j) {
		size_t len = 0;
		int end;

		for (j = k; j < NMARKS && (j == k || xs[j] - xs[k] < 6 * char_w); j++)
			len += strlen(marks[j].name) + (j > k);
		/* near the right edge a label ends at its mark (10 px text: 6 px a character) */
		end = xs[k] + 2 + 6.0 * (double) len > pg->width - SG_FLAME_PAD;
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"" MARK_FILL "\"%s>",
			xs[k] + (end ? -2 : 2), top + BAR_TOP - 4,
			end ? " text-anchor=\"end\"" : "");
		for (unsigned i = k; i < j; i++)
			fprintf(out, "%s%s", i > k ? "," : "", marks[i].name);
		fputs("</text>\n", out);
	}
	/* bucket bounds under the slots' left edges, as many as fit */
	every = 1;
	while (every < n && slot * every < 7 * char_w)
		every *= 2;
	for (unsigned i = first; i <= last + 1 && i < SG_HIST_BUCKETS; i += every) {
		if (i == last + 1 && (i - first) % every)
			break;
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\"%s>",
			x0 + (i - first) * slot, top + AXIS_Y,
			i == first	? ""
			: i == last + 1 ? " text-anchor=\"end\""
					: " text-anchor=\"middle\"");
		put_bound(out, sg_hist_lo(i));
		fputs(i == first ? " us</text>\n" : "</text>\n", out);
	}
	fputs("</g>\n", out);
}
