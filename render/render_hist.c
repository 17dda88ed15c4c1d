/* render_hist.c - the latency distribution (-m hist) and its one-line form for -m tree's header. */
#include <inttypes.h>
#include <string.h>
#include "mergetail.h"
#include "fmt.h"
#include "log.h"
#include "render_hist.h"

#define BAR_WIDTH 40

/*
 * A bucket bound in the unit it reaches, as the TUI's and the tree header's (128 us, 16.384 ms,
 * 4.194 s); the last bucket has no upper bound.
 */
static void put_bound(FILE *out, uint64_t ns, int width)
{
	char a[SG_FMT_LEN];

	fprintf(out, "%*s", width, ns == UINT64_MAX ? "inf" : sg_fmt_tick(a, ns));
}

/* The first and last non-empty buckets; -1 when all are empty. */
static int hist_span(const struct sg_summary *s, unsigned *first, unsigned *last)
{
	int any = 0;

	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++) {
		if (!s->hist[b])
			continue;
		if (!any++)
			*first = b;
		*last = b;
	}
	return any ? 0 : -1;
}

static void put_bar(FILE *out, uint64_t n, uint64_t most, int unicode)
{
	/* a bucket that holds any call shows at least one mark: the count column is exact */
	unsigned len = (unsigned) ((n * BAR_WIDTH) / most);

	if (n && !len)
		len = 1;
	for (unsigned i = 0; i < BAR_WIDTH; i++)
		fputs(i < len ? (unicode ? "\u2588" : "#") : " ", out);
}

static int render_root(FILE *out, const struct sg_rootstat *r, int unicode)
{
	const struct sg_summary *s = &r->sum;
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN], e[SG_FMT_LEN];
	unsigned first = 0, last = 0;
	uint64_t most = 0, seen = 0;

	sg_escape_put_name(out, r->root);
	fprintf(out, ": %" PRIu64 " complete invocation%s, %" PRIu64 " incomplete\n", s->count,
		sg_plural(s->count), r->incomplete);
	if (hist_span(s, &first, &last) < 0) {
		fputc('\n', out);
		return 0;
	}
	fprintf(out, "  p50 %s%s  p90 %s%s  p99 %s%s  p99.9 %s%s  max %s\n\n",
		sg_fmt_human(a, s->p50), sg_mergetail_mark(s, SG_MT_P50), sg_fmt_human(b, s->p90),
		sg_mergetail_mark(s, SG_MT_P90), sg_fmt_human(c, s->p99),
		sg_mergetail_mark(s, SG_MT_P99), sg_fmt_human(d, s->p999),
		sg_mergetail_mark(s, SG_MT_P999), sg_fmt_human(e, s->max));
	for (unsigned i = first; i <= last; i++)
		if (s->hist[i] > most)
			most = s->hist[i];
	fprintf(out, "%23s %12s  %-*s %6s\n", "range", "count", BAR_WIDTH + 2, "distribution",
		"cum %");
	for (unsigned i = first; i <= last; i++) {
		seen += s->hist[i];
		put_bound(out, sg_hist_lo(i), 10);
		fputs(" - ", out);
		put_bound(out, sg_hist_hi(i), 10);
		fprintf(out, " %12" PRIu64 "  |", s->hist[i]);
		put_bar(out, s->hist[i], most, unicode);
		fprintf(out, "| %6s\n", sg_fmt_pct(a, seen, s->count));
	}
	fputc('\n', out);
	return 0;
}

int sg_render_hist(FILE *out, const struct sg_aggregate *agg, int unicode)
{
	if (!agg->has_time && agg->complete) {
		sg_log_error("-m hist: the trace has no durations (nofuncgraph-duration): no "
			     "distribution to show");
		return -1;
	}
	for (int i = 0; i < agg->nroots; i++) {
		if (agg->roots[i].sum.count && !agg->roots[i].sum.has_hist) {
			/* surfgraph merge writes version 3 without one when a run had none */
			const char *merged = sg_aggregate_meta(agg, "histogram");

			if (merged && strcmp(merged, "none") == 0)
				sg_log_error("-m hist: this .tree was merged from runs not all of "
					     "which had a histogram (histogram=none): merge .tree "
					     "files of version 3, or read the traces again");
			else
				sg_log_error("-m hist: this .tree file has no histogram (written "
					     "before version 3); read the trace again");
			return -1;
		}
	}
	for (int i = 0; i < agg->nroots; i++)
		if (render_root(out, &agg->roots[i], unicode) < 0)
			return -1;
	return ferror(out) ? -1 : 0;
}

void sg_render_hist_line(FILE *out, const struct sg_summary *s, int unicode)
{
	static const char *const ascii[] = {"_", ".", "-", "=", "#"};
	static const char *const blocks[] = {"\u2581", "\u2582", "\u2583", "\u2584",
					     "\u2585", "\u2586", "\u2587", "\u2588"};
	const char *const *marks = unicode ? blocks : ascii;
	unsigned nmarks = unicode ? 8 : 5, first = 0, last = 0;
	uint64_t most = 0;
	char a[SG_FMT_LEN], b[SG_FMT_LEN];

	if (!s->has_hist || hist_span(s, &first, &last) < 0)
		return;
	for (unsigned i = first; i <= last; i++)
		if (s->hist[i] > most)
			most = s->hist[i];
	/* the bounds in the unit each reaches (16 us, 4.096 ms, 4.194 s), as the SVG strip's */
	fprintf(out, "\n  hist %s [", sg_fmt_tick(a, sg_hist_lo(first)));
	/* the height is ceil(count / most * marks): an empty bucket is a blank, any other a mark */
	for (unsigned i = first; i <= last; i++)
		fputs(s->hist[i] ? marks[(s->hist[i] * nmarks + most - 1) / most - 1] : " ", out);
	if (sg_hist_hi(last) == UINT64_MAX)
		fputs("] inf", out);
	else
		fprintf(out, "] %s", sg_fmt_tick(a, sg_hist_hi(last)));
	fprintf(out, "  p90 %s  p99.9 %s", sg_fmt_human(a, s->p90), sg_fmt_human(b, s->p999));
}
