/* treesave.h - a run's .tree file written safely: never over its input, atomically, the last kept.
 */
#ifndef SG_TREESAVE_H
#define SG_TREESAVE_H

#include "aggregate.h"

/*
 * Write agg to path ("-": stdout), refusing when path is the input itself or a file surfgraph
 * did not write (unless --force, outown.h). An output of surfgraph's it replaces is kept as
 * path.old (*old, to free; NULL when there was none). 0, or -1 with a message.
 */
int sg_treesave_write(const char *path, const char *input, struct sg_aggregate *agg, char **old);

/* Whether a file can be created where path names (before tracing, not after). -1: message. */
int sg_treesave_can_write(const char *path);

#endif
