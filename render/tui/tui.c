/* tui.c - surfgraph tui: a run full-screen (curses): call tree, histogram, invocations. */
#include <curses.h>
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mergetail.h"
#include "fmt.h"
#include "log.h"
#include "tui.h"
#include "tuicalls.h"
#include "tuidraw.h"
#include "tuilist.h"
#include "tuidiff.h"
#include "tuinode.h"
#include "tuitree.h"
/* last: its capability macros (lines, columns) would rename what the others declare */
#include <term.h>

/* Views open one over the other: the run's tree, a list, a bucket's or invocation's tree. */
#define MAX_VIEWS 8

struct view {
	struct sg_tuitree *tree; /* one of the three */
	struct sg_tuilist *list;
	struct sg_tuicalls *calls;
	const struct sg_invocation *inv; /* a tree view of a kept invocation: its time view (T) */
};

struct screen {
	struct sg_aggregate *agg; /* NULL for a comparison: no histogram, no invocations */
	const struct sg_tui_options *o;
	struct view v[MAX_VIEWS];
	int n;
};

static const char *const global_help[] = {
    "Everywhere",
    "  ?                   this help",
    "  H                   the latency histogram, with the percentiles",
    "  I                   the invocations kept whole (the last N and the slowest)",
    "  Esc Backspace <     back to the view before",
    "  Ctrl-L              redraw",
    "  q                   quit (the terminal is left as it was)",
    "",
    NULL,
};

static int push_tree(struct screen *s, const void *top, const struct sg_tuitree_kind *kind,
		     const char *title)
{
	if (s->n == MAX_VIEWS) {
		sg_log_error("too many views open: Esc goes back");
		return -1;
	}
	s->v[s->n].tree = sg_tuitree_new(top, kind, title, s->o->unicode, s->o->stop);
	if (!s->v[s->n].tree)
		return -1;
	s->v[s->n].list = NULL;
	s->v[s->n].calls = NULL;
	s->v[s->n++].inv = NULL;
	return 0;
}

static int push_list(struct screen *s, enum sg_tuilist_kind kind)
{
	char title[512], name[256];

	if (s->n == MAX_VIEWS) {
		sg_log_error("too many views open: Esc goes back");
		return -1;
	}
	sg_escape_name_buf(name, sizeof(name), s->o->name);
	snprintf(title, sizeof(title), "%s: %s", name,
		 kind == SG_TUILIST_HIST ? "latency histogram" : "invocations kept whole");
	s->v[s->n].list = sg_tuilist_new(kind, s->agg, title);
	if (!s->v[s->n].list)
		return -1;
	s->v[s->n].tree = NULL;
	s->v[s->n].calls = NULL;
	s->v[s->n++].inv = NULL;
	return 0;
}

/* The time view of the invocation a tree view shows (T), over it: T again goes back. */
static int push_calls(struct screen *s, const struct sg_invocation *inv)
{
	if (s->n == MAX_VIEWS) {
		sg_log_error("too many views open: Esc goes back");
		return -1;
	}
	s->v[s->n].calls = sg_tuicalls_new(inv, s->o->stop);
	if (!s->v[s->n].calls)
		return -1;
	s->v[s->n].tree = NULL;
	s->v[s->n].list = NULL;
	s->v[s->n++].inv = inv;
	return 0;
}

static void pop(struct screen *s)
{
	s->n--;
	sg_tuitree_free(s->v[s->n].tree);
	sg_tuilist_free(s->v[s->n].list);
	sg_tuicalls_free(s->v[s->n].calls);
}

/* The run's own title: per root its calls and spread, then the file's name. */
static void run_title(const struct screen *s, char *buf, size_t size)
{
	char name[256], a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN];
	const char *base = strrchr(s->o->name, '/');
	size_t k = 0;

	buf[0] = '\0';
	for (int i = 0; i < s->agg->nroots && k + 1 < size; i++) {
		const struct sg_rootstat *r = &s->agg->roots[i];

		sg_escape_name_buf(name, sizeof(name), r->root);
		k += (size_t) snprintf(buf + k, size - k, "%s: %" PRIu64 " call%s  ", name,
				       r->sum.count, sg_plural(r->sum.count));
		if (s->agg->has_time && r->sum.count && k + 1 < size)
			k += (size_t) snprintf(
			    buf + k, size - k, "total %s  p50 %s%s  p99 %s%s  max %s  ",
			    sg_fmt_human(a, r->sum.total), sg_fmt_human(b, r->sum.p50),
			    sg_mergetail_mark(&r->sum, SG_MT_P50), sg_fmt_human(c, r->sum.p99),
			    sg_mergetail_mark(&r->sum, SG_MT_P99), sg_fmt_human(d, r->sum.max));
	}
	sg_escape_name_buf(name, sizeof(name), base ? base + 1 : s->o->name);
	if (k + 1 < size)
		snprintf(buf + k, size - k, "[%s]", name);
}

static void help(struct screen *s)
{
	const char *text[64];
	int n = 0;

	for (int i = 0; global_help[i] && n < 64; i++)
		text[n++] = global_help[i];
	for (int i = 0; sg_tuitree_help[i] && n < 64; i++)
		text[n++] = sg_tuitree_help[i];
	text[n++] = "";
	for (int i = 0; sg_tuilist_help[i] && n < 64; i++)
		text[n++] = sg_tuilist_help[i];
	for (int i = 0; sg_tuicalls_help[i] && n < 64; i++)
		text[n++] = sg_tuicalls_help[i];
	sg_tuidraw_popup("surfgraph tui: keys (any other key closes)", text, n, s->o->stop);
}

static void draw(struct screen *s)
{
	struct view *v = &s->v[s->n - 1];

	if (v->tree)
		sg_tuitree_draw(v->tree);
	else if (v->calls)
		sg_tuicalls_draw(v->calls);
	else
		sg_tuilist_draw(v->list);
	refresh();
}

/* The screen's own keys, after the view's. 1: quit. */
static int global_key(struct screen *s, int key)
{
	struct view *v = &s->v[s->n - 1];
	char *msg = v->tree ? v->tree->msg : v->calls ? v->calls->msg : v->list->msg;
	size_t msz = v->tree	? sizeof(v->tree->msg)
		     : v->calls ? sizeof(v->calls->msg)
				: sizeof(v->list->msg);
	int kind = -1;

	switch (key) {
	case 'q':
		return 1;
	case '?':
	case KEY_F(1):
		help(s);
		return 0;
	case 'H':
		kind = SG_TUILIST_HIST;
		break;
	case 'I':
		kind = SG_TUILIST_INVS;
		break;
	case 27: /* Esc */
	case KEY_BACKSPACE:
	case 127:
	case 8:
	case '<':
	case KEY_LEFT:
		if (s->n > 1)
			pop(s);
		return 0;
	case 12: /* Ctrl-L */
		clearok(curscr, TRUE);
		return 0;
	case 'T': /* an invocation's tree and its calls in time (t sorts already) */
		if (v->calls)
			pop(s);
		else if (v->list && v->list->kind == SG_TUILIST_INVS && v->list->n) {
			/* from the list, the row's invocation straight away: T again comes back */
			if (push_calls(s, v->list->inv[v->list->cur]) < 0)
				snprintf(msg, msz, "%s", sg_log_message());
		} else if (!v->inv)
			snprintf(msg, msz,
				 "T: an invocation's calls in time: from I's list or an invocation's tree");
		else if (push_calls(s, v->inv) < 0)
			snprintf(msg, msz, "%s", sg_log_message());
		return 0;
	default:
		return 0;
	}
	if (!s->agg) {
		snprintf(msg, msz, "a comparison has no histogram or invocations: open each run");
		return 0;
	}
	/* H from the histogram, I from the list: that view again, not one more */
	if (v->list && (int) v->list->kind == kind)
		return 0;
	if (push_list(s, (enum sg_tuilist_kind) kind) < 0)
		snprintf(msg, msz, "%s", sg_log_message());
	return 0;
}

static void loop(struct screen *s)
{
	while (!*s->o->stop) {
		struct view *v;
		const struct sg_tree *tree = NULL;
		char title[512];
		enum sg_tui_action a;
		int key;

		draw(s);
		do
			key = sg_tuidraw_key();
		while (key == ERR && !*s->o->stop);
		if (*s->o->stop)
			break;
		if (key == KEY_RESIZE)
			continue; /* curses has the new size: drawn again */
		v = &s->v[s->n - 1];
		a = v->tree    ? sg_tuitree_key(v->tree, key)
		    : v->calls ? sg_tuicalls_key(v->calls, key)
			       : sg_tuilist_key(v->list, key, &tree, title, sizeof(title));
		if (a == SG_TUI_OPEN &&
		    push_tree(s, sg_tree_top((struct sg_tree *) tree),
			      s->agg->has_time ? &sg_tuinode_timed : &sg_tuinode_calls, title) < 0)
			snprintf(v->list->msg, sizeof(v->list->msg), "%s", sg_log_message());
		else if (a == SG_TUI_OPEN)
			s->v[s->n - 1].inv = v->list->opened;
		if (a == SG_TUI_UNHANDLED && global_key(s, key))
			break;
	}
}

/* The terminal taken over; NULL with a message when it cannot be drawn on. */
static SCREEN *screen_open(const struct sg_tui_options *o)
{
	SCREEN *scr;
	char *cup;

	/* box-drawing characters and names in UTF-8 need the locale's character type */
	setlocale(LC_CTYPE, "");
	scr = newterm(NULL, stdout, stdin);
	if (scr) {
		set_term(scr);
		/* a terminal that cannot move its cursor (TERM=dumb) would show nothing readable */
		cup = tigetstr("cup");
		if (cup && cup != (char *) -1) {
			cbreak();
			noecho();
			keypad(stdscr, TRUE);
			set_escdelay(25);
			curs_set(0);
			sg_tuidraw_colors(o->color);
			return scr;
		}
		endwin();
		delscreen(scr);
	}
	const char *term = getenv("TERM");

	sg_log_error("TERM=%.40s cannot place text on the screen: set TERM to the terminal's type "
		     "(xterm, vt100, ...), or use -m tree for text",
		     term ? term : "unset");
	return NULL;
}

/* The views closed and the terminal as it was: cursor, modes, the screen the shell had. */
static void screen_close(struct screen *s, SCREEN *scr)
{
	while (s->n)
		pop(s);
	curs_set(1);
	endwin();
	delscreen(scr);
}

int sg_tui_run(struct sg_aggregate *agg, const struct sg_tui_options *o)
{
	struct screen s = {.agg = agg, .o = o};
	char title[1024];
	SCREEN *scr = screen_open(o);
	int rc = 0;

	if (!scr)
		return -1;
	run_title(&s, title, sizeof(title));
	if (push_tree(&s, sg_tree_top(agg->merged),
		      agg->has_time ? &sg_tuinode_timed : &sg_tuinode_calls, title) < 0)
		rc = -1;
	else
		loop(&s);
	screen_close(&s, scr);
	return rc;
}

int sg_tui_run_diff(const struct sg_treediff *d, const struct sg_tui_options *o)
{
	struct screen s = {.o = o};
	char title[1024];
	SCREEN *scr = screen_open(o);
	int rc = 0;

	if (!scr)
		return -1;
	sg_tuidiff_title(d, title, sizeof(title));
	if (push_tree(&s, d->top, sg_tuidiff_kind_of(d), title) < 0)
		rc = -1;
	else
		loop(&s);
	screen_close(&s, scr);
	return rc;
}

/* A live run's screen: views over the aggregate as it grows, the terminal held between ticks. */
struct sg_tui_live {
	struct sg_tui_options o;
	struct screen s;
	SCREEN *scr;
};

/* status, then the roots as the tree has them so far (their summaries come when the run ends). */
static void live_title(const struct screen *s, const char *status, char *buf, size_t size)
{
	char name[256];
	size_t k = (size_t) snprintf(buf, size, "%s", status);

	for (const struct sg_node *r = sg_tree_top(s->agg->merged)->child; r && k + 1 < size;
	     r = r->next) {
		sg_escape_name_buf(name, sizeof(name), r->name);
		k += (size_t) snprintf(buf + k, size - k, "  %s: %" PRIu64 " call%s", name,
				       r->calls, sg_plural(r->calls));
	}
}

struct sg_tui_live *sg_tui_live_new(struct sg_aggregate *agg, const struct sg_tui_options *o)
{
	struct sg_tui_live *t = calloc(1, sizeof(*t));

	if (!t) {
		sg_log_error("out of memory");
		return NULL;
	}
	t->o = *o;
	t->s.agg = agg;
	t->s.o = &t->o;
	t->scr = screen_open(o);
	if (!t->scr) {
		free(t);
		return NULL;
	}
	if (push_tree(&t->s, sg_tree_top(agg->merged),
		      agg->has_time ? &sg_tuinode_timed : &sg_tuinode_calls, "") < 0) {
		sg_tui_live_free(t);
		return NULL;
	}
	return t;
}

/* The run's tree again, with the figures as they are now; a failure is said on its status line. */
static void live_rebuild(struct sg_tui_live *t, const char *title)
{
	struct sg_tuitree *v = t->s.v[0].tree;

	/* a run's first invocation may bring the durations: the columns follow */
	v->kind = t->s.agg->has_time ? &sg_tuinode_timed : &sg_tuinode_calls;
	if (sg_tuitree_rebuild(v, sg_tree_top(t->s.agg->merged), title) < 0)
		snprintf(v->msg, sizeof(v->msg), "%s", sg_log_message());
}

int sg_tui_live_tick(struct sg_tui_live *t, const char *status, int refresh)
{
	struct sg_tuitree *v = t->s.v[0].tree;
	int key, drawn = 0;

	if (refresh) {
		char title[1024];

		live_title(&t->s, status, title, sizeof(title));
		live_rebuild(t, title);
		drawn = 1;
	}
	/* the keys typed since the last pass, without a wait: the capture goes on meanwhile */
	timeout(0);
	while ((key = getch()) != ERR) {
		drawn = 1;
		switch (key) {
		case 'q':
			return 1;
		case KEY_RESIZE:
		case 12: /* Ctrl-L */
			clearok(curscr, TRUE);
			break;
		/* what waits for more keys (a prompt, a popup) would hold up the capture */
		case '/':
		case '?':
		case KEY_F(1):
		case 'd':
		case 'H':
		case 'I':
			snprintf(v->msg, sizeof(v->msg),
				 "tracing: / ? d H I once it stops (q stops it, the view stays)");
			break;
		default:
			sg_tuitree_key(v, key);
		}
	}
	if (drawn)
		draw(&t->s);
	return 0;
}

int sg_tui_live_browse(struct sg_tui_live *t, const char *status)
{
	char title[1024], run[512];

	/* what stopped it first: the run's own title may be cut at the screen's edge */
	run_title(&t->s, run, sizeof(run));
	snprintf(title, sizeof(title), "%s  %s", status, run);
	live_rebuild(t, title);
	loop(&t->s);
	return 0;
}

void sg_tui_live_free(struct sg_tui_live *t)
{
	if (!t)
		return;
	screen_close(&t->s, t->scr);
	free(t);
}
