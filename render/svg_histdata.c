/* svg_histdata.c - the histogram strip's selection data: the buckets' and kept trees as JSON. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "idmap.h"
#include "invocation.h"
#include "json.h"
#include "svg_histdata.h"

/* One path of a bucket's (or kept invocation's) tree: its frame in the union's layout. */
struct entry {
	uint32_t frame;
	uint64_t total, self, calls;
};

/* A tree's entries, sorted by frame; inv its invocations; root the total of frame 0. */
struct table {
	struct entry *e;
	size_t n;
	uint64_t inv, root;
};

/*
 * The entries by frame: radix sorted, 11 bits a pass, as the frames (under 2^32) need. A frame is
 * in a tree at most once, so this is the one order any sort gives.
 */
static int sort_entries(struct table *t, size_t nframes)
{
	struct entry *tmp;
	size_t count[1 << 11];

	if (t->n < 2)
		return 0;
	tmp = malloc(t->n * sizeof(*tmp));
	if (!tmp)
		return -1;
	for (unsigned shift = 0; shift < 32 && (nframes - 1) >> shift; shift += 11) {
		size_t sum = 0;

		memset(count, 0, sizeof(count));
		for (size_t i = 0; i < t->n; i++)
			count[(t->e[i].frame >> shift) & 2047]++;
		for (size_t k = 0; k < 2048; k++) {
			size_t c = count[k];

			count[k] = sum;
			sum += c;
		}
		for (size_t i = 0; i < t->n; i++)
			tmp[count[(t->e[i].frame >> shift) & 2047]++] = t->e[i];

		struct entry *x = t->e;

		t->e = tmp;
		tmp = x;
	}
	free(tmp);
	return 0;
}

/*
 * Every path of the tree at top with time, mapped to the union's frames: the tree is walked
 * with the union node of each depth at hand, so a node is one lookup under its parent's. The
 * union was merged from these trees, mostly in their order: the union's child after the one the
 * previous sibling matched (or its parent's first, going down) is tried before the lookup.
 */
static int collect(const struct sg_svg_histdata *hd, const struct sg_idmap *frame_of,
		   const unsigned char *inner, const struct sg_node *top, struct table *t)
{
	const struct sg_node **un = NULL;
	size_t cap = 0, room = 0;
	int d = 0, prev = 0;

	for (const struct sg_node *n = top->child; n; n = n->next)
		t->inv += n->calls;
	for (const struct sg_node *n = sg_node_next_depth(top, top, &d), *next; n; n = next) {
		const struct sg_node *parent, *u, *guess;
		long fi;

		if ((size_t) d >= cap) {
			size_t nc = cap ? 2 * cap : 64;
			const struct sg_node **nu = realloc(un, nc * sizeof(*un));

			if (!nu)
				goto oom;
			un = nu;
			cap = nc;
		}
		if (d == 1)
			un[0] = sg_tree_top(hd->u);
		parent = un[d - 1];
		guess = !parent ? NULL : d > prev ? parent->child : un[d] ? un[d]->next : NULL;
		prev = d;
		if (guess && guess->name == n->name)
			u = guess;
		else
			u = parent ? sg_tree_find(hd->u, parent, n->name) : NULL;
		un[d] = u;
		fi = u ? sg_idmap_find(frame_of, (uint64_t) (uintptr_t) u) : -1;
		/*
		 * a node without a frame has none below it either (a frame's callees are laid out
		 * on it): the layout stored only the frames some selection can draw
		 */
		if (fi < 0) {
			next = sg_node_after_depth(n, top, &d);
			continue;
		}
		/* nor have the callees of a frame that has none laid out on it */
		next = inner[fi] ? sg_node_next_depth(n, top, &d) : sg_node_after_depth(n, top, &d);
		if (!n->total)
			continue;
		if (t->n == room) {
			size_t nr = room ? 2 * room : 256;
			struct entry *ne = realloc(t->e, nr * sizeof(*ne));

			if (!ne)
				goto oom;
			t->e = ne;
			room = nr;
		}
		t->e[t->n++] = (struct entry){(uint32_t) fi, n->total, n->self, n->calls};
		if (fi == 0)
			t->root += n->total;
	}
	free(un);
	return sort_entries(t, hd->f->nframes);
oom:
	free(un);
	return -1;
}

/*
 * Mark in want the union's nodes that the tree at top may draw (see mark_drawable, which decides
 * on the frames laid out): a node with time at least minwidth wide in the tree's own graph, and
 * its callers. Every node of the tree is looked at (a callee may outlast its caller by rounding),
 * but only those wide enough are looked up in the union. -1: no memory.
 */
static int want_tree(struct sg_svg_histwant *want, struct sg_tree *u, const struct sg_node *top,
		     double span, double need)
{
	const struct sg_node *u0 = sg_tree_top(u)->child, **tn = NULL, **un = NULL;
	uint64_t root = 0;
	size_t cap = 0;
	int d = 0, ok = 0;

	/* the root weight as collect() sums it: the entries of the bottom frame, u0's */
	for (const struct sg_node *c = top->child; c; c = c->next)
		if (sg_tree_find(u, sg_tree_top(u), c->name) == u0)
			root += c->total;
	for (const struct sg_node *n = sg_node_next_depth(top, top, &d); n;
	     n = sg_node_next_depth(n, top, &d)) {
		if ((size_t) d >= cap) {
			size_t nc = cap ? 2 * cap : 64;
			const struct sg_node **nt = realloc(tn, nc * sizeof(*nt));

			if (nt)
				tn = nt;
			const struct sg_node **nu = nt ? realloc(un, nc * sizeof(*nu)) : NULL;

			if (!nu)
				goto oom;
			un = nu;
			cap = nc;
		}
		tn[d] = n;
		/* un[0..ok] is the union's path to where the tree's path is */
		if (ok >= d)
			ok = d - 1;
		if (!n->total || (root && (double) n->total * span / (double) root < need))
			continue;
		un[0] = sg_tree_top(u);
		for (; ok < d; ok++)
			un[ok + 1] = un[ok] ? sg_tree_find(u, un[ok], tn[ok + 1]->name) : NULL;
		/* the set holds every marked node's callers: stop at the first already in */
		for (int i = d; i >= 1 && un[i]; i--) {
			int fresh;
			uint32_t k = sg_idmap_get(&want->map, (uint64_t) (uintptr_t) un[i], &fresh);

			if (i < d)
				want->inner[k] = 1;
			if (!fresh)
				break;
		}
	}
	free(tn);
	free(un);
	return 0;
oom:
	free(tn);
	free(un);
	return -1;
}

int sg_svg_histdata_want(struct sg_svg_histwant *want, const struct sg_svg_histdata *hd,
			 const struct sg_flame_opts *o)
{
	const struct sg_node *top = sg_tree_top(hd->u);
	double span = (double) (o->width - 2 * SG_FLAME_PAD);
	double need = o->minwidth * (1 - 1e-9);

	/* several roots stand on "all", which no tree's entries weigh: every frame is kept */
	if (!top->child || top->child->next)
		return 0;
	if (sg_idmap_init(&want->map, sg_tree_size(hd->u)) < 0 ||
	    !(want->inner = calloc(sg_tree_size(hd->u) + 1, 1)))
		return -1;
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		if (hd->bucket[b] &&
		    want_tree(want, hd->u, sg_tree_top(hd->bucket[b]), span, need) < 0)
			return -1;
	for (unsigned i = 0; i < hd->nkept; i++)
		if (want_tree(want, hd->u, sg_tree_top(hd->kept[i]->tree), span, need) < 0)
			return -1;
	return 1;
}

int sg_svg_histdata_wanted(void *ctx, const struct sg_node *n)
{
	const struct sg_svg_histwant *want = ctx;
	long k = sg_idmap_find(&want->map, (uint64_t) (uintptr_t) n);

	return k < 0 ? 0 : SG_FLAME_WANT | (want->inner[k] ? SG_FLAME_WANT_CALLEES : 0);
}

void sg_svg_histdata_want_free(struct sg_svg_histwant *want)
{
	sg_idmap_free(&want->map);
	free(want->inner);
	want->inner = NULL;
}

/*
 * Which frames a selection can draw. The script draws a frame when its weight in the selection
 * times (W - 2 PAD) / the selection's root weight reaches minwidth (a clipped one is narrower
 * still). A selection's ratio, a sum over its trees over a sum, is at most the largest ratio of
 * one of them (the mediant): so a frame too narrow in every single bucket's graph and every kept
 * invocation's is too narrow in every selection, and left out with its entries. A frame wide in
 * one tree keeps its entries in all, so every selection's sums stay exact. A tree whose root has
 * no weight keeps all its frames (the rule has nothing to divide by).
 */
static void mark_drawable(const struct sg_svg_histdata *hd, const struct sg_flame_opts *o,
			  const struct table *t, unsigned char *keep)
{
	double span = (double) (o->width - 2 * SG_FLAME_PAD);
	/* below the threshold by less than rounding could move it: kept, to be safe */
	double need = o->minwidth * (1 - 1e-9);

	for (size_t i = 0; i < t->n; i++) {
		uint32_t f = t->e[i].frame;

		if (keep[f] || (t->root && (double) t->e[i].total * span / (double) t->root < need))
			continue;
		/* its callers too: a frame is drawn inside its caller's */
		for (; !keep[f]; f = hd->f->frames[f].parent) {
			keep[f] = 1;
			if (!f)
				break;
		}
	}
}

/* A tree's entries: the frame (new numbering, as the step from the entry before), total,
 * self, calls. */
static void put_entries(struct sg_svgout *js, const struct table *t, const unsigned char *keep,
			const uint32_t *renum)
{
	uint32_t last = 0;

	sg_svgout_u64(js, t->inv);
	for (size_t i = 0; i < t->n; i++) {
		const struct entry *e = &t->e[i];

		if (!keep[e->frame])
			continue;
		sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, renum[e->frame] - last);
		last = renum[e->frame];
		sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, e->total);
		sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, e->self);
		sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, e->calls);
	}
}

int sg_svg_histdata_write(struct sg_svgout *js, const struct sg_svg_histdata *hd,
			  const struct sg_flame_opts *o, unsigned *depth)
{
	const struct sg_flame *f = hd->f;
	unsigned ntab = hd->nkept;
	struct table *tab = NULL;
	unsigned char *keep = calloc(f->nframes ? f->nframes : 1, 1);
	uint32_t *renum = malloc((f->nframes ? f->nframes : 1) * sizeof(*renum));
	uint32_t *ncol = malloc((f->nframes ? f->nframes : 1) * sizeof(*ncol));
	unsigned char *inner = calloc(f->nframes ? f->nframes : 1, 1);
	struct sg_idmap names = {0}, cols = {0}, frame_of = {0};
	uint32_t kept = 0;
	int first = 1, ret = -1, fresh;

	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		ntab += hd->bucket[b] != NULL;
	tab = calloc(ntab ? ntab : 1, sizeof(*tab));
	if (!keep || !renum || !ncol || !inner || !tab || sg_idmap_init(&frame_of, f->nframes) < 0)
		goto out;
	/* the frames others stand on */
	for (size_t i = 1; i < f->nframes; i++)
		inner[f->frames[i].parent] = 1;
	/* the union's nodes to their frames (the "all" frame has none) */
	for (size_t i = 0; i < f->nframes; i++)
		if (f->frames[i].node)
			sg_idmap_put(&frame_of, (uint64_t) (uintptr_t) f->frames[i].node,
				  (uint32_t) i);
	ntab = 0;
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		if (hd->bucket[b] &&
		    collect(hd, &frame_of, inner, sg_tree_top(hd->bucket[b]), &tab[ntab++]) < 0)
			goto out;
	for (unsigned i = 0; i < hd->nkept; i++)
		if (collect(hd, &frame_of, inner, sg_tree_top(hd->kept[i]->tree), &tab[ntab++]) < 0)
			goto out;
	for (unsigned i = 0; i < ntab; i++)
		mark_drawable(hd, o, &tab[i], keep);
	/*
	 * names and colours number the drawable frames only: sized for those, not for every
	 * frame of the union (a map is touched all over, so its size is memory the run faults in)
	 */
	size_t ndraw = 0;

	for (size_t i = 0; i < f->nframes; i++)
		ndraw += keep[i];
	if (sg_idmap_init(&names, ndraw) < 0 || sg_idmap_init(&cols, ndraw) < 0)
		goto out;
	*depth = 0;
	sg_svgout_printf(js, "{\"W\":%d,\"minw\":%.17g,\"byName\":%d,\"inv\":%d,\"s\":[", o->width,
			 o->minwidth, o->order == SG_ORDER_NAME, o->inverted);
	for (size_t i = 0; i < f->nframes; i++) {
		uint32_t si;

		if (!keep[i])
			continue;
		renum[i] = kept++;
		*depth = f->frames[i].depth > *depth ? f->frames[i].depth : *depth;
		si = sg_idmap_get(&names, (uint64_t) (uintptr_t) f->frames[i].name, &fresh);
		(void) si;
		if (!fresh)
			continue;
		if (names.n > 1)
			sg_svgout_put(js, ",", 1);
		sg_svgout_flush(js);
		sg_json_string(js->f, f->frames[i].name);
	}
	sg_svgout_puts(js, "],\"c\":[");
	for (size_t i = 0; i < f->nframes; i++) {
		static const char hex[] = "0123456789abcdef";
		unsigned char rgb[3];
		uint64_t key;
		char q[10];

		if (!keep[i])
			continue;
		sg_flame_frame_color(&f->frames[i], o, rgb);
		key = 1 + ((uint64_t) rgb[0] << 16 | (uint64_t) rgb[1] << 8 | rgb[2]) * 2 +
		      (uint64_t) sg_flame_light_text(rgb);
		ncol[i] = sg_idmap_get(&cols, key, &fresh);
		if (!fresh)
			continue;
		for (int k = 0; k < 3; k++) {
			q[1 + 2 * k] = hex[rgb[k] >> 4];
			q[2 + 2 * k] = hex[rgb[k] & 15];
		}
		q[0] = q[8] = '"';
		q[7] = (char) ('0' + sg_flame_light_text(rgb));
		if (cols.n > 1)
			sg_svgout_put(js, ",", 1);
		sg_svgout_put(js, q, 9);
	}
	sg_svgout_puts(js, "],\"n\":[");
	for (size_t i = 0; i < f->nframes; i++) {
		if (!keep[i])
			continue;
		if (renum[i])
			sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, i ? renum[f->frames[i].parent] : 0);
		sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js,
			      sg_idmap_get(&names, (uint64_t) (uintptr_t) f->frames[i].name, &fresh));
		sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, ncol[i]);
	}
	sg_svgout_puts(js, "],\"b\":{");
	ntab = 0;
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++) {
		if (!hd->bucket[b])
			continue;
		sg_svgout_puts(js, first ? "\"" : ",\"");
		first = 0;
		sg_svgout_u64(js, b);
		sg_svgout_puts(js, "\":[");
		put_entries(js, &tab[ntab++], keep, renum);
		sg_svgout_put(js, "]", 1);
	}
	/* the kept invocations, by number: one invocation each */
	sg_svgout_puts(js, "},\"k\":{");
	for (unsigned i = 0; i < hd->nkept; i++) {
		sg_svgout_puts(js, i ? ",\"" : "\"");
		sg_svgout_u64(js, hd->kept[i]->seq);
		sg_svgout_puts(js, "\":[");
		put_entries(js, &tab[ntab++], keep, renum);
		sg_svgout_put(js, "]", 1);
	}
	sg_svgout_puts(js, "}}");
	sg_svgout_flush(js);
	ret = 0;
out:
	for (unsigned i = 0; tab && i < ntab; i++)
		free(tab[i].e);
	free(tab);
	free(keep);
	free(renum);
	free(ncol);
	free(inner);
	sg_idmap_free(&names);
	sg_idmap_free(&cols);
	sg_idmap_free(&frame_of);
	return ret;
}
