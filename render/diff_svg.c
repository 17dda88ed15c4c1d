/* diff_svg.c - the differential flame graph (diff -m svg): one run's shape, coloured by change. */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include "cairo_out.h"
#include "diff_svg.h"
#include "flame.h"
#include "fmt.h"
#include "svg.h"

/*
 * A changed frame keeps RAMP_TOP of the other two channels at the smallest change (a visible
 * tint on the near-white page, not white) down to RAMP_FLOOR at the largest.
 */
#define RAMP_TOP 225
#define RAMP_FLOOR 40
/* Unchanged: a grey that shows on the page's near-white, apart from the palest changes. */
#define UNCHANGED 0xd8

struct ctx {
	const struct sg_treediff *d;
	int side;
};

void sg_diff_svg_color(const struct sg_treediff *d, const struct sg_treediff_node *n,
		       unsigned char rgb[3])
{
	int64_t dv = n ? n->delta : 0;
	uint64_t m = dv < 0 ? (uint64_t) 0 - (uint64_t) dv : (uint64_t) dv;

	rgb[0] = rgb[1] = rgb[2] = UNCHANGED;
	/*
	 * below the threshold a path counts as unchanged (a new or gone one never is), and so
	 * does one whose change is within the noise between invocations
	 */
	if (!m || !d->max_abs_delta || (n->state == SG_TREEDIFF_BOTH && !n->changed) ||
	    (d->level && n->sig.verdict == SG_WELCH_NOT))
		return;
	rgb[0] = rgb[1] = rgb[2] = 255;
	unsigned __int128 k =
	    ((unsigned __int128) (RAMP_TOP - RAMP_FLOOR) * m + d->max_abs_delta / 2) /
	    d->max_abs_delta;
	unsigned char c = (unsigned char) (RAMP_TOP - (unsigned) k);

	if (dv > 0) {
		rgb[1] = rgb[2] = c;
	} else {
		rgb[0] = rgb[1] = c;
	}
}

/* The "all" frame under several roots has no node, and no path. */
static const struct sg_treediff_node *path_of(const struct ctx *x, const struct sg_flame_frame *fr)
{
	return fr->node ? sg_treediff_find(x->d, x->side, fr->node) : NULL;
}

static void frame_color(void *p, const struct sg_flame_frame *fr, unsigned char rgb[3])
{
	const struct ctx *x = p;
	sg_diff_svg_color(x->d, path_of(x, fr), rgb);
}

/* ", 99% interval +1.2 to +3.4 us, significant" (or within the noise, too few to tell) */
static void put_test(const struct sg_treediff *d, const struct sg_treediff_node *n, char *buf,
		     size_t size)
{
	char lo[SG_FMT_LEN], hi[SG_FMT_LEN];
	size_t len = strlen(buf);

	if (!d->level || len >= size)
		return;
	if (n->sig.verdict == SG_WELCH_FEW)
		snprintf(buf + len, size - len, "; too few invocations to test");
	else if (isnan(n->sig.lo))
		snprintf(buf + len, size - len, "; in too few invocations for an interval, %s",
			 n->sig.verdict == SG_WELCH_SIG ? "significant (how many it ran in)"
							: "within the noise");
	else
		snprintf(buf + len, size - len, "; %g%% interval %s to %s us, %s", d->level * 100,
			 sg_fmt_delta_us(lo, llround(n->sig.lo)),
			 sg_fmt_delta_us(hi, llround(n->sig.hi)),
			 n->sig.verdict == SG_WELCH_SIG ? "significant" : "within the noise");
	len = strlen(buf);
	/* the name the function had in BEFORE (a clone, _noprof, --rename) */
	if (n->name_before && len < size)
		snprintf(buf + len, size - len, "; BEFORE: %s", n->name_before);
	len = strlen(buf);
	/* a rename says how it was found: --rename, or the functions below it (docs/diff.md) */
	if (n->how == SG_TREEDIFF_RENAME && len < size)
		snprintf(buf + len, size - len, " (--rename)");
	else if (n->how == SG_TREEDIFF_SUBTREE && len < size)
		snprintf(buf + len, size - len,
			 " (renamed: matched by subtree, %.0f%% of the time below in functions "
			 "both call)",
			 floor(n->similarity * 100));
}

static void frame_tooltip(void *p, const struct sg_flame_frame *fr, char *buf, size_t size)
{
	const struct ctx *x = p;
	const struct sg_treediff_node *n = path_of(x, fr);
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], pc[SG_FMT_LEN], cb[SG_FMT_LEN],
		ca[SG_FMT_LEN];
	const char *per = x->d->totals ? "totals" : "per invocation";
	int64_t bp;

	if (!n)
		return;
	switch (n->state) {
	case SG_TREEDIFF_NEW:
		snprintf(buf, size, " \xe2\x80\x94 new, %s: after %s us, calls %s", per,
			 sg_fmt_us(a, n->total[1]), sg_fmt_milli(ca, n->calls_milli[1]));
		put_test(x->d, n, buf, size);
		return;
	case SG_TREEDIFF_GONE:
		snprintf(buf, size, " \xe2\x80\x94 gone, %s: before %s us, calls %s", per,
			 sg_fmt_us(a, n->total[0]), sg_fmt_milli(cb, n->calls_milli[0]));
		put_test(x->d, n, buf, size);
		return;
	default:
		break;
	}
	if (sg_treediff_ratio(n->delta, n->total[0], &bp) < 0)
		snprintf(pc, sizeof(pc), "n/a");
	else
		sg_fmt_delta_pct(pc, bp);
	snprintf(buf, size,
		 " \xe2\x80\x94 %s: before %s us, after %s us, delta %s us (%s), "
		 "calls %s \xe2\x86\x92 %s",
		 per, sg_fmt_us(a, n->total[0]), sg_fmt_us(b, n->total[1]),
		 sg_fmt_delta_us(c, n->delta), pc, sg_fmt_milli(cb, n->calls_milli[0]),
		 sg_fmt_milli(ca, n->calls_milli[1]));
	put_test(x->d, n, buf, size);
}

static void caption(const struct sg_treediff *d, int negate, struct sg_flame_caption *c)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], p[SG_FMT_LEN];

	memset(c, 0, sizeof(*c));
	snprintf(c->title, sizeof(c->title), "Differential flame graph: %s", d->root_pattern[1]);
	sg_flame_note(c, 0, "BEFORE %s%s%s", d->label[0], d->kernel[0] ? " kernel " : "",
		      d->kernel[0] ? d->kernel[0] : "");
	sg_flame_note(c, 0, "AFTER %s%s%s", d->label[1], d->kernel[1] ? " kernel " : "",
		      d->kernel[1] ? d->kernel[1] : "");
	for (int i = 0; i < d->nroots; i++) {
		const struct sg_treediff_root *r = &d->roots[i];
		int64_t bp;

		if (!r->name[0] || !r->name[1])
			continue;
		int64_t dv = (int64_t) (r->sum[1].avg - r->sum[0].avg);

		if (sg_treediff_ratio(dv, r->sum[0].avg, &bp) < 0)
			bp = 0;
		/*
		 * A significantly slower root is what a reader must not miss; one within the noise
		 * is not one, and an untested one is not said to be (the text leaves both plain).
		 */
		int tested = d->level && r->node && r->node->sig.verdict != SG_WELCH_FEW;
		int noise = tested && r->node->sig.verdict == SG_WELCH_NOT;
		char why[64] = ", not tested";

		if (noise)
			snprintf(why, sizeof(why), ", within the noise (p=%.2g)", r->node->sig.p);
		else if (tested)
			why[0] = 0;
		sg_flame_note(c, dv > 0 && tested && !noise,
			      "%s avg %s us \xe2\x86\x92 %s us (%s), %" PRIu64
			      " \xe2\x86\x92 %" PRIu64 " invocations%s",
			      r->name[1], sg_fmt_us(a, r->sum[0].avg), sg_fmt_us(b, r->sum[1].avg),
			      sg_fmt_delta_pct(p, bp), r->sum[0].count, r->sum[1].count, why);
	}
	if (d->level)
		sg_flame_note(c, 0,
			      "%s's shape; red slower, blue faster, grey unchanged or within the "
			      "noise (%g%%) (per invocation)",
			      negate ? "BEFORE" : "AFTER", d->level * 100);
	else
		sg_flame_note(c, 0, "%s's shape; red slower, blue faster, grey unchanged (%s)",
			      negate ? "BEFORE" : "AFTER", d->totals ? "totals" : "per invocation");
}

/* fmt: 0 SVG, else a cairo format + 1 */
static int render(FILE *out, const struct sg_treediff *d, int negate, int fmt)
{
	struct ctx x = { d, negate ? SG_TREEDIFF_BEFORE : SG_TREEDIFF_AFTER };
	struct sg_flame_opts o;
	struct sg_flame_caption c;
	struct sg_flame *f;
	int rc;

	sg_flame_opts_init(&o);
	o.frame_color = frame_color;
	o.frame_tooltip = frame_tooltip;
	o.frame_ctx = &x;
	f = sg_flame_layout(d->top->src[x.side], &o);
	if (!f)
		return -1;
	caption(d, negate, &c);
	rc = fmt ? sg_cairo_write(out, (enum sg_cairo_format) (fmt - 1), f, &c, &o, NULL)
		 : sg_svg_write(out, f, &c, &o, NULL);
	sg_flame_free(f);
	return rc;
}

int sg_diff_svg_render(FILE *out, const struct sg_treediff *d, int negate)
{
	return render(out, d, negate, 0);
}

int sg_diff_cairo_render(FILE *out, const struct sg_treediff *d, int negate, int pdf)
{
	return render(out, d, negate, 1 + (pdf ? SG_CAIRO_PDF : SG_CAIRO_PNG));
}
