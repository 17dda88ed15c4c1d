/* raise.h - calls whose callees outlast them: raised call by call, reported per invocation. */
#ifndef SG_RAISE_H
#define SG_RAISE_H

#include <stdint.h>
#include "callstack.h"
#include "invocation.h"
#include "tasks.h"

/* A call below the root raised at its return, kept (in its task) until its invocation ends. */
struct sg_raised_call {
	const char *func, *caller; /* caller NULL: not printed yet (its entry comes later) */
	uint64_t printed, callees; /* ns */
};
/* Raised calls kept by name per open invocation: the run reports no more (SG_ANOMALIES_KEPT). */
#define SG_TASK_RAISED_KEPT SG_ANOMALIES_KEPT

/* sg_raise_call() of a call its callees outlast. -1 with a message: no memory. */
int sg_raise_call_over(struct sg_task *t, const struct sg_frame *f, const char *caller,
		       uint64_t dur);

/*
 * The call of frame f (popped) returned after dur printed ns: *counted is the time its caller
 * counts for it. Below the root, a call whose callees (f->kids, each at what it was counted
 * for) outlast its printed duration lasted at least as long as they did: it counts as their
 * sum, and when inside t's open invocation (f records into its tree) it is noted in t for
 * sg_raise_finish(). caller: the function it returns to, or NULL when not printed yet. -1 with
 * a message: no memory.
 * Inline for the call its callees fit in (most of them).
 */
static inline int sg_raise_call(struct sg_task *t, const struct sg_frame *f, const char *caller,
				uint64_t dur, int has_dur, uint64_t *counted)
{
	*counted = dur;
	if (!has_dur || f->kids <= dur)
		return 0;
	*counted = f->kids;
	return sg_raise_call_over(t, f, caller, dur);
}

/*
 * inv, t's invocation, ends: the calls raised in it count in st only if it is complete (an
 * incomplete one is reported as such), and so does its root when its callees outlast it (it
 * keeps its printed duration). Self times are made (sg_treewalk_finish_uncounted). t is ready for
 * its next invocation.
 */
void sg_raise_finish(struct sg_callstack_stats *st, struct sg_task *t, struct sg_invocation *inv);

#endif
