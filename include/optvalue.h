/* optvalue.h - option values checked as they are read: numbers, times, lists, live tracing's. */
#ifndef SG_OPTVALUE_H
#define SG_OPTVALUE_H

#include <stddef.h>
#include <stdint.h>
#include "options.h"

/* A whole non-negative number no larger than max; -1 with a message naming opt otherwise. */
int sg_optvalue_count(const char *opt, const char *s, long max, long *out);

/* "5us", "1.5ms", "500ns", "2s" (a number with up to 3 decimals and a unit) into ns. */
int sg_optvalue_time(const char *opt, const char *s, uint64_t *out);

/* Append elem (size bytes) to a growing array of pointers or ints *arrp of *n; -1 out of memory. */
int sg_optvalue_push(void *arrp, int *n, size_t size, const void *elem);

/* Live-tracing options (-d -n -p -C -x --max-depth --narrow ...): 0 handled, 1 not one of them,
 * -1 error. */
int sg_optvalue_live(struct sg_options *o, int c, const char *arg);

#endif
