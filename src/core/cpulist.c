/* cpulist.c - a CPU list like "0-3,6" (-C), as the kernel's cpulist files write it. */
#include <ctype.h>
#include <stdlib.h>
#include "cpulist.h"
#include "log.h"

int sg_cpulist_parse(const char *list, long ncpus, unsigned char *set)
{
	const char *p = list;

	if (!*p)
		goto bad;
	while (*p) {
		char *end;
		long a, b;

		/* strtol would take "-1" and " 1": only digits start a number here */
		if (!isdigit((unsigned char) *p))
			goto bad;
		a = b = strtol(p, &end, 10);
		if (*end == '-') {
			p = end + 1;
			if (!isdigit((unsigned char) *p))
				goto bad;
			b = strtol(p, &end, 10);
		}
		if (a > b)
			goto bad;
		if (b >= ncpus) {
			sg_log_error("-C %s: CPUs go from 0 to %ld", list, ncpus - 1);
			return -1;
		}
		for (long c = a; c <= b; c++)
			set[c] = 1;
		p = end;
		if (*p == ',' && p[1])
			p++;
		else if (*p)
			goto bad;
	}
	return 0;
bad:
	sg_log_error("-C wants a CPU list like 0-3,6, not '%s'", list);
	return -1;
}
