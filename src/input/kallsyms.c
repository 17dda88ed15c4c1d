/* kallsyms.c - whether the running kernel's symbols, loaded by libtracefs, can name functions. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kallsyms.h"
#include "log.h"

int sg_kallsyms_check(struct tep_handle *tep)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char *line = NULL;
	size_t lcap = 0;
	int nonzero = 0;

	if (!f) {
		sg_log_error("cannot read /proc/kallsyms: %s", strerror(errno));
		return -1;
	}
	/* hidden addresses read as zeros; the first line with another one ends the read */
	while (!nonzero && getline(&line, &lcap, f) > 0)
		nonzero = strspn(line, "0") < 16;
	free(line);
	fclose(f);
	if (!nonzero) {
		sg_log_error(
		    "/proc/kallsyms shows no addresses (kptr_restrict?): functions cannot be "
		    "named");
		return -1;
	}
	/*
	 * libtraceevent sorts its function table on the first look-up: done now, in the set-up,
	 * rather than in the first record read, where it stalled the live reader (about 100
	 * million instructions: half a second and more in a TCG guest) while the buffers filled.
	 */
	tep_find_function(tep, 0);
	return 0;
}
