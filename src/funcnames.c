/* funcnames.c - which traceable functions a -f pattern names, and the closest names when none does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "funcnames.h"
#include "log.h"
#include "match.h"

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64];

	if (lb >= 64)
		lb = 63;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
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
	struct {
		size_t d;
		char name[128];
	} best[5];
	int nbest = 0;

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
	for (line = n ? NULL : list; line && *line; line = next) {
		size_t len = strcspn(line, " \t\n");
		char *eol = line + strcspn(line, "\n");

		next = *eol ? eol + 1 : eol;
		if (!len || len >= sizeof(best[0].name))
			continue;
		line[len] = '\0';
		/* distance to the name without its clone suffix: topa_alloc.constprop.0 is topa_alloc */
		size_t base = strcspn(line, ".");
		char c = line[base];

		line[base] = '\0';
		size_t d = edit_distance(pattern, line);

		line[base] = c;
		int dup = 0;

		for (int i = 0; i < nbest; i++)
			dup |= strcmp(best[i].name, line) == 0;
		if (dup || (nbest == 5 && d >= best[4].d))
			continue;
		int i = nbest < 5 ? nbest++ : 4;

		while (i > 0 && best[i - 1].d > d) {
			best[i] = best[i - 1];
			i--;
		}
		best[i].d = d;
		memcpy(best[i].name, line, len + 1);
	}
	if (!n) {
		char msg[800];
		size_t off = 0;

		for (int i = 0; i < nbest && off < sizeof(msg); i++)
			off += (size_t) snprintf(msg + off, sizeof(msg) - off, "%s%s",
						 i ? ", " : "", best[i].name);
		sg_log_error(
		    "no traceable function matches '%s' (see available_filter_functions)%s%s",
		    pattern, nbest ? "; closest: " : "", nbest ? msg : "");
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
