/* narrow.c - --narrow and --narrow-from: set_ftrace_filter written with only what runs under the
 * roots. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "aggregate.h"
#include "decomp.h"
#include "log.h"
#include "narrow.h"
#include "tracefs_file.h"
#include "treeread.h"

/*
 * The functions of a saved run (--narrow-from FILE.tree): every name of its merged tree,
 * interned in st. NULL with a message when the file cannot be read or is no .tree file.
 */
static struct sg_narrowset *load_set(const char *path, struct sg_strtab *st)
{
	struct sg_decomp *in = sg_decomp_open(path);
	FILE *f = in ? sg_decomp_stdio(in) : NULL;
	struct sg_aggregate *agg = NULL;
	struct sg_narrowset *set;

	if (!in) {
		char why[512];

		snprintf(why, sizeof(why), "%s", sg_log_message()); /* "cannot open PATH: why" */
		sg_log_error("--narrow-from: %s", why);
		return NULL;
	}
	if (f) {
		agg = sg_treeread_file(f, path, st); /* a .tree.gz as a .tree */
		fclose(f);
	}
	if (!agg && sg_decomp_error(in))
		sg_log_error("%s", sg_decomp_error(in));
	sg_decomp_free(in);
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

/*
 * What set_ftrace_filter is to hold for set and the roots (as written to set_graph_function:
 * an unpatched root never starts an invocation; a glob is written as it is by the caller):
 * resolved against the kernel's available_filter_functions, every clone included, unknown
 * functions counted in info and skipped. -1 with a message.
 */
static int plan(struct sg_narrowset *set, const char *const *roots, int nroots,
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

/*
 * Open set_ftrace_filter of the session's instance (or the top level) for writing, saved
 * first like every file: nothing changes in the kernel until it is closed
 * (sg_tracefs_file_close_list), which applies the list. -1 with a message (the kernel has no
 * set_ftrace_filter: CONFIG_DYNAMIC_FTRACE).
 */
static int open_filter(struct sg_tracefs_session *s)
{
	if (!tracefs_file_exists(sg_tracefs_session_instance(s), "set_ftrace_filter")) {
		sg_log_error("--narrow needs set_ftrace_filter, which this kernel does not have%s "
			     "(CONFIG_DYNAMIC_FTRACE)",
			     sg_tracefs_session_uses_instance(s) ? " in an instance" : "");
		return -1;
	}
	return sg_tracefs_session_open_list(s, 0, "set_ftrace_filter");
}

/*
 * Write to fd the names of m and the roots that are globs not written yet (written: those so
 * far). The kernel looks each name up in every record as it is written, seconds per name on
 * a slow machine: while learning (rd set), the buffers are read every few names.
 */
static int put_names(struct tracefs_instance *inst, int fd, struct sg_narrowset *written,
		     const struct sg_narrowset_match *m, const char *const *roots, int nroots,
		     sg_narrow_read_fn rd, void *ctx)
{
	int k = 0;

	for (int i = 0; i < m->nnames + nroots; i++) {
		const char *name = i < m->nnames ? m->names[i] : roots[i - m->nnames];
		int added;

		if (i >= m->nnames && !is_glob(name))
			continue; /* a root by name is among m's */
		added = sg_narrowset_add_name(written, name);
		if (added < 0 ||
		    (added && sg_tracefs_file_put_line(inst, "set_ftrace_filter", fd, name) < 0))
			return -1;
		if (rd && added && ++k % 8 == 0 && rd(ctx, 0) < 0)
			return -1;
	}
	return 0;
}

int sg_narrow_from(struct sg_tracefs_session *s, const char *path, struct sg_strtab *st,
		   const char *const *roots, int nroots, struct sg_narrow_info *info)
{
	struct tracefs_instance *inst = sg_tracefs_session_instance(s);
	struct sg_narrowset *set = load_set(path, st);
	struct sg_narrowset *written = sg_narrowset_new();
	struct sg_narrowset_match m = {0};
	int fd = -1, ret = -1;

	if (!set || !written || plan(set, roots, nroots, &m, info) < 0)
		goto out;
	if (info->unknown && info->functions <= nroots) {
		sg_log_error(
		    "--narrow-from %s: none of its %d functions but the roots is traceable "
		    "on this kernel (an earlier run of another kernel?)",
		    path, info->unknown);
		goto out;
	}
	fd = open_filter(s);
	if (fd < 0 || put_names(inst, fd, written, &m, roots, nroots, NULL, NULL) < 0)
		goto out;
	ret = sg_tracefs_file_close_list(inst, "set_ftrace_filter", fd);
	fd = -1;
out:
	if (fd >= 0)
		close(fd);
	sg_narrowset_match_free(&m);
	sg_narrowset_free(written);
	sg_narrowset_free(set);
	return ret;
}

int sg_narrow_switch(const struct sg_narrow_switch *sw, struct sg_narrow_info *info, double *off)
{
	struct tracefs_instance *inst = sg_tracefs_session_instance(sw->s);
	struct sg_narrowset *written = sg_narrowset_new();
	struct sg_narrowset_match m = {0};
	struct timespec t;
	int fd = -1, ret = -1;

	*off = 0;
	fd = written ? open_filter(sw->s) : -1;
	if (fd < 0)
		goto out;
	/* learning goes on meanwhile: a second pass writes what the first one's time showed */
	for (int pass = 0; pass < 2; pass++) {
		if (plan(sw->seen, sw->roots, sw->nroots, &m, info) < 0 ||
		    put_names(inst, fd, written, &m, sw->roots, sw->nroots, sw->rd, sw->ctx) < 0)
			goto out;
		sg_narrowset_match_free(&m);
	}
	clock_gettime(CLOCK_MONOTONIC, &t);
	*off = (double) t.tv_sec + (double) t.tv_nsec / 1e9;
	if (sg_tracefs_session_tracing(sw->s, 0) < 0 || sw->rd(sw->ctx, 1) < 0 ||
	    sg_callstack_narrow(sw->cs) < 0)
		goto out;
	if (plan(sw->seen, sw->roots, sw->nroots, &m, info) < 0 ||
	    put_names(inst, fd, written, &m, sw->roots, sw->nroots, NULL, NULL) < 0)
		goto out;
	ret = sg_tracefs_file_close_list(inst, "set_ftrace_filter", fd);
	fd = -1;
	if (ret == 0)
		ret = sg_tracefs_session_tracing(sw->s, 1);
out:
	if (fd >= 0)
		close(fd);
	sg_narrowset_match_free(&m);
	sg_narrowset_free(written);
	sg_narrowset_free(sw->seen);
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
