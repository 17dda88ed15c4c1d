/* taskname.h - -p NAME: whether a task's name (comm) is the one asked for. */
#ifndef SG_TASKNAME_H
#define SG_TASKNAME_H

/*
 * Whether comm, a task's name as the trace or /proc gives it, is what -p name asks for: the
 * same name; a per-CPU kernel thread of it ("kworker" takes kworker/0:1 and kworker/u8:2-events);
 * the name cut to the width of function_graph's proc column (7 characters: "ksoftirqd" takes
 * ksoftir, as the text trace prints it); or, when name holds * ? or [, the glob (fnmatch).
 */
int sg_taskname_match(const char *name, const char *comm);

/* Whether -p's value is a task name rather than a process id (anything but digits). */
int sg_taskname_is_name(const char *arg);

#endif
