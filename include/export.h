/* export.h - the timeline exports of a run (-m chrome, speedscope): which invocations, when. */
#ifndef SG_EXPORT_H
#define SG_EXPORT_H

#include <stdio.h>
#include "aggregate.h"
#include "options.h"

/*
 * --keep N: the last N complete invocations, from the aggregate's ring at the end (memory is
 * the ring's). --keep all on a trace: every complete invocation written as it completes, so
 * memory stays that of one invocation however long the run; the .tree file still keeps the
 * last 32.
 */
struct sg_export;

/* For mode (SG_MODE_CHROME or SG_MODE_SPEEDSCOPE); stream: --keep all on a trace. */
struct sg_export *sg_export_new(enum sg_mode mode, FILE *out, int stream);
void sg_export_free(struct sg_export *e);

/* A complete invocation as it completes: written when streaming, else left to the ring. */
int sg_export_invocation(struct sg_export *e, const struct sg_invocation *inv);

/* The ring's invocations unless some were streamed, then the end of the file. */
int sg_export_finish(struct sg_export *e, const struct sg_aggregate *agg);

#endif
