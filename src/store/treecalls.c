/* treecalls.c - a kept invocation's calls as recorded, in a `.tree` file (version 5, optional):
 * its recs and rec lines. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "treecalls.h"
#include "treefield.h"

/* Depths a rec line may give: far beyond any kernel stack (function_graph keeps ~50). */
#define SG_CALLS_MAX_DEPTH 100000

void sg_treecalls_write(FILE *out, const struct sg_invocation *inv)
{
	const struct sg_calls *c = inv->calls;
	int cpu = -1, pid = -1;
	const char *comm = NULL;

	if (!c || !c->n)
		return;
	fprintf(out, "recs\t%zu\t%" PRIu64 "\n", c->n, c->dropped);
	for (size_t i = 0; i < c->n; i++) {
		const struct sg_callrec *r = &c->v[i];

		fputs("rec\t", out);
		/* relative to the root's entry: a record on another CPU may be a little before it
		 */
		if (r->has_ts && inv->has_ts)
			fprintf(out, "%" PRId64, (int64_t) (r->start - inv->start_ts));
		fputc('\t', out);
		if (r->has_dur)
			fprintf(out, "%" PRIu64, r->dur);
		fprintf(out, "\t%d\t", r->depth);
		/* CPU and task only where they change: one task's calls, seldom migrating */
		if (i == 0 || r->cpu != cpu) {
			if (r->cpu >= 0)
				fprintf(out, "%d", r->cpu);
			cpu = r->cpu;
		}
		fputc('\t', out);
		if (i == 0 || r->pid != pid || r->comm != comm) {
			if (r->pid >= 0)
				fprintf(out, "%d", r->pid);
			fputc('\t', out);
			if (r->comm)
				sg_treefield_put_name(out, r->comm);
			pid = r->pid;
			comm = r->comm;
		} else {
			fputc('\t', out);
		}
		fputc('\t', out);
		sg_treefield_put_name(out, r->func);
		fputc('\t', out);
		if (r->args)
			sg_treefield_put_name(out, r->args);
		fputc('\t', out);
		if (r->has_retval)
			fprintf(out, "%" PRId64, r->retval);
		fputc('\n', out);
	}
}

/* An int field: empty keeps *v (the previous record's), else a number below 2^31. */
static int int_field(const char *s, int *v)
{
	uint64_t n;

	if (!*s)
		return 0;
	if (sg_treefield_u64(s, &n) < 0 || n > INT32_MAX)
		return -1;
	*v = (int) n;
	return 0;
}

static const char *name_field(struct sg_strtab *st, const char *s, const char **out)
{
	size_t len = strlen(s), n;
	char *buf = malloc(len + 1);

	if (!buf)
		return "out of memory";
	if (sg_treefield_unescape(s, len, buf, &n) < 0) {
		free(buf);
		return "bad %-escape in a rec line";
	}
	buf[n] = '\0';
	*out = sg_strtab_intern(st, buf, n);
	free(buf);
	return *out ? NULL : "out of memory";
}

static const char *read_recs(struct sg_treecalls_reader *r, struct sg_invocation *inv, char **f,
			     int nf)
{
	uint64_t n, dropped;

	if (!inv || inv->calls)
		return "a recs line outside a kept invocation, or a second one";
	if (nf != 3 || sg_treefield_u64(f[1], &n) < 0 || sg_treefield_u64(f[2], &dropped) < 0)
		return "a recs line has 3 tab-separated fields: recs, calls, dropped";
	if (!n || n > SG_CALLS_MAX)
		return "a recs line's calls must be 1 to 10000";
	inv->calls = sg_callrec_new();
	if (!inv->calls)
		return "out of memory";
	inv->calls->dropped = dropped;
	r->inv = inv;
	r->expect = n;
	r->cpu = r->pid = -1;
	r->comm = NULL;
	return NULL;
}

static const char *read_rec(struct sg_treecalls_reader *r, struct sg_strtab *st, char **f, int nf)
{
	struct sg_calls *c = r->inv ? r->inv->calls : NULL;
	struct sg_callrec rec = {0};
	const char *why, *args = NULL;
	uint64_t v;

	if (!c || c->n == r->expect)
		return "a rec line beyond its recs line's count";
	if (nf != 10)
		return "a rec line has 10 tab-separated fields";
	if (*f[1]) {
		char *end;
		long long rel;

		errno = 0;
		rel = strtoll(f[1], &end, 10);
		if (errno || *end || end == f[1] || !r->inv->has_ts)
			return "bad start in a rec line (or its invocation has no start)";
		rec.has_ts = 1;
		rec.start = r->inv->start_ts + (uint64_t) rel;
	}
	if (*f[2]) {
		if (sg_treefield_u64(f[2], &rec.dur) < 0)
			return "bad duration in a rec line";
		rec.has_dur = 1;
	}
	/*
	 * Deeper by more than one happens, and so does 0 after the root: the kernel prints an
	 * interrupt's calls at the depth of the call they interrupted, the root's included (arm64).
	 */
	if (sg_treefield_u64(f[3], &v) < 0 || v > SG_CALLS_MAX_DEPTH || (c->n == 0 && v != 0))
		return "bad depth in a rec line (the first 0, then 0 to 100000)";
	rec.depth = (int) v;
	if (int_field(f[4], &r->cpu) < 0 || int_field(f[5], &r->pid) < 0)
		return "bad cpu or pid in a rec line";
	if (*f[5] || *f[6]) {
		r->comm = NULL;
		if (*f[6] && (why = name_field(st, f[6], &r->comm)))
			return why;
	}
	rec.cpu = r->cpu;
	rec.pid = r->pid;
	rec.comm = r->comm;
	if (!*f[7])
		return "a rec line without a function";
	if ((why = name_field(st, f[7], &rec.func)))
		return why;
	if (*f[8] && (why = name_field(st, f[8], &args)))
		return why;
	if (*f[9]) {
		char *end;

		errno = 0;
		rec.retval = strtoll(f[9], &end, 10);
		if (errno || *end)
			return "bad return value in a rec line";
		rec.has_retval = 1;
	}
	return sg_callrec_append(c, &rec, args) < 0 ? "out of memory" : NULL;
}

const char *sg_treecalls_read(struct sg_treecalls_reader *r, struct sg_invocation *inv,
			      struct sg_strtab *st, char **f, int nf)
{
	if (strcmp(f[0], "recs") == 0) {
		const char *why = sg_treecalls_done(r);

		return why ? why : read_recs(r, inv, f, nf);
	}
	return read_rec(r, st, f, nf);
}

const char *sg_treecalls_done(struct sg_treecalls_reader *r)
{
	struct sg_calls *c = r->inv ? r->inv->calls : NULL;

	r->inv = NULL;
	if (c && c->n != r->expect)
		return "fewer rec lines than the recs line counts";
	return NULL;
}
