/* tuinode.c - the TUI's view of a call tree (sg_node): -m tree's columns, a node's detail. */
#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "callfmt.h"
#include "fmt.h"
#include "tree.h"
#include "tuidraw.h"
#include "tuinode.h"

static const void *child(const void *n)
{
	return ((const struct sg_node *) n)->child;
}

static const void *next(const void *n)
{
	return ((const struct sg_node *) n)->next;
}

static const char *name(const void *n)
{
	return ((const struct sg_node *) n)->name;
}

static uint64_t value(const void *p, enum sg_tuimodel_sort key)
{
	const struct sg_node *n = p;

	return key == SG_TUI_SORT_TOTAL	  ? n->total
	       : key == SG_TUI_SORT_SELF  ? n->self
	       : key == SG_TUI_SORT_CALLS ? n->calls
					  : 0;
}

static const struct sg_tuimodel_ops ops = {child, next, name, value};

static const struct sg_node *node(const struct sg_tuimodel *m, int i)
{
	return m->v[i].node;
}

static const struct sg_node *root_of(const struct sg_tuimodel *m, unsigned i)
{
	return node(m, (int) sg_tuimodel_root_of(m, i));
}

/* The caller's total for %parent; a root's own. */
static uint64_t parent_total(const struct sg_tuimodel *m, unsigned i)
{
	return m->v[i].parent >= 0 ? node(m, m->v[i].parent)->total : node(m, (int) i)->total;
}

static void figures_timed(const struct sg_tuimodel *m, unsigned i, char *buf, size_t size)
{
	const struct sg_node *n = node(m, (int) i);
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN];

	snprintf(buf, size, "%11s %11s %8" PRIu64 " %7s %7s  ", sg_fmt_human(a, n->total),
		 sg_fmt_human(b, n->self), n->calls, sg_fmt_pct(c, n->total, root_of(m, i)->total),
		 sg_fmt_pct(d, n->total, parent_total(m, i)));
}

/*
 * A narrow screen's columns: %parent goes first, then self, calls and %root (what -m tree
 * reads first is the total and its share of the root); level 0 is figures_timed's.
 */
static void figures_fit(const struct sg_tuimodel *m, unsigned i, int level, char *buf,
			size_t size)
{
	const struct sg_node *n = node(m, (int) i);
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN];

	sg_fmt_human(a, n->total);
	sg_fmt_human(b, n->self);
	sg_fmt_pct(c, n->total, root_of(m, i)->total);
	if (level <= 0)
		figures_timed(m, i, buf, size);
	else if (level == 1)
		snprintf(buf, size, "%11s %11s %8" PRIu64 " %7s  ", a, b, n->calls, c);
	else if (level == 2)
		snprintf(buf, size, "%11s %8" PRIu64 " %7s  ", a, n->calls, c);
	else if (level == 3)
		snprintf(buf, size, "%11s %7s  ", a, c);
	else
		snprintf(buf, size, "%11s  ", a);
}

static void figures_calls(const struct sg_tuimodel *m, unsigned i, char *buf, size_t size)
{
	snprintf(buf, size, "%8" PRIu64 "  ", node(m, (int) i)->calls);
}

static void suffix(const void *n, char *buf, size_t size)
{
	char errs[256];

	buf[0] = '\0';
	if (*sg_callfmt_errors(errs, sizeof(errs), n))
		snprintf(buf, size, "  (%s)", errs);
}

/* As -m tree: the total and %root red from 5% of the root, green from 0.5%. */
static int colour_timed(const struct sg_tuimodel *m, unsigned i)
{
	return sg_tuidraw_share_attr(node(m, (int) i)->total, root_of(m, i)->total);
}

static int colour_none(const struct sg_tuimodel *m, unsigned i)
{
	(void) m;
	(void) i;
	return A_NORMAL;
}

/* The path from the root to node i, names escaped, joined by ';'. */
static void node_path(const struct sg_tuimodel *m, unsigned i, char *buf, size_t size)
{
	unsigned chain[64];
	int n = 0, cut = 0;
	size_t k = 0;

	for (int j = (int) i; j >= 0; j = m->v[j].parent) {
		if (n == 64) {
			cut = 1;
			break;
		}
		chain[n++] = (unsigned) j;
	}
	buf[0] = '\0';
	if (cut)
		sg_tuimodel_put(buf, size, &k, "...;");
	while (n-- > 0 && k + 1 < size) {
		k += sg_escape_name_buf(buf + k, size - k, node(m, (int) chain[n])->name);
		if (n)
			sg_tuimodel_put(buf, size, &k, ";");
	}
}

/* [off-cpu] time: directly under n, and anywhere below it. */
static void offcpu(const struct sg_node *n, uint64_t *own, uint64_t *below)
{
	*own = *below = 0;
	for (const struct sg_node *c = n->child; c; c = sg_node_next(c, n))
		if (strcmp(c->name, SG_OFFCPU_NAME) == 0) {
			*below = sg_add_sat(*below, c->total);
			if (c->parent == n)
				*own = sg_add_sat(*own, c->total);
		}
}

static int detail(const struct sg_tuimodel *m, unsigned i, char (*l)[SG_TUI_DETAIL_LEN], int timed)
{
	const struct sg_node *n = node(m, (int) i);
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN], errs[256], path[1024];
	uint64_t own, below;
	int k = 0;

	node_path(m, i, path, sizeof(path));
	snprintf(l[k++], SG_TUI_DETAIL_LEN, "path      %s", path);
	snprintf(l[k++], SG_TUI_DETAIL_LEN, "calls     %" PRIu64, n->calls);
	if (timed) {
		snprintf(l[k++], SG_TUI_DETAIL_LEN,
			 "total     %s  (%s%% of the root, %s%% of the caller)",
			 sg_fmt_human(a, n->total), sg_fmt_pct(b, n->total, root_of(m, i)->total),
			 sg_fmt_pct(c, n->total, parent_total(m, i)));
		snprintf(l[k++], SG_TUI_DETAIL_LEN, "self      %s  (%s%% of its total)",
			 sg_fmt_human(a, n->self), sg_fmt_pct(b, n->self, n->total));
		if (n->calls)
			snprintf(l[k++], SG_TUI_DETAIL_LEN, "per call  total %s  self %s",
				 sg_fmt_human(a, n->total / n->calls),
				 sg_fmt_human(b, n->self / n->calls));
		if (n->calls && n->max)
			snprintf(l[k++], SG_TUI_DETAIL_LEN, "one call  min %s  max %s",
				 sg_fmt_human(c, n->min), sg_fmt_human(d, n->max));
		offcpu(n, &own, &below);
		if (below)
			snprintf(l[k++], SG_TUI_DETAIL_LEN,
				 "off-cpu   %s waiting in this call, %s in its subtree (%s%%)",
				 sg_fmt_human(a, own), sg_fmt_human(b, below),
				 sg_fmt_pct(c, below, n->total));
	}
	snprintf(l[k++], SG_TUI_DETAIL_LEN, "callees   %u", m->v[i].nkids);
	if (n->ret && n->ret->rets)
		snprintf(l[k++], SG_TUI_DETAIL_LEN,
			 "returns   %" PRIu64 " value%s seen, %" PRIu64 " error%s%s%s",
			 n->ret->rets, sg_plural(n->ret->rets), n->ret->errs,
			 sg_plural(n->ret->errs), *sg_callfmt_errors(errs, sizeof(errs), n) ? ": " : "",
			 errs);
	return k;
}

static int detail_timed(const struct sg_tuimodel *m, unsigned i, char (*l)[SG_TUI_DETAIL_LEN])
{
	return detail(m, i, l, 1);
}

static int detail_calls(const struct sg_tuimodel *m, unsigned i, char (*l)[SG_TUI_DETAIL_LEN])
{
	return detail(m, i, l, 0);
}

const struct sg_tuitree_kind sg_tuinode_timed = {
    .ops = &ops,
    .header = "      total        self    calls   %root %parent  function",
    .figures = figures_timed,
    .suffix = suffix,
    .colour = colour_timed,
    .spans = {{0, 11}, {33, 7}}, /* total and %root */
    .detail = detail_timed,
    .nfit = 4,
    .figures_fit = figures_fit,
    .headers_fit = {"      total        self    calls   %root %parent  function",
		    "      total        self    calls   %root  function",
		    "      total    calls   %root  function", "      total   %root  function",
		    "      total  function"},
    .spans_fit = {{{0, 11}, {33, 7}},
		  {{0, 11}, {33, 7}},
		  {{0, 11}, {21, 7}},
		  {{0, 11}, {12, 7}},
		  {{0, 11}, {0, 0}}},
};

const struct sg_tuitree_kind sg_tuinode_calls = {
    .ops = &ops,
    .header = "   calls  function",
    .figures = figures_calls,
    .suffix = suffix,
    .colour = colour_none,
    .detail = detail_calls,
};
