/* cpulist.c - a CPU list like "0-3,6" (-C), as the kernel's cpulist files write it. */
#include <ctype.h>
#include <stdio.h>
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

int sg_cpulist_expand(const char *list, long ncpus, int **cpus, int *n, char **mask)
{
	unsigned char *set = calloc((size_t) ncpus, 1);
	long groups = (ncpus + 31) / 32;
	size_t off = 0, msize = (size_t) groups * 9 + 1; /* "%08lx," a group, and the NUL */
	int count = 0;

	*cpus = NULL;
	*mask = NULL;
	if (!set) {
		sg_log_error("out of memory");
		return -1;
	}
	if (sg_cpulist_parse(list, ncpus, set) < 0) {
		free(set);
		return -1;
	}
	*cpus = calloc((size_t) ncpus, sizeof(**cpus));
	*mask = malloc(msize);
	if (!*cpus || !*mask) {
		free(set);
		free(*cpus);
		free(*mask);
		*cpus = NULL;
		*mask = NULL;
		sg_log_error("out of memory");
		return -1;
	}
	for (long c = 0; c < ncpus; c++)
		if (set[c])
			(*cpus)[count++] = (int) c;
	*n = count;
	/* 32-bit groups, most significant first, separated by commas; sized for every CPU */
	(*mask)[0] = '\0';
	for (long g = groups - 1; g >= 0; g--) {
		unsigned long w = 0;

		for (int bit = 0; bit < 32 && g * 32 + bit < ncpus; bit++)
			if (set[g * 32 + bit])
				w |= 1UL << bit;
		off += (size_t) snprintf(*mask + off, msize - off,
					 g == groups - 1 ? "%lx" : ",%08lx", w);
	}
	free(set);
	return 0;
}
