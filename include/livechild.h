/* livechild.h - a live run's -- CMD: forked held before exec, let go once tracing is on, reaped. */
#ifndef SG_LIVECHILD_H
#define SG_LIVECHILD_H

#include <signal.h>
#include <sys/types.h>

/* The command's process; zeroed with go_fd and err_fd at -1 before sg_livechild_spawn(). */
struct sg_livechild {
	pid_t pid;	   /* 0: none, or reaped */
	int go_fd, err_fd; /* the child waits on go_fd; err_fd says why exec failed */
	const char *name;  /* the command, for messages */
};

/*
 * Fork command now, held before exec until sg_livechild_release(), so its pid can be filtered
 * before it runs. The signals in dfl get their default action back in it (an ignored signal
 * stays ignored across exec). -1 with a message.
 */
int sg_livechild_spawn(struct sg_livechild *c, char **command, const sigset_t *dfl);

/* Let the held command run; -1 with a message when it could not be executed. */
int sg_livechild_release(struct sg_livechild *c);

/* Whether the command has exited (it is reaped then: its wait status in *status). */
int sg_livechild_exited(struct sg_livechild *c, int *status);

/*
 * The capture is over: a command still running gets SIGTERM, then SIGKILL after a second of
 * grace, as a shell's kill would; it is reaped. Its pipes are closed.
 */
void sg_livechild_reap(struct sg_livechild *c);

#endif
