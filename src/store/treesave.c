/* treesave.c - a run's .tree file written safely: never over its input, atomically, the last kept.
 */
#include <stdio.h>
#include "log.h"
#include "outfile.h"
#include "treefile.h"
#include "treesave.h"

/*
 * Whether writing a .tree to path is safe: -1 (message set) when path is the input itself,
 * 1 when it replaces a file of another kind (the caller says so), 2 when it replaces a .tree
 * (kept as .old), 0 otherwise.
 */
static int check_overwrite(const char *path, const char *input)
{
	char head[32];
	/* a regular file only, read through the directory the output goes to, never a link */
	int n = sg_outfile_peek(path, head, sizeof(head));

	if (n < 0)
		return 0;
	if (sg_outfile_same(path, input)) {
		sg_log_error("%s is the input: not overwritten (choose another -o)", path);
		return -1;
	}
	if (!n)
		return 0;
	return sg_treefile_sniff(head, (size_t) n) ? 2 : 1;
}

int sg_treesave_can_write(const char *path)
{
	return sg_outfile_prepare(path);
}

int sg_treesave_write(const char *path, const char *input, struct sg_aggregate *agg, char **old)
{
	struct sg_outfile *o;
	int kind = check_overwrite(path, input);

	*old = NULL;
	if (kind < 0)
		return -1;
	if (kind == 1)
		fprintf(stderr, "surfgraph: replacing %s, which was not a .tree file\n", path);
	o = sg_outfile_open(path);
	if (!o)
		return -1;
	/* the previous run becomes path.old, as perf keeps perf.data.old */
	if (sg_treefile_write(sg_outfile_stream(o), agg) < 0 ||
	    (kind == 2 && sg_outfile_keep_previous(o, ".old", old) < 0)) {
		sg_outfile_abort(o);
		return -1;
	}
	return sg_outfile_commit(o);
}
