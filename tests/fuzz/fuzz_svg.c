/* fuzz_svg.c - libFuzzer target: flame graph layout and SVG writer fed trees of arbitrary names. */
#include "common.h"
#include "flame.h"
#include "svg.h"
#include "treewalk.h"
#include "xmlcheck.h"

/*
 * Input: one options byte, then records separated by NUL: a depth byte, a duration byte, the
 * name. A record's node goes under the last node at the depth before it (depth is taken modulo
 * the open chain's length + 1). The first name is also the title, the next ones notes.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_tree *t = sg_tree_new();
	struct sg_flame_caption *cap = calloc(1, sizeof(*cap));
	struct sg_node *chain[64];
	struct sg_flame_opts o;
	struct fuzz_sink out;
	unsigned opts = size ? data[0] : 0;
	size_t nchain = 0, drawn = 0, at = 0;
	const char *why;

	FUZZ_ASSERT(st && t && cap);
	sg_flame_opts_init(&o);
	o.inverted = opts & 1;
	o.order = opts & 2 ? SG_ORDER_NAME : SG_ORDER_TOTAL;
	o.palette = opts & 4 ? SG_PALETTE_SUBSYS : SG_PALETTE_HOT;
	o.has_time = !(opts & 8);
	o.width = opts & 16 ? SG_FLAME_MIN_W : 1200;
	o.minwidth = opts & 32 ? 0 : 0.1;
	for (size_t i = size ? 1 : 0; i + 2 <= size;) {
		const uint8_t *rec = data + i, *end = memchr(rec, 0, size - i);
		size_t len = end ? (size_t) (end - rec) : size - i;

		i += len + 1;
		if (len < 3)
			continue;
		size_t d = rec[0] % (nchain + 1);
		const char *name = sg_strtab_intern(st, (const char *) rec + 2, len - 2);
		struct sg_node *parent = d ? chain[d - 1] : sg_tree_top(t);
		struct sg_node *n;

		FUZZ_ASSERT(name);
		n = sg_tree_child(t, parent, name);
		FUZZ_ASSERT(n);
		sg_node_add_call(n, (uint64_t) rec[1] * 1000, 1);
		if (d < 64) {
			chain[d] = n;
			nchain = d + 1;
		}
		if (!cap->title[0])
			snprintf(cap->title, sizeof(cap->title), "%s", name);
		else
			sg_flame_note(cap, rec[1] & 1, "%s", name);
	}
	for (struct sg_node *r = sg_tree_top(t)->child; r; r = r->next)
		sg_treewalk_finish(r);

	struct sg_flame *f = sg_flame_layout(sg_tree_top(t), &o);

	FUZZ_ASSERT(f);
	fuzz_sink_open(&out);
	FUZZ_ASSERT(sg_svg_write(out.f, f, cap, &o, &drawn) == 0);
	fuzz_sink_close(&out);
	FUZZ_ASSERT(drawn <= f->nframes);
	why = xc_check(out.buf, out.len, &at);
	if (why) {
		fprintf(stderr, "SVG not well-formed at byte %zu: %s: '%.60s'\n", at, why,
			out.buf + (at > 20 ? at - 20 : 0));
		abort();
	}
	/* a label fits its frame, whatever the name */
	for (size_t i = 0; i < f->nframes; i++) {
		char label[512];
		double w = (double) (data[i % size] ^ opts);

		sg_flame_label(f->frames[i].name, w, label, sizeof(label));
		FUZZ_ASSERT(strlen(label) < sizeof(label));
	}
	fuzz_sink_free(&out);
	sg_flame_free(f);
	free(cap);
	sg_tree_free(t);
	sg_strtab_free(st);
	return 0;
}
