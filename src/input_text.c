/* input_text.c - function_graph text (trace, trace_pipe, trace-cmd report) to events. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "input_text.h"
#include "linebuf.h"
#include "log.h"

#define MAX_LINE (64u << 20)

struct sg_text_parser {
	struct sg_strtab *st;
	sg_event_fn fn;
	void *ctx;
	struct sg_text_stats stats;
	/* An exit is held back one line: an " (Overruns: N)" line may follow and belongs to it. */
	struct sg_event pending;
	int has_pending;
	char *pending_line;
	size_t pending_cap;
	int tracecmd;		/* lines so far were trace-cmd report's */
	int last_cpu, last_pid; /* of the last event, for lines that name no task */
	const char *last_comm;
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

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static const char *skip_sp(const char *s, const char *e)
{
	while (s < e && *s == ' ')
		s++;
	return s;
}

static const char *trim_end(const char *s, const char *e)
{
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return e;
}

static int starts(const char *s, const char *e, const char *lit)
{
	size_t n = strlen(lit);

	return (size_t) (e - s) >= n && memcmp(s, lit, n) == 0;
}

/*
 * A decimal "123.456" in units of 10^-scale_digits (e.g. us with 3 -> ns): returns the end of
 * the number or NULL when there is none or it would overflow.
 */
static const char *parse_fixed(const char *s, const char *e, int scale_digits, uint64_t *out,
			       int *had_dot)
{
	uint64_t v = 0;
	int digits = 0, frac = 0;

	*had_dot = 0;
	while (s < e && is_digit(*s)) {
		if (++digits > 18 - scale_digits)
			return NULL;
		v = v * 10 + (uint64_t) (*s++ - '0');
	}
	if (!digits)
		return NULL;
	if (s < e && *s == '.') {
		*had_dot = 1;
		s++;
		while (s < e && is_digit(*s)) {
			if (frac < scale_digits) {
				v = v * 10 + (uint64_t) (*s - '0');
				frac++;
			}
			s++;
		}
	}
	for (; frac < scale_digits; frac++)
		v *= 10;
	*out = v;
	return s;
}

/* "[mark] NUMBER us" as printed in the duration column. */
static int parse_duration(const char *s, const char *e, uint64_t *ns)
{
	int dot;

	s = skip_sp(s, e);
	if (s < e && strchr("+!#*@$", *s) && s + 1 < e && s[1] == ' ')
		s = skip_sp(s + 1, e);
	s = parse_fixed(s, e, 3, ns, &dot);
	if (!s)
		return -1;
	s = skip_sp(s, e);
	if (!starts(s, e, "us"))
		return -1;
	return skip_sp(s + 2, e) == e ? 0 : -1;
}

/* "comm-pid": the pid is the digits after the last '-'. */
static int parse_proc(struct sg_text_parser *p, const char *s, const char *e, int *pid,
		      const char **comm)
{
	const char *d = e;
	long v = 0;

	s = skip_sp(s, e);
	e = trim_end(s, e);
	d = e;
	while (d > s && is_digit(d[-1]))
		d--;
	if (d == e || d - 1 <= s || d[-1] != '-' || e - d > 9)
		return -1;
	for (const char *q = d; q < e; q++)
		v = v * 10 + (*q - '0');
	*pid = (int) v;
	*comm = sg_strtab_intern(p->st, s, (size_t) (d - 1 - s));
	return *comm ? 0 : -1;
}

/* Latency flags like "d.h2." or "dNs1": irqs-off, need-resched, hardirq/softirq, depths. */
static int is_lat_flags(const char *s, const char *e)
{
	s = skip_sp(s, e);
	e = trim_end(s, e);
	if (e - s < 4 || e - s > 8)
		return 0;
	if (!strchr("dDX.", s[0]) || !strchr("nNpPbB.", s[1]) || !strchr("hHsSzZ.", s[2]))
		return 0;
	for (const char *q = s + 3; q < e; q++)
		if (!is_digit(*q) && *q != '.' && !(*q >= 'a' && *q <= 'f'))
			return 0;
	return 1;
}

static void note_skipped(struct sg_text_parser *p, const char *s, size_t len)
{
	if (!p->stats.skipped++) {
		size_t n = len < sizeof(p->stats.first_skipped) - 1 ? len
								    : sizeof(p->stats.first_skipped) - 1;

		memcpy(p->stats.first_skipped, s, n);
		p->stats.first_skipped[n] = '\0';
		for (size_t i = 0; i < n; i++)
			if ((unsigned char) p->stats.first_skipped[i] < 0x20)
				p->stats.first_skipped[i] = '?';
		p->stats.first_skipped_lineno = p->stats.lines;
	}
}

static int deliver(struct sg_text_parser *p, const struct sg_event *ev)
{
	if (ev->type == SG_EV_ENTRY || ev->type == SG_EV_EXIT || ev->type == SG_EV_LEAF)
		p->stats.events++;
	return p->fn(p->ctx, ev);
}

/* Copy a line into the held-back exit's text (append: after a '\n'), as the reader reuses its buffer. */
static int keep_line(struct sg_text_parser *p, const char *s, size_t len, int append)
{
	size_t need = p->pending.line_len + len + 1;

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
		p->pending_line[p->pending.line_len++] = '\n';
	memcpy(p->pending_line + p->pending.line_len, s, len);
	p->pending.line_len += len;
	p->pending.line = p->pending_line;
	return 0;
}

static int flush_pending(struct sg_text_parser *p)
{
	if (!p->has_pending)
		return 0;
	p->has_pending = 0;
	return deliver(p, &p->pending);
}

static int emit(struct sg_text_parser *p, struct sg_event *ev)
{
	if (flush_pending(p) < 0)
		return -1;
	if (ev->cpu >= 0 || ev->pid >= 0) {
		p->last_cpu = ev->cpu;
		p->last_pid = ev->pid;
		p->last_comm = ev->comm;
	}
	if (ev->type != SG_EV_EXIT)
		return deliver(p, ev);
	p->pending = *ev;
	p->pending.line_len = 0;
	p->has_pending = 1;
	return keep_line(p, ev->line, ev->line_len, 0);
}

/* The function name inside "/ * name * /", "/ * name = ret * /" or "/ * name ret=.. * /". */
static const char *comment_name(struct sg_text_parser *p, const char *s, const char *e)
{
	s = skip_sp(s, e);
	if (!starts(s, e, "/*"))
		return NULL;
	s = skip_sp(s + 2, e);
	e = trim_end(s, e);
	if (e - s < 2 || e[-1] != '/' || e[-2] != '*')
		return NULL;
	e = trim_end(s, e - 2);
	for (const char *q = s; q < e; q++) {
		if (starts(q, e, " = ") || starts(q, e, " ret=")) {
			e = q;
			break;
		}
	}
	if (e == s)
		return NULL;
	return sg_strtab_intern(p->st, s, (size_t) (e - s));
}

/* Kernel symbols have no blanks or bars; a module symbol reads "name [module]". */
static int valid_name(const char *s, const char *e)
{
	const char *sp;

	if (e <= s || memchr(s, '|', (size_t) (e - s)))
		return 0;
	sp = memchr(s, ' ', (size_t) (e - s));
	if (!sp)
		return 1;
	return sp + 2 < e && sp[1] == '[' && e[-1] == ']' && !memchr(sp + 1, ' ', (size_t) (e - sp - 1));
}

/*
 * The body after the columns: indentation then "f() {", "f();", "}", "} / * f * /" or a
 * comment. sep says how many spaces the previous column's separator put before the indentation.
 */
static int parse_body(struct sg_text_parser *p, struct sg_event *ev, const char *s, const char *e,
		      int sep)
{
	const char *t = skip_sp(s, e);
	int n = (int) (t - s) - sep;

	if (t == e)
		return -1;
	ev->depth = n > 0 ? n / 2 : 0;
	if (*t == '}') {
		ev->type = SG_EV_EXIT;
		ev->func = comment_name(p, t + 1, e);
		return 0;
	}
	if (starts(t, e, "/*")) {
		ev->type = SG_EV_NOTE;
		return 0;
	}
	if (starts(t, e, "==========>") || starts(t, e, "<==========")) {
		ev->type = SG_EV_NOTE;
		return 0;
	}
	const char *paren = memchr(t, '(', (size_t) (e - t));

	if (!paren || paren == t)
		return -1;
	/* What follows the argument list, minus a trailing return-value comment. */
	const char *tail = e, *close = NULL;

	for (const char *q = e; q > paren; q--) {
		if (q[-1] == ')') {
			close = q;
			break;
		}
	}
	if (!close || !valid_name(t, trim_end(t, paren)))
		return -1;
	const char *cm = close;

	while (cm < e && *cm != '/')
		cm++;
	if (cm < e)
		tail = cm;
	tail = trim_end(close, tail);
	if (tail - close == 1 && *close == ';')
		ev->type = SG_EV_LEAF;
	else if (skip_sp(close, tail) < tail && tail[-1] == '{' && skip_sp(close, tail) == tail - 1)
		ev->type = SG_EV_ENTRY;
	else
		return -1;
	ev->func = sg_strtab_intern(p->st, t, (size_t) (trim_end(t, paren) - t));
	return ev->func ? 0 : -1;
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
		const char *f = skip_sp(q, bar), *fe = trim_end(f, bar);

		if (f == fe) {
			p->stats.has_dur = 1;
			return parse_body(p, ev, bar + 1, e, 2);
		}
		if (parse_duration(f, fe, &ev->dur) == 0) {
			ev->has_dur = 1;
			p->stats.has_dur = 1;
			return parse_body(p, ev, bar + 1, e, 2);
		}
		if (starts(f, fe, "==========>") || starts(f, fe, "<==========")) {
			ev->type = SG_EV_NOTE;
			return 1;
		}
		if (!seen_proc && !seen_lat && parse_proc(p, f, fe, &ev->pid, &ev->comm) == 0) {
			seen_proc = 1;
			q = bar + 1;
			sep = 1;
			continue;
		}
		if (!seen_lat && is_lat_flags(f, fe)) {
			seen_lat = 1;
			q = bar + 1;
			sep = 1;
			continue;
		}
		break;
	}
	/* No duration column (nofuncgraph-duration): the body follows directly. */
	return parse_body(p, ev, q, e, sep);
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
	if (parse_proc(p, q, arrow, &ev->pid, &ev->comm) < 0 ||
	    parse_proc(p, arrow + 2, e, &ev->next_pid, &ev->next_comm) < 0)
		return -1;
	ev->type = SG_EV_SWITCH;
	return 0;
}

/* The kernel's own format: [ABSTIME |] [CPU)] [TASK-PID |] [flags |] [DURATION |] body. */
static int parse_kernel_line(struct sg_text_parser *p, struct sg_event *ev, const char *s,
			     const char *e)
{
	const char *q = s, *t = skip_sp(s, e);
	int sep = 0, dot;
	uint64_t v;

	if (t < e && is_digit(*t)) {
		const char *x = parse_fixed(t, e, 9, &v, &dot);

		if (x && dot) {
			x = skip_sp(x, e);
			if (x < e && *x == '|') {
				ev->ts = v;
				ev->has_ts = 1;
				q = x + 1;
				sep = 2;
				t = skip_sp(q, e);
			}
		}
	}
	if (t < e && is_digit(*t)) {
		const char *x = t;
		long cpu = 0;

		while (x < e && is_digit(*x) && cpu < 1000000)
			cpu = cpu * 10 + (*x++ - '0');
		if (x < e && *x == ')') {
			ev->cpu = (int) cpu;
			q = x + 1;
			if (q < e && *q == ' ')
				q++;
			sep = 0;
		}
	}
	/* a context switch is the one line with no bar (nofuncgraph-duration lines have none either) */
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
		if (*x == '[' && x > s && x[-1] == ' ' && x + 1 < e && is_digit(x[1])) {
			lb = x;
			break;
		}
	}
	if (!lb)
		return -1;
	x = lb + 1;
	long cpu = 0;

	while (x < e && is_digit(*x) && cpu < 1000000)
		cpu = cpu * 10 + (*x++ - '0');
	if (x >= e || *x != ']')
		return -1;
	if (parse_proc(p, s, lb, &ev->pid, &ev->comm) < 0)
		return -1;
	ev->cpu = (int) cpu;
	x = skip_sp(x + 1, e);
	/* trace-cmd report -l adds latency flags before the timestamp */
	const char *sp = x;

	while (sp < e && *sp != ' ')
		sp++;
	if (is_lat_flags(x, sp))
		x = skip_sp(sp, e);
	x = parse_fixed(x, e, 9, &ev->ts, &dot);
	if (!x || x >= e || *x != ':')
		return -1;
	ev->has_ts = 1;
	x = skip_sp(x + 1, e);
	if (starts(x, e, "funcgraph_entry:"))
		x += 16;
	else if (starts(x, e, "funcgraph_exit:"))
		x += 15;
	else {
		*other = 1;
		return 0;
	}
	/* the columns are the kernel's, after the event name */
	return parse_columns(p, ev, x, e, 0) < 0 ? -1 : 0;
}

static int parse_lost(struct sg_text_parser *p, const char *s, const char *e)
{
	struct sg_event ev = { .type = SG_EV_LOST, .cpu = -1, .pid = -1 };
	long cpu = 0;
	int dot;

	s = skip_sp(s, e);
	if (!starts(s, e, "CPU:"))
		return 1;
	s += 4;
	if (s >= e || !is_digit(*s))
		return 1;
	while (s < e && is_digit(*s) && cpu < 1000000)
		cpu = cpu * 10 + (*s++ - '0');
	s = skip_sp(s, e);
	if (starts(s, e, "[LOST ")) {
		s = parse_fixed(s + 6, e, 0, &ev.count, &dot);
		if (!s || !starts(skip_sp(s, e), e, "EVENTS]"))
			return 1;
	} else if (starts(s, e, "[") && (s = parse_fixed(s + 1, e, 0, &ev.count, &dot)) &&
		   starts(skip_sp(s, e), e, "EVENTS DROPPED]")) {
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
	if (!starts(s, e, "# function_graph latency trace") && !starts(s, e, "# tracer"))
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

	s = skip_sp(s, e);
	if (!starts(s, e, "(Overruns:"))
		return 1;
	s = parse_fixed(skip_sp(s + 10, e), e, 0, &n, &dot);
	if (!s || (s = skip_sp(s, e)) == e || *s != ')')
		return 1;
	p->stats.notes++;
	if (!p->has_pending)
		return 0;
	p->pending.count = n;
	p->pending.has_overrun = 1;
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

int sg_text_parser_line(struct sg_text_parser *p, const char *s, size_t len)
{
	const char *e = s + len;
	struct sg_event ev;
	int other = 0, r;

	p->stats.lines++;
	p->stats.bytes += len + 1;
	if (e > s && e[-1] == '\r')
		e--;
	reset_event(&ev, s, e);
	const char *t = skip_sp(s, e);

	if (t == e)
		return 0;
	/* The kernel prints no NUL; names are C strings downstream, so such a line is garbage. */
	if (memchr(s, '\0', (size_t) (e - s))) {
		note_skipped(p, s, (size_t) (e - s));
		return 0;
	}
	if (*s == '#' || starts(s, e, "cpus=")) {
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
	switch (ev.type) {
	case SG_EV_SWITCH:
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

int sg_text_parser_finish(struct sg_text_parser *p)
{
	return flush_pending(p);
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

int sg_text_parser_read_fd(struct sg_text_parser *p, int fd, const char *head, size_t head_len)
{
	struct sg_linebuf *lb = sg_linebuf_new(MAX_LINE);
	ssize_t n = 0;
	int ret = -1;

	if (!lb) {
		sg_log_error("out of memory");
		return -1;
	}
	if (sg_linebuf_push(lb, head, head_len, on_line, p) < 0)
		goto out;
	while ((n = sg_linebuf_read(lb, fd, on_line, p)) > 0)
		;
	if (n == 0 && sg_linebuf_finish(lb, on_line, p) == 0)
		ret = sg_text_parser_finish(p);
out:
	sg_linebuf_free(lb);
	return ret;
}
