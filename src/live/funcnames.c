/* funcnames.c - which traceable functions a -f pattern names, and the closest names when none does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "closest.h"
#include "funcnames.h"
#include "log.h"
#include "match.h"

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

static int add_name(char ***v, int *n, int *cap, const char *name, size_t len)
{
	for (int i = 0; i < *n; i++)
		if (strlen((*v)[i]) == len && strncmp((*v)[i], name, len) == 0)
			return 0;
	if (*n + 2 > *cap) {
		int ncap = *cap ? *cap * 2 : 8;
		char **nv = realloc(*v, (size_t) ncap * sizeof(*nv));

		if (!nv)
			return oom();
		*v = nv;
		*cap = ncap;
	}
	(*v)[*n] = strndup(name, len);
	if (!(*v)[*n])
		return oom();
	(*v)[++*n] = NULL;
	return 0;
}

void sg_funcnames_free(char **names)
{
	for (int i = 0; names && names[i]; i++)
		free(names[i]);
	free(names);
}

int sg_funcnames_resolve(char *list, const char *pattern, char ***names)
{
	struct sg_match *m = sg_match_new();
	char *line, *next;
	char **v = NULL;
	int n = 0, cap = 0, ret = -1;
	int glob = strpbrk(pattern, "*?[") != NULL;
	struct sg_closest best;

	*names = NULL;
	if (!m || sg_match_add(m, pattern) < 0) {
		oom();
		goto out;
	}
	for (line = list; *line; line = next) {
		size_t len = strcspn(line, " \t\n");
		char *eol = line + strcspn(line, "\n");
		char c = line[len];

		next = *eol ? eol + 1 : eol;
		/* "name [mod]" is matched without its module */
		line[len] = '\0';
		if (sg_match_test(m, line) >= 0 &&
		    add_name(&v, &n, &cap, glob ? pattern : line, glob ? strlen(pattern) : len) < 0)
			goto out;
		line[len] = c;
	}
	/* nothing: the closest names, for the message (a second pass, only on failure) */
	sg_closest_init(&best, pattern, (size_t) -1);
	for (line = n ? NULL : list; line && *line; line = next) {
		size_t len = strcspn(line, " \t\n");
		char *eol = line + strcspn(line, "\n");

		next = *eol ? eol + 1 : eol;
		sg_closest_offer(&best, line, len);
	}
	if (!n) {
		char msg[800];

		sg_closest_list(&best, SG_CLOSEST_N, msg, sizeof(msg));
		sg_log_error(
		    "no traceable function matches '%s' (see available_filter_functions)%s%s",
		    pattern, *msg ? "; closest: " : "", msg);
		ret = 0;
		goto out;
	}
	*names = v;
	v = NULL;
	ret = n;
out:
	sg_funcnames_free(v);
	sg_match_free(m);
	return ret;
}
