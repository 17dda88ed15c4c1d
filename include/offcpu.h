/* offcpu.h - where tasks waited: switched-out intervals from sched_switch as [off-cpu] frames. */
#ifndef SG_OFFCPU_H
#define SG_OFFCPU_H

#include <stdint.h>
#include "event.h"
#include "tasks.h"
#include "tree.h"

/* A task's off_state (struct sg_task): a new task's, 0, is running. */
enum sg_off_state {
	SG_OFF_RUNNING, /* on the CPU */
	SG_OFF_OUT,	/* switched out inside a root (sched_switch) */
	SG_OFF_BACK,	/* switched back in: its next event ends the interval */
};

struct sg_offcpu_stats {
	uint64_t records;   /* sched_switch records seen */
	uint64_t intervals; /* switched-out intervals put under a call */
	uint64_t ns;	    /* their time, as put there */
	uint64_t capped;    /* calls whose off-cpu time outlasted their own time left */
	uint64_t capped_ns; /* the part of it left out */
	uint64_t unmatched; /* switch-outs inside a root with no return to the CPU seen in time */
};

/*
 * A sched_switch record (ev->sched, with its time): the task that left, if a root is open on
 * it, is now switched out; the one that comes in, if it was, is back (its interval ends at its
 * next event, see sg_offcpu_event). Tasks are looked up, never created. keep_raw: the record's
 * line goes with the leaving task's invocation (-m raw). st NULL: --no-off-cpu, nothing else.
 * -1: no memory.
 */
int sg_offcpu_switch(struct sg_tasks *ts, const struct sg_event *ev, int keep_raw,
		     struct sg_offcpu_stats *st);

/*
 * An entry, return or leaf of t, before it is applied to t's stack. Switched out, t still runs
 * until the context switch itself: its events move the interval's start to their end. Back in,
 * its first event ends the interval, which goes to the innermost open call (the one the task
 * waited in: frames opened and closed after the switch-out are not on the stack any more).
 */
void sg_offcpu_event_out(struct sg_task *t, const struct sg_event *ev, struct sg_offcpu_stats *st);

/*
 * Inline for the task that runs (t->off_state SG_OFF_RUNNING), as every event finds it but the
 * first after a switch.
 */
static inline void sg_offcpu_event(struct sg_task *t, const struct sg_event *ev,
				   struct sg_offcpu_stats *st)
{
	if (t->off_state != SG_OFF_RUNNING)
		sg_offcpu_event_out(t, ev, st);
}

/*
 * The call of frame f returned after dur ns (has_dur: known): its off-cpu time becomes the
 * child name of f->node, capped at the call's own time left (dur less its callees' printed
 * durations), so the call's total stays the kernel's. -1: no memory.
 */
int sg_offcpu_attach_waited(struct sg_tree *tree, const struct sg_frame *f, uint64_t dur,
			    int has_dur, const char *name, struct sg_offcpu_stats *st);

/* Inline for the call that never waited (most of them). */
static inline int sg_offcpu_attach(struct sg_tree *tree, const struct sg_frame *f, uint64_t dur,
				   int has_dur, const char *name, struct sg_offcpu_stats *st)
{
	if (!f->noff || !f->node)
		return 0;
	return sg_offcpu_attach_waited(tree, f, dur, has_dur, name, st);
}

#endif
