/* cmd_merge.c - `surfgraph merge A.tree B.tree ... -o ALL.tree`: runs of one root as one run. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cmd_merge.h"
#include "cmd_profile.h"
#include "decomp.h"
#include "log.h"
#include "mergetail.h"
#include "outfile.h"
#include "runstat.h"
#include "strtab.h"
#include "treemerge.h"
#include "treeread.h"
#include "treefile.h"
#include "treesave.h"

/* One .tree (or .tree.gz, .xz, .zst), read strictly: a damaged one refused with file:line: why. */
static struct sg_aggregate *load(const char *path, struct sg_strtab *st)
{
	struct sg_aggregate *a = NULL;
	struct sg_decomp *in = sg_decomp_open(path);
	FILE *f = in ? sg_decomp_stdio(in) : NULL;

	if (f) {
		a = sg_treeread_file(f, path, st);
		fclose(f);
	}
	if (!a && sg_decomp_error(in))
		sg_log_error("%s", sg_decomp_error(in)); /* the cause, not its read error */
	sg_decomp_free(in);
	return a;
}

/*
 * Whether path is to be read as a trace (cmd_profile.c, as diff reads one: -f ROOT or its root
 * guessed) rather than strictly as a .tree: -f given, or its first bytes are not a .tree's.
 */
static int is_trace(const struct sg_options *o, const char *path)
{
	struct sg_decomp *in;
	FILE *f;
	char head[64];
	size_t n = 0;
	struct stat sb;

	if (o->nfunctions)
		return 1;
	/* stdin, a pipe: read once, so not sniffed first: as a .tree, as before (-f: a trace) */
	if (strcmp(path, "-") == 0 || stat(path, &sb) < 0 || !S_ISREG(sb.st_mode))
		return 0;
	in = sg_decomp_open(path);
	f = in ? sg_decomp_stdio(in) : NULL;
	if (f) {
		n = fread(head, 1, sizeof(head), f);
		fclose(f);
	}
	sg_decomp_free(in);
	/* unreadable: the .tree reader says why */
	return f && n && !sg_treefile_sniff(head, n);
}

/* The percentiles of a group ("buckets:" or "sketch:") of percentiles=...: NULL when none. */
static const char *group(const char *pct, const char *name, int *len)
{
	const char *g = strstr(pct, name);

	if (!g)
		return NULL;
	g += strlen(name);
	*len = (int) strcspn(g, " ");
	return g;
}

/* Which percentiles the merge estimated, and how well. */
static void note_from(const char *pct)
{
	int len;
	const char *g = group(pct, "buckets:", &len);

	if (g)
		fprintf(stderr,
			"surfgraph: the runs kept fewer invocations than they had and a run has no "
			"quantile sketch (a .tree of version 5 or older): %.*s %s approximate, at "
			"most the top of its histogram bucket (percentiles=%s)\n",
			len, g, memchr(g, ',', (size_t) len) ? "are each" : "is", pct);
	g = group(pct, "sketch:", &len);
	if (g)
		fprintf(stderr,
			"surfgraph: %.*s from the runs' quantile sketches, within %g%% "
			"(percentiles=%s)\n",
			len, g, 100 * SG_QSKETCH_ALPHA, pct);
}

int sg_cmd_merge_run(const struct sg_options *o)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_aggregate **runs = calloc((size_t) o->nfiles, sizeof(*runs)), *m = NULL;
	char *old = NULL;
	const char *pct;
	int rc = 1, stdin_used = 0;

	if (!st || !runs) {
		sg_log_error("out of memory");
		goto out;
	}
	for (int i = 0; i < o->nfiles; i++) {
		/* the output replaces its file only after every input was read: still, never one */
		if (sg_outfile_same(o->output, o->files[i])) {
			sg_log_error("%s is an input: not overwritten (choose another -o)",
				     o->output);
			goto out;
		}
		if (strcmp(o->files[i], "-") == 0 && stdin_used++) {
			sg_log_error("stdin ('-') can be read once");
			goto out;
		}
		if (is_trace(o, o->files[i])) {
			/* as diff loads a trace: whole, to be saved; its root given or guessed */
			struct sg_profile_load req;
			int ret;

			sg_cmd_profile_load_as_input(o, &req);
			ret = sg_cmd_profile_load(&req, o->files[i], st, &runs[i]);

			if (ret < 0) {
				rc = ret == -2 ? 2 : 1;
				goto out;
			}
		} else {
			runs[i] = load(o->files[i], st);
		}
		if (!runs[i])
			goto out;
	}
	m = sg_treemerge(runs, (const char *const *) o->files, o->nfiles);
	if (m && !o->quiet) {
		char why[1024];

		if (sg_treemerge_twice(runs, (const char *const *) o->files, o->nfiles, why,
				       sizeof(why)) == 1)
			fprintf(stderr, "surfgraph: %s: if so, its invocations count twice\n", why);
	}
	if (!m || sg_treesave_write(o->output, NULL, m, &old) < 0)
		goto out;
	if (!o->quiet && strcmp(o->output, "-") != 0)
		fprintf(stderr,
			"surfgraph: merged %d run%s, %" PRIu64 " complete invocation%s, into %s\n",
			o->nfiles, o->nfiles == 1 ? "" : "s", m->complete, m->complete == 1 ? "" : "s",
			o->output);
	if (!o->quiet && old)
		fprintf(stderr, "surfgraph: the previous %s is %s\n", o->output, old);
	/* past SG_RUNSTAT_MAX runs a path's lines would grow with the runs: merged only */
	const char *ns = sg_aggregate_meta(m, "sources");

	if (!o->quiet && m->has_pathstat && !m->runstats && ns && atoi(ns) > SG_RUNSTAT_MAX)
		fprintf(stderr,
			"surfgraph: %s runs: their per-path sums are merged, not kept apart (at most "
			"%d are): diff tests their invocations pooled\n",
			ns, SG_RUNSTAT_MAX);
	pct = sg_aggregate_meta(m, "percentiles");
	if (!o->quiet && pct && strcmp(pct, "approximate") == 0)
		fprintf(stderr, "surfgraph: a run kept fewer invocations than it had: p50 and p99 "
				"are estimates (the invocation-weighted mean of the runs')\n");
	else if (!o->quiet && pct)
		note_from(pct);
	for (int i = 0; !o->quiet && sg_aggregate_meta(m, "histogram") && i < o->nfiles; i++)
		if (!sg_mergetail_has_hist(&runs[i], 1))
			fprintf(stderr,
				"surfgraph: %s has no latency histogram (a .tree of version 1 or 2): "
				"the result has none, no bucket trees and no slowest kept (-m hist and "
				"diff --slow need them)\n",
				o->files[i]);
	rc = 0;
out:
	free(old);
	sg_aggregate_free(m);
	for (int i = 0; runs && i < o->nfiles; i++)
		sg_aggregate_free(runs[i]);
	free(runs);
	sg_strtab_free(st);
	return rc;
}
