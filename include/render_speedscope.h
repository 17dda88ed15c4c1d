/* render_speedscope.h - speedscope's file format (-m speedscope): evented and sampled profiles. */
#ifndef SG_RENDER_SPEEDSCOPE_H
#define SG_RENDER_SPEEDSCOPE_H

#include <stdio.h>
#include "aggregate.h"

/*
 * https://www.speedscope.app/file-format-schema.json: one evented profile per invocation (open
 * and close events laid out by timeline.c, in nanoseconds), then the merged tree as a sampled
 * profile, one sample per call path weighted by its self time in ns (calls without durations).
 * Profiles are written as invocations come; the shared frame table, one frame per distinct
 * name, comes last (a JSON object's members have no order).
 */
struct sg_speedscope;

/* Writes to out, which stays the caller's. NULL: no memory. */
struct sg_speedscope *sg_speedscope_new(FILE *out);
void sg_speedscope_free(struct sg_speedscope *w);

/* One invocation's evented profile, written at once. -1 with a message (none on write errors). */
int sg_speedscope_invocation(struct sg_speedscope *w, const struct sg_invocation *inv);

/* The merged tree's sampled profile and the frames. -1 with a message (none on write errors). */
int sg_speedscope_finish(struct sg_speedscope *w, const struct sg_aggregate *agg);

#endif
