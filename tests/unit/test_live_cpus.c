/* test_live_cpus.c - -C: negatives refused, the tracing_cpumask mask sized from the CPU count. */
#include <stdlib.h>
#include "check.h"
#include "cpulist.h"
#include "log.h"

/* The mask for list on ncpus CPUs, or NULL when refused; *n CPUs. */
static char *mask_of(const char *list, long ncpus, int *n)
{
	int *cpus = NULL;
	char *mask = NULL;

	*n = -1;
	if (sg_cpulist_expand(list, ncpus, &cpus, n, &mask) < 0) {
		CHECK(!cpus && !mask);
		return NULL;
	}
	free(cpus);
	return mask;
}

int main(void)
{
	char *m, want[8192 / 32 * 9 + 1], *w = want;
	int n;

	m = mask_of("0-3", 4, &n);
	CHECK_STR(m, "f");
	CHECK_U64(n, 4);
	free(m);
	m = mask_of("0,2", 8, &n);
	CHECK_STR(m, "5");
	free(m);
	m = mask_of("32", 40, &n);
	CHECK_STR(m, "1,00000000");
	free(m);
	/* 8192 CPUs: 256 groups, the set ones last; a fixed 300-byte buffer once held 33 */
	m = mask_of("0-3", 8192, &n);
	w += sprintf(w, "0");
	for (int g = 254; g > 0; g--)
		w += sprintf(w, ",00000000");
	sprintf(w, ",0000000f");
	CHECK_STR(m, want);
	CHECK_U64(n, 4);
	free(m);
	m = mask_of("8191", 8192, &n);
	CHECK(m && strncmp(m, "80000000,", 9) == 0 && strlen(m) == 256 * 9 - 1);
	free(m);
	/* negatives index before the set: refused, as are reversed and out-of-range lists */
	CHECK(!mask_of("-1", 8, &n));
	CHECK(strstr(sg_log_message(), "-C wants a CPU list") != NULL);
	CHECK(!mask_of("-99999-0", 8, &n));
	CHECK(!mask_of("0--1", 8, &n));
	CHECK(!mask_of("0,-1", 8, &n));
	CHECK(!mask_of("3-1", 8, &n));
	CHECK(!mask_of("8", 8, &n));
	CHECK(strstr(sg_log_message(), "CPUs go from 0 to 7") != NULL);
	CHECK(!mask_of("99999999999999999999", 8, &n));
	CHECK(!mask_of("1x", 8, &n));
	printf("live_cpus: %d checks, %d failed\n", check_count, check_failures);
	return check_failures ? 1 : 0;
}
