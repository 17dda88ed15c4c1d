/* treesave.c - a run's .tree file written safely: never over its input, atomically, the last kept.
 */
#include <stdio.h>
#include "log.h"
#include "outfile.h"
#include "treefile.h"
#include "treesave.h"

int sg_treesave_can_write(const char *path)
{
	return sg_outfile_prepare(path);
}

int sg_treesave_write(const char *path, const char *input, struct sg_aggregate *agg, char **old)
{
	struct sg_outfile *o;

	*old = NULL;
	if (sg_outfile_same(path, input)) {
		sg_log_error("%s is the input: not overwritten (choose another -o)", path);
		return -1;
	}
	/* refused there when it would replace a file surfgraph did not write (unless --force) */
	o = sg_outfile_open(path);
	if (!o)
		return -1;
	/* the previous run becomes path.old, as perf keeps perf.data.old: said by the caller */
	if (sg_treefile_write(sg_outfile_stream(o), agg) < 0 ||
	    (sg_outfile_replaces_ours(o) && sg_outfile_keep_previous(o, ".old", old) < 0)) {
		sg_outfile_abort(o);
		return -1;
	}
	return sg_outfile_commit(o);
}
