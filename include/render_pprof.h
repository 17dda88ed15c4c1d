/* render_pprof.h - the merged tree as a gzipped pprof profile (-m pprof): go tool pprof, Parca. */
#ifndef SG_RENDER_PPROF_H
#define SG_RENDER_PPROF_H

#include <stdio.h>
#include "aggregate.h"

/*
 * profile.proto (google/pprof) through protobuf-c, gzipped through zlib: one sample per call
 * path of the merged tree, its locations leaf first (one location and function per distinct
 * name), values calls/count, total/nanoseconds and self/nanoseconds (self is the default, so
 * pprof's flat is a function's self time and its cum the time under it), labels root and, when
 * the run knows them, kernel and host. Values above INT64_MAX (saturated sums) stay INT64_MAX.
 * -1 with a message on a write error or no memory.
 */
int sg_render_pprof(FILE *out, struct sg_aggregate *agg);

#endif
