/* narrow.c - --narrow and --narrow-from: set_ftrace_filter written with only what runs under the
 * roots. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aggregate.h"
#include "log.h"
#include "narrow.h"
#include "tracefs_file.h"
#include "treeread.h"

struct sg_narrowset *sg_narrow_load(const char *path, struct sg_strtab *st)
{
	FILE *f = fopen(path, "r");
	struct sg_aggregate *agg;
	struct sg_narrowset *set;

	if (!f) {
		sg_log_error("--narrow-from %s: %m", path);
		return NULL;
	}
	agg = sg_treeread_file(f, path, st);
	fclose(f);
	if (!agg)
		return NULL;
	set = sg_narrowset_new();
	if (set && sg_narrowset_add_tree(set, sg_tree_top(agg->merged)) < 0) {
		sg_narrowset_free(set);
		set = NULL;
	}
	if (set && !sg_narrowset_count(set)) {
		sg_log_error("--narrow-from %s: the run has no complete invocation, so no function "
			     "to narrow to",
			     path);
		sg_narrowset_free(set);
		set = NULL;
	}
	sg_aggregate_free(agg);
	return set;
}

static int is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

int sg_narrow_plan(struct sg_narrowset *set, const char *const *roots, int nroots,
		   struct sg_narrowset_match *m, struct sg_narrow_info *info)
{
	char *list;

	memset(info, 0, sizeof(*info));
	memset(m, 0, sizeof(*m));
	for (int i = 0; i < nroots; i++)
		if (!is_glob(roots[i]) && sg_narrowset_add(set, roots[i]) < 0)
			return -1;
	list = sg_tracefs_file_read(NULL, "available_filter_functions", NULL);
	if (!list || sg_narrowset_resolve(set, list, m) < 0) {
		free(list);
		return -1;
	}
	free(list);
	info->unknown = m->unknown;
	info->functions = sg_narrowset_count(set) - m->unknown;
	info->patched = m->nlines;
	return 0;
}

/* The roots that are globs, after n values already in v (room for nroots more). */
static int add_globs(const char **v, int n, const char *const *roots, int nroots)
{
	for (int i = 0; i < nroots; i++)
		if (is_glob(roots[i]))
			v[n++] = roots[i];
	return n;
}

/*
 * Whether set_ftrace_filter holds exactly the functions of m: as many entries as records were
 * written, each of a name m has. Probes and cached module entries (lines with ':'), never
 * ours, are left out; with glob roots only the names are checked.
 */
static int holds(struct tracefs_instance *inst, const struct sg_narrowset_match *m, int globs)
{
	char *cur = sg_tracefs_file_read(inst, "set_ftrace_filter", NULL), *next;
	struct sg_narrowset *want = sg_narrowset_new();
	int n = 0, ok = cur && want;

	for (int i = 0; ok && i < m->nnames; i++)
		ok = sg_narrowset_add(want, m->names[i]) == 0;
	for (char *line = ok ? cur : NULL; line && *line && ok; line = next) {
		char *eol = line + strcspn(line, "\n");

		next = *eol ? eol + 1 : eol;
		*eol = '\0';
		if (!*line || strncmp(line, "####", 4) == 0 || strchr(line, ':'))
			continue;
		line[strcspn(line, " ")] = '\0';
		n++;
		ok = globs || sg_narrowset_has(want, line);
	}
	free(cur);
	sg_narrowset_free(want);
	return ok && (globs ? n >= m->nlines : n == m->nlines);
}

int sg_narrow_write(struct sg_tracefs_session *s, const struct sg_narrowset_match *m,
		    const char *const *roots, int nroots)
{
	struct tracefs_instance *inst = sg_tracefs_session_instance(s);
	const char **v = calloc((size_t) (m->nlines + m->nnames + nroots + 1), sizeof(*v));
	char(*idx)[16] = calloc((size_t) m->nlines + 1, sizeof(*idx));
	int n = 0, globs, ret = -1;

	if (!v || !idx) {
		sg_log_error("out of memory");
		goto out;
	}
	if (!tracefs_file_exists(inst, "set_ftrace_filter")) {
		sg_log_error("--narrow needs set_ftrace_filter, which this kernel does not have%s "
			     "(CONFIG_DYNAMIC_FTRACE)",
			     sg_tracefs_session_uses_instance(s) ? " in an instance" : "");
		goto out;
	}
	for (int i = 0; i < m->nlines; i++) {
		snprintf(idx[i], sizeof(idx[i]), "%u", m->lines[i]);
		v[n++] = idx[i];
	}
	n = add_globs(v, n, roots, nroots);
	globs = n - m->nlines;
	if (sg_tracefs_session_write_list(s, 0, "set_ftrace_filter", v, n) == 0 &&
	    holds(inst, m, globs)) {
		ret = 0;
		goto out;
	}
	/* no index writes here, or indices that are not the list's lines: by name, slower */
	sg_log_action("# set_ftrace_filter does not hold the functions written by index: "
		      "writing them by name");
	n = 0;
	for (int i = 0; i < m->nnames; i++)
		v[n++] = m->names[i];
	n = add_globs(v, n, roots, nroots);
	ret = sg_tracefs_session_write_list(s, 0, "set_ftrace_filter", v, n);
out:
	free(v);
	free(idx);
	return ret;
}

int sg_narrow_parse_learn(const char *arg, unsigned long *count, double *seconds)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (*arg < '0' || *arg > '9' || errno || v > 1000000000)
		goto bad;
	*count = (unsigned long) v;
	if (!*end && v > 0) {
		*seconds = 0; /* N alone: as long as N takes */
		return 0;
	}
	if (*end == ',') {
		const char *s = end + 1;

		*seconds = strtod(s, &end);
		if (end != s && !*end && *seconds >= 0 && *seconds <= 1e7 && (v || *seconds > 0))
			return 0;
	}
bad:
	sg_log_error("--narrow-learn wants N[,SECONDS]: N complete invocations (0: any number) "
		     "or SECONDS (0: no limit), whichever comes first, not both 0; not '%s'",
		     arg);
	return -1;
}
