/* tuitree.c - the TUI's call tree view: rows, keys, search, a node's detail. */
#include <curses.h>
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
/* Levels of drawing beside NAME_MIN the columns leave room for (80 columns keep all). */
#define DRAW_MIN 1

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

struct sg_tuitree *sg_tuitree_new(const void *top, const struct sg_tuitree_kind *kind,
				  const char *title, int unicode, volatile sig_atomic_t *stop)
{
	struct sg_tuitree *t = calloc(1, sizeof(*t));

	if (!t) {
		sg_log_error("out of memory");
		return NULL;
	}
	t->m = sg_tuimodel_new(top, kind->ops);
	if (!t->m) {
		free(t);
		return NULL;
	}
	snprintf(t->title, sizeof(t->title), "%s", title);
	t->kind = kind;
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

/* Model nodes by their tree node, for sg_tuitree_rebuild's look-up. */
static int cmp_node_ptr(const void *a, const void *b)
{
	const void *x = ((const struct sg_tuimodel_node *) a)->node;
	const void *y = ((const struct sg_tuimodel_node *) b)->node;

	return x < y ? -1 : x > y;
}

int sg_tuitree_rebuild(struct sg_tuitree *t, const void *top, const char *title)
{
	struct sg_tuimodel *old = t->m, *m;
	struct sg_tuimodel_node *seen, key;
	const void *cur = old->nrows ? old->v[old->rows[t->cur]].node : NULL;
	unsigned off = t->cur - t->top;
	int at = -1;

	m = sg_tuimodel_new(top, t->kind->ops);
	if (!m)
		return -1;
	seen = malloc((old->nv ? old->nv : 1) * sizeof(*seen));
	if (!seen || (old->sort != m->sort && sg_tuimodel_sort(m, old->sort) < 0) ||
	    (*t->search && sg_tuimodel_search(m, t->search) < 0)) {
		if (!seen)
			sg_log_error("out of memory");
		free(seen);
		sg_tuimodel_free(m);
		return -1;
	}
	/* the tree's nodes stay where they are as it grows: a node is known by its address */
	memcpy(seen, old->v, old->nv * sizeof(*seen));
	qsort(seen, old->nv, sizeof(*seen), cmp_node_ptr);
	for (unsigned i = 0; i < m->nv; i++) {
		const struct sg_tuimodel_node *was;

		key.node = m->v[i].node;
		was = bsearch(&key, seen, old->nv, sizeof(*seen), cmp_node_ptr);
		/* a node new since the last view keeps the model's default (roots open) */
		if (was)
			m->v[i].expanded = was->expanded;
		if (key.node == cur)
			at = (int) i;
	}
	free(seen);
	sg_tuimodel_free(old);
	t->m = m;
	snprintf(t->title, sizeof(t->title), "%s", title);
	t->cur = t->top = 0;
	if (!m->nv)
		return 0;
	/* the rows follow the flags set above; the cursor stays on its node, as high up */
	sg_tuimodel_reveal(m, at >= 0 ? (unsigned) at : 0);
	if (at >= 0) {
		go_to(t, (unsigned) at);
		t->top = t->cur > off ? t->cur - off : 0;
		clamp(t);
	}
	return 0;
}

/* Screen columns of s: UTF-8 continuation bytes take none. */
static int columns(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char) *s & 0xc0) != 0x80;
	return n;
}

/* Node i's row: the kind's figures, the drawing, the name escaped, what follows it. */
static const char *row_text(const struct sg_tuitree *t, unsigned i, int skip, char *buf,
			    size_t size)
{
	const void *n = t->m->v[i].node;
	char name[512], suffix[300];
	size_t k;

	if (t->fit && t->kind->figures_fit)
		t->kind->figures_fit(t->m, i, t->fit, buf, size);
	else
		t->kind->figures(t->m, i, buf, size);
	k = strlen(buf);
	sg_tuimodel_prefix(t->m, i, t->unicode, skip, buf, size, &k);
	/* the one escaping of input strings (fmt.c) */
	sg_escape_name_buf(name, sizeof(name), t->m->ops->name(n));
	sg_tuimodel_put(buf, size, &k, name);
	t->kind->suffix(n, suffix, sizeof(suffix));
	sg_tuimodel_put(buf, size, &k, suffix);
	return buf;
}

static void draw_row(struct sg_tuitree *t, int y, unsigned row, int skip)
{
	const struct sg_tuimodel *m = t->m;
	unsigned i = m->rows[row];
	const struct sg_tuimodel_node *v = &m->v[i];
	char line[1024];
	int attr;

	line[0] = v->nkids ? (v->expanded ? '-' : '+') : ' ';
	line[1] = v->match ? '*' : ' ';
	row_text(t, i, skip, line + MARK_COLS, sizeof(line) - MARK_COLS);
	sg_tuidraw_text(y, 0, line, A_NORMAL, 1);
	attr = t->kind->colour(m, i);
	for (int s = 0; s < 2 && attr != (int) A_NORMAL; s++) {
		const int *sp = t->fit ? t->kind->spans_fit[t->fit][s] : t->kind->spans[s];

		if (sp[1])
			sg_tuidraw_attr_at(y, MARK_COLS + sp[0], sp[1], attr);
	}
	if (v->match)
		sg_tuidraw_attr_at(y, 0, MARK_COLS, sg_tuidraw_attr(SG_TUI_MATCH));
	if (row == t->cur)
		sg_tuidraw_attr_at(y, 0, COLS, A_REVERSE);
}

/*
 * The columns for the screen's width: the first set (kind->nfit's, each with one fewer) that
 * leaves a name NAME_MIN columns beside DRAW_MIN levels of drawing; the same for every page,
 * so columns do not come and go while scrolling.
 */
static int fit_columns(const struct sg_tuitree *t)
{
	int level = 0;

	for (; level < t->kind->nfit && level < SG_TUITREE_FIT_MAX; level++) {
		/* the figures' width: the header's, "function" left out */
		int figs = (int) strlen(t->kind->headers_fit[level]) - (int) strlen("function");

		if (COLS - MARK_COLS - figs >= NAME_MIN + 3 * DRAW_MIN)
			break;
	}
	return level;
}

/*
 * A page too wide for the screen: how many outer levels' drawing gives way to "<", the same
 * on every row of the page so that the tree's lines stay aligned and the names show (a row
 * whose own line is among them shows "<" before its name: sg_tuimodel_prefix).
 */
static int page_skip(const struct sg_tuitree *t, int page)
{
	char line[1024];
	int skip = 0;

	for (int r = 0; r < page && t->top + (unsigned) r < t->m->nrows; r++) {
		unsigned i = t->m->rows[t->top + (unsigned) r];
		int w = MARK_COLS + columns(row_text(t, i, 0, line, sizeof(line)));
		int name = (int) strlen(t->m->ops->name(t->m->v[i].node));

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
	t->fit = fit_columns(t);
	sg_tuidraw_text(0, 0, t->title, sg_tuidraw_attr(SG_TUI_TITLE), 1);
	sg_tuidraw_attr_at(0, 0, COLS, sg_tuidraw_attr(SG_TUI_TITLE));
	snprintf(status, sizeof(status), "%*s%s", MARK_COLS, "",
		 t->fit ? t->kind->headers_fit[t->fit] : t->kind->header);
	sg_tuidraw_text(1, 0, status, A_BOLD, 1);
	skip = page_skip(t, page);
	for (int r = 0; r < page && t->top + (unsigned) r < t->m->nrows; r++)
		draw_row(t, HEAD_ROWS + r, t->top + (unsigned) r, skip);
	if (*t->msg)
		snprintf(status, sizeof(status), "%s", t->msg);
	else if (*t->search)
		snprintf(status, sizeof(status),
			 "row %u/%u  sort %s  /%s: %u match%s, %s%% of the root  ? help",
			 t->cur + 1, t->m->nrows, sort_names[t->m->sort], t->search, t->m->nmatch,
			 t->m->nmatch == 1 ? "" : "es",
			 sg_fmt_pct(share, t->m->match_total, t->m->all_total));
	else
		snprintf(status, sizeof(status), "row %u/%u  sort %s  ? help  q quit", t->cur + 1,
			 t->m->nrows, sort_names[t->m->sort]);
	t->msg[0] = '\0';
	sg_tuidraw_text(LINES - 1, 0, status, A_BOLD, 1);
}

static void detail(struct sg_tuitree *t)
{
	static char l[SG_TUI_DETAIL_LINES][SG_TUI_DETAIL_LEN];
	const char *lines[SG_TUI_DETAIL_LINES];
	char name[400];
	unsigned i = cur_node(t);
	int k = t->kind->detail(t->m, i, l);

	for (int j = 0; j < k; j++)
		lines[j] = l[j];
	sg_escape_name_buf(name, sizeof(name), t->m->ops->name(t->m->v[i].node));
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
			snprintf(t->msg, sizeof(t->msg), "%s",
				 *t->search ? "no match" : "no search: / first");
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
