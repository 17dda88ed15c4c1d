/* treestat.c - a `.tree`'s stat and hist lines: each root's statistics and histogram, read
 * strictly (version 3: p90, p99.9 and the histogram, whose counts must add up). */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "qsketch.h"
#include "stats.h"
#include "tree.h"
#include "treestat.h"

void sg_treestat_release(struct sg_treestat_reader *s)
{
	free(s->hist_sum);
	s->hist_sum = NULL;
}

int sg_treestat_read_stat(struct sg_treefield_at *at, struct sg_aggregate *agg, int version,
			  char **f, int nf)
{
	uint64_t v[8];
	static const char *const cols[] = {"invocations", "incomplete", "total_ns", "min_ns",
					   "avg_ns",	  "p50_ns",	"p99_ns",   "max_ns"};

	if (nf != (version >= 3 ? 12 : 10))
		return sg_treefield_fail(at, "%s",
					 version >= 3
					     ? "a stat line has 12 tab-separated fields (version 3)"
					     : "a stat line has 10 tab-separated fields");
	for (int i = 0; i < 8; i++)
		if (sg_treefield_number(at, f[2 + i], cols[i], &v[i]) < 0)
			return -1;
	const char *root = sg_treefield_intern(at, f[1], strlen(f[1]));

	if (!root || !*root)
		return sg_treefield_fail(at, "%s", "bad root name");
	int known = agg->nroots;
	struct sg_rootstat *rs = sg_aggregate_rootstat(agg, root);

	if (!rs)
		return sg_treefield_fail(at, "%s", "out of memory");
	if (agg->nroots == known)
		return sg_treefield_fail(at, "%s", "a second stat line for the same root");
	if (v[3] > v[7] || v[5] < v[3] || v[5] > v[6] || v[6] > v[7] || v[0] < (v[7] > 0))
		return sg_treefield_fail(at, "%s",
					 "statistics out of order (min <= p50 <= p99 <= max)");
	/* version 3: p90 and p99.9, both empty when the run came from an older file */
	if (version >= 3 && (*f[10] || *f[11])) {
		if (sg_treefield_number(at, f[10], "p90_ns", &rs->sum.p90) < 0 ||
		    sg_treefield_number(at, f[11], "p999_ns", &rs->sum.p999) < 0)
			return -1;
		if (rs->sum.p90 < v[5] || rs->sum.p90 > v[6] || rs->sum.p999 < v[6] ||
		    rs->sum.p999 > v[7])
			return sg_treefield_fail(
			    at, "%s",
			    "percentiles out of order (p50 <= p90 <= p99 <= p99.9 "
			    "<= max)");
		rs->sum.has_hist = 1;
	}
	rs->sum.count = v[0];
	rs->incomplete = v[1];
	rs->sum.total = v[2];
	rs->sum.min = v[3];
	rs->sum.avg = v[4];
	rs->sum.p50 = v[5];
	rs->sum.p99 = v[6];
	rs->sum.max = v[7];
	return 0;
}

/* The index in agg of a line's root (agg->nroots: none has it), or -1 with a message. */
static int line_root(struct sg_treefield_at *at, const struct sg_aggregate *agg,
		     const char *name)
{
	const char *root = sg_treefield_intern(at, name, strlen(name));
	int i;

	if (!root)
		return sg_treefield_fail(at, "%s", "bad root name");
	for (i = 0; i < agg->nroots && agg->roots[i].root != root; i++)
		;
	return i;
}

/* Version 3's "hist ROOT LO HI COUNT": one bucket of a root's histogram, in bucket order. */
int sg_treestat_read_hist(struct sg_treestat_reader *s, struct sg_treefield_at *at,
			  struct sg_aggregate *agg, int version, char **f, int nf)
{
	uint64_t lo, hi, n;
	int i;

	if (version < 3)
		return sg_treefield_fail(at, "%s", "hist line before version 3");
	if (nf != 5)
		return sg_treefield_fail(at, "%s", "a hist line has 5 tab-separated fields");
	i = line_root(at, agg, f[1]);
	if (i < 0)
		return -1;
	if (i == agg->nroots || !agg->roots[i].sum.has_hist)
		return sg_treefield_fail(
		    at, "%s", "hist line of a root without a version 3 stat line before it");
	if (sg_treefield_number(at, f[2], "lo_ns", &lo) < 0 ||
	    sg_treefield_number(at, f[3], "hi_ns", &hi) < 0 ||
	    sg_treefield_number(at, f[4], "invocations", &n) < 0)
		return -1;
	unsigned b = sg_hist_bucket(lo);

	if (lo != sg_hist_lo(b) || hi != sg_hist_hi(b) || !n)
		return sg_treefield_fail(at, "%s",
					 "not a histogram bucket (lo_ns, hi_ns) or an empty one");
	if (i < s->hist_root || (i == s->hist_root && b < s->hist_next))
		return sg_treefield_fail(at, "%s", "hist lines out of order");
	if (!s->hist_sum && !(s->hist_sum = calloc(256, sizeof(*s->hist_sum))))
		return sg_treefield_fail(at, "%s", "out of memory");
	if (i >= 256)
		return sg_treefield_fail(at, "%s", "more than 256 roots with a histogram");
	s->hist_root = i;
	s->hist_next = b + 1;
	agg->roots[i].sum.hist[b] = n;
	s->hist_sum[i] = sg_add_sat(s->hist_sum[i], n);
	return 0;
}

/* Whether the run's sketches are written: every root with a histogram has one, of its count. */
static int has_sketches(const struct sg_aggregate *agg)
{
	int any = 0;

	for (int i = 0; agg->has_time && i < agg->nroots; i++) {
		const struct sg_rootstat *r = &agg->roots[i];

		if (!r->sum.count)
			continue;
		if (!r->sum.has_hist || !r->qs || sg_qsketch_count(r->qs) != r->sum.count)
			return 0;
		any = 1;
	}
	return any;
}

void sg_treestat_write_qsketch(FILE *out, const struct sg_aggregate *agg)
{
	if (!has_sketches(agg))
		return;
	fputs("# qsketch\troot\talpha\tzero\tcollapsed\tindex:count,... (bin i: gamma^(i-1) < "
	      "ns <= gamma^i, gamma = (1+alpha)/(1-alpha))\n",
	      out);
	for (int i = 0; i < agg->nroots; i++) {
		const struct sg_rootstat *r = &agg->roots[i];

		if (!r->sum.count)
			continue;
		fputs("qsketch\t", out);
		sg_treefield_put_name(out, r->root);
		fputs("\t" SG_QSKETCH_ALPHA_TEXT "\t", out);
		sg_qsketch_write(out, r->qs);
		fputc('\n', out);
	}
}

int sg_treestat_read_qsketch(struct sg_treestat_reader *s, struct sg_treefield_at *at,
			     struct sg_aggregate *agg, int version, char **f, int nf)
{
	int i;

	if (version < 6)
		return sg_treefield_fail(at, "%s", "qsketch line before version 6");
	if (nf != 6)
		return sg_treefield_fail(at, "%s", "a qsketch line has 6 tab-separated fields");
	i = line_root(at, agg, f[1]);
	if (i < 0)
		return -1;
	if (i == agg->nroots || !agg->roots[i].sum.has_hist || !agg->roots[i].sum.count)
		return sg_treefield_fail(
		    at, "%s",
		    "qsketch line of a root without invocations in a version 3 "
		    "stat line before it");
	if (i < s->qs_next)
		return sg_treefield_fail(at, "%s", "qsketch lines out of order, or two of a root");
	if (strcmp(f[2], SG_QSKETCH_ALPHA_TEXT) != 0)
		return sg_treefield_fail(at, "%s",
					 "a qsketch's alpha other than " SG_QSKETCH_ALPHA_TEXT);
	struct sg_qsketch *q = sg_qsketch_new();
	const char *why = q ? sg_qsketch_read(q, f[3], f[4], f[5]) : "out of memory";

	if (!why && sg_qsketch_count(q) != agg->roots[i].sum.count)
		why = "a qsketch's counts do not add up to its root's invocations";
	if (why) {
		sg_qsketch_free(q);
		return sg_treefield_fail(at, "%s", why);
	}
	agg->roots[i].qs = q;
	s->qs_next = i + 1;
	s->nqs++;
	return 0;
}

/* Each root's histogram counts exactly its complete invocations (version 3 with times). */
int sg_treestat_check(const struct sg_treestat_reader *s, const struct sg_treefield_at *at,
		      const struct sg_aggregate *agg)
{
	for (int i = 0; i < agg->nroots; i++) {
		const struct sg_rootstat *rs = &agg->roots[i];
		uint64_t sum = s->hist_sum && i < 256 ? s->hist_sum[i] : 0;

		char nth[32];

		snprintf(nth, sizeof(nth), "%d", i + 1);
		if (rs->sum.has_hist && sum != rs->sum.count)
			return sg_treefield_fail(
			    at, "the hist lines of stat line %s do not add up to its invocations",
			    nth);
		/* the sketches are all or nothing: a merge needs every root's */
		if (s->nqs && rs->sum.count && !rs->qs)
			return sg_treefield_fail(
			    at, "stat line %s has no qsketch line, as others do", nth);
	}
	/* the bucket trees hold the invocations the roots' histograms count there */
	for (unsigned b = 0; agg->nroots && agg->roots[0].sum.has_hist && b < SG_HIST_BUCKETS;
	     b++) {
		uint64_t n = 0;

		for (int i = 0; i < agg->nroots; i++)
			n = sg_add_sat(n, agg->roots[i].sum.hist[b]);
		if (n != agg->bucket_n[b])
			return sg_treefield_fail(
			    at, "%s", "a bucket line's invocations differ from the hist lines");
	}
	return 0;
}
