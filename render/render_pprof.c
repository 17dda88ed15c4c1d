/* render_pprof.c - the merged tree as a gzipped pprof profile (-m pprof): go tool pprof, Parca. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "log.h"
#include "profile.pb-c.h"
#include "render_pprof.h"

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__Sample Sample;
typedef Perftools__Profiles__Label Label;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Line Line;
typedef Perftools__Profiles__Function Function;
typedef Perftools__Profiles__ValueType ValueType;

/* Index of the value each sample gives, in the order of sample_type. */
enum { V_CALLS, V_TOTAL, V_SELF, NVALUES };

/* Everything the profile points into, freed together. */
struct build {
	Profile prof;
	char **strs;
	size_t nstr, capstr;
	/* functions by interned name: open addressing on the pointer, ids 1..nfunc */
	const char **fname;
	uint64_t *fid;
	size_t fcap, nfunc;
	Function *funcs;
	Function **funcp;
	Location *locs;
	Location **locp;
	Line *lines;
	Line **linep;
	Sample *samples;
	Sample **samplep;
	uint64_t *ids;	 /* every sample's location ids, leaf first */
	int64_t *values; /* NVALUES per sample */
	Label *labels;	 /* a root label per root, then kernel and host */
	Label **labelp;	 /* per root: its root label, kernel, host */
	size_t nlabel_per;
	ValueType types[NVALUES];
	ValueType *typep[NVALUES];
};

static int64_t str_add(struct build *b, const char *s)
{
	if (b->nstr == b->capstr) {
		size_t ncap = b->capstr ? b->capstr * 2 : 64;
		char **v = realloc(b->strs, ncap * sizeof(*v));

		if (!v)
			return -1;
		b->strs = v;
		b->capstr = ncap;
	}
	/* protobuf-c only reads them: the interned names are not copied */
	b->strs[b->nstr] = (char *) s;
	return (int64_t) b->nstr++;
}

static size_t fslot(const struct build *b, const char *name)
{
	size_t i = ((uintptr_t) name >> 4) & (b->fcap - 1);

	while (b->fname[i] && b->fname[i] != name)
		i = (i + 1) & (b->fcap - 1);
	return i;
}

/* Number the distinct names of the tree (1-based, in pre-order of first appearance). */
static int number_functions(struct build *b, const struct sg_node *top, uint64_t nodes)
{
	b->fcap = 16;
	while (b->fcap < nodes * 2)
		b->fcap *= 2;
	b->fname = calloc(b->fcap, sizeof(*b->fname));
	b->fid = calloc(b->fcap, sizeof(*b->fid));
	if (!b->fname || !b->fid)
		return -1;
	for (const struct sg_node *n = sg_node_next(top, top); n; n = sg_node_next(n, top)) {
		size_t i = fslot(b, n->name);

		if (!b->fname[i]) {
			b->fname[i] = n->name;
			b->fid[i] = ++b->nfunc;
		}
	}
	b->funcs = calloc(b->nfunc ? b->nfunc : 1, sizeof(*b->funcs));
	b->funcp = calloc(b->nfunc ? b->nfunc : 1, sizeof(*b->funcp));
	b->locs = calloc(b->nfunc ? b->nfunc : 1, sizeof(*b->locs));
	b->locp = calloc(b->nfunc ? b->nfunc : 1, sizeof(*b->locp));
	b->lines = calloc(b->nfunc ? b->nfunc : 1, sizeof(*b->lines));
	b->linep = calloc(b->nfunc ? b->nfunc : 1, sizeof(*b->linep));
	if (!b->funcs || !b->funcp || !b->locs || !b->locp || !b->lines || !b->linep)
		return -1;
	for (size_t i = 0; i < b->fcap; i++) {
		if (!b->fname[i])
			continue;
		uint64_t id = b->fid[i];
		Function *f = &b->funcs[id - 1];
		Location *l = &b->locs[id - 1];
		Line *ln = &b->lines[id - 1];
		int64_t s = str_add(b, b->fname[i]);

		if (s < 0)
			return -1;
		perftools__profiles__function__init(f);
		f->id = id;
		f->name = f->system_name = s;
		perftools__profiles__line__init(ln);
		ln->function_id = id;
		b->linep[id - 1] = ln;
		/* a kernel function has one location here: the profile keeps call paths, not PCs */
		perftools__profiles__location__init(l);
		l->id = id;
		l->n_line = 1;
		l->line = &b->linep[id - 1];
		b->funcp[id - 1] = f;
		b->locp[id - 1] = l;
	}
	b->prof.n_function = b->prof.n_location = b->nfunc;
	b->prof.function = b->funcp;
	b->prof.location = b->locp;
	return 0;
}

static int64_t clamp64(uint64_t v)
{
	return v > INT64_MAX ? INT64_MAX : (int64_t) v;
}

/* The labels of samples under the i-th root: root, then kernel and host when known. */
static int make_labels(struct build *b, const struct sg_aggregate *agg, const struct sg_node *top,
		       size_t nroots)
{
	const char *kernel = sg_aggregate_meta(agg, "kernel"),
		   *host = sg_aggregate_meta(agg, "host");
	int64_t k_root = str_add(b, "root"), k_kernel = kernel ? str_add(b, "kernel") : 0;
	int64_t k_host = host ? str_add(b, "host") : 0;
	int64_t v_kernel = kernel ? str_add(b, kernel) : 0, v_host = host ? str_add(b, host) : 0;
	size_t i = 0;

	if (k_root < 0 || k_kernel < 0 || k_host < 0 || v_kernel < 0 || v_host < 0)
		return -1;
	b->nlabel_per = 1 + !!kernel + !!host;
	b->labels = calloc(nroots ? nroots : 1, 3 * sizeof(*b->labels));
	b->labelp = calloc(nroots ? nroots : 1, 3 * sizeof(*b->labelp));
	if (!b->labels || !b->labelp)
		return -1;
	for (const struct sg_node *r = top->child; r; r = r->next, i++) {
		Label *l = &b->labels[i * 3];
		size_t k = 0;

		for (int j = 0; j < 3; j++)
			perftools__profiles__label__init(&l[j]);
		l[0].key = k_root;
		if ((l[0].str = str_add(b, r->name)) < 0)
			return -1;
		b->labelp[i * 3 + k++] = &l[0];
		if (kernel) {
			l[1].key = k_kernel;
			l[1].str = v_kernel;
			b->labelp[i * 3 + k++] = &l[1];
		}
		if (host) {
			l[2].key = k_host;
			l[2].str = v_host;
			b->labelp[i * 3 + k++] = &l[2];
		}
	}
	return 0;
}

/* One sample per node: its path leaf first, its calls, total and self. */
static int make_samples(struct build *b, const struct sg_node *top, uint64_t nodes)
{
	size_t nids = 0, ns = 0, ri = 0;

	for (const struct sg_node *n = sg_node_next(top, top); n; n = sg_node_next(n, top))
		nids += (size_t) sg_node_depth(n, top);
	b->samples = calloc(nodes ? nodes : 1, sizeof(*b->samples));
	b->samplep = calloc(nodes ? nodes : 1, sizeof(*b->samplep));
	b->ids = calloc(nids ? nids : 1, sizeof(*b->ids));
	b->values = calloc(nodes ? nodes : 1, NVALUES * sizeof(*b->values));
	if (!b->samples || !b->samplep || !b->ids || !b->values)
		return -1;
	nids = 0;
	for (const struct sg_node *n = sg_node_next(top, top); n; n = sg_node_next(n, top)) {
		Sample *s = &b->samples[ns];
		int64_t *v = &b->values[ns * NVALUES];

		if (n->parent == top && n != top->child)
			ri++;
		perftools__profiles__sample__init(s);
		s->location_id = &b->ids[nids];
		for (const struct sg_node *p = n; p != top; p = p->parent)
			s->location_id[s->n_location_id++] = b->fid[fslot(b, p->name)];
		nids += s->n_location_id;
		v[V_CALLS] = clamp64(n->calls);
		v[V_TOTAL] = clamp64(n->total);
		v[V_SELF] = clamp64(n->self);
		s->n_value = NVALUES;
		s->value = v;
		s->n_label = b->nlabel_per;
		s->label = &b->labelp[ri * 3];
		b->samplep[ns++] = s;
	}
	b->prof.n_sample = ns;
	b->prof.sample = b->samplep;
	return 0;
}

static int make_types(struct build *b)
{
	static const char *const type[NVALUES] = {"calls", "total", "self"};
	static const char *const unit[NVALUES] = {"count", "nanoseconds", "nanoseconds"};

	for (int i = 0; i < NVALUES; i++) {
		perftools__profiles__value_type__init(&b->types[i]);
		b->types[i].type = str_add(b, type[i]);
		b->types[i].unit = str_add(b, unit[i]);
		if (b->types[i].type < 0 || b->types[i].unit < 0)
			return -1;
		b->typep[i] = &b->types[i];
	}
	b->prof.n_sample_type = NVALUES;
	b->prof.sample_type = b->typep;
	b->prof.default_sample_type = b->types[V_SELF].type;
	return 0;
}

/* The packed message through deflate's gzip wrapper (mtime 0: the same run gives the same bytes).
 */
static int write_gzip(FILE *out, const uint8_t *buf, size_t len)
{
	z_stream z = {0};
	unsigned char chunk[65536];
	int zr;

	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) !=
	    Z_OK) {
		sg_log_error("zlib: cannot start compressing");
		return -1;
	}
	z.next_in = (uint8_t *) buf;
	z.avail_in = (uInt) len;
	do {
		z.next_out = chunk;
		z.avail_out = sizeof(chunk);
		zr = deflate(&z, Z_FINISH);
		if (zr == Z_STREAM_ERROR) {
			deflateEnd(&z);
			sg_log_error("zlib: compression failed");
			return -1;
		}
		if (fwrite(chunk, 1, sizeof(chunk) - z.avail_out, out) !=
		    sizeof(chunk) - z.avail_out) {
			deflateEnd(&z);
			return -1;
		}
	} while (zr != Z_STREAM_END);
	deflateEnd(&z);
	return 0;
}

static void build_free(struct build *b)
{
	free(b->strs);
	free(b->fname);
	free(b->fid);
	free(b->funcs);
	free(b->funcp);
	free(b->locs);
	free(b->locp);
	free(b->lines);
	free(b->linep);
	free(b->samples);
	free(b->samplep);
	free(b->ids);
	free(b->values);
	free(b->labels);
	free(b->labelp);
}

int sg_render_pprof(FILE *out, struct sg_aggregate *agg)
{
	struct build b = {0};
	const struct sg_node *top = sg_tree_top(agg->merged);
	uint64_t nodes = 0;
	size_t nroots = 0, len;
	uint8_t *buf = NULL;
	const char *secs = sg_aggregate_meta(agg, "seconds");
	int ret = -1;

	for (const struct sg_node *n = sg_node_next(top, top); n; n = sg_node_next(n, top))
		nodes++;
	for (const struct sg_node *r = top->child; r; r = r->next)
		nroots++;
	if (nodes > SIZE_MAX / 64) {
		sg_log_error("out of memory");
		return -1;
	}
	perftools__profiles__profile__init(&b.prof);
	/* string_table[0] must be "" */
	if (str_add(&b, "") < 0 || make_types(&b) < 0 || number_functions(&b, top, nodes) < 0 ||
	    make_labels(&b, agg, top, nroots) < 0 || make_samples(&b, top, nodes) < 0)
		goto oom;
	if (secs)
		b.prof.duration_nanos = (int64_t) (strtod(secs, NULL) * 1e9);
	b.prof.n_string_table = b.nstr;
	b.prof.string_table = b.strs;
	len = perftools__profiles__profile__get_packed_size(&b.prof);
	buf = malloc(len ? len : 1);
	if (!buf)
		goto oom;
	if (perftools__profiles__profile__pack(&b.prof, buf) != len) {
		sg_log_error("pprof: protobuf-c packed a different size than it announced");
		goto out;
	}
	if (write_gzip(out, buf, len) < 0)
		goto out;
	ret = ferror(out) ? -1 : 0;
	goto out;
oom:
	sg_log_error("out of memory");
out:
	free(buf);
	build_free(&b);
	return ret;
}
