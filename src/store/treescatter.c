/* treescatter.c - the scatter's records in a `.tree` file (version 4): its scatter and dot lines.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "treefield.h"
#include "treescatter.h"

void sg_treescatter_write(FILE *out, const struct sg_aggregate *agg)
{
	const struct sg_scatter *sc = agg->scatter;

	if (!sc || !sc->offered)
		return;
	fputs("# scatter\tstride\tinvocations\tfirst_ns\n", out);
	fprintf(out, "scatter\t%" PRIu64 "\t%" PRIu64 "\t", sc->stride, sc->offered);
	if (sc->all_ts)
		fprintf(out, "%" PRIu64, sc->first);
	fputs("\n# dot\tseq\troot\tpid\tcomm\tcpu\tstart_ns\tduration_ns\n", out);
	for (unsigned i = 0; i < sc->n; i++) {
		const struct sg_scatter_dot *d = &sc->dots[i];

		fprintf(out, "dot\t%" PRIu64 "\t", d->seq);
		sg_treefield_put_name(out, d->root);
		fputc('\t', out);
		if (d->pid >= 0)
			fprintf(out, "%d", d->pid);
		fputc('\t', out);
		if (d->comm)
			sg_treefield_put_name(out, d->comm);
		fputc('\t', out);
		if (d->cpu >= 0)
			fprintf(out, "%d", d->cpu);
		fputc('\t', out);
		if (d->has_ts)
			fprintf(out, "%" PRIu64, d->start);
		fprintf(out, "\t%" PRIu64 "\n", d->duration);
	}
}

/* A name field, unescaped and interned; NULL when an escape is malformed or memory runs out. */
static const char *name_field(struct sg_strtab *st, const char *s)
{
	size_t len = strlen(s), n;
	char *buf = malloc(len + 1);
	const char *v = NULL;

	if (buf && sg_treefield_unescape(s, len, buf, &n) == 0)
		v = sg_strtab_intern(st, buf, n);
	free(buf);
	return v;
}

/* An optional small number (pid, cpu): -1 when empty. */
static int int_field(const char *s, int *v)
{
	uint64_t u;

	*v = -1;
	if (!*s)
		return 0;
	if (sg_treefield_u64(s, &u) < 0)
		return -1;
	*v = u > INT32_MAX ? -1 : (int) u;
	return 0;
}

static const char *read_scatter(struct sg_aggregate *agg, char **f, int nf)
{
	struct sg_scatter *sc;
	uint64_t stride, offered;

	if (agg->scatter)
		return "a second scatter line";
	if (nf != 4)
		return "a scatter line has 4 tab-separated fields";
	if (sg_treefield_u64(f[1], &stride) < 0 || !stride || (stride & (stride - 1)))
		return "a scatter's stride is a power of two";
	if (sg_treefield_u64(f[2], &offered) < 0 || !offered || offered > agg->complete)
		return "a scatter's invocations are between 1 and the run's invocations";
	if (!(sc = sg_scatter_new()))
		return "out of memory";
	sc->stride = stride;
	sc->offered = offered;
	sc->all_ts = *f[3] != '\0';
	if (sc->all_ts && sg_treefield_u64(f[3], &sc->first) < 0) {
		sg_scatter_free(sc);
		return "bad number in column first_ns";
	}
	agg->scatter = sc;
	return NULL;
}

static const char *read_dot(struct sg_aggregate *agg, struct sg_strtab *st, char **f, int nf)
{
	struct sg_scatter_dot d = {0};

	if (!agg->scatter)
		return "a dot line before the scatter line";
	if (nf != 8)
		return "a dot line has 8 tab-separated fields";
	if (sg_treefield_u64(f[1], &d.seq) < 0 || sg_treefield_u64(f[7], &d.duration) < 0)
		return "bad number in column seq or duration_ns";
	if (!*f[2] || !(d.root = name_field(st, f[2])))
		return "bad root name";
	if (*f[4] && !(d.comm = name_field(st, f[4])))
		return "bad comm";
	if (int_field(f[3], &d.pid) < 0 || int_field(f[5], &d.cpu) < 0)
		return "bad number in column pid or cpu";
	d.has_ts = *f[6] != '\0';
	if (d.has_ts && sg_treefield_u64(f[6], &d.start) < 0)
		return "bad number in column start_ns";
	return sg_scatter_put(agg->scatter, &d);
}

const char *sg_treescatter_read(struct sg_aggregate *agg, struct sg_strtab *st, char **f, int nf)
{
	if (strcmp(f[0], "scatter") == 0)
		return read_scatter(agg, f, nf);
	return read_dot(agg, st, f, nf);
}
