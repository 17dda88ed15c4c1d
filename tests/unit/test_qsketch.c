/* test_qsketch.c - the quantile sketch: relative error bound on random and real durations, merge
 * as the sketch of the union, its text round trip and strict reading, its memory bound. */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include "check.h"
#include "decomp.h"
#include "qsketch.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

static uint64_t rng(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return *seed >> 11;
}

/* A uniform double in (0, 1). */
static double unit(uint64_t *seed)
{
	return ((double) rng(seed) + 0.5) / 0x1p53;
}

static const double ps[] = {1, 10, 25, 50, 75, 90, 99, 99.9};

/*
 * Every percentile of the sketch of v within alpha of the sorted values' nearest rank (plus half
 * a ns of rounding); v is sorted. Returns how many were not.
 */
static int check_bound(const struct sg_qsketch *q, uint64_t *v, size_t n, const char *what)
{
	int off = 0;

	qsort(v, n, sizeof(*v), cmp_u64);
	for (size_t k = 0; k < sizeof(ps) / sizeof(ps[0]); k++) {
		uint64_t r = (uint64_t) ceil(ps[k] / 100.0 * (double) n), got;
		double want = (double) v[(r ? r : 1) - 1];

		CHECK(sg_qsketch_percentile(q, ps[k], &got) == 1);
		if (fabs((double) got - want) > SG_QSKETCH_ALPHA * want + 0.5) {
			off++;
			fprintf(stderr, "%s: p%g is %" PRIu64 ", exact %.0f (%.3f%%)\n", what,
				ps[k], got, want, 100 * ((double) got - want) / want);
		}
	}
	return off;
}

/* Random distributions: log-normal, exponential, uniform, bimodal, all alike, with zeros. */
static void random_bound(void)
{
	enum { N = 20000 };
	uint64_t *v = malloc(N * sizeof(*v)), seed = 42;

	CHECK(v != NULL);
	for (int kind = 0; kind < 6; kind++) {
		struct sg_qsketch *q = sg_qsketch_new();
		char what[32];

		for (int i = 0; i < N; i++) {
			double u = unit(&seed), w = unit(&seed);
			double g = sqrt(-2 * log(u)) * cos(2 * M_PI * w); /* Box-Muller */

			v[i] = kind == 0   ? (uint64_t) exp(10.5 + 1.2 * g)
			       : kind == 1 ? (uint64_t) (-50000 * log(u))
			       : kind == 2 ? 1000 + rng(&seed) % 10000000
			       : kind == 3 ? (i % 3 ? 40000 + rng(&seed) % 2000
						    : 8000000 + rng(&seed) % 100000)
			       : kind == 4 ? 38248
					   : (i % 10 ? rng(&seed) % 100000 : 0);
			CHECK(sg_qsketch_add(q, v[i]) == 0);
		}
		CHECK_U64(sg_qsketch_count(q), N);
		snprintf(what, sizeof(what), "random kind %d", kind);
		CHECK(check_bound(q, v, N, what) == 0);
		sg_qsketch_free(q);
	}
	free(v);
}

/*
 * A real distribution: the root durations of the 7.3 vfs_read capture (its lines "|  }" at
 * depth 0, read as awk would), whole and as two alternate halves merged.
 */
static void real_bound(void)
{
	struct sg_decomp *in =
	    sg_decomp_open("tests/data/linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz");
	FILE *f = in ? sg_decomp_stdio(in) : NULL;
	struct sg_qsketch *whole = sg_qsketch_new(),
			  *half[2] = {sg_qsketch_new(), sg_qsketch_new()};
	struct sg_qsketch *merged = sg_qsketch_new();
	uint64_t v[1000];
	size_t n = 0;
	char *line = NULL;
	size_t cap = 0;

	CHECK(f != NULL);
	while (f && getline(&line, &cap, f) > 0 && n < 1000) {
		unsigned us, frac;
		size_t len = strlen(line);
		char *dur;

		/* "  163.157536 |   0)    dd-5862     | ! 251.245 us   |  }": depth 0's return */
		if (len < 6 || strcmp(line + len - 5, "|  }\n") != 0)
			continue;
		line[len - 5] = '\0';
		dur = strstr(line, " us ");
		if (!dur)
			continue;
		while (dur > line && dur[-1] != ' ')
			dur--;
		if (sscanf(dur, "%u.%3u", &us, &frac) != 2)
			continue;
		v[n] = (uint64_t) us * 1000 + frac;
		CHECK(sg_qsketch_add(whole, v[n]) == 0);
		CHECK(sg_qsketch_add(half[n % 2], v[n]) == 0);
		n++;
	}
	free(line);
	if (f)
		fclose(f);
	sg_decomp_free(in);
	CHECK_U64(n, 145);
	CHECK(sg_qsketch_merge(merged, half[0]) == 0 && sg_qsketch_merge(merged, half[1]) == 0);
	CHECK(check_bound(whole, v, n, "7.3 vfs_read") == 0);
	CHECK(check_bound(merged, v, n, "7.3 vfs_read, halves merged") == 0);
	/* the capture's p50 by nearest rank (73rd of 145), within 0.5% */
	uint64_t p50;

	CHECK(sg_qsketch_percentile(merged, 50, &p50) == 1);
	CHECK(p50 >= 41342 * 0.995 && p50 <= 41342 * 1.005);
	sg_qsketch_free(whole);
	sg_qsketch_free(half[0]);
	sg_qsketch_free(half[1]);
	sg_qsketch_free(merged);
}

/* The sketch as text, into a string the caller frees. */
static char *text_of(const struct sg_qsketch *q)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	sg_qsketch_write(m, q);
	fclose(m);
	return buf;
}

/* Read "ZERO\tCOLLAPSED\tBINS" into a new sketch; NULL (and *why) when refused. */
static struct sg_qsketch *read_text(const char *text, const char **why)
{
	char *s = strdup(text), *t1 = strchr(s, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
	struct sg_qsketch *q = sg_qsketch_new();

	*why = "not three fields";
	if (t1 && t2) {
		*t1 = *t2 = '\0';
		*why = sg_qsketch_read(q, s, t1 + 1, t2 + 1);
	}
	free(s);
	if (*why) {
		sg_qsketch_free(q);
		return NULL;
	}
	return q;
}

/* Merging sketches of parts gives the sketch of the whole, bin for bin, in any order. */
static void merge_is_union(void)
{
	struct sg_qsketch *all = sg_qsketch_new(), *part[3], *m = sg_qsketch_new(),
			  *m2 = sg_qsketch_new();
	uint64_t seed = 7;

	for (int k = 0; k < 3; k++)
		part[k] = sg_qsketch_new();
	for (int i = 0; i < 30000; i++) {
		/* the parts cover different ranges, so the merge grows the bins both ways */
		int k = i % 3;
		uint64_t x = (rng(&seed) % 100000) * (k == 0   ? 1
						      : k == 1 ? 1000
							       : 1) +
			     (k == 2 ? 0 : 1);

		CHECK(sg_qsketch_add(all, x) == 0);
		CHECK(sg_qsketch_add(part[k], x) == 0);
	}
	for (int k = 0; k < 3; k++)
		CHECK(sg_qsketch_merge(m, part[k]) == 0);
	for (int k = 2; k >= 0; k--)
		CHECK(sg_qsketch_merge(m2, part[k]) == 0);
	char *a = text_of(all), *b = text_of(m), *c = text_of(m2);

	CHECK_STR(b, a);
	CHECK_STR(c, a);
	CHECK_U64(sg_qsketch_count(m), 30000);
	free(a);
	free(b);
	free(c);
	sg_qsketch_free(all);
	sg_qsketch_free(m);
	sg_qsketch_free(m2);
	for (int k = 0; k < 3; k++)
		sg_qsketch_free(part[k]);
}

/* Written and read back: the same text and the same percentiles; damaged text refused. */
static void round_trip(void)
{
	struct sg_qsketch *q = sg_qsketch_new();
	uint64_t seed = 99;
	const char *why;

	for (int i = 0; i < 5000; i++)
		CHECK(sg_qsketch_add(q, i % 50 ? 20000 + rng(&seed) % 900000 : 0) == 0);
	char *t = text_of(q);
	struct sg_qsketch *r = read_text(t, &why);

	CHECK(r != NULL);
	if (r) {
		char *t2 = text_of(r);

		CHECK_STR(t2, t);
		free(t2);
		for (size_t k = 0; k < sizeof(ps) / sizeof(ps[0]); k++) {
			uint64_t a, b;

			CHECK(sg_qsketch_percentile(q, ps[k], &a) ==
			      sg_qsketch_percentile(r, ps[k], &b));
			CHECK_U64(b, a);
		}
		CHECK_U64(sg_qsketch_count(r), 5000);
	}
	free(t);
	sg_qsketch_free(r);
	sg_qsketch_free(q);

	/* only zeros: an empty bins field */
	q = sg_qsketch_new();
	CHECK(sg_qsketch_add(q, 0) == 0);
	t = text_of(q);
	CHECK_STR(t, "1\t0\t");
	r = read_text(t, &why);
	CHECK(r != NULL && sg_qsketch_count(r) == 1);
	free(t);
	sg_qsketch_free(r);
	sg_qsketch_free(q);

	static const char *const bad[] = {"x\t0\t1:1",
					  "0\t2\t1:1",
					  "0\t0\t1:0",
					  "0\t0\t2:1,1:1",
					  "0\t0\t1:1,1:1",
					  "0\t0\t1:1,",
					  "0\t0\t:1",
					  "0\t0\t1:",
					  "0\t0\t4501:1",
					  "0\t0\t1:1,2049:1",
					  "01\t0\t1:1",
					  "0\t0\t1:18446744073709551616",
					  "0\t0\t1:18446744073709551615,2:1",
					  "-1\t0\t1:1",
					  "0\t0\t1;1",
					  "0\t0\t1:1 "};

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		r = read_text(bad[k], &why);
		if (r)
			fprintf(stderr, "accepted: '%s'\n", bad[k]);
		CHECK(r == NULL);
		sg_qsketch_free(r);
	}
	r = read_text("0\t0\t1:1,2048:1", &why);
	CHECK(r != NULL);
	sg_qsketch_free(r);
}

/*
 * Memory bound: values from 1 ns to 2^63 ns keep at most SG_QSKETCH_MAX_BINS bins, the lowest
 * folded (collapsed): the high percentiles keep their bound, one that falls in the folded bin
 * says it has none.
 */
static void bounded(void)
{
	enum { N = 6400 };
	struct sg_qsketch *q = sg_qsketch_new();
	uint64_t *v = malloc(N * sizeof(*v)), got;

	for (int i = 0; i < N; i++) {
		v[i] = (uint64_t) exp2(63.0 * i / N) + (uint64_t) i;
		CHECK(sg_qsketch_add(q, v[i]) == 0);
	}
	CHECK(sg_qsketch_collapsed(q));
	char *t = text_of(q);
	int nbins = 1;

	for (char *p = t; *p; p++)
		nbins += *p == ',';
	CHECK(nbins <= SG_QSKETCH_MAX_BINS);
	/* the text stays bounded: at most 2048 "index:count" pairs */
	CHECK(strlen(t) < 2048 * 16);
	const char *why;
	struct sg_qsketch *r = read_text(t, &why);

	CHECK(r != NULL && sg_qsketch_collapsed(r));
	sg_qsketch_free(r);
	free(t);
	qsort(v, N, sizeof(*v), cmp_u64);
	CHECK(sg_qsketch_percentile(q, 99, &got) == 1);
	CHECK(fabs((double) got - (double) v[(int) ceil(0.99 * N) - 1]) <=
	      SG_QSKETCH_ALPHA * (double) v[(int) ceil(0.99 * N) - 1]);
	CHECK(sg_qsketch_percentile(q, 1, &got) == 0);
	/* a merge of a collapsed sketch is collapsed, and stays within the bound */
	struct sg_qsketch *m = sg_qsketch_new();

	CHECK(sg_qsketch_merge(m, q) == 0 && sg_qsketch_merge(m, q) == 0);
	CHECK(sg_qsketch_collapsed(m) && sg_qsketch_count(m) == 2 * N);
	sg_qsketch_free(m);
	sg_qsketch_free(q);
	free(v);
}

/* Each bin's value within alpha of both ends of the bin. */
static void bins_bound(void)
{
	for (uint64_t ns = 2; ns < 100000000000ULL; ns = ns * 3 / 2 + 1) {
		int i = sg_qsketch_index(ns);
		double got = (double) sg_qsketch_value(i);

		CHECK(fabs(got - (double) ns) <= SG_QSKETCH_ALPHA * (double) ns + 0.5);
		CHECK(sg_qsketch_index(ns - 1) <= i && sg_qsketch_index(ns + 1) >= i);
	}
	CHECK(sg_qsketch_index(UINT64_MAX) <= SG_QSKETCH_MAX_INDEX);
	CHECK(sg_qsketch_value(SG_QSKETCH_MAX_INDEX) == UINT64_MAX);
}

int main(void)
{
	bins_bound();
	random_bound();
	real_bound();
	merge_is_union();
	round_trip();
	bounded();
	return check_report("test_qsketch");
}
