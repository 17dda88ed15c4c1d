/* svg_hist.c - the latency histogram strip above a flame graph's frames in the SVG. */
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <string.h>
#include <stdlib.h>
#include "mergetail.h"
#include "fmt.h"
#include "log.h"
#include "svg_hist.h"
#include "svg_js.h"
#include "svg_histdata.h"
#include "svgout.h"

#define BAR_TOP	  14 /* below the strip's top: the percentile labels' row */
#define BAR_H	  40
#define AXIS_Y	  66 /* the bounds' baseline, below the strip's top */
#define BAR_FILL  "#c8553d"
#define SLOT_FILL "#ece8dc"
#define MARK_FILL "#2a4d8f"
#define NMARKS	  4

struct sg_svg_hist {
	struct sg_tree *u;  /* the union of the bucket trees */
	struct sg_flame *f; /* u laid out unpruned: the frames any selection can draw */
	struct sg_tree *const *bucket;
	struct sg_invocation *const *kept; /* embedded too, each drawable alone */
	unsigned nkept;
	int kept_out; /* the kept ones' trees would pass the bound: left out */
	uint64_t entries; /* (path, bucket) pairs; 0: over SG_SVG_HIST_MAX_ENTRIES */
	uint64_t wanted;
	unsigned depth; /* the deepest frame a selection can draw (with entries) */
	char *data; /* the JSON, made once h is laid out; NULL: none */
	struct sg_tree *own; /* u when made here; NULL when u is the one bucket tree */
	size_t len;
};

/* A bucket bound as -m hist prints it (sg_fmt_tick: 128 us, 1.049 s); the last bucket has none. */
static void put_bound(FILE *out, uint64_t ns)
{
	char a[SG_FMT_LEN];

	fputs(ns == UINT64_MAX ? "inf" : sg_fmt_tick(a, ns), out);
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

/* The strip's buckets: the first and last non-empty ones. 0: none. */
static int span(const struct sg_summary *s, unsigned *first, unsigned *last)
{
	*first = SG_HIST_BUCKETS;
	*last = 0;
	for (unsigned i = 0; i < SG_HIST_BUCKETS; i++) {
		if (!s->hist[i])
			continue;
		*first = i < *first ? i : *first;
		*last = i;
	}
	return *first < SG_HIST_BUCKETS;
}

double sg_svg_hist_frac(const struct sg_summary *s, uint64_t v)
{
	unsigned first, last;
	double x;

	if (!span(s, &first, &last))
		return 0;
	x = slot_pos(v < sg_hist_lo(first) ? sg_hist_lo(first) : v, first) / (last - first + 1);
	return x > 1 ? 1 : x;
}

uint64_t sg_svg_hist_bound(const struct sg_summary *s, double frac)
{
	unsigned first, last, b;

	if (!span(s, &first, &last))
		return 0;
	b = first + (unsigned) (frac * (last - first + 1) + 0.5);
	return b < SG_HIST_BUCKETS ? sg_hist_lo(b) : UINT64_MAX;
}

void sg_svg_hist_write(FILE *out, const char *id, const struct sg_flame_page *pg,
		       const struct sg_summary *s, const struct sg_svg_hist *h)
{
	static const struct {
		const char *name;
		size_t off;
		unsigned bit;
	} marks[] = {
	    {"p50", offsetof(struct sg_summary, p50), SG_MT_P50},
	    {"p90", offsetof(struct sg_summary, p90), SG_MT_P90},
	    {"p99", offsetof(struct sg_summary, p99), SG_MT_P99},
	    {"p99.9", offsetof(struct sg_summary, p999), SG_MT_P999},
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
	if (h && h->entries)
		fprintf(
		    out,
		    "<style>\n#%s .hb{cursor:pointer}\n#%s .hb:hover .hs,#%s .on .hs{stroke:#000;"
		    "stroke-width:1}\n</style>\n",
		    id, id, id);
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
		fprintf(out, ": %" PRIu64 " invocation%s (%s%%, cumulative %s%%)</title>",
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
			"<g class=\"hm\"><title>%s %s%s</title><line x1=\"%.1f\" y1=\"%d\" "
			"x2=\"%.1f\" y2=\"%d\" stroke=\"" MARK_FILL "\" stroke-dasharray=\"2,2\"/>"
			"</g>\n",
			marks[k].name, sg_fmt_human(a, v), sg_mergetail_mark(s, marks[k].bit),
			xs[k], top + BAR_TOP - 2, xs[k], top + BAR_TOP + BAR_H);
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
		/* an estimate without a bound (a merge of older runs) is marked so: "~p50" */
		for (unsigned i = k; i < j; i++)
			fprintf(out, "%s%s%s", i > k ? "," : "",
				s->approx & marks[i].bit ? "~" : "", marks[i].name);
		fputs("</text>\n", out);
	}
	/* bucket bounds under the slots' left edges, each with its unit, as many as fit */
	every = 1;
	while (every < n && slot * every < 11 * char_w)
		every *= 2;
	for (unsigned i = first; i <= last + 1 && i < SG_HIST_BUCKETS; i += every) {
		if (i == last + 1 && (i - first) % every)
			break;
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\"%s>",
			x0 + (i - first) * slot, top + AXIS_Y,
			i == first	? ""
			: i == last + 1 ? " text-anchor=\"end\""
					: " text-anchor=\"middle\"");
		fprintf(out, "%s</text>\n", sg_fmt_tick(a, sg_hist_lo(i)));
	}
	if (h && h->entries)
		fprintf(
		    out,
		    "<text id=\"%s-hsel\" x=\"%d\" y=\"%d\">Click a bar for its invocations' "
		    "graph (shift: add, drag: a range)</text><text id=\"%s-hall\" class=\"b h\" "
		    "x=\"%d\" y=\"%d\" text-anchor=\"end\">All</text>\n",
		    id, SG_FLAME_PAD, top + AXIS_Y + 14, id, pg->width - SG_FLAME_PAD,
		    top + AXIS_Y + 14);
	else if (h)
		fprintf(out,
			"<text x=\"%d\" y=\"%d\">No selection: %" PRIu64
			" call paths in the buckets' trees, more than the %d (or %d MiB) embedded "
			"at most</text>\n",
			SG_FLAME_PAD, top + AXIS_Y + 14, h->wanted, SG_SVG_HIST_MAX_ENTRIES,
			SG_SVG_HIST_MAX_BYTES >> 20);
	fputs("</g>\n", out);
}

static int make_data(struct sg_svg_hist *h, const struct sg_flame_opts *o);

int sg_svg_hist_live(const struct sg_svg_hist *h)
{
	return h && h->entries;
}

int sg_svg_hist_kept(const struct sg_svg_hist *h)
{
	return !h || !h->entries ? 0 : h->nkept ? 1 : h->kept_out ? -1 : 0;
}

/*
 * Lay out the union: every path that some bucket has time in, however narrow in the whole. With
 * only_wanted, only the frames that some selection may draw are stored (sg_svg_histdata_want);
 * the rest still take their place, so the frames' order and widths are the same.
 */
static int layout_union(struct sg_svg_hist *h, const struct sg_flame_opts *o, int only_wanted)
{
	struct sg_svg_histdata d = {h->u, NULL, h->bucket, h->kept, h->nkept};
	struct sg_flame_opts uo = *o;
	struct sg_svg_histwant want = {0};
	int w = only_wanted ? sg_svg_histdata_want(&want, &d, o) : 0;

	uo.minwidth = 0;
	uo.frame_color = NULL;
	uo.frame_tooltip = NULL;
	uo.frame_want = w > 0 ? sg_svg_histdata_wanted : NULL;
	uo.want_ctx = &want;
	sg_flame_free(h->f);
	h->f = w < 0 ? NULL : sg_flame_layout(sg_tree_top(h->u), &uo);
	sg_svg_histdata_want_free(&want);
	if (w < 0)
		sg_log_error("out of memory");
	return h->f ? 0 : -1;
}

struct sg_svg_hist *sg_svg_hist_new(const struct sg_flame_caption *c, const struct sg_flame_opts *o)
{
	struct sg_svg_hist *h = calloc(1, sizeof(*h));

	if (!h)
		goto oom;
	h->bucket = c->bucket;
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		if (c->bucket[b])
			h->wanted += sg_tree_size(c->bucket[b]);
	if (h->wanted > SG_SVG_HIST_MAX_ENTRIES)
		return h;
	/* the kept invocations' trees share the bound; past it they go, the buckets' stay */
	uint64_t kw = 0;

	for (unsigned i = 0; i < c->nkept; i++)
		kw += sg_tree_size(c->kept[i]->tree);
	if (h->wanted + kw <= SG_SVG_HIST_MAX_ENTRIES) {
		h->kept = c->kept;
		h->nkept = c->nkept;
	} else {
		h->kept_out = 1;
	}
	/*
	 * One bucket holding every timed invocation is its own union: merged into an empty tree
	 * it would come out the same, node for node (sums with zero, children in its order).
	 */
	unsigned nb = 0;

	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		if (c->bucket[b]) {
			h->u = c->bucket[b];
			nb++;
		}
	if (nb != 1) {
		h->u = h->own = sg_tree_new_lean();
		if (!h->u)
			goto oom;
	}
	for (unsigned b = 0; h->own && b < SG_HIST_BUCKETS; b++) {
		if (!c->bucket[b])
			continue;
		for (const struct sg_node *n = sg_tree_top(c->bucket[b])->child; n; n = n->next)
			if (sg_tree_merge(h->u, sg_tree_top(h->u), n) < 0)
				goto oom;
	}
	if (layout_union(h, o, 1) < 0) {
		sg_svg_hist_free(h);
		return NULL;
	}
	if (make_data(h, o) < 0) {
		sg_svg_hist_free(h);
		return NULL;
	}
	return h;
oom:
	sg_log_error("out of memory");
	sg_svg_hist_free(h);
	return NULL;
}

void sg_svg_hist_free(struct sg_svg_hist *h)
{
	if (!h)
		return;
	sg_flame_free(h->f);
	sg_tree_free(h->own);
	free(h->data);
	free(h);
}

unsigned sg_svg_hist_depth(const struct sg_svg_hist *h)
{
	return !h || !h->f ? 0 : h->entries ? h->depth : h->f->max_depth;
}

/* XML's specials in the JSON text (names are JSON-escaped already), the runs between them whole */
static void put_xml(FILE *out, const char *s, size_t len)
{
	size_t run = 0;

	for (size_t i = 0; i < len; i++) {
		const char *ent = s[i] == '<'	? "&lt;"
				  : s[i] == '>' ? "&gt;"
				  : s[i] == '&' ? "&amp;"
						: NULL;

		if (!ent) {
			run++;
			continue;
		}
		fwrite(s + i - run, 1, run, out);
		fputs(ent, out);
		run = 0;
	}
	fwrite(s + len - run, 1, run, out);
}

int sg_svg_hist_script(FILE *out, const char *id, const struct sg_flame_page *pg,
		       const struct sg_svg_hist *h)
{
	if (!h || !h->entries)
		return 0;
	fprintf(out, "<metadata id=\"%s-hd\" data-ft=\"%d\" data-fb=\"%d\">", id, pg->frames_top,
		pg->frames_bottom);
	put_xml(out, h->data, h->len);
	fputs("</metadata>\n<script><![CDATA[\n", out);
	fputs(sg_svg_js_hist, out);
	fputs("]]></script>\n", out);
	return ferror(out) ? -1 : 0;
}

/* The JSON, or none when past SG_SVG_HIST_MAX_BYTES (h->entries 0: a static strip). */
static int make_data(struct sg_svg_hist *h, const struct sg_flame_opts *o)
{
	struct sg_svg_histdata d = {h->u, h->f, h->bucket, h->kept, h->nkept};
	struct sg_svgout *o_js;
	FILE *js;

	if (!h->f->nframes)
		return 0;
	js = open_memstream(&h->data, &h->len);
	o_js = js ? malloc(sizeof(*o_js)) : NULL;
	if (o_js) {
		o_js->f = js;
		o_js->n = 0;
	}
	if (!js || !o_js || sg_svg_histdata_write(o_js, &d, o, &h->depth) < 0 || fclose(js) != 0) {
		free(o_js);
		sg_log_error("out of memory");
		return -1;
	}
	free(o_js);
	if (h->len > SG_SVG_HIST_MAX_BYTES && h->nkept) {
		free(h->data);
		h->data = NULL;
		h->nkept = 0;
		h->kept_out = 1;
		return make_data(h, o);
	}
	if (h->len > SG_SVG_HIST_MAX_BYTES) {
		free(h->data);
		h->data = NULL;
		h->len = 0;
		/* a static strip: the page has room for every frame of the union, as before */
		return layout_union(h, o, 0);
	}
	h->entries = h->wanted;
	return 0;
}
