/* tuilist.c - the TUI's list views: the latency histogram's buckets, the kept invocations. */
#define _GNU_SOURCE /* qsort_r */
#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mergetail.h"
#include "callrec.h"
#include "fmt.h"
#include "log.h"
#include "tuidraw.h"
#include "tuilist.h"

#define BAR_WIDTH 20

const char *const sg_tuilist_help[] = {
    "Latency histogram (H)",
    "  Up Down j k         choose a bucket",
    "  Enter               the merged tree of that bucket's invocations",
    "Invocations kept whole (I)",
    "  Up Down j k         choose an invocation",
    "  d t c s             sort by duration (longest first), task, CPU or start",
    "  Enter               its own call tree",
    "  T                   its calls in time (T again: back to the list)",
    NULL,
};

static const char *const sort_names[] = {"duration", "task", "cpu", "start"};

static int first_cpu(const struct sg_invocation *v)
{
	return v->ncpus ? v->cpus[0] : -1;
}

static int cmp_inv(const void *pa, const void *pb, void *ctx)
{
	const struct sg_invocation *a = *(struct sg_invocation *const *) pa;
	const struct sg_invocation *b = *(struct sg_invocation *const *) pb;
	const enum sg_tuilist_sort *sort = ctx;
	int c = 0;

	switch (*sort) {
	case SG_TUILIST_DURATION:
		c = a->duration > b->duration ? -1 : a->duration < b->duration;
		break;
	case SG_TUILIST_TASK:
		c = strcmp(a->comm ? a->comm : "", b->comm ? b->comm : "");
		if (!c)
			c = (a->pid > b->pid) - (a->pid < b->pid);
		break;
	case SG_TUILIST_CPU:
		c = (first_cpu(a) > first_cpu(b)) - (first_cpu(a) < first_cpu(b));
		break;
	case SG_TUILIST_START:
		c = (a->start_ts > b->start_ts) - (a->start_ts < b->start_ts);
		break;
	}
	return c ? c : (a->seq > b->seq) - (a->seq < b->seq);
}

struct sg_tuilist *sg_tuilist_new(enum sg_tuilist_kind kind, const struct sg_aggregate *agg,
				  const char *title)
{
	struct sg_tuilist *l = calloc(1, sizeof(*l));

	if (!l) {
		sg_log_error("out of memory");
		return NULL;
	}
	l->kind = kind;
	l->agg = agg;
	snprintf(l->title, sizeof(l->title), "%s", title);
	if (kind == SG_TUILIST_INVS) {
		l->inv = sg_aggregate_kept_whole(agg, 0, &l->n);
		if (!l->inv) {
			free(l);
			return NULL;
		}
		qsort_r(l->inv, l->n, sizeof(*l->inv), cmp_inv, &l->sort);
		return l;
	}
	/* the roots' histograms added, first to last non-empty bucket, as -m hist shows them */
	int first = -1, last = -1;

	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++) {
		for (int r = 0; r < agg->nroots; r++)
			l->count[b] += agg->roots[r].sum.hist[b];
		l->all += l->count[b];
		if (l->count[b]) {
			if (first < 0)
				first = (int) b;
			last = (int) b;
		}
	}
	/* without durations every call is in the first bucket: no histogram to show */
	for (int b = first; agg->has_time && first >= 0 && b <= last; b++)
		l->bucket[l->n++] = (unsigned) b;
	/* start on the slowest bucket: what one opens the histogram for */
	l->cur = l->n ? l->n - 1 : 0;
	return l;
}

void sg_tuilist_free(struct sg_tuilist *l)
{
	if (!l)
		return;
	free(l->inv);
	free(l);
}

static int list_top(const struct sg_tuilist *l)
{
	return l->kind == SG_TUILIST_HIST ? 2 + (l->agg->nroots < 4 ? l->agg->nroots : 4) * 2 : 2;
}

/* Which percentiles of the roots fall in bucket b: " <- p50 p90". */
static void marks(const struct sg_tuilist *l, unsigned b, char *buf, size_t size)
{
	size_t k = 0;

	buf[0] = '\0';
	for (int r = 0; r < l->agg->nroots; r++) {
		const struct sg_summary *s = &l->agg->roots[r].sum;
		const struct {
			const char *name;
			uint64_t v;
		} p[] = {{"p50", s->p50},
			 {"p90", s->p90},
			 {"p99", s->p99},
			 {"p99.9", s->p999},
			 {"max", s->max}};

		if (!s->count || !s->has_hist)
			continue;
		for (size_t i = 0; i < sizeof(p) / sizeof(p[0]); i++)
			if (sg_hist_bucket(p[i].v) == b && k + 8 < size)
				k += (size_t) snprintf(buf + k, size - k, " %s", p[i].name);
	}
}

static void draw_hist_row(const struct sg_tuilist *l, int y, unsigned row, uint64_t most,
			  uint64_t *seen)
{
	unsigned b = l->bucket[row];
	char lo[SG_FMT_LEN], hi[SG_FMT_LEN], pct[SG_FMT_LEN], bar[BAR_WIDTH + 1], mk[64], line[256];
	unsigned len = most ? (unsigned) ((l->count[b] * BAR_WIDTH) / most) : 0;

	if (l->count[b] && !len)
		len = 1;
	for (unsigned i = 0; i < BAR_WIDTH; i++)
		bar[i] = i < len ? '#' : ' ';
	bar[BAR_WIDTH] = '\0';
	*seen += l->count[b];
	marks(l, b, mk, sizeof(mk));
	snprintf(line, sizeof(line), "  %c %10s - %-10s %10" PRIu64 "  |%s| %7s%%  %s",
		 l->agg->bucket[b] ? '>' : ' ', sg_fmt_tick(lo, sg_hist_lo(b)),
		 sg_hist_hi(b) == UINT64_MAX ? "inf" : sg_fmt_tick(hi, sg_hist_hi(b)), l->count[b],
		 bar, sg_fmt_pct(pct, *seen, l->all), mk);
	sg_tuidraw_text(y, 0, line, A_NORMAL, 1);
	sg_tuidraw_attr_at(y, 41, (int) len, sg_tuidraw_attr(SG_TUI_BAR));
}

/* "comm-pid", as the trace names a task; "-" when it did not. */
static void task_name(const struct sg_invocation *v, char *buf, size_t size)
{
	buf[0] = '\0';
	if (!v->comm && v->pid < 0) {
		snprintf(buf, size, "-");
		return;
	}
	sg_escape_name_buf(buf, size > 40 ? 40 : size, v->comm ? v->comm : "?");
	snprintf(buf + strlen(buf), size - strlen(buf), "-%d", v->pid);
}

static void draw_inv_row(const struct sg_tuilist *l, int y, unsigned row)
{
	const struct sg_invocation *v = l->inv[row];
	char d[SG_FMT_LEN], ts[SG_FMT_LEN], task[64], cpus[48], line[256];
	size_t k = 0;

	task_name(v, task, sizeof(task));
	cpus[0] = '\0';
	for (int i = 0; i < v->ncpus && k + 8 < sizeof(cpus); i++)
		k +=
		    (size_t) snprintf(cpus + k, sizeof(cpus) - k, "%s%d", i ? "," : "", v->cpus[i]);
	snprintf(line, sizeof(line), "  %8" PRIu64 " %12s  %-24s %-6s %16s", v->seq,
		 sg_fmt_human(d, v->duration), task, *cpus ? cpus : "?",
		 v->has_ts ? sg_fmt_ts(ts, v->start_ts) : "-");
	sg_tuidraw_text(y, 0, line, A_NORMAL, 1);
}

void sg_tuilist_draw(struct sg_tuilist *l)
{
	char line[512], a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN], e[SG_FMT_LEN],
	    name[256];
	int y0 = list_top(l), page = LINES - y0 - 1;
	uint64_t most = 0, seen = 0;

	if (page < 1)
		page = 1;
	if (l->cur >= l->n)
		l->cur = l->n ? l->n - 1 : 0;
	if (l->cur < l->top)
		l->top = l->cur;
	if (l->cur >= l->top + (unsigned) page)
		l->top = l->cur - (unsigned) page + 1;
	erase();
	sg_tuidraw_text(0, 0, l->title, sg_tuidraw_attr(SG_TUI_TITLE), 1);
	sg_tuidraw_attr_at(0, 0, COLS, sg_tuidraw_attr(SG_TUI_TITLE));
	if (l->kind == SG_TUILIST_HIST) {
		for (int r = 0; r < l->agg->nroots && r < 4; r++) {
			const struct sg_summary *s = &l->agg->roots[r].sum;

			sg_escape_name_buf(name, sizeof(name), l->agg->roots[r].root);
			snprintf(line, sizeof(line),
				 "%s: %" PRIu64 " complete invocation%s, min %s  avg %s", name,
				 s->count, sg_plural(s->count), sg_fmt_human(a, s->min),
				 sg_fmt_human(b, s->avg));
			if (!l->agg->has_time)
				snprintf(line, sizeof(line),
					 "%s: %" PRIu64
					 " complete invocations, no durations in the trace",
					 name, s->count);
			sg_tuidraw_text(1 + 2 * r, 0, line, A_NORMAL, 1);
			if (!l->agg->has_time)
				continue;
			snprintf(line, sizeof(line),
				 "  p50 %s%s  p90 %s%s  p99 %s%s  p99.9 %s%s  max %s",
				 sg_fmt_human(a, s->p50), sg_mergetail_mark(s, SG_MT_P50),
				 sg_fmt_human(b, s->p90), sg_mergetail_mark(s, SG_MT_P90),
				 sg_fmt_human(c, s->p99), sg_mergetail_mark(s, SG_MT_P99),
				 sg_fmt_human(d, s->p999), sg_mergetail_mark(s, SG_MT_P999),
				 sg_fmt_human(e, s->max));
			sg_tuidraw_text(2 + 2 * r, 0, line, A_NORMAL, 1);
		}
		snprintf(line, sizeof(line), "    %10s   %-10s %10s  %-*s %8s", "from", "to",
			 "count", BAR_WIDTH + 2, "distribution", "cum %");
		sg_tuidraw_text(y0 - 1, 0, line, A_BOLD, 1);
		for (unsigned i = 0; i < l->n; i++)
			if (l->count[l->bucket[i]] > most)
				most = l->count[l->bucket[i]];
		/* cumulative from the first bucket, though only some rows are on the screen */
		for (unsigned i = 0; i < l->top; i++)
			seen += l->count[l->bucket[i]];
		for (int r = 0; r < page && l->top + (unsigned) r < l->n; r++)
			draw_hist_row(l, y0 + r, l->top + (unsigned) r, most, &seen);
		snprintf(line, sizeof(line), "%s",
			 *l->msg ? l->msg
				 : "Enter: the bucket's merged tree (>: kept)  Esc back  ? help");
	} else {
		snprintf(line, sizeof(line), "  %8s %12s  %-24s %-6s %16s", "seq", "duration",
			 "task", "cpu", "start");
		sg_tuidraw_text(1, 0, line, A_BOLD, 1);
		for (int r = 0; r < page && l->top + (unsigned) r < l->n; r++)
			draw_inv_row(l, y0 + r, l->top + (unsigned) r);
		snprintf(line, sizeof(line), "%s", *l->msg ? l->msg : "");
		if (!*l->msg)
			snprintf(line, sizeof(line),
				 "%u kept  sort %s (d t c s)  Enter open  Esc back  ? help", l->n,
				 sort_names[l->sort]);
	}
	if (l->n)
		sg_tuidraw_attr_at(y0 + (int) (l->cur - l->top), 0, COLS, A_REVERSE);
	else
		sg_tuidraw_text(y0, 2,
				l->kind == SG_TUILIST_HIST ? "(no durations: no histogram)"
							   : "(no invocation kept whole)",
				A_NORMAL, 1);
	l->msg[0] = '\0';
	sg_tuidraw_text(LINES - 1, 0, line, A_BOLD, 1);
}

/* The title of invocation v's tree: number, root, task, CPUs, start, duration. */
static void inv_title(const struct sg_invocation *v, char *buf, size_t size)
{
	char root[200], task[64], d[SG_FMT_LEN], ts[SG_FMT_LEN];

	sg_escape_name_buf(root, sizeof(root), v->root);
	task_name(v, task, sizeof(task));
	snprintf(buf, size, "invocation %" PRIu64 " of %s  task %s  cpu %d  start %s  duration %s",
		 v->seq, root, task, first_cpu(v), v->has_ts ? sg_fmt_ts(ts, v->start_ts) : "-",
		 sg_fmt_human(d, v->duration));
	if (v->calls && v->calls->n && v->has_ts)
		snprintf(buf + strlen(buf), size - strlen(buf), "  (T: in time)");
}

enum sg_tui_action sg_tuilist_key(struct sg_tuilist *l, int key, const struct sg_tree **tree,
				  char *title, size_t size)
{
	unsigned page = (unsigned) (LINES - list_top(l) - 1);
	char lo[SG_FMT_LEN], hi[SG_FMT_LEN];

	switch (key) {
	case KEY_UP:
	case 'k':
		l->cur -= l->cur > 0;
		return SG_TUI_NONE;
	case KEY_DOWN:
	case 'j':
		l->cur++;
		return SG_TUI_NONE;
	case KEY_PPAGE:
		l->cur = l->cur > page ? l->cur - page : 0;
		return SG_TUI_NONE;
	case KEY_NPAGE:
		l->cur += page;
		return SG_TUI_NONE;
	case KEY_HOME:
	case 'g':
		l->cur = 0;
		return SG_TUI_NONE;
	case KEY_END:
	case 'G':
		l->cur = l->n ? l->n - 1 : 0;
		return SG_TUI_NONE;
	case 'd':
	case 't':
	case 'c':
	case 's':
		if (l->kind != SG_TUILIST_INVS)
			return SG_TUI_UNHANDLED;
		l->sort = key == 'd'   ? SG_TUILIST_DURATION
			  : key == 't' ? SG_TUILIST_TASK
			  : key == 'c' ? SG_TUILIST_CPU
				       : SG_TUILIST_START;
		qsort_r(l->inv, l->n, sizeof(*l->inv), cmp_inv, &l->sort);
		l->cur = 0;
		return SG_TUI_NONE;
	case '\n':
	case '\r':
	case KEY_ENTER:
	case KEY_RIGHT:
		if (!l->n)
			return SG_TUI_NONE;
		if (l->kind == SG_TUILIST_INVS) {
			*tree = l->inv[l->cur]->tree;
			l->opened = l->inv[l->cur];
			inv_title(l->inv[l->cur], title, size);
			return SG_TUI_OPEN;
		}
		unsigned b = l->bucket[l->cur];

		if (!l->agg->bucket[b]) {
			snprintf(l->msg, sizeof(l->msg), "%s",
				 l->count[b]
				     ? "this run kept no bucket trees (a .tree of version 1 or 2)"
				     : "an empty bucket");
			return SG_TUI_NONE;
		}
		*tree = l->agg->bucket[b];
		l->opened = NULL;
		snprintf(title, size, "bucket %s - %s: %" PRIu64 " invocation%s merged",
			 sg_fmt_tick(lo, sg_hist_lo(b)),
			 sg_hist_hi(b) == UINT64_MAX ? "inf" : sg_fmt_tick(hi, sg_hist_hi(b)),
			 l->agg->bucket_n[b], sg_plural(l->agg->bucket_n[b]));
		return SG_TUI_OPEN;
	default:
		return SG_TUI_UNHANDLED;
	}
}
