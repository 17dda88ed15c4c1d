/* textline.c - the pieces of one function_graph text line: numbers, durations, TASK-PID, the call.
 */
#include <ctype.h>
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

/*
 * A return value as funcgraph-retval prints it: "0x1f", "-22", "12", "true", "false", maybe
 * followed by "(trunc)" (newer kernels cut it to the return type's width). Returns its end, or
 * NULL when there is none. A 64-bit value whose upper half is 0 and bit 31 set is read as a
 * negative int, as the kernel does before it decides whether to print an error code.
 */
static const char *parse_retval(const char *s, const char *e, int64_t *out)
{
	uint64_t v = 0;
	int neg = 0, digits = 0;

	if (sg_textline_starts(s, e, "true") || sg_textline_starts(s, e, "false")) {
		*out = *s == 't';
		return s + (*s == 't' ? 4 : 5);
	}
	if (s < e && *s == '-') {
		neg = 1;
		s++;
	}
	if (!neg && sg_textline_starts(s, e, "0x")) {
		for (s += 2; s < e && isxdigit((unsigned char) *s); s++, digits++) {
			if (digits == 16)
				return NULL;
			v = v << 4 |
			    (uint64_t) (sg_textline_digit(*s) ? *s - '0' : (*s | 0x20) - 'a' + 10);
		}
	} else {
		for (; s < e && sg_textline_digit(*s); s++, digits++) {
			if (digits == 19)
				return NULL;
			v = v * 10 + (uint64_t) (*s - '0');
		}
	}
	if (!digits)
		return NULL;
	if (sg_textline_starts(s, e, "(trunc)"))
		s += 7;
	*out = neg ? -(int64_t) v : sg_event_retval(v);
	return s;
}

/* "ret=V" or "= V" at s: the value into ev. 1 when there was one. */
static int take_retval(struct sg_event *ev, const char *s, const char *e)
{
	const char *v = NULL;

	if (sg_textline_starts(s, e, "ret="))
		v = s + 4;
	else if (sg_textline_starts(s, e, "= "))
		v = s + 2;
	if (!v || !parse_retval(v, e, &ev->retval))
		return 0;
	ev->has_retval = 1;
	return 1;
}

/*
 * What may follow a call or a return: " / * ... * /" holding the function's name (returns
 * only), "<-caller+0x12/0x40" (funcgraph-retaddr), "ret=V" or "= V" (funcgraph-retval, 6.13+
 * and before), then trace-cmd's " (ret=V)". Returns the comment's name part for a return
 * (NULL: none), sets ev's return value; *ok is 0 when s..e is not such a tail.
 */
static const char *parse_tail(struct sg_strtab *st, struct sg_event *ev, const char *s,
			      const char *e, int is_exit, int *ok)
{
	const char *name = NULL;

	*ok = 1;
	s = sg_textline_skip(s, e);
	e = sg_textline_trim(s, e);
	/* trace-cmd report: "... (ret=V)" after what the kernel's format has */
	if (e - s >= 7 && e[-1] == ')') {
		const char *o = e - 1;

		while (o > s && *o != '(')
			o--;
		if (sg_textline_starts(o, e, "(ret=") && take_retval(ev, o + 1, e - 1))
			e = sg_textline_trim(s, o);
	}
	if (s == e)
		return NULL;
	if (!sg_textline_starts(s, e, "/*") || e - s < 4 || e[-1] != '/' || e[-2] != '*') {
		*ok = is_exit; /* a return's trailing text was always let pass */
		return NULL;
	}
	s = sg_textline_skip(s + 2, e);
	e = sg_textline_trim(s, e - 2);
	if (is_exit) {
		/* "name", "name = V", "name ret=V"; a module function's name holds a space */
		const char *ne = e;

		for (const char *q = s; q < e; q++) {
			if (*q == ' ' && take_retval(ev, q + 1, e)) {
				ne = q;
				break;
			}
		}
		ne = sg_textline_trim(s, ne);
		/* old kernels' funcgraph-tail wrote "} / * name() * /" */
		if (ne - s > 2 && ne[-1] == ')' && ne[-2] == '(')
			ne -= 2;
		if (ne > s)
			name = sg_strtab_intern(st, s, (size_t) (ne - s));
		return name;
	}
	/* a call: blank-separated "<-caller+off/size", "<addr>" (sym-addr), "ret=V", "= V" */
	while (s < e) {
		const char *w = s;

		if (take_retval(ev, s, e))
			break;
		while (w < e && *w != ' ')
			w++;
		s = sg_textline_skip(w, e);
	}
	return NULL;
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
 * The ')' that closes the '(' at open: values may hold brackets ("mode=10 [HRTIMER_MODE_ABS]")
 * and, in principle, parentheses. NULL when it is not closed.
 */
static const char *close_paren(const char *open, const char *e)
{
	int level = 0;

	for (const char *q = open; q < e; q++) {
		if (*q == '(')
			level++;
		else if (*q == ')' && --level == 0)
			return q;
	}
	return NULL;
}

/*
 * The body after the columns: indentation then "f() {", "f();", "}", "} / * f * /" or a
 * comment; with funcgraph-args "f(a=1, b=0x2) {", with funcgraph-retval and -retaddr a comment
 * after the call or in the return. sep says how many spaces the previous column's separator
 * put before the indentation.
 */
int sg_textline_body(struct sg_strtab *st, struct sg_event *ev, const char *s, const char *e,
		     int sep)
{
	const char *t = sg_textline_skip(s, e);
	int n = (int) (t - s) - sep, ok;

	if (t == e)
		return -1;
	ev->depth = n > 0 ? n / 2 : 0;
	if (*t == '}') {
		ev->type = SG_EV_EXIT;
		ev->func = parse_tail(st, ev, t + 1, e, 1, &ok);
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

	if (!paren || paren == t || !valid_name(t, sg_textline_trim(t, paren)))
		return -1;
	const char *close = close_paren(paren, e);
	const char *x = close ? sg_textline_skip(close + 1, e) : e;

	if (x == e || (*x != ';' && *x != '{')) {
		/*
		 * Unbalanced: the last ')' before any comment ends the list, as before arguments
		 * were printed (a name is never cut at a later '(' then).
		 */
		const char *cm = paren;

		while (cm + 1 < e && !(cm[0] == '/' && cm[1] == '*'))
			cm++;
		if (cm + 1 >= e)
			cm = e;
		for (close = NULL; cm > paren; cm--)
			if (cm[-1] == ')') {
				close = cm - 1;
				break;
			}
		if (!close)
			return -1;
		x = sg_textline_skip(close + 1, e);
	}
	if (x < e && *x == ';')
		ev->type = SG_EV_LEAF;
	else if (x < e && *x == '{')
		ev->type = SG_EV_ENTRY;
	else
		return -1;
	parse_tail(st, ev, x + 1, e, 0, &ok);
	if (!ok) {
		ev->has_retval = 0;
		return -1;
	}
	if (close > paren + 1) {
		ev->args = paren + 1;
		ev->args_len = (size_t) (close - paren - 1);
	}
	ev->func = sg_strtab_intern(st, t, (size_t) (sg_textline_trim(t, paren) - t));
	return ev->func ? 0 : -1;
}
