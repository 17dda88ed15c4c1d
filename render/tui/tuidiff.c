/* tuidiff.c - the TUI's view of a comparison (struct sg_treediff): the text diff's columns. */
#include <curses.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "difffmt.h"
#include "fmt.h"
#include "tuidiff.h"
#include "tuidraw.h"

static const void *child(const void *n)
{
	return ((const struct sg_treediff_node *) n)->child;
}

static const void *next(const void *n)
{
	return ((const struct sg_treediff_node *) n)->next;
}

static const char *name(const void *n)
{
	return ((const struct sg_treediff_node *) n)->name;
}

/* AFTER's figures sort, as the text diff orders a path's callees; BEFORE's total breaks ties. */
static uint64_t value(const void *p, enum sg_tuimodel_sort key)
{
	const struct sg_treediff_node *n = p;

	return key == SG_TUI_SORT_TOTAL	  ? n->total[1]
	       : key == SG_TUI_SORT_SELF  ? n->self[1]
	       : key == SG_TUI_SORT_CALLS ? n->calls_milli[1]
					  : n->total[0];
}

static const struct sg_tuimodel_ops ops = {child, next, name, value};

static const struct sg_treediff_node *node(const struct sg_tuimodel *m, unsigned i)
{
	return m->v[i].node;
}

/* The interval in us, "+1.234..+5.678", "?" (too few invocations) or "-" (its count alone). */
static const char *ci(const struct sg_welch *w, char *buf, size_t size)
{
	char lo[SG_FMT_LEN], hi[SG_FMT_LEN];

	if (w->verdict == SG_WELCH_FEW)
		return "?";
	if (isnan(w->lo))
		return "-";
	snprintf(buf, size, "%s..%s", sg_fmt_delta_us(lo, llround(w->lo)),
		 sg_fmt_delta_us(hi, llround(w->hi)));
	return buf;
}

/* The text diff's mark: '*' changed, '!' against the average, '~' within the noise, '?' few. */
static const char *mark(const struct sg_treediff_node *n)
{
	if (n->sig.verdict == SG_WELCH_SIG)
		return n->sig_by & SG_TREEDIFF_AGAINST ? "!" : "*";
	return n->sig.verdict == SG_WELCH_NOT ? "~" : "?";
}

/*
 * As the text diff (diff -m tree --ascii): before_us after_us delta_us delta% [ci_us s] calls,
 * the interval and mark where the paths were tested.
 */
static void put_figures(const struct sg_tuimodel *m, unsigned i, char *buf, size_t size, int tested)
{
	const struct sg_treediff_node *n = node(m, i);
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], p[SG_FMT_LEN], cb[SG_FMT_LEN],
	    ca[SG_FMT_LEN], calls[2 * SG_FMT_LEN + 8], iv[2 * SG_FMT_LEN + 4], test[48] = "";

	snprintf(calls, sizeof(calls), "%s->%s", sg_fmt_milli(cb, n->calls_milli[0]),
		 sg_fmt_milli(ca, n->calls_milli[1]));
	if (tested)
		snprintf(test, sizeof(test), " %23s %s", ci(&n->sig, iv, sizeof(iv)), mark(n));
	snprintf(buf, size, "%12s %12s %12s %9s%s %13s  ", sg_fmt_us(a, n->total[0]),
		 sg_fmt_us(b, n->total[1]), sg_fmt_delta_us(c, n->delta),
		 sg_difffmt_pct(p, n->delta, n->total[0], n->state), test, calls);
}

static void figures(const struct sg_tuimodel *m, unsigned i, char *buf, size_t size)
{
	put_figures(m, i, buf, size, 0);
}

static void figures_tested(const struct sg_tuimodel *m, unsigned i, char *buf, size_t size)
{
	put_figures(m, i, buf, size, 1);
}

static void suffix(const void *p, char *buf, size_t size)
{
	const struct sg_treediff_node *n = p;

	snprintf(buf, size, "%s",
		 n->state == SG_TREEDIFF_NEW	? "  [new]"
		 : n->state == SG_TREEDIFF_GONE ? "  [gone]"
						: "");
}

/*
 * By significance, as the text diff: red slower, green faster (the differential flame graph's
 * red and blue), dim within the noise, plain when untested (too few invocations).
 */
static int colour(const struct sg_tuimodel *m, unsigned i)
{
	const struct sg_treediff_node *n = node(m, i);

	if (n->sig.verdict == SG_WELCH_NOT)
		return A_DIM;
	if (n->sig.verdict != SG_WELCH_SIG)
		return A_NORMAL;
	return n->delta > 0   ? sg_tuidraw_attr(SG_TUI_HOT)
	       : n->delta < 0 ? sg_tuidraw_attr(SG_TUI_WARM)
			      : (int) A_NORMAL;
}

static int detail(const struct sg_tuimodel *m, unsigned i, char (*l)[SG_TUI_DETAIL_LEN])
{
	const struct sg_treediff_node *n = node(m, i);
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], p[SG_FMT_LEN];
	int k = 0;

	snprintf(l[k++], SG_TUI_DETAIL_LEN, "%s",
		 n->state == SG_TREEDIFF_NEW	? "only in AFTER"
		 : n->state == SG_TREEDIFF_GONE ? "only in BEFORE"
						: "in both runs");
	snprintf(l[k++], SG_TUI_DETAIL_LEN, "total     %s -> %s  (%s us, %s)",
		 sg_fmt_human(a, n->total[0]), sg_fmt_human(b, n->total[1]),
		 sg_fmt_delta_us(c, n->delta), sg_difffmt_pct(p, n->delta, n->total[0], n->state));
	snprintf(l[k++], SG_TUI_DETAIL_LEN, "self      %s -> %s  (%s us, %s)",
		 sg_fmt_human(a, n->self[0]), sg_fmt_human(b, n->self[1]),
		 sg_fmt_delta_us(c, n->self_delta),
		 sg_difffmt_pct(p, n->self_delta, n->self[0], n->state));
	snprintf(l[k++], SG_TUI_DETAIL_LEN, "calls     %s -> %s",
		 sg_fmt_milli(a, n->calls_milli[0]), sg_fmt_milli(b, n->calls_milli[1]));
	snprintf(l[k++], SG_TUI_DETAIL_LEN,
		 "of        %" PRIu64 " -> %" PRIu64 " invocations of the root", n->inv[0],
		 n->inv[1]);
	if (n->sig.verdict != SG_WELCH_FEW) {
		char iv[2 * SG_FMT_LEN + 4];

		snprintf(l[k++], SG_TUI_DETAIL_LEN, "change    %s p=%.2g, interval %s us (%s)",
			 mark(n), n->sig.p, ci(&n->sig, iv, sizeof(iv)),
			 n->sig.verdict == SG_WELCH_SIG ? "significant" : "within the noise");
	}
	return k;
}

static const struct sg_tuitree_kind plain_kind = {
    .ops = &ops,
    .header = "   before_us     after_us     delta_us    delta%         calls  function",
    .figures = figures,
    .suffix = suffix,
    .colour = colour,
    .spans = {{26, 12}, {39, 9}}, /* delta_us and delta% */
    .detail = detail,
};

/* The text diff's columns with the interval and mark, when the paths were tested. */
static const struct sg_tuitree_kind tested_kind = {
    .ops = &ops,
    .header = "   before_us     after_us     delta_us    delta%                   ci_us s         "
	      "calls  function",
    .figures = figures_tested,
    .suffix = suffix,
    .colour = colour,
    .spans = {{26, 12}, {39, 9}}, /* delta_us and delta% */
    .detail = detail,
};

const struct sg_tuitree_kind *sg_tuidiff_kind_of(const struct sg_treediff *d)
{
	/* as the text: every path untested (fewer than 10 invocations) leaves the columns out */
	return d->level && d->nsig + d->nnot > 0 ? &tested_kind : &plain_kind;
}

void sg_tuidiff_title(const struct sg_treediff *d, char *buf, size_t size)
{
	char lb[200], la[200], root[200], a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN],
	    e[SG_FMT_LEN];
	size_t k;

	sg_escape_name_buf(lb, sizeof(lb), d->label[0]);
	sg_escape_name_buf(la, sizeof(la), d->label[1]);
	k = (size_t) snprintf(buf, size, "%s -> %s (%s)", lb, la,
			      d->totals ? "totals" : "per invocation");
	for (int i = 0; i < d->nroots && k + 1 < size; i++) {
		const struct sg_treediff_root *r = &d->roots[i];

		sg_escape_name_buf(root, sizeof(root), r->name[1] ? r->name[1] : r->name[0]);
		k += (size_t) snprintf(
		    buf + k, size - k, "  %s: avg %s -> %s  p99 %s -> %s", root,
		    sg_fmt_human(a, r->sum[0].avg), sg_fmt_human(b, r->sum[1].avg),
		    sg_fmt_human(c, r->sum[0].p99), sg_fmt_human(e, r->sum[1].p99));
	}
}
