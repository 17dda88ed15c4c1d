/* input_text.c - function_graph text (trace, trace_pipe, trace-cmd report) to events. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "input_text.h"
#include "linebuf.h"
#include "schedswitch.h"
#include "log.h"
#include "textfast.h"
#include "textline.h"

#define MAX_LINE (64u << 20)

struct sg_text_parser {
	struct sg_strtab *st;
	sg_event_fn fn;
	void *ctx;
	struct sg_text_stats stats;
	/*
	 * An exit is held back one line: an " (Overruns: N)" line may follow and belongs to it.
	 * pending points to it, NULL when there is none: to one of fevs when the fast path read it
	 * (which then parses into the other), else to gpending, the general parser's copy.
	 */
	struct sg_event *pending, gpending;
	/*
	 * The held exit's text is the reader's line itself while in_place (the reader's own
	 * linebuf keeps it until its next read, linebuf.h), else a copy in pending_line, made
	 * when the line comes from a caller (sg_text_parser_line()), an overrun line is appended,
	 * or before the reader reads on.
	 */
	int stable, in_place;
	char *pending_line;
	size_t pending_cap;
	int tracecmd;		/* lines so far were trace-cmd report's */
	int last_cpu, last_pid; /* of the last event, for lines that name no task */
	const char *last_comm;
	struct sg_textfast fast; /* the common line's one-pass parser and its names per depth */
	/*
	 * The fast path's events: reset once, and only the fields sg_textfast_line() sets (it sets
	 * all those a reset event would not have as it returns them) and the line change per
	 * line, instead of clearing the whole event for each. fev is the one the next line goes
	 * to; two, so that an exit held back stays where it is while the next line is read.
	 */
	struct sg_event fevs[2], *fev;
};

struct sg_text_parser *sg_text_parser_new(struct sg_strtab *st, sg_event_fn fn, void *ctx)
{
	struct sg_text_parser *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->st = st;
	p->fn = fn;
	p->ctx = ctx;
	p->last_cpu = -1;
	p->last_pid = -1;
	for (int i = 0; i < 2; i++) {
		p->fevs[i].type = SG_EV_NOTE;
		p->fevs[i].cpu = p->fevs[i].pid = -1;
	}
	p->fev = &p->fevs[0];
	return p;
}

void sg_text_parser_free(struct sg_text_parser *p)
{
	if (!p)
		return;
	free(p->pending_line);
	free(p);
}

const struct sg_text_stats *sg_text_parser_stats(const struct sg_text_parser *p)
{
	return &p->stats;
}

static void note_skipped(struct sg_text_parser *p, const char *s, size_t len)
{
	if (!p->stats.skipped++) {
		size_t n = len < sizeof(p->stats.first_skipped) - 1
			       ? len
			       : sizeof(p->stats.first_skipped) - 1;

		memcpy(p->stats.first_skipped, s, n);
		/* kept as read: printed only through the escaping (sg_escape_put_name) */
		p->stats.first_skipped[n] = '\0';
		p->stats.first_skipped_lineno = p->stats.lines;
	}
}

static int deliver(struct sg_text_parser *p, const struct sg_event *ev)
{
	if (ev->type == SG_EV_ENTRY || ev->type == SG_EV_EXIT || ev->type == SG_EV_LEAF)
		p->stats.events++;
	if (ev->type == SG_EV_LEAF)
		p->stats.leaves++;
	return p->fn(p->ctx, ev);
}

/* Copy a line into the held-back exit's text (append: after a '\n'), as the reader reuses its
 * buffer. */
static int keep_line(struct sg_text_parser *p, const char *s, size_t len, int append)
{
	size_t need = p->pending->line_len + len + 1;

	if (need > p->pending_cap) {
		size_t ncap = need * 2;
		char *n = realloc(p->pending_line, ncap);

		if (!n) {
			sg_log_error("out of memory");
			return -1;
		}
		p->pending_line = n;
		p->pending_cap = ncap;
	}
	if (append)
		p->pending_line[p->pending->line_len++] = '\n';
	memcpy(p->pending_line + p->pending->line_len, s, len);
	p->pending->line_len += len;
	p->pending->line = p->pending_line;
	return 0;
}

/* The held exit's text copied out of the reader's buffer, which is about to move. */
static int keep_in_place(struct sg_text_parser *p)
{
	if (!p->in_place)
		return 0;
	p->in_place = 0;
	const char *s = p->pending->line;
	size_t len = p->pending->line_len;

	p->pending->line_len = 0;
	return keep_line(p, s, len, 0);
}

static int flush_pending(struct sg_text_parser *p)
{
	struct sg_event *ev = p->pending;

	if (!ev)
		return 0;
	p->pending = NULL;
	p->in_place = 0;
	return deliver(p, ev);
}

static inline int emit(struct sg_text_parser *p, struct sg_event *ev)
{
	if (p->pending && flush_pending(p) < 0)
		return -1;
	if (ev->cpu >= 0 || ev->pid >= 0) {
		p->last_cpu = ev->cpu;
		p->last_pid = ev->pid;
		p->last_comm = ev->comm;
	}
	if (ev->type != SG_EV_EXIT)
		return deliver(p, ev);
	if (ev == p->fev) {
		/* held where it is: the next fast line goes to the other event */
		p->pending = ev;
		p->fev = &p->fevs[ev == &p->fevs[0]];
	} else {
		p->gpending = *ev;
		p->pending = &p->gpending;
	}
	p->in_place = 1;
	if (p->stable)
		return 0;
	return keep_in_place(p);
}

/*
 * Columns between the prefix and the body: [TASK-PID |] [lat flags |] [duration |]. Fills ev and
 * parses the body. Returns 1 when the line was an irq marker, 0 for a call, -1 when not understood.
 */
static int parse_columns(struct sg_text_parser *p, struct sg_event *ev, const char *q,
			 const char *e, int sep)
{
	int seen_proc = ev->pid >= 0, seen_lat = 0;

	for (;;) {
		const char *bar = memchr(q, '|', (size_t) (e - q));

		if (!bar)
			break;
		const char *f = sg_textline_skip(q, bar), *fe = sg_textline_trim(f, bar);

		if (f == fe) {
			p->stats.has_dur = 1;
			return sg_textline_body(p->st, ev, bar + 1, e, 2);
		}
		if (sg_textline_duration(f, fe, &ev->dur) == 0) {
			ev->has_dur = 1;
			p->stats.has_dur = 1;
			return sg_textline_body(p->st, ev, bar + 1, e, 2);
		}
		if (sg_textline_starts(f, fe, "==========>") ||
		    sg_textline_starts(f, fe, "<==========")) {
			ev->type = SG_EV_NOTE;
			return 1;
		}
		if (!seen_proc && !seen_lat &&
		    sg_textline_proc(p->st, f, fe, &ev->pid, &ev->comm) == 0) {
			seen_proc = 1;
			q = bar + 1;
			sep = 1;
			continue;
		}
		if (!seen_lat && sg_textline_lat_flags(f, fe)) {
			seen_lat = 1;
			q = bar + 1;
			sep = 1;
			continue;
		}
		break;
	}
	/* No duration column (nofuncgraph-duration): the body follows directly. */
	return sg_textline_body(p->st, ev, q, e, sep);
}

/* " 1)   rcu_pre-15   =>   kcompac-34  " after the CPU column. */
static int parse_switch(struct sg_text_parser *p, struct sg_event *ev, const char *q, const char *e)
{
	const char *arrow = NULL;

	for (const char *x = q; x + 1 < e; x++)
		if (x[0] == '=' && x[1] == '>') {
			arrow = x;
			break;
		}
	if (!arrow || memchr(q, '|', (size_t) (e - q)))
		return -1;
	if (sg_textline_proc(p->st, q, arrow, &ev->pid, &ev->comm) < 0 ||
	    sg_textline_proc(p->st, arrow + 2, e, &ev->next_pid, &ev->next_comm) < 0)
		return -1;
	ev->type = SG_EV_SWITCH;
	return 0;
}

/* The kernel's own format: [ABSTIME |] [CPU)] [TASK-PID |] [flags |] [DURATION |] body. */
static int parse_kernel_line(struct sg_text_parser *p, struct sg_event *ev, const char *s,
			     const char *e)
{
	const char *q = s, *t = sg_textline_skip(s, e);
	int sep = 0, dot;
	uint64_t v;

	if (t < e && sg_textline_digit(*t)) {
		const char *x = sg_textline_fixed(t, e, 9, &v, &dot);

		if (x && dot) {
			x = sg_textline_skip(x, e);
			if (x < e && *x == '|') {
				ev->ts = v;
				ev->has_ts = 1;
				q = x + 1;
				sep = 2;
				t = sg_textline_skip(q, e);
			}
		}
	}
	if (t < e && sg_textline_digit(*t)) {
		const char *x = t;
		long cpu = 0;

		while (x < e && sg_textline_digit(*x) && cpu < 1000000)
			cpu = cpu * 10 + (*x++ - '0');
		if (x < e && *x == ')') {
			ev->cpu = (int) cpu;
			q = x + 1;
			if (q < e && *q == ' ')
				q++;
			sep = 0;
		}
	}
	/* a context switch is the one line with no bar (nofuncgraph-duration lines have none
	 * either) */
	if (!ev->has_ts && !memchr(q, '|', (size_t) (e - q)) && parse_switch(p, ev, q, e) == 0)
		return 0;
	return parse_columns(p, ev, q, e, sep) < 0 ? -1 : 0;
}

/* trace-cmd report: "comm-pid [cpu] ts: funcgraph_entry: duration | body". */
static int parse_tracecmd_line(struct sg_text_parser *p, struct sg_event *ev, const char *s,
			       const char *e, int *other)
{
	const char *lb = NULL, *x;
	int dot;

	for (x = s; x < e && *x != '|'; x++) {
		if (*x == '[' && x > s && x[-1] == ' ' && x + 1 < e && sg_textline_digit(x[1])) {
			lb = x;
			break;
		}
	}
	if (!lb)
		return -1;
	x = lb + 1;
	long cpu = 0;

	while (x < e && sg_textline_digit(*x) && cpu < 1000000)
		cpu = cpu * 10 + (*x++ - '0');
	if (x >= e || *x != ']')
		return -1;
	if (sg_textline_proc(p->st, s, lb, &ev->pid, &ev->comm) < 0)
		return -1;
	ev->cpu = (int) cpu;
	x = sg_textline_skip(x + 1, e);
	/* trace-cmd report -l adds latency flags before the timestamp */
	const char *sp = x;

	while (sp < e && *sp != ' ')
		sp++;
	if (sg_textline_lat_flags(x, sp))
		x = sg_textline_skip(sp, e);
	x = sg_textline_fixed(x, e, 9, &ev->ts, &dot);
	if (!x || x >= e || *x != ':')
		return -1;
	ev->has_ts = 1;
	x = sg_textline_skip(x + 1, e);
	if (sg_textline_starts(x, e, "funcgraph_entry:"))
		x += 16;
	else if (sg_textline_starts(x, e, "funcgraph_exit:"))
		x += 15;
	else if (sg_textline_starts(x, e, "sched_switch:") &&
		 sg_schedswitch_parse(p->st, x + 13, e, ev) == 0)
		return 0;
	else {
		*other = 1;
		return 0;
	}
	/* the columns are the kernel's, after the event name */
	return parse_columns(p, ev, x, e, 0) < 0 ? -1 : 0;
}

static int parse_lost(struct sg_text_parser *p, const char *s, const char *e)
{
	struct sg_event ev = {.type = SG_EV_LOST, .cpu = -1, .pid = -1};
	long cpu = 0;
	int dot;

	s = sg_textline_skip(s, e);
	if (!sg_textline_starts(s, e, "CPU:"))
		return 1;
	s += 4;
	if (s >= e || !sg_textline_digit(*s))
		return 1;
	while (s < e && sg_textline_digit(*s) && cpu < 1000000)
		cpu = cpu * 10 + (*s++ - '0');
	s = sg_textline_skip(s, e);
	if (sg_textline_starts(s, e, "[LOST ")) {
		s = sg_textline_fixed(s + 6, e, 0, &ev.count, &dot);
		if (!s || !sg_textline_starts(sg_textline_skip(s, e), e, "EVENTS]"))
			return 1;
	} else if (sg_textline_starts(s, e, "[") &&
		   (s = sg_textline_fixed(s + 1, e, 0, &ev.count, &dot)) &&
		   sg_textline_starts(sg_textline_skip(s, e), e, "EVENTS DROPPED]")) {
		/* trace-cmd's wording */
	} else {
		return 1;
	}
	ev.cpu = (int) cpu;
	p->stats.lost_lines++;
	p->stats.lost_events += ev.count;
	return emit(p, &ev) < 0 ? -1 : 0;
}

static void parse_header(struct sg_text_parser *p, const char *s, const char *e)
{
	/* "# function_graph latency trace v1.1.5 on 6.1.0-56-amd64" */
	p->stats.headers++;
	if (!sg_textline_starts(s, e, "# function_graph latency trace") &&
	    !sg_textline_starts(s, e, "# tracer"))
		return;
	for (const char *q = s; q + 4 <= e; q++) {
		if (memcmp(q, " on ", 4) == 0) {
			const char *r = q + 4, *re = r;

			while (re < e && *re != ' ')
				re++;
			size_t n = (size_t) (re - r);

			if (n && n < sizeof(p->stats.kernel)) {
				memcpy(p->stats.kernel, r, n);
				p->stats.kernel[n] = '\0';
			}
			return;
		}
	}
}

/* " (Overruns: N)" belongs to the exit just before it. */
static int parse_overrun(struct sg_text_parser *p, const char *s, const char *e)
{
	const char *line = s;
	uint64_t n;
	int dot;

	s = sg_textline_skip(s, e);
	if (!sg_textline_starts(s, e, "(Overruns:"))
		return 1;
	s = sg_textline_fixed(sg_textline_skip(s + 10, e), e, 0, &n, &dot);
	if (!s || (s = sg_textline_skip(s, e)) == e || *s != ')')
		return 1;
	p->stats.notes++;
	if (!p->pending)
		return 0;
	if (p->pending != &p->gpending) {
		/* the fast path's events keep a reset event's count and has_overrun */
		p->gpending = *p->pending;
		p->pending = &p->gpending;
	}
	if (keep_in_place(p) < 0)
		return -1;
	p->pending->count = n;
	p->pending->has_overrun = 1;
	/* raw output keeps the line with the return it belongs to */
	return keep_line(p, line, (size_t) (e - line), 1);
}

static void reset_event(struct sg_event *ev, const char *s, const char *e)
{
	memset(ev, 0, sizeof(*ev));
	ev->type = SG_EV_NOTE;
	ev->cpu = ev->pid = -1;
	ev->line = s;
	ev->line_len = (size_t) (e - s);
}

/* Any line the fast path declined, read from its start by the general parsers. */
static int __attribute__((noinline))
general_line(struct sg_text_parser *p, const char *s, const char *e)
{
	const char *t = sg_textline_skip(s, e);
	struct sg_event ev;
	int other = 0, r;

	if (t == e)
		return 0;
	reset_event(&ev, s, e);
	/* The kernel prints no NUL; names are C strings downstream, so such a line is garbage. */
	if (memchr(s, '\0', (size_t) (e - s))) {
		note_skipped(p, s, (size_t) (e - s));
		return 0;
	}
	if (*s == '#' || sg_textline_starts(s, e, "cpus=")) {
		parse_header(p, s, e);
		return 0;
	}
	if (*t == '-') {
		while (t < e && *t == '-')
			t++;
		if (t == e)
			return 0; /* the rules around a context switch */
	}
	if (*t == '(') {
		r = parse_overrun(p, s, e);
		if (r <= 0)
			return r;
	}
	if (*t == 'C') {
		r = parse_lost(p, s, e);
		if (r <= 0)
			return r;
	}
	/* Try the format the previous lines had first: a trace-cmd report stays one. */
	if (p->tracecmd)
		r = parse_tracecmd_line(p, &ev, s, e, &other);
	else
		r = parse_kernel_line(p, &ev, s, e);
	if (r < 0) {
		reset_event(&ev, s, e);
		if (p->tracecmd)
			r = parse_kernel_line(p, &ev, s, e);
		else if ((r = parse_tracecmd_line(p, &ev, s, e, &other)) == 0)
			p->tracecmd = 1;
	}
	if (r < 0) {
		note_skipped(p, s, (size_t) (e - s));
		return 0;
	}
	if (other) {
		p->stats.other++;
		return 0;
	}
	/* sched:sched_switch beside function_graph: a comment in the call column */
	if (ev.type == SG_EV_NOTE) {
		const char *fe, *f = sg_schedswitch_comment(s, e, &fe);

		if (f)
			sg_schedswitch_parse(p->st, f, fe, &ev); /* else it stays a comment */
	}
	switch (ev.type) {
	case SG_EV_SWITCH:
		if (ev.sched)
			p->stats.sched_switches++;
		else
			p->stats.switches++;
		break;
	case SG_EV_NOTE:
		p->stats.notes++;
		if (ev.cpu < 0 && ev.pid < 0) {
			ev.cpu = p->last_cpu;
			ev.pid = p->last_pid;
			ev.comm = p->last_comm;
		}
		break;
	default:
		break;
	}
	return emit(p, &ev);
}

/* The line the fast path took, [s, e) without its "\r\n" or '\n', in p->fev. */
static inline int emit_fast(struct sg_text_parser *p, const char *s, const char *e)
{
	struct sg_event *ev = p->fev;

	ev->line = s;
	ev->line_len = (size_t) (e - s);
	p->stats.has_dur = 1;
	return emit(p, ev);
}

/* A line [s, s + len) without its '\n', whose bytes are counted already. */
static int parse_line(struct sg_text_parser *p, const char *s, size_t len)
{
	const char *e = s + len;

	p->stats.lines++;
	if (e > s && e[-1] == '\r')
		e--;
	/*
	 * The common kernel line in one pass; it declines whatever else (blank lines, lines that
	 * do not start with a CPU column), which the general parsers below then read from the
	 * start. What it accepts holds no NUL (it checks every byte).
	 */
	if (!p->tracecmd) {
		int r = sg_textfast_line(&p->fast, p->st, p->fev, s, e);

		if (r > 0)
			return emit_fast(p, s, e);
		if (r < 0) {
			sg_log_error("out of memory");
			return -1;
		}
	}
	return general_line(p, s, e);
}

int sg_text_parser_line(struct sg_text_parser *p, const char *s, size_t len)
{
	p->stats.bytes += len + 1;
	return parse_line(p, s, len);
}

static int on_line(void *ctx, const char *line, size_t len)
{
	struct sg_text_parser *p = ctx;

	if (line)
		return sg_text_parser_line(p, line, len);
	/* a line longer than any kernel prints, dropped whole */
	p->stats.lines++;
	note_skipped(p, "(a line longer than 64 MB)", 26);
	return 0;
}

/*
 * A run of whole lines from the reader: each line's end is found by the fast path as it parses
 * the line (sg_textfast_next()), by memchr() for the others.
 */
static int on_lines(void *ctx, const char *s, size_t n)
{
	struct sg_text_parser *p = ctx;
	const char *end, *nl, *e;
	int r;

	if (!s) /* a line past the limit, dropped: s + 0 would be arithmetic on NULL */
		return on_line(ctx, NULL, 0);
	end = s + n;
	/* the run is whole lines, each with its '\n': their bytes counted at once */
	p->stats.bytes += n;
	while (s < end) {
		if (!p->tracecmd) {
			r = sg_textfast_next(&p->fast, p->st, p->fev, s, end, &nl);
			if (r > 0) {
				p->stats.lines++;
				e = nl > s && nl[-1] == '\r' ? nl - 1 : nl;
				if (emit_fast(p, s, e) < 0)
					return -1;
				s = nl + 1;
				continue;
			}
			if (r < 0) {
				sg_log_error("out of memory");
				return -1;
			}
		}
		nl = memchr(s, '\n', (size_t) (end - s));
		if (parse_line(p, s, (size_t) (nl - s)) < 0)
			return -1;
		s = nl + 1;
	}
	return 0;
}

int sg_text_parser_finish(struct sg_text_parser *p)
{
	return flush_pending(p);
}

int sg_text_parser_read(struct sg_text_parser *p, sg_read_fn rd, void *rctx)
{
	struct sg_linebuf *lb = sg_linebuf_new(MAX_LINE);
	ssize_t n;
	int ret = -1;

	if (!lb) {
		sg_log_error("out of memory");
		return -1;
	}
	p->stable = 1;
	while ((n = sg_linebuf_fill_lines(lb, rd, rctx, on_lines, p)) > 0)
		if (keep_in_place(p) < 0)
			goto out;
	if (n == 0 && sg_linebuf_finish(lb, on_line, p) == 0)
		ret = sg_text_parser_finish(p);
out:
	p->stable = 0;
	if (keep_in_place(p) < 0)
		ret = -1;
	sg_linebuf_free(lb);
	return ret;
}
