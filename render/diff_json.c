/* diff_json.c - a comparison as one JSON object (diff -m json): for CI jobs and scripts. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mergetail.h"
#include "diff_json.h"
#include "json.h"
#include "log.h"

/* A path's names from the root, joined by ';', as one JSON string. */
static int put_path(FILE *out, const struct sg_treediff_node *n)
{
	const struct sg_treediff_node *chain[512], **v = chain;
	size_t k = 0, cap = sizeof(chain) / sizeof(chain[0]);
	int ret = 0;

	for (const struct sg_treediff_node *p = n; p->parent; p = p->parent) {
		if (k == cap) {
			const struct sg_treediff_node **w =
			    malloc(2 * cap * sizeof(*w)); /* deeper than 512: rare, on the heap */

			if (!w) {
				if (v != chain)
					free(v);
				sg_log_error("out of memory");
				return -1;
			}
			for (size_t i = 0; i < k; i++)
				w[i] = v[i];
			if (v != chain)
				free(v);
			v = w;
			cap *= 2;
		}
		v[k++] = p;
	}
	/* the names go into one string: written as one, escaped by the one helper */
	size_t len = 0;

	for (size_t i = 0; i < k; i++)
		len += strlen(v[i]->name) + 1;
	char *s = malloc(len + 1);

	if (!s) {
		ret = -1;
		sg_log_error("out of memory");
	} else {
		char *p = s;

		while (k--) {
			size_t l = strlen(v[k]->name);

			memcpy(p, v[k]->name, l);
			p += l;
			if (k)
				*p++ = ';';
		}
		*p = '\0';
		ret = sg_json_string(out, s);
		free(s);
	}
	if (v != chain)
		free(v);
	return ret;
}

/* "delta_ns": D, "ci_low_ns": L, "ci_high_ns": H, "p": P, "significant": B (prefix before each) */
static void put_test(FILE *out, const struct sg_treediff *d, const char *prefix,
		     const struct sg_welch *w)
{
	if (d->level && w->verdict != SG_WELCH_FEW && isnan(w->lo)) {
		/* tested by its count alone: no interval of the time */
		fprintf(out,
			", \"%sci_low_ns\": null, \"%sci_high_ns\": null, \"%sp\": %.6g, "
			"\"%ssignificant\": %s",
			prefix, prefix, prefix, w->p, prefix,
			w->verdict == SG_WELCH_SIG ? "true" : "false");
		return;
	}
	if (!d->level || w->verdict == SG_WELCH_FEW) {
		fprintf(out,
			", \"%sci_low_ns\": null, \"%sci_high_ns\": null, \"%sp\": null, "
			"\"%ssignificant\": null",
			prefix, prefix, prefix, prefix);
		return;
	}
	fprintf(
	    out,
	    ", \"%sci_low_ns\": %lld, \"%sci_high_ns\": %lld, \"%sp\": %.6g, \"%ssignificant\": "
	    "%s",
	    prefix, llround(w->lo), prefix, llround(w->hi), prefix, w->p, prefix,
	    w->verdict == SG_WELCH_SIG ? "true" : "false");
}

static void put_summary(FILE *out, const struct sg_summary *s)
{
	fprintf(out,
		"{\"invocations\": %" PRIu64 ", \"avg_ns\": %" PRIu64 ", \"p50_ns\": %" PRIu64
		", \"p99_ns\": %" PRIu64 ", \"max_ns\": %" PRIu64 ", \"hist\": [",
		s->count, s->avg, s->p50, s->p99, s->max);
	for (unsigned b = 0, first = 1; s->has_hist && b < SG_HIST_BUCKETS; b++) {
		if (!s->hist[b])
			continue;
		fprintf(out, "%s[%" PRIu64 ", %" PRIu64 ", %" PRIu64 "]", first ? "" : ", ",
			sg_hist_lo(b), sg_hist_hi(b), s->hist[b]);
		first = 0;
	}
	fputs("]", out);
	/* a merge of runs without quantile sketches: the percentiles it estimated unbounded */
	if (s->approx) {
		static const char *const name[] = {"p50", "p90", "p99", "p999"};
		static const unsigned bit[] = {SG_MT_P50, SG_MT_P90, SG_MT_P99, SG_MT_P999};

		fputs(", \"approximate\": [", out);
		for (int p = 0, first = 1; p < 4; p++)
			if (s->approx & bit[p]) {
				fprintf(out, "%s\"%s\"", first ? "" : ", ", name[p]);
				first = 0;
			}
		fputc(']', out);
	}
	fputc('}', out);
}

/* A tail test: the calls of each run at or past at_ns, p and the verdict (null: untested). */
static void put_tail(FILE *out, const char *m, const struct sg_treediff_tail *t)
{
	if (t->verdict == SG_WELCH_FEW) {
		fprintf(out, ", \"%s_p\": null, \"%s_significant\": null", m, m);
		return;
	}
	fprintf(out,
		", \"%s_p\": %.6g, \"%s_significant\": %s, \"%s_at_ns\": %" PRIu64
		", \"%s_calls_past\": [%" PRIu64 ", %" PRIu64 "]",
		m, t->p, m, t->verdict == SG_WELCH_SIG ? "true" : "false", m, t->at, m, t->k[0],
		t->k[1]);
}

static const char *state_name(enum sg_treediff_state s)
{
	return s == SG_TREEDIFF_NEW ? "new" : s == SG_TREEDIFF_GONE ? "gone" : "both";
}

static const char *how_name(enum sg_treediff_how h)
{
	return h == SG_TREEDIFF_SUBTREE ? "subtree" : h == SG_TREEDIFF_RENAME ? "rename" : "clone";
}

int sg_diff_json_render(FILE *out, const struct sg_treediff *d)
{
	fputs("{\n  \"before\": ", out);
	sg_json_string(out, d->label[0]);
	fputs(",\n  \"after\": ", out);
	sg_json_string(out, d->label[1]);
	fprintf(out, ",\n  \"matched_names\": %" PRIu64, d->nmatched);
	fprintf(out, ",\n  \"times\": \"%s\",\n",
		d->totals ? "ns over all invocations" : "ns per invocation of the root");
	if (d->level) {
		fprintf(out, "  \"test\": \"%s\",\n  \"level\": %g,\n  \"why_untested\": null,\n",
			d->by_runs ? "welch-across-runs" : "welch", d->level);
	} else {
		fputs("  \"test\": null,\n  \"level\": null,\n  \"why_untested\": ", out);
		sg_json_string(out, d->why);
		fputs(",\n", out);
	}
	/*
	 * The test behind each metric's mark and --fail-above gate (docs/diff.md), and the runs
	 * each side is made of; paths_by_runs when tested across them (test welch-across-runs).
	 */
	if (d->level && d->by_runs)
		fputs("  \"tests\": {\"paths\": \"welch-log-runs+two-proportion\", \"avg\": "
		      "\"welch-log-runs+two-proportion\", ",
		      out);
	else if (d->level)
		fputs("  \"tests\": {\"paths\": \"welch-log+two-proportion\", \"avg\": "
		      "\"welch-log+two-proportion\", ",
		      out);
	else
		fputs("  \"tests\": {\"paths\": null, \"avg\": null, ", out);
	if (d->rank_level)
		fprintf(out,
			"\"p50\": \"mann-whitney-histogram\", \"p99\": "
			"\"fisher-exact-past-pooled-p99\", \"max\": \"exceedance-past-other-max\", "
			"\"level\": %g},\n",
			d->rank_level);
	else
		fputs("\"p50\": null, \"p99\": null, \"max\": null, \"level\": null},\n", out);
	fprintf(out, "  \"runs\": {\"before\": %" PRIu64 ", \"after\": %" PRIu64, d->runs[0],
		d->runs[1]);
	if (d->by_runs)
		fprintf(out, ", \"paths_by_runs\": %" PRIu64 "},\n", d->nbyruns);
	else
		fputs("},\n", out);
	fputs("  \"matches\": [", out);
	int nm = 0;

	for (const struct sg_treediff_node *n = d->top->child; n; n = sg_treediff_next(n, d->top)) {
		if (!n->name_before)
			continue;
		fputs(nm++ ? ",\n    {\"path\": " : "\n    {\"path\": ", out);
		if (put_path(out, n) < 0)
			return -1;
		fputs(", \"before_name\": ", out);
		sg_json_string(out, n->name_before);
		fputs(", \"after_name\": ", out);
		sg_json_string(out, n->name);
		/* how it was matched; similarity: the subtrees' (diffrename.h), null otherwise */
		fprintf(out, ", \"how\": \"%s\"", how_name(n->how));
		if (n->how == SG_TREEDIFF_SUBTREE)
			fprintf(out, ", \"similarity\": %.4f}", n->similarity);
		else
			fputs(", \"similarity\": null}", out);
	}
	fputs(nm ? "\n  ],\n" : "],\n", out);
	fputs("  \"roots\": [", out);
	for (int i = 0; i < d->nroots; i++) {
		const struct sg_treediff_root *r = &d->roots[i];

		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		sg_json_string(out, r->name[1] ? r->name[1] : r->name[0]);
		fputs(", \"before\": ", out);
		if (r->name[0])
			put_summary(out, &r->sum[0]);
		else
			fputs("null", out);
		fputs(", \"after\": ", out);
		if (r->name[1])
			put_summary(out, &r->sum[1]);
		else
			fputs("null", out);
		fprintf(out, ", \"avg_delta_ns\": %" PRId64,
			(int64_t) (r->sum[1].avg - r->sum[0].avg));
		put_test(out, d, "avg_", &r->node->sig);
		if (r->rank == SG_WELCH_FEW)
			fputs(", \"rank_p\": null, \"rank_significant\": null", out);
		else
			fprintf(out, ", \"rank_p\": %.6g, \"rank_significant\": %s", r->rank_p,
				r->rank == SG_WELCH_SIG ? "true" : "false");
		put_tail(out, "p99", &r->p99);
		put_tail(out, "max", &r->max);
		fputc('}', out);
	}
	fputs("\n  ],\n  \"paths\": [", out);
	int first = 1;

	for (const struct sg_treediff_node *n = d->top->child; n; n = sg_treediff_next(n, d->top)) {
		fputs(first ? "\n    {\"path\": " : ",\n    {\"path\": ", out);
		first = 0;
		if (put_path(out, n) < 0)
			return -1;
		if (n->name_before) {
			fputs(", \"before_name\": ", out);
			sg_json_string(out, n->name_before);
		}
		fprintf(out,
			", \"state\": \"%s\", \"before_ns\": %" PRIu64 ", \"after_ns\": %" PRIu64
			", \"delta_ns\": %" PRId64,
			state_name(n->state), n->total[0], n->total[1], n->delta);
		put_test(out, d, "", &n->sig);
		fprintf(out,
			", \"self_before_ns\": %" PRIu64 ", \"self_after_ns\": %" PRIu64
			", \"self_delta_ns\": %" PRId64,
			n->self[0], n->self[1], n->self_delta);
		put_test(out, d, "self_", &n->self_sig);
		fprintf(out,
			", \"calls_before_milli\": %" PRIu64 ", \"calls_after_milli\": %" PRIu64
			"}",
			n->calls_milli[0], n->calls_milli[1]);
	}
	fputs("\n  ],\n  \"largest_changes\": [", out);
	for (int i = 0; i < d->nchanges; i++) {
		fputs(i ? ",\n    " : "\n    ", out);
		if (put_path(out, d->changes[i]) < 0)
			return -1;
	}
	fputs(d->nchanges ? "\n  ]\n}\n" : "]\n}\n", out);
	return ferror(out) ? -1 : 0;
}
