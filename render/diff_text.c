/* diff_text.c - a comparison as text (diff -m tree): distributions, largest changes, the tree. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "difffmt.h"
#include "diffgate.h"
#include "mergetail.h"
#include "diff_text.h"
#include "runtest.h"
#include "fmt.h"
#include "log.h"
#include "render_text.h"

/* Deeper than this, the drawing gives way to "[depth N]" so lines stay short (as render_text). */

static const char *fmt_delta_human(char buf[SG_FMT_LEN], int64_t d)
{
	char h[SG_FMT_LEN];
	uint64_t m = d < 0 ? (uint64_t) 0 - (uint64_t) d : (uint64_t) d;

	snprintf(buf, SG_FMT_LEN, "%s%s", d > 0 ? "+" : d < 0 ? "-" : "", sg_fmt_human(h, m));
	return buf;
}

/* The change's confidence interval in us, "+1.234..+5.678", or "?" (too few), "-" (none). */
static const char *fmt_ci(char buf[2 * SG_FMT_LEN + 4], const struct sg_treediff *d,
			  const struct sg_welch *w)
{
	char lo[SG_FMT_LEN], hi[SG_FMT_LEN];

	if (!d->level)
		return "-";
	if (w->verdict == SG_WELCH_FEW)
		return "?";
	if (isnan(w->lo))
		return "-"; /* too few invocations with the path: its count alone was tested */
	snprintf(buf, 2 * SG_FMT_LEN + 4, "%s..%s", sg_fmt_delta_us(lo, llround(w->lo)),
		 sg_fmt_delta_us(hi, llround(w->hi)));
	return buf;
}

/*
 * "*" significant, "!" significant with the typical time against the average, "~" within the
 * noise, "?" too few invocations, "-" not tested.
 */
static const char *mark(const struct sg_treediff *d, const struct sg_welch *w, unsigned by)
{
	if (!d->level)
		return "-";
	if (w->verdict == SG_WELCH_SIG)
		return by & SG_TREEDIFF_AGAINST ? "!" : "*";
	return w->verdict == SG_WELCH_NOT ? "~" : "?";
}

/* The colour of a change: red slower, blue faster, grey within the noise; none untested. */
static const char *color_of(const struct sg_treediff *d, const struct sg_welch *w, int64_t delta,
			    const struct sg_diff_text_style *st)
{
	if (!st->color || !d->level || w->verdict == SG_WELCH_FEW)
		return NULL;
	if (w->verdict == SG_WELCH_NOT)
		return "\033[90m";
	return delta > 0 ? "\033[31m" : "\033[34m";
}

/*
 * The interval and mark columns: when something was tested (every path untested, as with
 * fewer than 10 invocations of the root, would fill them with '?': the header says so once).
 */
static int columns(const struct sg_treediff *d)
{
	return d->level && d->nsig + d->nnot > 0;
}

#define CI_WIDTH 23 /* "-1234.567..+1234.567" and room */

static void put_summary(FILE *out, const struct sg_treediff *d, const struct sg_treediff_root *r)
{
	static const char *const rows[] = { "avg", "p50", "p99", "max" };
	static const enum sg_diffgate_metric metric[] = {SG_DIFFGATE_AVG, SG_DIFFGATE_P50,
							 SG_DIFFGATE_P99, SG_DIFFGATE_MAX};
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], p[SG_FMT_LEN], ci[2 * SG_FMT_LEN + 4];
	const char *name = r->name[1] ? r->name[1] : r->name[0];

	if (r->name[0] && r->name[1] && strcmp(r->name[0], r->name[1])) {
		sg_escape_put_name(out, r->name[1]);
		fputs(" (BEFORE: ", out);
		sg_escape_put_name(out, r->name[0]);
		fputc(')', out);
	} else {
		sg_escape_put_name(out, name);
	}
	fprintf(out, "%s\n",
		!r->name[0] ? " (only in AFTER)" : !r->name[1] ? " (only in BEFORE)" : "");
	fprintf(out, "  %-12s %14s %14s %14s %9s\n", "latency", "before", "after", "delta",
		"delta%");
	snprintf(c, sizeof(c), "%+" PRId64, (int64_t) (r->sum[1].count - r->sum[0].count));
	fprintf(out, "  %-12s %14" PRIu64 " %14" PRIu64 " %14s\n", "invocations", r->sum[0].count,
		r->sum[1].count, r->sum[1].count == r->sum[0].count ? "0" : c);
	for (int i = 0; i < 4; i++) {
		uint64_t vb = sg_diffgate_metric_value(&r->sum[0], metric[i]);
		uint64_t va = sg_diffgate_metric_value(&r->sum[1], metric[i]);
		int64_t dv = (int64_t) (va - vb);
		enum sg_treediff_state st = !r->name[0]	  ? SG_TREEDIFF_NEW
					    : !r->name[1] ? SG_TREEDIFF_GONE
							  : SG_TREEDIFF_BOTH;

		/* a band of buckets (diff --slow's typical side) knows its count and average only
		 */
		int unknown = i > 0 && (r->sum[0].avg && !vb ? 1 : r->sum[1].avg && !va ? 2 : 0);

		fprintf(out, "  %-12s %14s %14s %14s %9s", rows[i],
			unknown == 1 ? "n/a" : sg_fmt_human(a, vb),
			unknown == 2 ? "n/a" : sg_fmt_human(b, va),
			unknown ? "n/a" : fmt_delta_human(c, dv),
			unknown ? "n/a" : sg_difffmt_pct(p, dv, vb, st));
		/* a merge of runs without quantile sketches estimated it: its delta is too */
		unsigned bit = i == 1 ? SG_MT_P50 : i == 2 ? SG_MT_P99 : 0;
		int ab = (r->sum[0].approx & bit ? 1 : 0) | (r->sum[1].approx & bit ? 2 : 0);

		if (ab)
			fprintf(out, "  approximate (%s: a merge without quantile sketches)",
				ab == 3	  ? "both"
				: ab == 1 ? "BEFORE"
					  : "AFTER");
		/* the histograms' rank test is about the middle of the distribution: p50's row */
		if (i == 1 && r->rank != SG_WELCH_FEW)
			fprintf(out, "  p=%.2g %s (rank test of the histograms)", r->rank_p,
				r->rank == SG_WELCH_SIG ? "*" : "~");
		/* the tail's tests: p99's and max's rows (docs/diff.md) */
		const struct sg_treediff_tail *tl = i == 2 ? &r->p99 : &r->max;

		if (i >= 2 && d->rank_level && tl->verdict != SG_WELCH_FEW) {
			fprintf(out, "  p=%.2g %s (", tl->p,
				tl->verdict == SG_WELCH_SIG ? "*" : "~");
			if (i == 2)
				fprintf(out, "%" PRIu64 " -> %" PRIu64 " calls of %s or more",
					tl->k[0], tl->k[1], sg_fmt_human(c, tl->at));
			else
				fprintf(out, "%" PRIu64 " calls past the other run's max",
					tl->k[0] + tl->k[1]);
			fputc(')', out);
		}
		/* the test is of the mean: avg's row carries it */
		if (i == 0 && d->level && r->node) {
			const struct sg_welch *w = &r->node->sig;

			if (w->verdict == SG_WELCH_FEW)
				fprintf(out, "  ? (fewer than %d invocations)", SG_WELCH_MIN_INV);
			else
				fprintf(out, "  %s us  p=%.2g %s", fmt_ci(ci, d, w), w->p,
					mark(d, w, r->node->sig_by));
		}
		fputc('\n', out);
	}
}

/* name1;name2;... of n, written without building a string. */
static int put_path(FILE *out, const struct sg_treediff_node *n)
{
	const struct sg_treediff_node **chain = NULL;
	size_t k = 0, cap = 0;

	for (const struct sg_treediff_node *p = n; p->parent; p = p->parent) {
		if (k == cap) {
			size_t ncap = cap ? cap * 2 : 32;
			const struct sg_treediff_node **c = realloc(chain, ncap * sizeof(*c));

			if (!c) {
				free(chain);
				sg_log_error("out of memory");
				return -1;
			}
			chain = c;
			cap = ncap;
		}
		chain[k++] = p;
	}
	while (k--) {
		sg_escape_put_name(out, chain[k]->name);
		fputs(k ? ";" : "", out);
	}
	free(chain);
	return 0;
}

static int put_changes(FILE *out, const struct sg_treediff *d,
		       const struct sg_diff_text_style *style)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], p[SG_FMT_LEN];

	int untested = 0;

	for (int i = 0; i < d->nchanges; i++)
		untested |= d->changes[i]->self_sig.verdict == SG_WELCH_FEW;
	const char *real = d->level && !d->all && !untested ? " significant" : "";

	if (!d->nchanges) {
		fprintf(out, "largest%s changes in self time: none%s%s\n", real,
			d->threshold_bp ? " above the threshold" : "",
			*real ? " (--all: those within the noise too)" : "");
		return 0;
	}
	/* untested for the reason the header gives (--total: sums), or for too few invocations */
	fprintf(out, "%d largest%s changes in self time%s%s%s%s:\n", d->nchanges, real,
		d->totals ? " (totals)" : " per invocation",
		!untested || d->all ? ""
		: d->level	    ? " (too few invocations to test them)"
				    : " (not tested: ",
		untested && !d->all && !d->level ? d->why : "",
		untested && !d->all && !d->level ? ")" : "");
	fprintf(out, "%12s %12s %12s %9s%s  %s\n", "before_us", "after_us", "delta_us", "delta%",
		columns(d) ? "                   ci_us s" : "", "path");
	for (int i = 0; i < d->nchanges; i++) {
		const struct sg_treediff_node *n = d->changes[i];

		char ci[2 * SG_FMT_LEN + 4];
		const char *cs = fmt_ci(ci, d, &n->self_sig);

		const char *col = color_of(d, &n->self_sig, n->self_delta, style);

		if (col)
			fputs(col, out);
		fprintf(out, "%12s %12s %12s %9s", sg_fmt_us(a, n->self[0]),
			sg_fmt_us(b, n->self[1]), sg_fmt_delta_us(c, n->self_delta),
			sg_difffmt_pct(p, n->self_delta, n->self[0], n->state));
		if (columns(d))
			fprintf(out, " %*s %s", CI_WIDTH, cs, mark(d, &n->self_sig, n->self_sig_by));
		fputs("  ", out);
		if (put_path(out, n) < 0)
			return -1;
		fputs(col ? "\033[m\n" : "\n", out);
	}
	return 0;
}

static uint64_t larger(const struct sg_treediff_node *n)
{
	return n->total[0] > n->total[1] ? n->total[0] : n->total[1];
}

/*
 * Drawn: shown by the thresholds, within --depth, and at least --min-percent of its root. The
 * walks pass n's depth below its root (the root is 0) and that root, which they know: finding
 * them from n would cost its depth for every node (a 100,000-deep chain, 5e9 steps).
 */
static int visible(const struct sg_treediff_node *n, int depth, const struct sg_treediff_node *root,
		   const struct sg_diff_text_style *st)
{
	if (!n->shown || (st->depth && depth >= st->depth))
		return 0;
	return (unsigned __int128) larger(n) * 10000 >= (unsigned __int128) larger(root) * st->min_bp;
}

/* n or the first sibling after it that is drawn (siblings share depth and root) */
static const struct sg_treediff_node *shown_from(const struct sg_treediff_node *n, int depth,
						 const struct sg_treediff_node *root,
						 const struct sg_diff_text_style *st)
{
	while (n && !visible(n, depth, root ? root : n, st))
		n = n->next;
	return n;
}

/* The nodes not drawn, every root's subtree walked in pre-order with its depth. */
static uint64_t count_hidden(const struct sg_treediff *d, const struct sg_diff_text_style *st)
{
	uint64_t hidden = 0;

	for (const struct sg_treediff_node *root = d->top->child; root; root = root->next) {
		const struct sg_treediff_node *n = root;
		int depth = 0;

		for (;;) {
			hidden += !visible(n, depth, root, st);
			if (n->child) {
				n = n->child;
				depth++;
				continue;
			}
			while (n != root && !n->next) {
				n = n->parent;
				depth--;
			}
			if (n == root)
				break;
			n = n->next;
		}
	}
	return hidden;
}

static void put_node(FILE *out, const struct sg_treediff *d, const struct sg_treediff_node *n,
		     const unsigned char *last, int depth, const struct sg_diff_text_style *st)
{
	char ci[2 * SG_FMT_LEN + 4];
	const char *cs = fmt_ci(ci, d, &n->sig);

	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], p[SG_FMT_LEN], cb[SG_FMT_LEN],
		ca[SG_FMT_LEN], calls[2 * SG_FMT_LEN + 8];

	const char *col = color_of(d, &n->sig, n->delta, st);

	snprintf(calls, sizeof(calls), "%s%s%s", sg_fmt_milli(cb, n->calls_milli[0]),
		 st->unicode ? "\u2192" : "->", sg_fmt_milli(ca, n->calls_milli[1]));
	if (col)
		fputs(col, out);
	fprintf(out, "%12s %12s %12s %9s", sg_fmt_us(a, n->total[0]), sg_fmt_us(b, n->total[1]),
		sg_fmt_delta_us(c, n->delta), sg_difffmt_pct(p, n->delta, n->total[0], n->state));
	if (columns(d))
		fprintf(out, " %*s %s", CI_WIDTH, cs, mark(d, &n->sig, n->sig_by));
	fprintf(out, " %*s  ",
		/* the arrow is 3 bytes but one column wide */
		st->unicode ? 15 : 13, calls);
	sg_text_put_prefix(out, last, depth, st->unicode);
	sg_escape_put_name(out, n->name);
	if (n->name_before) {
		fputs("  [BEFORE: ", out);
		sg_escape_put_name(out, n->name_before);
		fputc(']', out);
	}
	if (n->state == SG_TREEDIFF_NEW)
		fputs("  [new]", out);
	else if (n->state == SG_TREEDIFF_GONE)
		fputs("  [gone]", out);
	if (col)
		fputs("\033[m", out);
	fputc('\n', out);
}

static int put_tree(FILE *out, const struct sg_treediff *d, const struct sg_diff_text_style *st)
{
	unsigned char *last = NULL;
	size_t cap = 0;
	uint64_t hidden = 0;

	fprintf(out, "%12s %12s %12s %9s%s %13s  %s\n", "before_us", "after_us", "delta_us",
		"delta%", columns(d) ? "                   ci_us s" : "", "calls", "function");
	hidden = count_hidden(d, st);
	/* a root is its own root (NULL); below it, root is the one being drawn */
	for (const struct sg_treediff_node *root = shown_from(d->top->child, 0, NULL, st); root;
	     root = shown_from(root->next, 0, NULL, st)) {
		const struct sg_treediff_node *n = root, *next = NULL;
		int depth = 0;

		for (;;) {
			/* the next drawn sibling, found once: it says whether n is last, then is n's
			 * successor (a scan per node would be quadratic in hidden siblings) */
			next = n == root ? shown_from(n->next, 0, NULL, st) :
					   shown_from(n->next, depth, root, st);
			if (sg_text_set_last(&last, &cap, depth, !next) < 0)
				return -1;
			put_node(out, d, n, last, depth, st);
			const struct sg_treediff_node *c = shown_from(n->child, depth + 1, root, st);

			if (c) {
				n = c;
				depth++;
				continue;
			}
			while (n != root && !(next = shown_from(n->next, depth, root, st))) {
				n = n->parent;
				depth--;
			}
			if (n == root)
				break;
			n = next;
		}
	}
	free(last);
	if (hidden) {
		char t[SG_FMT_LEN], m[SG_FMT_LEN], mp[SG_FMT_LEN];
		uint32_t bp = d->threshold_bp;

		snprintf(t, sizeof(t), "%" PRIu32 ".%02" PRIu32, bp / 100, bp % 100);
		snprintf(mp, sizeof(mp), "%" PRIu32 ".%02" PRIu32, st->min_bp / 100,
			 st->min_bp % 100);
		fprintf(out, "(%" PRIu64 " path%s hidden:", hidden, hidden == 1 ? "" : "s");
		if (bp)
			fprintf(out, " --threshold %s%%", t);
		if (d->min_delta)
			fprintf(out, " --min-delta %s", sg_fmt_human(m, d->min_delta));
		if (bp || d->min_delta)
			fputs(" (smaller changes, and those below a new or gone path)", out);
		if (st->min_bp)
			fprintf(out, " --min-percent %s%% (of the root's time)", mp);
		if (st->depth)
			fprintf(out, " --depth %d", st->depth);
		fputs(")\n", out);
	}
	return 0;
}

/* How many renames the header names; the paths of others are counted. */
#define MATCHED_LISTED 4

/* One rename the header names: its two names, on how many paths, the least alike of them. */
struct listed {
	const char *before, *after;
	uint64_t paths;
	double similarity;
};

/*
 * The paths matched under another name: those by name counted, the renames found by their
 * subtrees named, each once ("matched: do_filp_open -> do_file_open (70% alike), 1 rename by
 * subtree"). Names are interned in one table: one rename's paths share both pointers.
 */
static void put_names(FILE *out, const struct sg_treediff *d, const struct sg_diff_text_style *st)
{
	uint64_t byname = d->nmatched - d->nsubtree, others = 0;
	struct listed l[MATCHED_LISTED];
	int nl = 0;

	if (byname)
		fprintf(out,
			"names: %" PRIu64 " path%s matched under another name in BEFORE (%s)\n",
			byname, byname == 1 ? "" : "s",
			d->exact_names ? "--rename; --exact-names: no other"
				       : "compiler clones, _noprof, --rename; --exact-names: none");
	if (!d->nsubtree && !d->subtree_stopped)
		return;
	for (const struct sg_treediff_node *n = d->top->child; n; n = sg_treediff_next(n, d->top)) {
		int i = 0;

		if (n->how != SG_TREEDIFF_SUBTREE)
			continue;
		while (i < nl && (l[i].before != n->name_before || l[i].after != n->name))
			i++;
		if (i == nl && nl == MATCHED_LISTED) {
			others++;
			continue;
		}
		if (i == nl)
			l[nl++] = (struct listed){n->name_before, n->name, 0, n->similarity};
		l[i].paths++;
		if (n->similarity < l[i].similarity)
			l[i].similarity = n->similarity;
	}
	fputs("matched: ", out);
	for (int i = 0; i < nl; i++) {
		sg_escape_put_name(out, l[i].before);
		fputs(st->unicode ? " \u2192 " : " -> ", out);
		sg_escape_put_name(out, l[i].after);
		if (l[i].paths > 1)
			fprintf(out, " (%" PRIu64 " paths, %.0f%% alike or more), ", l[i].paths,
				floor(l[i].similarity * 100));
		else
			fprintf(out, " (%.0f%% alike), ", floor(l[i].similarity * 100));
	}
	if (others)
		fprintf(out, "%" PRIu64 " more path%s, ", others, others == 1 ? "" : "s");
	fprintf(out, "%" PRIu64 " rename%s by subtree (docs/diff.md; --exact-names: none)",
		d->nsubtree, d->nsubtree == 1 ? "" : "s");
	if (d->subtree_stopped)
		fprintf(out, "; stopped after %" PRIu64 " nodes walked, the rest by name only",
			d->subtree_walked);
	fputc('\n', out);
}

int sg_diff_text_render(FILE *out, const struct sg_treediff *d,
			const struct sg_diff_text_style *style)
{
	/* file names, and each .tree's kernel= as its file says: escaped as names are */
	for (int k = 0; k < 2; k++) {
		fputs(k ? "\nAFTER  " : "BEFORE ", out);
		sg_escape_put_name(out, d->label[k]);
		if (d->kernel[k]) {
			fputs(" (kernel ", out);
			sg_escape_put_name(out, d->kernel[k]);
			fputc(')', out);
		}
	}
	fprintf(out, "\ntimes are %s\n\n",
		d->totals ? "totals over all invocations"
			  : "averages per invocation of the root (--total: totals)");
	put_names(out, d, style);
	if (d->level && d->by_runs) {
		fprintf(out,
			"significance: across runs, %" PRIu64 " and %" PRIu64
			" a side: Welch's t-test on each path's time on a log scale, a side's runs "
			"the samples where they differ more than their invocations (F test at %g%%: "
			"%" PRIu64 " paths), its invocations pooled elsewhere, %g%% confidence "
			"intervals (ci_us; docs/diff.md);\n",
			d->runs[0], d->runs[1], SG_RUNTEST_POOL_LEVEL * 100, d->nbyruns,
			d->level * 100);
	} else if (d->level) {
		fprintf(out,
			"significance: Welch's t-test on each path's time per invocation on a log "
			"scale, %g%% confidence intervals (ci_us; docs/diff.md);\n",
			d->level * 100);
		fprintf(out,
			"  runs: %" PRIu64 " and %" PRIu64 ": each invocation a sample, which assumes "
			"both sides were taken alike (%s)\n",
			d->runs[0], d->runs[1],
			d->runs[0] == 1 && d->runs[1] == 1
			    ? "merge 2 or more runs a side to test across them"
			: (d->runs[0] > 1 && !d->rs[0]) || (d->runs[1] > 1 && !d->rs[1])
			    ? "a merge without each run's sums apart: merge its runs again, 2 to 64, "
			      "to test across them"
			    : "both sides need 2 or more runs to test across them");
	}
	if (d->level) {
		fprintf(out,
			"  s: * changed (%" PRIu64 " paths), ~ within the noise (%" PRIu64
			"), ? fewer than %d invocations in a run (%" PRIu64 ")\n",
			d->nsig, d->nnot, SG_WELCH_MIN_INV, d->nfew);
		if (d->nagainst)
			fprintf(out,
				"  ! changed, but the typical time moved the other way than the "
				"average (%" PRIu64 " of the changed paths): a few long calls make "
				"the average; ci_us is the typical time's\n",
				d->nagainst);
		fputc('\n', out);
	} else {
		fprintf(out, "significance: not tested: %s\n\n", d->why);
	}
	for (int i = 0; i < d->nroots; i++) {
		put_summary(out, d, &d->roots[i]);
		fputc('\n', out);
	}
	if (put_changes(out, d, style) < 0)
		return -1;
	fputc('\n', out);
	if (put_tree(out, d, style) < 0)
		return -1;
	return ferror(out) ? -1 : 0;
}
