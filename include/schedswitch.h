/* schedswitch.h - sched:sched_switch records as text (the trace file, trace-cmd report) to events.
 */
#ifndef SG_SCHEDSWITCH_H
#define SG_SCHEDSWITCH_H

#include "event.h"
#include "strtab.h"

/*
 * The fields after "sched_switch:", in the kernel's own form ("prev_comm=a prev_pid=1 ... ==>
 * next_comm=b next_pid=2 ..."), trace-cmd report's ("a:1 [120] S ==> b:2 [120]") or its raw
 * one (-R: no "==>"). Fills ev as an SG_EV_SWITCH with sched set: pid and comm the task that
 * left, next_pid and next_comm the one that runs now; cpu and ts are the caller's. -1 when the
 * text is not such a record (or a name could not be interned), ev untouched.
 */
int sg_schedswitch_parse(struct sg_strtab *st, const char *s, const char *e, struct sg_event *ev);

/*
 * Where a function_graph text line holds a sched_switch record: the kernel prints other events
 * as a comment "/\* sched_switch: FIELDS *\/" in the call column. The start of FIELDS and, in *end,
 * their end; NULL when the line is no such comment.
 */
const char *sg_schedswitch_comment(const char *s, const char *e, const char **end);

#endif
