/* flame.c - flame graph layout: frames placed by time, depth and order, narrow ones pruned. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "flame.h"
#include "irqname.h"
#include "log.h"

/* A node of the tree flattened in pre-order: a subtree is the `size` entries from its own. */
struct ent {
	const struct sg_node *node;
	size_t parent, size;
	uint64_t weight;
};

struct kid {
	uint64_t w;
	const char *name;
	size_t e;
	const struct sg_node *nd; /* layout_timed's; layout_flat's is e's */
	int want;		  /* layout_timed's: o->frame_want's answer (all bits without) */
};

void sg_flame_opts_init(struct sg_flame_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->width = 1200;
	o->minwidth = 0.1;
	o->order = SG_ORDER_TOTAL;
	o->has_time = 1;
	o->palette = SG_PALETTE_HOT;
}

/*
 * Pre-order array of the tree under top (top itself first), with subtree sizes and weights:
 * total time, or calls summed over the subtree when there is no time.
 */
static struct ent *flatten(const struct sg_node *top, int has_time, size_t *count)
{
	struct ent *e = NULL;
	size_t n = 0, cap = 0, *stack = NULL, scap = 0;
	int depth = 0;
	const struct sg_node *nd = top;

	for (;;) {
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 1024;
			struct ent *ne = realloc(e, ncap * sizeof(*ne));

			if (!ne)
				goto oom;
			e = ne;
			cap = ncap;
		}
		if ((size_t) depth >= scap) {
			size_t ncap = scap ? scap * 2 : 64;
			size_t *ns = realloc(stack, ncap * sizeof(*ns));

			if (!ns)
				goto oom;
			stack = ns;
			scap = ncap;
		}
		e[n].node = nd;
		e[n].parent = depth ? stack[depth - 1] : 0;
		e[n].size = 1;
		e[n].weight = nd == top ? 0 : has_time ? nd->total : nd->calls;
		stack[depth] = n++;
		if (nd->child) {
			nd = nd->child;
			depth++;
			continue;
		}
		while (nd != top && !nd->next) {
			nd = nd->parent;
			depth--;
		}
		if (nd == top)
			break;
		nd = nd->next;
	}
	/* children come after their parent: one backward pass sums subtrees */
	for (size_t i = n; i-- > 1;) {
		struct ent *p = &e[e[i].parent];

		p->size += e[i].size;
		if (!has_time || e[i].parent == 0)
			p->weight += e[i].weight;
	}
	free(stack);
	*count = n;
	return e;
oom:
	free(e);
	free(stack);
	sg_log_error("out of memory");
	return NULL;
}

static int cmp_weight(const void *a, const void *b)
{
	const struct kid *x = a, *y = b;

	if (x->w != y->w)
		return x->w > y->w ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int cmp_name(const void *a, const void *b)
{
	const struct kid *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	/* sibling names are unique in a tree, but the order must not depend on qsort's */
	return c ? c : (x->e > y->e) - (x->e < y->e);
}

/*
 * A frame's callees in order: most have a few, which insertion sorts without qsort's calls
 * through a pointer per step (a layout sorts once per frame). Both orders are total (sibling
 * names are unique), so any sort gives the same.
 */
static void sort_kids(struct kid *k, size_t n, int by_name)
{
	if (n > 16) {
		qsort(k, n, sizeof(*k), by_name ? cmp_name : cmp_weight);
		return;
	}
	/* the comparisons inline, by the order they stand for: the layout's every callee */
	for (size_t i = 1; i < n; i++) {
		struct kid x = k[i];
		size_t j = i;

		if (by_name)
			for (; j > 0 && cmp_name(&k[j - 1], &x) > 0; j--)
				k[j] = k[j - 1];
		else
			for (; j > 0 && cmp_weight(&k[j - 1], &x) > 0; j--)
				k[j] = k[j - 1];
		k[j] = x;
	}
}

/* Nodes in the subtree at n, n included: what a pruned frame leaves undrawn. */
static uint64_t subtree_size(const struct sg_node *n)
{
	uint64_t size = 0;

	for (const struct sg_node *c = n; c; c = sg_node_next(c, n))
		size++;
	return size;
}

/*
 * Room for one more frame. The frames pruned are never stored: a layout at the default width of
 * a 100,000-path tree holds some 10,000 (the pages of the rest were the bulk of its memory).
 */
static int frames_room(struct sg_flame *f, size_t *cap, unsigned char **open)
{
	if (f->nframes < *cap)
		return 0;
	size_t ncap = *cap ? *cap * 2 : 1024;
	struct sg_flame_frame *nf = realloc(f->frames, ncap * sizeof(*nf));

	if (!nf)
		return -1;
	f->frames = nf;
	unsigned char *no = realloc(*open, ncap);

	if (!no)
		return -1;
	*open = no;
	*cap = ncap;
	return 0;
}

/*
 * With time, a frame's width is its node's total: known at the node, so the tree is walked from
 * the bottom frame up, breadth first, through the callees of the frames drawn only. A 100,000-
 * node tree is never flattened to draw its 10,000 frames wide enough (issue 35.2).
 */
static struct sg_flame *layout_timed(const struct sg_node *top, const struct sg_flame_opts *o)
{
	struct sg_flame *f = calloc(1, sizeof(*f));
	struct kid *kids = NULL;
	size_t kcap = 0, fcap = 0;
	struct sg_flame_frame *fr;
	const struct sg_node *bottom;
	/* per frame, o->frame_want's answer: whether its callees are to be looked at */
	unsigned char *open = NULL;

	if (!f)
		goto oom;
	f->has_time = 1;
	if (!top->child)
		return f;
	if (frames_room(f, &fcap, &open) < 0)
		goto oom;
	/* one root is the bottom frame itself; several stand on an "all" frame */
	bottom = top->child->next ? NULL : top->child;
	open[0] = SG_FLAME_WANT_CALLEES;
	if (o->frame_want && bottom)
		open[0] = (unsigned char) o->frame_want(o->want_ctx, bottom);
	fr = &f->frames[f->nframes++];
	memset(fr, 0, sizeof(*fr));
	fr->node = bottom;
	fr->name = bottom ? bottom->name : "all";
	if (bottom) {
		fr->w = bottom->total;
		fr->self = bottom->self;
		fr->calls = bottom->calls;
	} else {
		for (const struct sg_node *r = top->child; r; r = r->next) {
			fr->w += r->total;
			fr->calls += r->calls;
		}
	}
	f->total = fr->w;
	f->scale = f->total ? (double) (o->width - 2 * SG_FLAME_PAD) / (double) f->total : 0;
	/* frames double as the breadth-first queue; only the "all" frame has no node */
	for (size_t k = 0; k < f->nframes; k++) {
		const struct sg_node *pn = f->frames[k].node ? f->frames[k].node : top;
		size_t nk = 0;
		uint64_t x = f->frames[k].x, end = f->frames[k].x + f->frames[k].w;
		uint32_t depth = f->frames[k].depth + 1;
		int irq = f->frames[k].irq;
		size_t nwanted = 0;

		if (!(open[k] & SG_FLAME_WANT_CALLEES))
			continue;

		for (const struct sg_node *c = pn->child; c; c = c->next) {
			/*
			 * too narrow before clipping is too narrow after, and takes no room: left
			 * out before the sort, which then orders only what is drawn (at the default
			 * width, a tenth of a 100,000-path tree's callees)
			 */
			if (!c->total || (double) c->total * f->scale < o->minwidth) {
				f->pruned += subtree_size(c);
				continue;
			}
			if (nk == kcap) {
				size_t ncap = kcap ? kcap * 2 : 64;
				struct kid *nkids = realloc(kids, ncap * sizeof(*nkids));

				if (!nkids)
					goto oom;
				kids = nkids;
				kcap = ncap;
			}
			/* e: the sibling order, as the pre-order index stands in layout_flat */
			kids[nk] = (struct kid){c->total, c->name, nk, c,
						SG_FLAME_WANT | SG_FLAME_WANT_CALLEES};
			if (o->frame_want)
				kids[nk].want = o->frame_want(o->want_ctx, c);
			nwanted += kids[nk].want != 0;
			nk++;
		}
		/* none stored: their order and places matter to nothing */
		if (!nwanted)
			continue;
		sort_kids(kids, nk, o->order == SG_ORDER_NAME);
		for (size_t i = 0; i < nk; i++) {
			const struct sg_node *nd = kids[i].nd;
			/* rounded kernel times can make callees outlast their caller: clip */
			uint64_t w = kids[i].w < end - x ? kids[i].w : end - x;

			if (!w || (double) w * f->scale < o->minwidth) {
				f->pruned += subtree_size(nd);
				continue;
			}
			/* not wanted: not stored, its callees never visited, its place taken */
			if (!kids[i].want) {
				x += w;
				continue;
			}
			if (frames_room(f, &fcap, &open) < 0)
				goto oom;
			open[f->nframes] = (unsigned char) kids[i].want;
			fr = &f->frames[f->nframes++];
			fr->node = nd;
			fr->name = nd->name;
			fr->x = x;
			fr->w = w;
			fr->self = nd->self;
			fr->calls = nd->calls;
			fr->parent = (uint32_t) k;
			fr->depth = depth;
			fr->irq = irq || sg_irqname_is_entry(nd->name);
			if (depth > f->max_depth)
				f->max_depth = depth;
			x += w;
		}
	}
	free(kids);
	free(open);
	return f;
oom:
	sg_log_error("out of memory");
	free(kids);
	free(open);
	sg_flame_free(f);
	return NULL;
}

/* Without time a frame's width is the calls of its subtree: summed over the tree flattened. */
static struct sg_flame *layout_flat(const struct sg_node *top, const struct sg_flame_opts *o)
{
	struct sg_flame *f = calloc(1, sizeof(*f));
	struct ent *e = NULL;
	struct kid *kids = NULL;
	size_t n = 0, kcap = 0, bottom, *ent_of = NULL;
	struct sg_flame_frame *fr;

	if (!f)
		goto oom;
	f->has_time = o->has_time;
	if (!top->child)
		return f;
	e = flatten(top, o->has_time, &n);
	if (!e)
		goto fail;
	/*
	 * A frame per tree entry at most: the bottom frame is entry 0's or 1's, and every other
	 * comes from a distinct child entry of a frame's entry, visited once (the breadth-first
	 * walk below). So room for n, all at once, is never outgrown: no frame is copied by a
	 * realloc, and the pages of frames pruned are never touched.
	 */
	f->frames = malloc(n * sizeof(*f->frames));
	ent_of = malloc(n * sizeof(*ent_of));
	if (!f->frames || !ent_of)
		goto oom;
	/* one root is the bottom frame itself; several stand on an "all" frame */
	bottom = top->child->next ? 0 : 1;
	fr = &f->frames[f->nframes];
	memset(fr, 0, sizeof(*fr));
	fr->node = bottom ? e[1].node : NULL;
	fr->name = bottom ? e[1].node->name : "all";
	fr->w = e[bottom].weight;
	if (bottom) {
		fr->self = o->has_time ? fr->node->self : fr->node->calls;
		fr->calls = fr->node->calls;
	} else {
		for (const struct sg_node *r = top->child; r; r = r->next)
			fr->calls += r->calls;
	}
	ent_of[f->nframes++] = bottom;
	f->total = fr->w;
	f->scale = f->total ? (double) (o->width - 2 * SG_FLAME_PAD) / (double) f->total : 0;
	/* frames double as the breadth-first queue */
	for (size_t k = 0; k < f->nframes; k++) {
		size_t pe = ent_of[k], nk = 0;
		uint64_t x = f->frames[k].x, end = f->frames[k].x + f->frames[k].w;
		uint32_t depth = f->frames[k].depth + 1;

		for (size_t c = pe + 1; c < pe + e[pe].size; c += e[c].size) {
			if (nk == kcap) {
				size_t ncap = kcap ? kcap * 2 : 64;
				struct kid *nkids = realloc(kids, ncap * sizeof(*nkids));

				if (!nkids)
					goto oom;
				kids = nkids;
				kcap = ncap;
			}
			kids[nk].w = e[c].weight;
			kids[nk].name = e[c].node->name;
			kids[nk].e = c;
			nk++;
		}
		sort_kids(kids, nk, o->order == SG_ORDER_NAME);
		for (size_t i = 0; i < nk; i++) {
			const struct sg_node *nd = e[kids[i].e].node;
			/* rounded kernel times can make callees outlast their caller: clip */
			uint64_t w = kids[i].w < end - x ? kids[i].w : end - x;

			if (!w || (double) w * f->scale < o->minwidth) {
				f->pruned += e[kids[i].e].size;
				continue;
			}
			if (o->frame_want && !o->frame_want(o->want_ctx, nd)) {
				x += w;
				continue;
			}
			fr = &f->frames[f->nframes];
			fr->node = nd;
			fr->name = nd->name;
			fr->x = x;
			fr->w = w;
			fr->self = o->has_time ? nd->self : nd->calls;
			fr->calls = nd->calls;
			fr->parent = (uint32_t) k;
			fr->depth = depth;
			fr->irq = f->frames[k].irq || sg_irqname_is_entry(nd->name);
			ent_of[f->nframes++] = kids[i].e;
			if (depth > f->max_depth)
				f->max_depth = depth;
			x += w;
		}
	}
	free(ent_of);
	free(kids);
	free(e);
	return f;
oom:
	sg_log_error("out of memory");
fail:
	free(ent_of);
	free(kids);
	free(e);
	sg_flame_free(f);
	return NULL;
}

struct sg_flame *sg_flame_layout(const struct sg_node *top, const struct sg_flame_opts *o)
{
	return o->has_time ? layout_timed(top, o) : layout_flat(top, o);
}

void sg_flame_free(struct sg_flame *f)
{
	if (!f)
		return;
	free(f->frames);
	free(f);
}

double sg_flame_px(const struct sg_flame *f, uint64_t units)
{
	return SG_FLAME_PAD + (double) units * f->scale;
}

int sg_flame_utf8(const char *str, size_t avail)
{
	const unsigned char *s = (const unsigned char *) str;
	unsigned cp;
	int len;

	if (!avail)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if ((size_t) len > avail)
		return 0;
	for (int i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond Unicode, and the two XML non-characters */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff)
		return 0;
	return len;
}

/* sg_flame_utf8 on a NUL-terminated string: a NUL is never a continuation byte. */
static int utf8_len(const unsigned char *s)
{
	return sg_flame_utf8((const char *) s, 4);
}

/* Copy one character of s into buf as text any renderer takes; returns bytes consumed. */
static size_t put_char(const char *s, char *buf, size_t *n)
{
	const unsigned char *u = (const unsigned char *) s;
	int len = utf8_len(u);

	if (len == 1 && (u[0] >= 0x20 && u[0] != 0x7f)) {
		buf[(*n)++] = s[0];
		return 1;
	}
	if (len > 1) {
		memcpy(buf + *n, s, (size_t) len);
		*n += (size_t) len;
		return (size_t) len;
	}
	buf[(*n)++] = '?';
	return 1;
}

static size_t count_chars(const char *s)
{
	size_t chars = 0;

	while (*s) {
		int len = utf8_len((const unsigned char *) s);

		s += len ? len : 1;
		chars++;
	}
	return chars;
}

const char *sg_flame_label(const char *name, double w, char *buf, size_t size)
{
	double room = (w - 2 * SG_FLAME_LABEL_IN) / (SG_FLAME_FONT_PX * SG_FLAME_CHAR_EM);
	size_t fit = room > 0 ? (size_t) room : 0, chars = count_chars(name), n = 0;
	size_t show = chars <= fit ? chars : fit - 2;

	/* "a.." says nothing: a cut label keeps at least two characters of the name */
	if (fit < 3 || (chars > fit && fit < 4) || size < 8) {
		buf[0] = '\0';
		return buf;
	}
	for (size_t i = 0; i < show && *name && n + 4 + 3 < size; i++)
		name += put_char(name, buf, &n);
	if (show < chars) {
		buf[n++] = '.';
		buf[n++] = '.';
	}
	buf[n] = '\0';
	return buf;
}

void sg_flame_note(struct sg_flame_caption *c, int alert, const char *fmt, ...)
{
	va_list ap;
	struct sg_flame_note *n;

	if (c->nnotes >= SG_FLAME_MAX_NOTES)
		return;
	n = &c->notes[c->nnotes++];
	n->alert = alert;
	va_start(ap, fmt);
	vsnprintf(n->text, sizeof(n->text), fmt, ap);
	va_end(ap);
}

/* Bytes of s making at most max characters. */
static size_t prefix_bytes(const char *s, size_t max)
{
	size_t b = 0;

	for (size_t i = 0; i < max && s[b]; i++) {
		int len = utf8_len((const unsigned char *) s + b);

		b += len ? (size_t) len : 1;
	}
	return b;
}

void sg_flame_page(const struct sg_flame *f, const struct sg_flame_caption *c,
		   const struct sg_flame_opts *o, struct sg_flame_page *pg)
{
	double note_char = SG_FLAME_FONT_PX * SG_FLAME_CHAR_EM;
	double title_char = SG_FLAME_TITLE_PX * SG_FLAME_CHAR_EM;
	/* the buttons take the corners of the title line */
	size_t title_fit = o->width > 2 * 110 ? (size_t) ((o->width - 2 * 110) / title_char) : 0;
	size_t line_fit = (size_t) ((o->width - 2 * SG_FLAME_PAD) / note_char), used = 0;
	size_t sep = count_chars(SG_FLAME_NOTE_SEP), chars = count_chars(c->title);
	unsigned depth;

	memset(pg, 0, sizeof(*pg));
	pg->width = o->width;
	pg->title_y = 24;
	pg->title_cut = chars > title_fit;
	pg->title_len = pg->title_cut ? prefix_bytes(c->title, title_fit > 2 ? title_fit - 2 : 0)
				      : strlen(c->title);
	/* notes flow onto lines, a note never split */
	for (int i = 0; i < c->nnotes; i++) {
		size_t len = count_chars(c->notes[i].text);

		if (pg->nlines == 0 || (used && used + sep + len > line_fit)) {
			pg->nlines++;
			used = 0;
		}
		used += (used ? sep : 0) + len;
		pg->line_of[i] = pg->nlines - 1;
	}
	pg->line_h = 16;
	pg->first_line_y = 44;
	pg->frames_top = pg->first_line_y + (pg->nlines ? pg->nlines - 1 : -1) * pg->line_h + 14;
	/* colours by subsystem mean nothing without saying which is which */
	if (o->palette == SG_PALETTE_SUBSYS && !o->frame_color) {
		pg->legend_y = pg->frames_top + pg->line_h - 4;
		pg->frames_top += pg->line_h;
	}
	if (c->hist) {
		pg->hist_top = pg->frames_top + 4;
		pg->frames_top += SG_FLAME_HIST_H;
		if (c->scatter) {
			pg->scatter_top = pg->frames_top;
			pg->frames_top += SG_FLAME_SCATTER_H;
		}
	}
	depth = c->hist && c->hist_depth > f->max_depth ? c->hist_depth : f->max_depth;
	pg->frames_bottom = pg->frames_top + (f->nframes ? (int) (depth + 1) * SG_FLAME_FRAME_H : 40);
	pg->details_y = pg->frames_bottom + 20;
	pg->height = pg->details_y + 10;
}

int sg_flame_legend_x(int i)
{
	int x = SG_FLAME_PAD;

	for (int k = 0; k < i && k < sg_flame_nfamilies; k++)
		x += SG_FLAME_LEGEND_GAP +
		     (int) (count_chars(sg_flame_families[k].name) * SG_FLAME_FONT_PX *
			    SG_FLAME_CHAR_EM) +
		     16;
	return x;
}

int sg_flame_y(const struct sg_flame_page *pg, const struct sg_flame_opts *o, unsigned d)
{
	if (o->inverted)
		return pg->frames_top + (int) d * SG_FLAME_FRAME_H;
	return pg->frames_bottom - (int) (d + 1) * SG_FLAME_FRAME_H;
}
