/* textline.h - the pieces of one function_graph text line: numbers, durations, TASK-PID, the call.
 */
#ifndef SG_TEXTLINE_H
#define SG_TEXTLINE_H

#include <stdint.h>
#include <string.h>
#include "event.h"
#include "strtab.h"

/* On byte ranges [s, e), as every column parser needs. */
static inline int sg_textline_digit(char c)
{
	return c >= '0' && c <= '9';
}

static inline const char *sg_textline_skip(const char *s, const char *e)
{
	while (s < e && *s == ' ')
		s++;
	return s;
}

static inline const char *sg_textline_trim(const char *s, const char *e)
{
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return e;
}

static inline int sg_textline_starts(const char *s, const char *e, const char *lit)
{
	size_t n = strlen(lit);

	return (size_t) (e - s) >= n && memcmp(s, lit, n) == 0;
}

/*
 * A decimal "123.456" in units of 10^-scale_digits (e.g. us with 3 -> ns): returns the end of
 * the number or NULL when there is none or it would overflow.
 */
const char *sg_textline_fixed(const char *s, const char *e, int scale_digits, uint64_t *out,
			      int *had_dot);

/* "[mark] NUMBER us" as printed in the duration column: 0, or -1 when it is not one. */
int sg_textline_duration(const char *s, const char *e, uint64_t *ns);

/* "comm-pid": the pid is the digits after the last '-'; comm interned in st. 0 or -1. */
int sg_textline_proc(struct sg_strtab *st, const char *s, const char *e, int *pid,
		     const char **comm);

/* Latency flags like "d.h2." or "dNs1": irqs-off, need-resched, hardirq/softirq, depths. */
int sg_textline_lat_flags(const char *s, const char *e);

/*
 * The body after the columns: indentation then "f() {", "f();", "}", "} / * f * /" or a
 * comment, into ev (type, depth, func interned in st, args and return value when printed). sep says
 * how many spaces the previous column's separator put before the indentation. 0, or -1 when it is
 * not a body.
 */
int sg_textline_body(struct sg_strtab *st, struct sg_event *ev, const char *s, const char *e,
		     int sep);

#endif
