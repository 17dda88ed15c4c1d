/* taskpids.h - live -p NAME: the running tasks of that name, as pids for set_ftrace_pid. */
#ifndef SG_TASKPIDS_H
#define SG_TASKPIDS_H

/*
 * Append to *pids (realloc'd, *npids long) the pid of every task (thread) now running whose name
 * matches one of names (sg_taskname_match), read from /proc/PID/task/TID/comm; this process is
 * never among them. set_ftrace_pid takes pids, so a task of that name started later is not
 * traced. Returns how many were added, or -1 with a message (no memory, /proc unreadable).
 */
int sg_taskpids_add(const char *const *names, int nnames, int **pids, int *npids);

#endif
