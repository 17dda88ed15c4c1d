/* savepolicy.c - when a run writes its .tree: live by default, reading a trace when -o asks. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "cmd_flame.h"
#include "fmt.h"
#include "log.h"
#include "outfile.h"
#include "outname.h"
#include "pick.h"
#include "savepolicy.h"
#include "treesave.h"

int sg_savepolicy_wanted(const struct sg_options *o)
{
	return o->output || o->save_default || (!o->input && !o->no_save);
}

/* Whether path is the file or pipe stdout writes to (/dev/stdout, /proc/self/fd/1, ...). */
static int same_as_stdout(const char *path)
{
	struct stat a, b;

	return strcmp(path, "-") != 0 && stat(path, &a) == 0 && fstat(STDOUT_FILENO, &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The message of a failure to write ROOT.tree, kept for after the output. */
static int keep_blocked(struct sg_savepolicy *p)
{
	p->blocked = strdup(sg_log_message());
	sg_log_error("%s", "");
	if (!p->blocked) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

int sg_savepolicy_prepare(struct sg_savepolicy *p, const struct sg_options *o, const char *root,
			  int *usage)
{
	/* a trace read without -o: --keep chooses for a .tree no one writes (a .tree input says why
	 * --keep has no effect on it itself) */
	if (!sg_savepolicy_wanted(o) && root && o->keep_opt && !sg_cmd_flame_mode(o->mode) &&
	    o->mode < SG_MODE_CHROME && !o->pick.kind && !o->sort_duration) {
		sg_log_error("%s chooses what a .tree keeps: reading a saved trace (-i) writes one "
			     "only when -o asks (-o FILE.tree)",
			     o->keep_opt);
		*usage = 1;
		return -1;
	}
	if (!sg_savepolicy_wanted(o))
		return 0;
	if (!o->output) {
		if (!root) {
			/* a .tree input: its own name is taken, ROOT.tree may be it */
			sg_log_error("-o 1 names the .tree after the root of a traced run: give -o "
				     "FILE.tree to copy %s",
				     o->input);
			*usage = 1;
			return -1;
		}
		/* ROOT.tree beside the flame graphs; NAME.tree when -o NAME.svg names them */
		char *dir, *base;

		if (sg_outname_graph_base(o, &dir, &base) < 0)
			return -1;
		p->made = sg_outfile_name(base ? dir : o->outdir, base ? base : root, ".tree");
		free(dir);
		free(base);
		if (!p->made)
			return -1;
		p->path = p->made;
		p->soft = 1;
		/* not a lost run: the output is still shown, the .tree said missing after it */
		return sg_treesave_can_write(p->path) < 0 ? keep_blocked(p) : 0;
	}
	p->path = o->output;
	/* said before what the file is: an input of any kind is never replaced */
	if (sg_outfile_same(p->path, o->input)) {
		sg_log_error("%s is the input: not overwritten (choose another -o)", p->path);
		return -1;
	}
	/* -o FILE with --pick saves what was picked; ROOT.tree, a live capture's, keeps it all */
	p->pick = o->pick.kind ? &o->pick : NULL;
	p->quiet = o->quiet;
	if (sg_treesave_can_write(p->path) < 0)
		return -1;
	if (!sg_cmd_flame_mode(o->mode) && same_as_stdout(p->path)) {
		/* as -o - (options.c): the text would have the .tree file appended to it */
		sg_log_error(
		    "-m %s writes to stdout: -o %s is the same stream, the .tree file would "
		    "be mixed into it (-o FILE.tree saves it beside)",
		    o->mode_name, p->path);
		*usage = 1;
		return -1;
	}
	return 0;
}

int sg_savepolicy_write(struct sg_savepolicy *p, const char *input, struct sg_aggregate *agg,
			const char **saved)
{
	*saved = NULL;
	/* an empty run would push the last good one to .old */
	if (!p->path || !agg->complete || p->blocked)
		return 0;
	if (p->pick) {
		uint64_t p50;
		struct sg_invocation *inv = sg_pick_find(agg, p->pick, &p50);
		struct sg_aggregate *one = inv ? sg_pick_alone(agg, inv) : NULL;
		int ret = one ? sg_treesave_write(p->path, input, one, &p->old) : -1;

		if (inv && !one)
			sg_log_error("out of memory");
		if (ret == 0 && !p->quiet && strcmp(p->path, "-") != 0)
			fprintf(stderr,
				"surfgraph: %s holds invocation %" PRIu64 " alone (--pick)\n",
				p->path, inv->seq);
		sg_aggregate_free(one);
		if (ret < 0)
			return -1;
	} else if (sg_treesave_write(p->path, input, agg, &p->old) < 0)
		return p->soft ? keep_blocked(p) : -1;
	*saved = strcmp(p->path, "-") == 0 ? NULL : p->path;
	return 0;
}

void sg_savepolicy_warn(const struct sg_savepolicy *p, const struct sg_aggregate *agg, int quiet)
{
	if (quiet || !p->blocked || (agg && !agg->complete))
		return;
	/* escaped: the name is the trace's */
	fputs("surfgraph: warning: ", stderr);
	sg_escape_put_name(stderr, p->blocked);
	fputs(agg ? ": the run is not saved\n" : ": the run will not be saved\n", stderr);
}

void sg_savepolicy_release(struct sg_savepolicy *p)
{
	free(p->made);
	free(p->blocked);
	free(p->old);
	p->made = p->blocked = p->old = NULL;
	p->path = NULL;
}
