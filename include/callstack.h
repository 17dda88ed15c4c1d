/* callstack.h - events to invocation trees: one open call stack per task, matched by depth. */
#ifndef SG_CALLSTACK_H
#define SG_CALLSTACK_H

#include <stdint.h>
#include "event.h"
#include "invocation.h"
#include "match.h"
#include "offcpu.h"
#include "strtab.h"

/*
 * Receives each finished invocation, complete or not (inv->cut != 0), and owns it from then on.
 * Returns 0, or -1 with sg_log_error() set to stop the input.
 */
typedef int (*sg_invocation_fn)(void *ctx, struct sg_invocation *inv);

/*
 * A call whose callees add up to more than its own printed duration, in a complete invocation:
 * which call, where, by how much. Each call on its own, at its return (callees at what they
 * were counted for, raised ones at their raised value); the root at its invocation's end.
 */
struct sg_anomaly {
	const char *func, *caller; /* interned; caller NULL: the root itself, or a call
				    * returning before its caller's entry was printed (7.x) */
	const char *root, *comm;
	int pid;
	int has_ts;
	uint64_t start_ts; /* the invocation's start */
	uint64_t printed, callees; /* ns */
};
#define SG_ANOMALIES_KEPT 32

struct sg_callstack_stats {
	uint64_t events;	 /* entries, exits and leaves */
	uint64_t orphan_closes;	 /* returns whose entry was never seen */
	uint64_t abandoned;	 /* entries whose return never came, found out mid-trace */
	uint64_t unclosed;	 /* frames still open at the end of the trace */
	uint64_t lost_markers;	 /* LOST records */
	uint64_t lost_events;	 /* events they announced */
	uint64_t anomalies;	 /* calls in complete invocations whose callees outlast them */
	uint64_t raised;	 /* those below the root, raised to their callees' sum */
	uint64_t raised_ns;	 /* by how much in all */
	struct sg_anomaly anomaly[SG_ANOMALIES_KEPT]; /* the first of them, in return order */
	uint64_t complete, incomplete;
	uint64_t fragments_dropped; /* parentless fragments dropped at the memory cap */
	uint64_t refused_events;    /* of new tasks while SG_TASKS_MAX had calls open (tasks.h) */
	uint64_t deep_events;	    /* past SG_TASK_FRAMES_MAX or SG_FRAMES_MAX open calls */
	int threshold_mode;	    /* only returns were seen: tracing_thresh output */
	int has_dur;		    /* durations were present */
	struct sg_offcpu_stats offcpu; /* sched_switch records and the [off-cpu] frames made */
};

struct sg_callstack;

/* keep_raw: collect each invocation's input lines. NULL: no memory. */
struct sg_callstack *sg_callstack_new(struct sg_strtab *st, const struct sg_match *match,
				      sg_invocation_fn fn, void *ctx, int keep_raw);
void sg_callstack_free(struct sg_callstack *cs);

/*
 * --no-off-cpu (or live --no-sleep-time, whose durations hold no wait): sched_switch records
 * make no [off-cpu] frames. By default they do (offcpu.h).
 */
void sg_callstack_no_offcpu(struct sg_callstack *cs);

/*
 * --no-irqs on a saved trace: the interrupts' calls count in no caller's callees, so no call is
 * raised for them (tasks.h); treefilter.c then cuts them. Before the first event.
 */
void sg_callstack_no_irqs(struct sg_callstack *cs);

/*
 * For a run whose outputs never read an invocation's calls as recorded (callrec.h: replay, the
 * timelines, the SVG's time view, the TUI, the .tree do): inv->calls stays NULL, as in a .tree
 * of version 4, and the per-call record (about a tenth of the call stacks' work) is skipped.
 */
void sg_callstack_no_calls(struct sg_callstack *cs);

/* An sg_event_fn: ctx is the callstack. */
int sg_callstack_feed(void *cs, const struct sg_event *ev);

/*
 * What is patched changes from here on (--narrow): every invocation open now, and every one
 * whose root's return comes before its task enters depth 0 again (the root was entered before
 * this), is incomplete with SG_CUT_NARROW when it ends, never merged half one way, half the
 * other. -1: no memory.
 */
int sg_callstack_narrow(struct sg_callstack *cs);

/* End of input: invocations still open are delivered as incomplete (cut at the end). */
int sg_callstack_finish(struct sg_callstack *cs);

const struct sg_callstack_stats *sg_callstack_stats(const struct sg_callstack *cs);

#endif
