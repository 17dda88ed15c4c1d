/* tuitree.c - the TUI's call tree view: rows, keys, search, a node's detail. */
#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fmt.h"
#include "log.h"
#include "tuidraw.h"
#include "tuitree.h"

/* The rows above and below the tree: the title and the column names, the status line. */
#define HEAD_ROWS 2
#define FOOT_ROWS 1
/* Before each row: '+' collapsed, '-' expanded (nothing for a leaf), '*' a search match. */
#define MARK_COLS 2
/* A deep page's drawing gives way until each name shows at least this much. */
#define NAME_MIN 24

const char *const sg_tuitree_help[] = {
    "Call tree",
    "  Up Down j k         move; PgUp PgDn, Home End (g G) by pages, to the ends",
    "  Right l +           expand the node (again: to its first callee)",
    "  Left h              collapse the node (again: to its caller)",
    "  Enter Space         expand or collapse",
    "  * e                 expand the node's whole subtree",
    "  -                   collapse the node and its subtree",
    "  p                   expand the hottest path below the node (largest total)",
    "  t s c a             sort callees by total, self, calls or name",
    "  /                   search names (extended regex; empty: clear)",
    "  n N                 next, previous match",
    "  d                   the node's detail: per call, min/max, errors, off-cpu",
    NULL,
};

static const char *const sort_names[] = {"total", "self", "calls", "name"};

struct sg_tuitree *sg_tuitree_new(const struct sg_node *top, const char *title, int has_time,
				  int unicode, volatile sig_atomic_t *stop)
{
	struct sg_tuitree *t = calloc(1, sizeof(*t));

	if (!t) {
		sg_log_error("out of memory");
		return NULL;
	}
	t->m = sg_tuimodel_new(top);
	if (!t->m) {
		free(t);
		return NULL;
	}
	snprintf(t->title, sizeof(t->title), "%s", title);
	t->has_time = has_time;
	t->unicode = unicode;
	t->stop = stop;
	return t;
}

void sg_tuitree_free(struct sg_tuitree *t)
{
	if (!t)
		return;
	sg_tuimodel_free(t->m);
	free(t);
}

static int page_rows(void)
{
	int n = LINES - HEAD_ROWS - FOOT_ROWS;

	return n > 1 ? n : 1;
}

/* Keep the cursor on a row and on the screen. */
static void clamp(struct sg_tuitree *t)
{
	unsigned page = (unsigned) page_rows();

	if (t->cur >= t->m->nrows)
		t->cur = t->m->nrows ? t->m->nrows - 1 : 0;
	if (t->cur < t->top)
		t->top = t->cur;
	if (t->cur >= t->top + page)
		t->top = t->cur - page + 1;
}

/* The node under the cursor. */
static unsigned cur_node(const struct sg_tuitree *t)
{
	return t->m->rows[t->cur];
}

/* Put the cursor on node i, its ancestors expanded. */
static void go_to(struct sg_tuitree *t, unsigned i)
{
	int r;

	sg_tuimodel_reveal(t->m, i);
	r = sg_tuimodel_row_of(t->m, i);
	if (r >= 0)
		t->cur = (unsigned) r;
	clamp(t);
}

/* Screen columns of s: UTF-8 continuation bytes take none. */
static int columns(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char) *s & 0xc0) != 0x80;
	return n;
}

static void draw_row(struct sg_tuitree *t, int y, unsigned row, int skip)
{
	const struct sg_tuimodel *m = t->m;
	unsigned i = m->rows[row];
	const struct sg_tuimodel_node *v = &m->v[i];
	const struct sg_node *root = m->v[sg_tuimodel_root_of(m, i)].node;
	char line[1024];
	int attr;

	line[0] = v->nkids ? (v->expanded ? '-' : '+') : ' ';
	line[1] = v->match ? '*' : ' ';
	sg_tuimodel_line(m, i, t->has_time, t->unicode, skip, line + MARK_COLS,
			 sizeof(line) - MARK_COLS);
	sg_tuidraw_text(y, 0, line, A_NORMAL, 1);
	/* as -m tree: the total and %root coloured by share of the root */
	attr = t->has_time ? sg_tuidraw_share_attr(v->node->total, root->total) : (int) A_NORMAL;
	if (attr != (int) A_NORMAL) {
		sg_tuidraw_attr_at(y, MARK_COLS, 11, attr);
		sg_tuidraw_attr_at(y, MARK_COLS + 33, 7, attr);
	}
	if (v->match)
		sg_tuidraw_attr_at(y, 0, MARK_COLS, sg_tuidraw_attr(SG_TUI_MATCH));
	if (row == t->cur)
		sg_tuidraw_attr_at(y, 0, COLS, A_REVERSE);
}

/*
 * A page too wide for the screen: how many outer levels' drawing gives way to "<", the same
 * on every row of the page so that the tree's lines stay aligned and the names show.
 */
static int page_skip(const struct sg_tuitree *t, int page)
{
	char line[1024];
	int skip = 0;

	for (int r = 0; r < page && t->top + (unsigned) r < t->m->nrows; r++) {
		unsigned i = t->m->rows[t->top + (unsigned) r];
		int w = MARK_COLS + columns(sg_tuimodel_line(t->m, i, t->has_time, t->unicode, 0,
							     line, sizeof(line)));
		int name = (int) strlen(t->m->v[i].node->name);

		/* enough for the name's first NAME_MIN columns */
		if (name > NAME_MIN)
			w -= name - NAME_MIN;
		int need = w > COLS ? (w - COLS + 2) / 3 + 1 : 0;

		if (need > t->m->v[i].depth - 1)
			need = t->m->v[i].depth - 1;
		if (need > skip)
			skip = need;
	}
	return skip;
}

void sg_tuitree_draw(struct sg_tuitree *t)
{
	char status[512], share[SG_FMT_LEN];
	int page = page_rows(), skip;

	clamp(t);
	erase();
	sg_tuidraw_text(0, 0, t->title, sg_tuidraw_attr(SG_TUI_TITLE), 1);
	sg_tuidraw_attr_at(0, 0, COLS, sg_tuidraw_attr(SG_TUI_TITLE));
	if (t->has_time)
		snprintf(status, sizeof(status), "%*s%11s %11s %8s %7s %7s  %s", MARK_COLS, "",
			 "total", "self", "calls", "%root", "%parent", "function");
	else
		snprintf(status, sizeof(status), "%*s%8s  %s", MARK_COLS, "", "calls", "function");
	sg_tuidraw_text(1, 0, status, A_BOLD, 1);
	skip = page_skip(t, page);
	for (int r = 0; r < page && t->top + (unsigned) r < t->m->nrows; r++)
		draw_row(t, HEAD_ROWS + r, t->top + (unsigned) r, skip);
	if (*t->msg)
		snprintf(status, sizeof(status), "%s", t->msg);
	else if (*t->search)
		snprintf(status, sizeof(status), "row %u/%u  sort %s  /%s: %u match%s, %s%% of the root  ? help",
			 t->cur + 1, t->m->nrows, sort_names[t->m->sort], t->search, t->m->nmatch,
			 t->m->nmatch == 1 ? "" : "es",
			 sg_fmt_pct(share, t->m->match_total, t->m->all_total));
	else
		snprintf(status, sizeof(status), "row %u/%u  sort %s  ? help  q quit", t->cur + 1,
			 t->m->nrows, sort_names[t->m->sort]);
	t->msg[0] = '\0';
	sg_tuidraw_text(LINES - 1, 0, status, A_BOLD, 1);
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
		k += (size_t) snprintf(buf, size, "...;");
	while (n-- > 0 && k + 1 < size) {
		k += sg_fmt_name_buf(buf + k, size - k, m->v[chain[n]].node->name);
		if (n && k + 1 < size) {
			buf[k++] = ';';
			buf[k] = '\0';
		}
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

static void detail(struct sg_tuitree *t)
{
	const struct sg_tuimodel *m = t->m;
	unsigned i = cur_node(t);
	const struct sg_node *n = m->v[i].node;
	const struct sg_node *root = m->v[sg_tuimodel_root_of(m, i)].node;
	const struct sg_node *parent = m->v[i].parent >= 0 ? m->v[m->v[i].parent].node : n;
	static char l[12][600];
	const char *lines[12];
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN], errs[256];
	char name[400], path[1024];
	uint64_t own, below;
	int k = 0;

	sg_fmt_name_buf(name, sizeof(name), n->name);
	node_path(m, i, path, sizeof(path));
	snprintf(l[k++], sizeof(l[0]), "path      %s", path);
	snprintf(l[k++], sizeof(l[0]), "calls     %" PRIu64, n->calls);
	if (t->has_time) {
		snprintf(l[k++], sizeof(l[0]), "total     %s  (%s%% of the root, %s%% of the caller)",
			 sg_fmt_human(a, n->total), sg_fmt_pct(b, n->total, root->total),
			 sg_fmt_pct(c, n->total, parent->total));
		snprintf(l[k++], sizeof(l[0]), "self      %s  (%s%% of its total)",
			 sg_fmt_human(a, n->self), sg_fmt_pct(b, n->self, n->total));
		if (n->calls)
			snprintf(l[k++], sizeof(l[0]), "per call  total %s  self %s",
				 sg_fmt_human(a, n->total / n->calls),
				 sg_fmt_human(b, n->self / n->calls));
		if (n->calls && n->max)
			snprintf(l[k++], sizeof(l[0]), "one call  min %s  max %s",
				 sg_fmt_human(c, n->min), sg_fmt_human(d, n->max));
		offcpu(n, &own, &below);
		if (below)
			snprintf(l[k++], sizeof(l[0]),
				 "off-cpu   %s waiting in this call, %s in its subtree (%s%%)",
				 sg_fmt_human(a, own), sg_fmt_human(b, below),
				 sg_fmt_pct(c, below, n->total));
	}
	snprintf(l[k++], sizeof(l[0]), "callees   %u", m->v[i].nkids);
	if (n->ret && n->ret->rets)
		snprintf(l[k++], sizeof(l[0]), "returns   %" PRIu64 " values seen, %" PRIu64 " errors%s%s",
			 n->ret->rets, n->ret->errs, *sg_fmt_errors(errs, sizeof(errs), n) ? ": " : "",
			 errs);
	for (int j = 0; j < k; j++)
		lines[j] = l[j];
	sg_tuidraw_popup(name, lines, k, t->stop);
}

static void search(struct sg_tuitree *t)
{
	char buf[sizeof(t->search)];
	int next;

	snprintf(buf, sizeof(buf), "%s", t->search);
	if (sg_tuidraw_prompt("search (regex): /", buf, sizeof(buf), t->stop) < 0)
		return;
	if (sg_tuimodel_search(t->m, buf) < 0) {
		snprintf(t->msg, sizeof(t->msg), "%s", sg_log_message());
		t->search[0] = '\0';
		return;
	}
	snprintf(t->search, sizeof(t->search), "%s", buf);
	if (!*buf)
		return;
	next = t->m->v[cur_node(t)].match ? (int) cur_node(t)
					  : sg_tuimodel_next_match(t->m, cur_node(t), 1);
	if (next < 0)
		snprintf(t->msg, sizeof(t->msg), "/%s: no match", buf);
	else
		go_to(t, (unsigned) next);
}

enum sg_tui_action sg_tuitree_key(struct sg_tuitree *t, int key)
{
	struct sg_tuimodel *m = t->m;
	unsigned page = (unsigned) page_rows(), i;
	int j;

	if (!m->nrows)
		return SG_TUI_UNHANDLED;
	i = cur_node(t);
	switch (key) {
	case KEY_UP:
	case 'k':
		t->cur -= t->cur > 0;
		break;
	case KEY_DOWN:
	case 'j':
		t->cur++;
		break;
	case KEY_PPAGE:
		t->cur = t->cur > page ? t->cur - page : 0;
		break;
	case KEY_NPAGE:
		t->cur += page;
		break;
	case KEY_HOME:
	case 'g':
		t->cur = 0;
		break;
	case KEY_END:
	case 'G':
		t->cur = m->nrows - 1;
		break;
	case KEY_RIGHT:
	case 'l':
	case '+':
		if (m->v[i].expanded && m->v[i].nkids)
			t->cur++;
		else
			sg_tuimodel_expand(m, i, 0);
		break;
	case KEY_LEFT:
	case 'h':
		if (m->v[i].expanded && m->v[i].nkids)
			sg_tuimodel_collapse(m, i, 0);
		else if (m->v[i].parent >= 0)
			go_to(t, (unsigned) m->v[i].parent);
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
	case ' ':
		if (m->v[i].expanded)
			sg_tuimodel_collapse(m, i, 0);
		else
			sg_tuimodel_expand(m, i, 0);
		break;
	case '*':
	case 'e':
		sg_tuimodel_expand(m, i, 1);
		break;
	case '-':
		sg_tuimodel_collapse(m, i, 1);
		break;
	case 'p':
		go_to(t, sg_tuimodel_hot_path(m, i));
		break;
	case 't':
	case 's':
	case 'c':
	case 'a':
		if (sg_tuimodel_sort(m, key == 't'   ? SG_TUI_SORT_TOTAL
					: key == 's' ? SG_TUI_SORT_SELF
					: key == 'c' ? SG_TUI_SORT_CALLS
						     : SG_TUI_SORT_NAME) < 0)
			snprintf(t->msg, sizeof(t->msg), "%s", sg_log_message());
		go_to(t, i);
		break;
	case '/':
		search(t);
		break;
	case 'n':
	case 'N':
		j = sg_tuimodel_next_match(m, i, key == 'n' ? 1 : -1);
		if (j < 0)
			snprintf(t->msg, sizeof(t->msg), "%s", *t->search ? "no match" : "no search: / first");
		else
			go_to(t, (unsigned) j);
		break;
	case 'd':
		detail(t);
		break;
	default:
		return SG_TUI_UNHANDLED;
	}
	clamp(t);
	return SG_TUI_NONE;
}
