/* optvalue.c - option values checked as they are read: numbers, times, lists, live tracing's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "narrow.h"
#include "opttable.h"
#include "optvalue.h"
#include "taskname.h"

int sg_optvalue_count(const char *opt, const char *s, long max, long *out)
{
	char *end;
	long v;

	if (!*s || *s == '-' || *s == '+')
		goto bad;
	v = strtol(s, &end, 10);
	if (*end || v > max)
		goto bad;
	*out = v;
	return 0;
bad:
	sg_log_error("%s wants a whole number from 0 to %ld, not '%s'", opt, max, s);
	return -1;
}

int sg_optvalue_time(const char *opt, const char *s, uint64_t *out)
{
	static const struct {
		const char *unit;
		uint64_t ns;
	} units[] = {{"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000}};
	uint64_t whole = 0, frac = 0, scale = 1;
	const char *p = s;

	for (; *p >= '0' && *p <= '9' && whole < 1000000000000ull; p++)
		whole = whole * 10 + (uint64_t) (*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9' && scale < 1000; p++, scale *= 10)
			frac = frac * 10 + (uint64_t) (*p - '0');
	for (size_t i = 0; p != s && i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(p, units[i].unit) == 0 && (frac == 0 || units[i].ns >= scale)) {
			*out = whole * units[i].ns + frac * (units[i].ns / scale);
			return 0;
		}
	}
	sg_log_error("%s wants a time such as 5us, 1.5ms or 500ns, not '%s'", opt, s);
	return -1;
}

int sg_optvalue_push(void *arrp, int *n, size_t size, const void *elem)
{
	char **arr = arrp;
	char *nv = realloc(*arr, (size_t) (*n + 1) * size);

	if (!nv) {
		sg_log_error("out of memory");
		return -1;
	}
	memcpy(nv + (size_t) *n * size, elem, size);
	*arr = nv;
	(*n)++;
	return 0;
}

int sg_optvalue_live(struct sg_options *o, int c, const char *arg)
{
	long v;
	char *end;

	switch (c) {
	case 'd':
		o->duration = strtod(arg, &end);
		if (end == arg || *end || !(o->duration > 0) || o->duration > 1e7) {
			sg_log_error("-d wants a number of seconds, not '%s'", arg);
			return -1;
		}
		return 0;
	case 'n':
		if (sg_optvalue_count("-n", arg, 1000000000, &v) < 0)
			return -1;
		o->count = (unsigned long) v;
		return 0;
	case 'p': {
		int pid;

		if (sg_taskname_is_name(arg)) {
			if (strlen(arg) > 255) {
				sg_log_error("-p wants a process id or a task name, not %zu bytes",
					     strlen(arg));
				return -1;
			}
			return sg_optvalue_push(&o->pnames, &o->npnames, sizeof(arg), &arg);
		}
		if (sg_optvalue_count("-p", arg, 1 << 22, &v) < 0 || v == 0) {
			sg_log_error("-p wants a process id or a task name, not '%s'", arg);
			return -1;
		}
		pid = (int) v;
		return sg_optvalue_push(&o->pids, &o->npids, sizeof(pid), &pid);
	}
	case 'C':
		/* a CPU list starts with a CPU number: "-1" or "-99999-0" is no list */
		if (!*arg || strspn(arg, "0123456789,-") != strlen(arg) || arg[0] < '0' ||
		    arg[0] > '9' || strstr(arg, ",-") || strstr(arg, "--")) {
			sg_log_error("-C wants a CPU list like 0-3,6, not '%s'", arg);
			return -1;
		}
		o->cpus = arg;
		return 0;
	case OPT_MAX_DEPTH:
		if (sg_optvalue_count("--max-depth", arg, 1000000, &v) < 0)
			return -1;
		o->max_depth = (int) v;
		return 0;
	case 'x':
		if (!*arg) {
			sg_log_error("-x wants a function name");
			return -1;
		}
		return sg_optvalue_push(&o->excludes, &o->nexcludes, sizeof(arg), &arg);
	case OPT_NO_IRQS:
		o->no_irqs = 1;
		return 0;
	case OPT_NO_SLEEP_TIME:
		o->no_sleep_time = 1;
		return 0;
	case OPT_NO_OFF_CPU:
		o->no_off_cpu = 1;
		return 0;
	case OPT_BUFFER_SIZE:
		if (sg_optvalue_count("--buffer-size", arg, 1L << 30, &v) < 0 || v == 0) {
			sg_log_error("--buffer-size wants a size in KB, not '%s'", arg);
			return -1;
		}
		o->buffer_kb = (unsigned long) v;
		return 0;
	case OPT_TEXT:
		o->text = 1;
		return 0;
	case OPT_FORCE:
		o->force = 1;
		return 0;
	case OPT_ARGS:
		o->args = 1;
		return 0;
	case OPT_RETVAL:
		o->retval = 1;
		return 0;
	case 'w':
		o->write_dat = arg;
		return 0;
	case OPT_NARROW:
		o->narrow = 1;
		return 0;
	case OPT_NARROW_LEARN:
		o->narrow = 1;
		return sg_narrow_parse_learn(arg, &o->narrow_count, &o->narrow_seconds);
	case OPT_NARROW_FROM:
		o->narrow_from = arg;
		return 0;
	default:
		return 1;
	}
}
