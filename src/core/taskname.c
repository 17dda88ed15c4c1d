/* taskname.c - -p NAME: whether a task's name (comm) is the one asked for. */
#include <fnmatch.h>
#include <string.h>
#include "taskname.h"

/* function_graph's funcgraph-proc column prints at most this much of a task's name */
#define PROC_COLUMN_COMM 7

int sg_taskname_match(const char *name, const char *comm)
{
	size_t n = strlen(name), c = strlen(comm);

	if (!c || strcmp(comm, "<...>") == 0) /* the kernel had no name for it */
		return 0;
	if (strpbrk(name, "*?["))
		return fnmatch(name, comm, 0) == 0;
	if (strcmp(name, comm) == 0)
		return 1;
	if (c > n && strncmp(comm, name, n) == 0 && comm[n] == '/')
		return 1;
	return c == PROC_COLUMN_COMM && n > c && strncmp(comm, name, c) == 0;
}

int sg_taskname_is_name(const char *arg)
{
	return *arg && strspn(arg, "0123456789") != strlen(arg);
}
