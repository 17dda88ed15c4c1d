/* export.c - the timeline exports of a run (-m chrome, speedscope): which invocations, when. */
#include <stdlib.h>
#include "export.h"
#include "log.h"
#include "render_chrome.h"
#include "render_speedscope.h"

struct sg_export {
	int stream;
	unsigned long written; /* invocations streamed */
	struct sg_chrome *chrome;
	struct sg_speedscope *speedscope;
};

struct sg_export *sg_export_new(enum sg_mode mode, FILE *out, int stream)
{
	struct sg_export *e = calloc(1, sizeof(*e));

	if (!e)
		goto oom;
	e->stream = stream;
	if (mode == SG_MODE_CHROME)
		e->chrome = sg_chrome_new(out);
	else
		e->speedscope = sg_speedscope_new(out);
	if (!e->chrome && !e->speedscope)
		goto oom;
	return e;
oom:
	sg_export_free(e);
	sg_log_error("out of memory");
	return NULL;
}

void sg_export_free(struct sg_export *e)
{
	if (!e)
		return;
	sg_chrome_free(e->chrome);
	sg_speedscope_free(e->speedscope);
	free(e);
}

static int write_one(struct sg_export *e, const struct sg_invocation *inv)
{
	/*
	 * A timeline is time: without the kernel's durations (nofuncgraph-duration) every slice
	 * would be zero wide, or as wide as a guess. Refused as -m hist refuses, before the
	 * first byte (the writers open their output with the first invocation).
	 */
	if (!inv->has_dur) {
		sg_log_error("-m %s: the trace has no durations (nofuncgraph-duration): no "
			     "timeline to lay out (-m replay lists the calls in order, -m tree "
			     "counts them)",
			     e->chrome ? "chrome" : "speedscope");
		return -1;
	}
	return e->chrome ? sg_chrome_invocation(e->chrome, inv)
			 : sg_speedscope_invocation(e->speedscope, inv);
}

int sg_export_invocation(struct sg_export *e, const struct sg_invocation *inv)
{
	if (!e->stream)
		return 0;
	e->written++;
	return write_one(e, inv);
}

int sg_export_finish(struct sg_export *e, const struct sg_aggregate *agg)
{
	/* a loaded .tree streams nothing: its kept invocations are all there is */
	if (!e->written)
		for (unsigned i = 0; i < agg->nring; i++)
			if (write_one(e, sg_aggregate_kept(agg, i)) < 0)
				return -1;
	return e->chrome ? sg_chrome_finish(e->chrome, agg)
			 : sg_speedscope_finish(e->speedscope, agg);
}
