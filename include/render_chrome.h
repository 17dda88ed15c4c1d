/* render_chrome.h - Chrome trace-event JSON (-m chrome) for Perfetto UI, chrome://tracing,
 * speedscope. */
#ifndef SG_RENDER_CHROME_H
#define SG_RENDER_CHROME_H

#include <stdio.h>
#include "aggregate.h"

/*
 * Invocations as "X" (complete) events, laid out by timeline.c: one track per task, named
 * "comm-pid" by metadata events; ts and dur in microseconds with the nanoseconds as decimals;
 * args give the calls, the printed total and self time in ns, the CPUs, and each call's
 * arguments and return value when the trace had them. An invocation that would overlap the one
 * before it on its task (text timestamps are whole microseconds) starts 1 ns after that one
 * ended, and says by how much it moved; without timestamps invocations follow one another
 * from 0, 1 us apart.
 */
struct sg_chrome;

/* Writes to out, which stays the caller's. NULL: no memory. */
struct sg_chrome *sg_chrome_new(FILE *out);
void sg_chrome_free(struct sg_chrome *c);

/* One invocation's events, written at once (so --keep all streams). -1 with a message. */
int sg_chrome_invocation(struct sg_chrome *c, const struct sg_invocation *inv);

/* The end of the file: the run's metadata (root, kernel, host, source). -1 with a message. */
int sg_chrome_finish(struct sg_chrome *c, const struct sg_aggregate *agg);

#endif
