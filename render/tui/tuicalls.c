/* tuicalls.c - the TUI's time view of a kept invocation: its recorded calls in order. */
#include <curses.h>
#include <inttypes.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "callfmt.h"
#include "callrec.h"
#include "escape.h"
#include "fmt.h"
#include "log.h"
#include "tuicalls.h"
#include "tuidraw.h"
#include "tuimodel.h"

#define BAR_W 20 /* the root's span in the bar column */
#define TOP   2	 /* rows above the calls: the title, the column names */

const char *const sg_tuicalls_help[] = {
    "An invocation's tree (opened from I)",
    "  T                   its calls in time: a row per call as recorded, in order (T again:",
    "                      the tree); Up Down PgUp PgDn g G move, Enter d a call's detail,",
    "                      / search the calls' names, n N the next, previous matching call",
    NULL,
};

/* "comm-pid" of a record, escaped; "-" when the trace names no task. */
static void task_of(const struct sg_callrec *r, char *buf, size_t size)
{
	if (!r->comm && r->pid < 0) {
		snprintf(buf, size, "-");
		return;
	}
	sg_escape_name_buf(buf, size > 40 ? 40 : size, r->comm ? r->comm : "<...>");
	if (r->pid >= 0)
		snprintf(buf + strlen(buf), size - strlen(buf), "-%d", r->pid);
}

struct sg_tuicalls *sg_tuicalls_new(const struct sg_invocation *inv, volatile sig_atomic_t *stop)
{
	const struct sg_calls *calls = inv->calls;
	struct sg_tuicalls *c;
	char root[200], task[64], d[SG_FMT_LEN], ts[SG_FMT_LEN];
	int timed = calls && calls->n && inv->has_ts;

	for (size_t i = 0; timed && i < calls->n; i++)
		timed = calls->v[i].has_ts && calls->v[i].has_dur;
	if (!calls) {
		sg_log_error(
		    "its calls were not recorded (a .tree of version 4 or older): no time view");
		return NULL;
	}
	if (!timed) {
		sg_log_error(
		    "no timings recorded: the trace has no timestamps (funcgraph-abstime), "
		    "so no time view");
		return NULL;
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		sg_log_error("out of memory");
		return NULL;
	}
	c->inv = inv;
	c->stop = stop;
	sg_escape_name_buf(root, sizeof(root), inv->root);
	task_of(&calls->v[0], task, sizeof(task));
	snprintf(c->title, sizeof(c->title),
		 "invocation %" PRIu64 " of %s in time  task %s  start %s  duration %s  %zu call%s",
		 inv->seq, root, task, sg_fmt_ts(ts, inv->start_ts), sg_fmt_human(d, inv->duration),
		 calls->n, sg_plural(calls->n));
	if (calls->dropped)
		snprintf(c->title + strlen(c->title), sizeof(c->title) - strlen(c->title),
			 " (+%" PRIu64 " not kept)", calls->dropped);
	return c;
}

void sg_tuicalls_free(struct sg_tuicalls *c)
{
	if (!c)
		return;
	free(c->match);
	free(c);
}

/* The cells of the root's span [0, BAR_W) the call covers: from its start to its end, one at
 * least; what lies outside the root (another CPU's clock) is cut. */
static void bar_of(const struct sg_tuicalls *c, const struct sg_callrec *r, int *from, int *to)
{
	uint64_t span = c->inv->calls->v[0].dur;
	int64_t s = (int64_t) (r->start - c->inv->start_ts);
	double a, b;

	if (!span) {
		*from = 0;
		*to = BAR_W;
		return;
	}
	a = (double) s * BAR_W / (double) span;
	b = ((double) s + (double) r->dur) * BAR_W / (double) span;
	*from = a < 0 ? 0 : a >= BAR_W ? BAR_W - 1 : (int) a;
	*to = b > BAR_W ? BAR_W : (int) (b + 0.999999);
	if (*to <= *from)
		*to = *from + 1;
}

static void draw_row(const struct sg_tuicalls *c, int y, size_t i)
{
	const struct sg_callrec *r = &c->inv->calls->v[i], *root = &c->inv->calls->v[0];
	char st[SG_FMT_LEN], du[SG_FMT_LEN], rv[SG_FMT_LEN], name[256], args[256], task[64];
	char bar[BAR_W + 1], line[1024];
	int from, to, k;

	bar_of(c, r, &from, &to);
	for (int j = 0; j < BAR_W; j++)
		bar[j] = j >= from && j < to ? '=' : ' ';
	bar[BAR_W] = '\0';
	sg_escape_name_buf(name, sizeof(name), r->func);
	args[0] = '\0';
	if (r->args)
		sg_escape_name_buf(args, sizeof(args), r->args);
	k = snprintf(line, sizeof(line), "%12s %11s %3d |%s| %*s%s(%s)",
		     sg_fmt_delta_us(st, (int64_t) (r->start - c->inv->start_ts)),
		     sg_fmt_us(du, r->dur), r->cpu, bar, 2 * r->depth, "", name, args);
	if (r->has_retval && k > 0 && (size_t) k < sizeof(line))
		k += snprintf(line + k, sizeof(line) - (size_t) k, " = %s",
			      sg_callfmt_retval(rv, r->retval));
	if ((r->pid != root->pid || r->comm != root->comm) && k > 0 && (size_t) k < sizeof(line)) {
		task_of(r, task, sizeof(task));
		snprintf(line + k, sizeof(line) - (size_t) k, "  [%s]", task);
	}
	sg_tuidraw_text(y, 0, line, A_NORMAL, 1);
	sg_tuidraw_attr_at(y, 30 + from, to - from, sg_tuidraw_attr(SG_TUI_BAR));
	/* a match is marked in colour on its name, not by a column: the columns stay in place */
	if (c->match && c->match[i])
		sg_tuidraw_attr_at(y, 52 + 2 * r->depth, (int) strlen(name),
				   sg_tuidraw_attr(SG_TUI_MATCH));
}

static unsigned page_rows(void)
{
	return LINES - TOP - 1 > 0 ? (unsigned) (LINES - TOP - 1) : 1;
}

void sg_tuicalls_draw(struct sg_tuicalls *c)
{
	size_t n = c->inv->calls->n;
	unsigned page = page_rows();
	char line[256];

	if (c->cur >= n)
		c->cur = n ? (unsigned) n - 1 : 0;
	if (c->cur < c->top)
		c->top = c->cur;
	if (c->cur >= c->top + page)
		c->top = c->cur - page + 1;
	erase();
	sg_tuidraw_text(0, 0, c->title, sg_tuidraw_attr(SG_TUI_TITLE), 1);
	sg_tuidraw_attr_at(0, 0, COLS, sg_tuidraw_attr(SG_TUI_TITLE));
	snprintf(line, sizeof(line), "%12s %11s %3s  %-*s  %s", "start_us", "dur_us", "cpu", BAR_W,
		 "when", "function");
	sg_tuidraw_text(1, 0, line, A_BOLD, 1);
	for (unsigned r = 0; r < page && c->top + r < n; r++)
		draw_row(c, TOP + (int) r, c->top + r);
	if (n)
		sg_tuidraw_attr_at(TOP + (int) (c->cur - c->top), 0, COLS, A_REVERSE);
	if (*c->msg)
		snprintf(line, sizeof(line), "%s", c->msg);
	else if (*c->search)
		snprintf(line, sizeof(line),
			 "call %u/%zu  in time  /%s: %zu call%s match, n N next, previous  ? help",
			 c->cur + 1, n, c->search, c->nmatch, c->nmatch == 1 ? "" : "s");
	else
		snprintf(line, sizeof(line),
			 "call %u/%zu  in time  T tree  Enter detail  Esc back  ? help", c->cur + 1,
			 n);
	c->msg[0] = '\0';
	sg_tuidraw_text(LINES - 1, 0, line, A_BOLD, 1);
}

/* One call in full: its absolute time, CPU, task, depth, arguments and return value. */
static void detail(struct sg_tuicalls *c)
{
	const struct sg_callrec *r = &c->inv->calls->v[c->cur];
	char l[8][SG_TUI_DETAIL_LEN], a[SG_FMT_LEN], b[SG_FMT_LEN], name[256], task[64];
	const char *lines[8];
	int n = 0;

	sg_escape_name_buf(name, sizeof(name), r->func);
	task_of(r, task, sizeof(task));
	snprintf(l[n++], SG_TUI_DETAIL_LEN, "%s", name);
	snprintf(l[n++], SG_TUI_DETAIL_LEN, "start     %s (%s us after the root's entry)",
		 sg_fmt_ts(a, r->start),
		 sg_fmt_delta_us(b, (int64_t) (r->start - c->inv->start_ts)));
	snprintf(l[n++], SG_TUI_DETAIL_LEN, "duration  %s us", sg_fmt_us(a, r->dur));
	snprintf(l[n++], SG_TUI_DETAIL_LEN, "cpu %d  task %s  depth %d", r->cpu, task, r->depth);
	if (r->args) {
		char args[SG_TUI_DETAIL_LEN - 16];

		sg_escape_name_buf(args, sizeof(args), r->args);
		snprintf(l[n++], SG_TUI_DETAIL_LEN, "args      %s", args);
	}
	if (r->has_retval)
		snprintf(l[n++], SG_TUI_DETAIL_LEN, "returned  %s", sg_callfmt_retval(a, r->retval));
	for (int i = 0; i < n; i++)
		lines[i] = l[i];
	sg_tuidraw_popup("the call as recorded (any key closes)", lines, n, c->stop);
}

/* The next call from cur whose name matches, going dir (1 or -1) and round past either end; -1
 * when none does. */
static long next_match(const struct sg_tuicalls *c, int dir)
{
	size_t n = c->inv->calls->n;

	if (!c->nmatch)
		return -1;
	for (size_t step = 1; step <= n; step++) {
		size_t k = dir > 0 ? (c->cur + step) % n : (c->cur + n - step % n) % n;

		if (c->match[k])
			return (long) k;
	}
	return -1;
}

/* Marks the calls whose names match re (extended, as the tree's /); "" clears. The raw name is
 * matched, as the tree view does: escaping is for the screen only. */
static int mark_matches(struct sg_tuicalls *c, const char *re)
{
	const struct sg_calls *calls = c->inv->calls;
	regex_t rx;

	c->nmatch = 0;
	if (!c->match) {
		c->match = calloc(calls->n, 1);
		if (!c->match) {
			sg_log_error("out of memory");
			return -1;
		}
	}
	memset(c->match, 0, calls->n);
	if (!*re)
		return 0;
	if (sg_tuimodel_regcomp(&rx, re) < 0)
		return -1;
	for (size_t i = 0; i < calls->n; i++) {
		c->match[i] = regexec(&rx, calls->v[i].func, 0, NULL, 0) == 0;
		c->nmatch += c->match[i];
	}
	regfree(&rx);
	return 0;
}

static void search(struct sg_tuicalls *c)
{
	char buf[sizeof(c->search)];
	long next;

	snprintf(buf, sizeof(buf), "%s", c->search);
	if (sg_tuidraw_prompt("search (regex): /", buf, sizeof(buf), c->stop) < 0)
		return;
	if (mark_matches(c, buf) < 0) {
		snprintf(c->msg, sizeof(c->msg), "%s", sg_log_message());
		c->search[0] = '\0';
		return;
	}
	snprintf(c->search, sizeof(c->search), "%s", buf);
	if (!*buf)
		return;
	/* the current call if it matches, else the next one down */
	next = c->match[c->cur] ? (long) c->cur : next_match(c, 1);
	if (next < 0)
		snprintf(c->msg, sizeof(c->msg), "/%s: no call matches", buf);
	else
		c->cur = (unsigned) next;
}

enum sg_tui_action sg_tuicalls_key(struct sg_tuicalls *c, int key)
{
	unsigned page = page_rows(), n = (unsigned) c->inv->calls->n;

	switch (key) {
	case KEY_UP:
	case 'k':
		c->cur -= c->cur > 0;
		break;
	case KEY_DOWN:
	case 'j':
		c->cur += c->cur + 1 < n;
		break;
	case KEY_PPAGE:
		c->cur = c->cur > page ? c->cur - page : 0;
		break;
	case KEY_NPAGE:
		c->cur = c->cur + page < n ? c->cur + page : n - 1;
		break;
	case KEY_HOME:
	case 'g':
		c->cur = 0;
		break;
	case KEY_END:
	case 'G':
		c->cur = n - 1;
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
	case 'd':
		detail(c);
		break;
	case '/':
		search(c);
		break;
	case 'n':
	case 'N': {
		long j = next_match(c, key == 'n' ? 1 : -1);

		if (j < 0)
			snprintf(c->msg, sizeof(c->msg), "%s",
				 *c->search ? "no call matches" : "no search: / first");
		else
			c->cur = (unsigned) j;
		break;
	}
	default:
		return SG_TUI_UNHANDLED;
	}
	return SG_TUI_NONE;
}
