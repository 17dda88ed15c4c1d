/* textline.c - the pieces of one function_graph text line: numbers, durations, TASK-PID, the call.
 */
#include <string.h>
#include "textline.h"

/*
 * A decimal "123.456" in units of 10^-scale_digits (e.g. us with 3 -> ns): returns the end of
 * the number or NULL when there is none or it would overflow.
 */
const char *sg_textline_fixed(const char *s, const char *e, int scale_digits, uint64_t *out,
			      int *had_dot)
{
	uint64_t v = 0;
	int digits = 0, frac = 0;

	*had_dot = 0;
	while (s < e && sg_textline_digit(*s)) {
		if (++digits > 18 - scale_digits)
			return NULL;
		v = v * 10 + (uint64_t) (*s++ - '0');
	}
	if (!digits)
		return NULL;
	if (s < e && *s == '.') {
		*had_dot = 1;
		s++;
		while (s < e && sg_textline_digit(*s)) {
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
int sg_textline_duration(const char *s, const char *e, uint64_t *ns)
{
	int dot;

	s = sg_textline_skip(s, e);
	if (s < e && strchr("+!#*@$", *s) && s + 1 < e && s[1] == ' ')
		s = sg_textline_skip(s + 1, e);
	s = sg_textline_fixed(s, e, 3, ns, &dot);
	if (!s)
		return -1;
	s = sg_textline_skip(s, e);
	if (!sg_textline_starts(s, e, "us"))
		return -1;
	return sg_textline_skip(s + 2, e) == e ? 0 : -1;
}

/* "comm-pid": the pid is the digits after the last '-'. */
int sg_textline_proc(struct sg_strtab *st, const char *s, const char *e, int *pid,
		     const char **comm)
{
	const char *d = e;
	long v = 0;

	s = sg_textline_skip(s, e);
	e = sg_textline_trim(s, e);
	d = e;
	while (d > s && sg_textline_digit(d[-1]))
		d--;
	if (d == e || d - 1 <= s || d[-1] != '-' || e - d > 9)
		return -1;
	for (const char *q = d; q < e; q++)
		v = v * 10 + (*q - '0');
	*pid = (int) v;
	*comm = sg_strtab_intern(st, s, (size_t) (d - 1 - s));
	return *comm ? 0 : -1;
}

/* Latency flags like "d.h2." or "dNs1": irqs-off, need-resched, hardirq/softirq, depths. */
int sg_textline_lat_flags(const char *s, const char *e)
{
	s = sg_textline_skip(s, e);
	e = sg_textline_trim(s, e);
	if (e - s < 4 || e - s > 8)
		return 0;
	if (!strchr("dDX.", s[0]) || !strchr("nNpPbB.", s[1]) || !strchr("hHsSzZ.", s[2]))
		return 0;
	for (const char *q = s + 3; q < e; q++)
		if (!sg_textline_digit(*q) && *q != '.' && !(*q >= 'a' && *q <= 'f'))
			return 0;
	return 1;
}

/* The function name inside "/ * name * /", "/ * name = ret * /" or "/ * name ret=.. * /". */
static const char *comment_name(struct sg_strtab *st, const char *s, const char *e)
{
	s = sg_textline_skip(s, e);
	if (!sg_textline_starts(s, e, "/*"))
		return NULL;
	s = sg_textline_skip(s + 2, e);
	e = sg_textline_trim(s, e);
	if (e - s < 2 || e[-1] != '/' || e[-2] != '*')
		return NULL;
	e = sg_textline_trim(s, e - 2);
	for (const char *q = s; q < e; q++) {
		if (sg_textline_starts(q, e, " = ") || sg_textline_starts(q, e, " ret=")) {
			e = q;
			break;
		}
	}
	if (e == s)
		return NULL;
	return sg_strtab_intern(st, s, (size_t) (e - s));
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
	return sp + 2 < e && sp[1] == '[' && e[-1] == ']' &&
	       !memchr(sp + 1, ' ', (size_t) (e - sp - 1));
}

/*
 * The body after the columns: indentation then "f() {", "f();", "}", "} / * f * /" or a
 * comment. sep says how many spaces the previous column's separator put before the indentation.
 */
int sg_textline_body(struct sg_strtab *st, struct sg_event *ev, const char *s, const char *e,
		     int sep)
{
	const char *t = sg_textline_skip(s, e);
	int n = (int) (t - s) - sep;

	if (t == e)
		return -1;
	ev->depth = n > 0 ? n / 2 : 0;
	if (*t == '}') {
		ev->type = SG_EV_EXIT;
		ev->func = comment_name(st, t + 1, e);
		return 0;
	}
	if (sg_textline_starts(t, e, "/*")) {
		ev->type = SG_EV_NOTE;
		return 0;
	}
	if (sg_textline_starts(t, e, "==========>") || sg_textline_starts(t, e, "<==========")) {
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
	if (!close || !valid_name(t, sg_textline_trim(t, paren)))
		return -1;
	const char *cm = close;

	while (cm < e && *cm != '/')
		cm++;
	if (cm < e)
		tail = cm;
	tail = sg_textline_trim(close, tail);
	if (tail - close == 1 && *close == ';')
		ev->type = SG_EV_LEAF;
	else if (sg_textline_skip(close, tail) < tail && tail[-1] == '{' &&
		 sg_textline_skip(close, tail) == tail - 1)
		ev->type = SG_EV_ENTRY;
	else
		return -1;
	ev->func = sg_strtab_intern(st, t, (size_t) (sg_textline_trim(t, paren) - t));
	return ev->func ? 0 : -1;
}
