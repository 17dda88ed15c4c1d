/* test_flame.c - flame graph layout, labels, SVG writer and cairo output on small exact trees. */
#include <cairo.h>
#include <stdlib.h>
#include <string.h>
#include "cairo_out.h"
#include "check.h"
#include "flame.h"
#include "fmt.h"
#include "log.h"
#include "strtab.h"
#include "svg.h"
#include "tree.h"
#include "treewalk.h"

static struct sg_strtab *st;

static struct sg_node *add(struct sg_tree *t, struct sg_node *parent, const char *name,
			   uint64_t calls, uint64_t total)
{
	struct sg_node *n = sg_tree_child(t, parent, sg_strtab_intern(st, name, strlen(name)));

	n->calls = calls;
	n->total = total;
	return n;
}

static const struct sg_flame_frame *find(const struct sg_flame *f, const char *name)
{
	for (size_t i = 0; i < f->nframes; i++)
		if (strcmp(f->frames[i].name, name) == 0)
			return &f->frames[i];
	return NULL;
}

/* The SVG of f in memory (caller frees). */
static char *svg_of(const struct sg_flame *f, const struct sg_flame_opts *o, size_t *drawn)
{
	struct sg_flame_caption cap = {.title = "t"};
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	CHECK(sg_svg_write(m, f, &cap, o, drawn) == 0);
	fclose(m);
	return buf;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

static int wanted_asked;

static int want_not_b(void *ctx, const struct sg_node *n)
{
	(void) ctx;
	wanted_asked++;
	return strcmp(n->name, "b") ? SG_FLAME_WANT | SG_FLAME_WANT_CALLEES : 0;
}

/* a wanted without its callees: with time, they are never looked at */
static int want_a_alone(void *ctx, const struct sg_node *n)
{
	(void) ctx;
	wanted_asked++;
	return !strcmp(n->name, "a") ? SG_FLAME_WANT
	       : strcmp(n->name, "b") ? SG_FLAME_WANT | SG_FLAME_WANT_CALLEES
				      : 0;
}

/*
 *  r 100 ns     self 10
 *  |- a 30      widest first: b (x 0), a (x 60); by name: a (x 0), b (x 30)
 *  |  `- c 20
 *  `- b 60
 *     `- d 1    1 ns of 100 is 11.8 px at 1200 px: kept; at --minwidth 12 left out
 */
static void test_layout(void)
{
	struct sg_tree *t = sg_tree_new();
	struct sg_node *r = add(t, sg_tree_top(t), "r", 2, 100), *a = add(t, r, "a", 3, 30);
	struct sg_flame_opts o;
	struct sg_flame *f;
	const struct sg_flame_frame *fa, *fb, *fc, *fd;

	add(t, a, "c", 1, 20);
	add(t, add(t, r, "b", 1, 60), "d", 5, 1);
	sg_treewalk_finish(r);
	sg_flame_opts_init(&o);
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(f->nframes, 5);
	CHECK_U64(f->total, 100);
	CHECK_U64(f->max_depth, 2);
	CHECK(f->scale > 11.799 && f->scale < 11.801);
	CHECK_STR(f->frames[0].name, "r");
	CHECK_STR(f->frames[1].name, "b"); /* breadth first, widest first */
	CHECK_STR(f->frames[2].name, "a");
	fa = find(f, "a");
	fb = find(f, "b");
	fc = find(f, "c");
	fd = find(f, "d");
	CHECK_U64(fb->x, 0);
	CHECK_U64(fa->x, 60);
	CHECK_U64(fc->x, 60);
	CHECK_U64(fc->w, 20);
	CHECK_U64(fc->depth, 2);
	CHECK_STR(f->frames[fc->parent].name, "a");
	CHECK_U64(fd->w, 1);
	CHECK_U64(fd->calls, 5);
	CHECK_U64(f->frames[0].self, 10);
	sg_flame_free(f);

	o.order = SG_ORDER_NAME;
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(find(f, "a")->x, 0);
	CHECK_U64(find(f, "b")->x, 30);
	CHECK_U64(find(f, "d")->x, 30);
	sg_flame_free(f);

	o.minwidth = 12;
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(f->nframes, 4);
	CHECK(find(f, "d") == NULL);
	CHECK_U64(f->pruned, 1);
	sg_flame_free(f);

	/* a pruned subtree counts all its nodes: a (354 px) and its c, and d */
	o.minwidth = 400;
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(f->nframes, 2);
	CHECK_U64(f->pruned, 3);
	sg_flame_free(f);

	/* a frame not wanted takes its width, is not stored, and its callees are not visited */
	o.minwidth = 0.1;
	o.order = SG_ORDER_TOTAL;
	o.frame_want = want_not_b;
	for (int has_time = 1; has_time >= 0; has_time--) {
		o.has_time = has_time;
		wanted_asked = 0;
		f = sg_flame_layout(sg_tree_top(t), &o);
		CHECK_U64(f->nframes, 3);
		CHECK(find(f, "b") == NULL && find(f, "d") == NULL);
		CHECK_U64(find(f, "a")->x, has_time ? 60 : 6);
		CHECK_U64(find(f, "c")->x, has_time ? 60 : 6);
		/* a, b, c, never d; and with time the bottom frame r, whether to look at its callees */
		CHECK_U64(wanted_asked, has_time ? 4 : 3);
		sg_flame_free(f);
	}
	o.has_time = 1;
	o.frame_want = want_a_alone;
	wanted_asked = 0;
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(f->nframes, 2);
	CHECK_U64(find(f, "a")->x, 60);
	CHECK(find(f, "c") == NULL);
	CHECK_U64(wanted_asked, 3); /* r, a, b */
	sg_flame_free(f);
	o.frame_want = NULL;
	o.has_time = 1;

	/* without time a frame is its calls and all its callees': r 2+3+1+1+5 */
	o.minwidth = 0.1;
	o.has_time = 0;
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(f->total, 12);
	CHECK_U64(find(f, "a")->w, 4);
	CHECK_U64(find(f, "b")->w, 6);
	CHECK_U64(find(f, "b")->self, 1);
	sg_flame_free(f);
	sg_tree_free(t);
}

/* Two roots stand on an "all" frame as wide as both. */
static void test_roots(void)
{
	struct sg_tree *t = sg_tree_new();
	struct sg_flame_opts o;
	struct sg_flame *f;

	add(t, sg_tree_top(t), "vfs_read", 4, 300);
	add(t, sg_tree_top(t), "vfs_write", 2, 100);
	sg_flame_opts_init(&o);
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(f->nframes, 3);
	CHECK_STR(f->frames[0].name, "all");
	CHECK(f->frames[0].node == NULL);
	CHECK_U64(f->frames[0].w, 400);
	CHECK_U64(f->frames[0].calls, 6);
	CHECK_U64(find(f, "vfs_write")->x, 300);
	sg_flame_free(f);
	sg_tree_free(t);

	t = sg_tree_new();
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(f->nframes, 0);
	sg_flame_free(f);
	sg_tree_free(t);

	/* a tree not finished may have callees outlasting their caller: they are clipped */
	t = sg_tree_new();
	struct sg_node *r = add(t, sg_tree_top(t), "r", 1, 100);

	add(t, r, "x", 1, 70);
	add(t, r, "y", 1, 50);
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK_U64(find(f, "x")->w, 70);
	CHECK_U64(find(f, "y")->x, 70);
	CHECK_U64(find(f, "y")->w, 30);
	sg_flame_free(f);
	sg_tree_free(t);
}

static void test_label(void)
{
	char b[64];

	/* 7.2 px a character, 3 px inside each edge */
	CHECK_STR(sg_flame_label("vfs_read", 8 * 7.2 + 6, b, sizeof(b)), "vfs_read");
	CHECK_STR(sg_flame_label("vfs_read", 8 * 7.2 + 5.9, b, sizeof(b)), "vfs_r..");
	CHECK_STR(sg_flame_label("vfs_read", 4 * 7.2 + 6, b, sizeof(b)), "vf..");
	CHECK_STR(sg_flame_label("vfs_read", 3 * 7.2 + 6, b, sizeof(b)),
		  ""); /* "v.." tells nothing */
	CHECK_STR(sg_flame_label("f", 3 * 7.2 + 6, b, sizeof(b)), "f");
	CHECK_STR(sg_flame_label("vfs_read", 2 * 7.2 + 6, b, sizeof(b)), "");
	CHECK_STR(sg_flame_label("caf\xc3\xa9\xff\x01", 100, b, sizeof(b)), "caf\xc3\xa9??");
	/* a cut never splits a character */
	CHECK_STR(
	    sg_flame_label("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 4 * 7.2 + 6, b, sizeof(b)),
	    "\xc3\xa9\xc3\xa9..");
	CHECK(sg_flame_utf8("\xed\xa0\x80", 3) == 0); /* a surrogate */
	CHECK(sg_flame_utf8("\xef\xbf\xbe", 3) == 0); /* U+FFFE */
	CHECK(sg_flame_utf8("\xe2\x80\x94", 2) == 0); /* cut short */
	CHECK(sg_flame_utf8("\xe2\x80\x94", 3) == 3);
}

static void test_svg(void)
{
	struct sg_tree *t = sg_tree_new();
	struct sg_node *r = add(t, sg_tree_top(t), "root", 1, 1000000);
	struct sg_flame_opts o;
	struct sg_flame *f;
	size_t drawn;
	char *s, *s2;

	add(t, r, "a<b>&\"c'", 1, 600000);
	add(t, r, "]]></title><script>x</script>", 1, 300000);
	sg_treewalk_finish(r);
	sg_flame_opts_init(&o);
	f = sg_flame_layout(sg_tree_top(t), &o);
	s = svg_of(f, &o, &drawn);
	CHECK_U64(drawn, 3);
	CHECK_U64(count(s, "<g><title>"), 3);
	CHECK_U64(count(s, "<script"), 1);
	CHECK_U64(count(s,
			"<title>a&lt;b&gt;&amp;&quot;c&#39; \xe2\x80\x94 cost 600.000 us, 60.00% "
			"of root, 60.00% of parent, self 600.000 us, 1 call</title>"),
		  1);
	CHECK_U64(
	    count(s, "<title>]]&gt;&lt;/title&gt;&lt;script&gt;x&lt;/script&gt; \xe2\x80\x94"), 1);
	CHECK_U64(count(s, "<title>root \xe2\x80\x94 cost 1000.000 us, 100.00% of root, 100.00% of "
			   "parent, self 100.000 us, 1 call</title><rect x=\"10\" width=\"1180\""),
		  1);
	/* 60% of 1180 px from x 10: callees' edges rounded to tenths */
	CHECK_U64(count(s, "<rect x=\"10\" width=\"708\" height=\"15\""), 1);
	CHECK_U64(count(s, "<rect x=\"718\" width=\"354\" height=\"15\""), 1);
	s2 = svg_of(f, &o, NULL);
	CHECK(strcmp(s, s2) == 0);
	free(s2);
	free(s);
	sg_flame_free(f);
	sg_tree_free(t);
}

/* Percentages as sg_fmt_pct prints them, over many fractions the SVG writer formats itself. */
static void test_pct(void)
{
	struct sg_tree *t = sg_tree_new();
	struct sg_node *r = add(t, sg_tree_top(t), "r", 1, 987654321);
	struct sg_flame_opts o;
	struct sg_flame *f;
	char name[16], want[128], pct[SG_FMT_LEN];
	uint64_t seed = 42, left = 987654321;
	int bad = 0, seen = 0;
	char *s;

	for (int i = 0; i < 400; i++) {
		uint64_t w;

		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		w = (seed >> 33) % (left / 64 + 1);
		left -= w;
		snprintf(name, sizeof(name), "f%d", i);
		add(t, r, name, 1, w);
	}
	sg_treewalk_finish(r);
	sg_flame_opts_init(&o);
	o.minwidth = 0;
	f = sg_flame_layout(sg_tree_top(t), &o);
	s = svg_of(f, &o, NULL);
	for (size_t i = 1; i < f->nframes; i++) {
		snprintf(want, sizeof(want), "<title>%s \xe2\x80\x94 cost ", f->frames[i].name);
		const char *p = strstr(s, want);

		/* frames whose edges round to the same tenth of a px are not drawn */
		if (!p)
			continue;
		seen++;
		snprintf(want, sizeof(want), ", %s%% of root,",
			 sg_fmt_pct(pct, f->frames[i].w, f->total));
		if (strncmp(strstr(p, " us,") + 3, want, strlen(want)) != 0)
			bad++;
	}
	CHECK(seen > 300);
	CHECK_U64(bad, 0);
	free(s);
	sg_flame_free(f);
	sg_tree_free(t);
}

/* A million calls deep: nothing may recurse on depth. */
static void test_deep(void)
{
	struct sg_tree *t = sg_tree_new();
	struct sg_node *n = sg_tree_top(t);
	struct sg_flame_opts o;
	struct sg_flame *f;
	const uint64_t depth = 1000000;
	size_t drawn = 0;
	char name[32];
	FILE *null = fopen("/dev/null", "w");

	for (uint64_t i = 0; i < depth; i++) {
		snprintf(name, sizeof(name), "f%d", (int) (i % 1000));
		n = add(t, n, name, 1, depth - i);
	}
	sg_treewalk_finish(sg_tree_top(t)->child);
	sg_flame_opts_init(&o);
	f = sg_flame_layout(sg_tree_top(t), &o);
	/* a frame of depth - i ns is (depth - i) * 1180 / depth px: >= 0.1 px down to i = 999915 */
	CHECK_U64(f->nframes, 999916);
	CHECK_U64(f->max_depth, 999915);
	CHECK(sg_svg_write(null, f, &(struct sg_flame_caption){.title = "deep"}, &o, &drawn) == 0);
	CHECK_U64(drawn, 999916);
	CHECK(sg_cairo_write(null, SG_CAIRO_PNG, f, &(struct sg_flame_caption){.title = "deep"}, &o,
			     NULL) == -1);
	CHECK_STR(sg_log_message(), "a 1200x15998728 px flame graph (999916 levels deep) is too "
				    "large for a PNG (32767 px at most): use svg or pdf");
	fclose(null);
	sg_flame_free(f);
	sg_tree_free(t);
}

struct mem {
	unsigned char *p;
	size_t len, off;
};

static cairo_status_t read_mem(void *closure, unsigned char *data, unsigned int len)
{
	struct mem *m = closure;

	if (m->off + len > m->len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, m->p + m->off, len);
	m->off += len;
	return CAIRO_STATUS_SUCCESS;
}

/* The PNG reads back at the page's size, with a frame's colour where the frame is. */
static void test_png(void)
{
	struct sg_tree *t = sg_tree_new();
	struct sg_node *r = add(t, sg_tree_top(t), "root", 1, 100);
	struct sg_flame_opts o;
	struct sg_flame_caption cap = {.title = "png"};
	struct sg_flame_page pg;
	struct sg_flame *f;
	struct mem m = {0};
	unsigned char rgb[3];
	cairo_surface_t *img;
	FILE *out = open_memstream((char **) &m.p, &m.len);

	add(t, r, "callee", 1, 50);
	sg_treewalk_finish(r);
	sg_flame_opts_init(&o);
	o.width = 400;
	f = sg_flame_layout(sg_tree_top(t), &o);
	CHECK(sg_cairo_write(out, SG_CAIRO_PNG, f, &cap, &o, NULL) == 0);
	fclose(out);
	img = cairo_image_surface_create_from_png_stream(read_mem, &m);
	CHECK(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS);
	sg_flame_page(f, &cap, &o, &pg);
	CHECK_U64(cairo_image_surface_get_width(img), 400);
	CHECK_U64(cairo_image_surface_get_height(img), (uint64_t) pg.height);
	/* callee: depth 1, x 10 to 200; its label ends near x 60 */
	int y = sg_flame_y(&pg, &o, 1) + 7;
	uint32_t px =
	    *(uint32_t *) (cairo_image_surface_get_data(img) +
			   (size_t) y * (size_t) cairo_image_surface_get_stride(img) + 150 * 4);

	sg_flame_color("callee", o.palette, rgb);
	CHECK_U64(px & 0xffffff, (uint32_t) rgb[0] << 16 | (uint32_t) rgb[1] << 8 | rgb[2]);
	cairo_surface_destroy(img);
	free(m.p);
	sg_flame_free(f);
	sg_tree_free(t);
}

int main(void)
{
	st = sg_strtab_new();
	test_layout();
	test_roots();
	test_label();
	test_svg();
	test_pct();
	test_deep();
	test_png();
	sg_strtab_free(st);
	printf("flame: %d checks, %d failed\n", check_count, check_failures);
	return check_failures ? 1 : 0;
}
