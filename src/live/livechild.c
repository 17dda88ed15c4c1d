/* livechild.c - a live run's -- CMD: forked held before exec, let go once tracing is on, reaped. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "livechild.h"
#include "log.h"

/* How long the -- CMD child has between SIGTERM and SIGKILL when the capture ends first. */
#define CHILD_GRACE_NS 1000000000L

int sg_livechild_spawn(struct sg_livechild *c, char **command, const sigset_t *dfl)
{
	int go[2] = { -1, -1 }, err[2] = { -1, -1 };
	char ch;

	c->name = command[0];
	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0) {
		sg_log_error("pipe: %s", strerror(errno));
		goto fail;
	}
	c->pid = fork();
	if (c->pid < 0) {
		sg_log_error("fork: %s", strerror(errno));
		goto fail;
	}
	if (c->pid == 0) {
		int e;

		close(go[1]);
		close(err[0]);
		/* an ignored signal stays ignored across exec: the command gets the defaults back */
		for (int sig = 1; sig < NSIG; sig++)
			if (sigismember(dfl, sig) == 1)
				signal(sig, SIG_DFL);
		if (read(go[0], &ch, 1) != 1)
			_exit(127); /* set-up failed: never run it */
		execvp(command[0], command);
		e = errno;
		if (write(err[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(go[0]);
	close(err[1]);
	c->go_fd = go[1];
	c->err_fd = err[0];
	return 0;
fail:
	/* no child: none of the four ends is anyone's */
	for (int i = 0; i < 2; i++) {
		if (go[i] >= 0)
			close(go[i]);
		if (err[i] >= 0)
			close(err[i]);
	}
	return -1;
}

int sg_livechild_release(struct sg_livechild *c)
{
	int e = 0;

	if (write(c->go_fd, "g", 1) != 1) {
		sg_log_error("cannot start %s: %s", c->name, strerror(errno));
		return -1;
	}
	close(c->go_fd);
	c->go_fd = -1;
	/* the error pipe closes on a successful exec */
	if (read(c->err_fd, &e, sizeof(e)) == (ssize_t) sizeof(e)) {
		sg_log_error("cannot run %s: %s", c->name, strerror(e));
		return -1;
	}
	return 0;
}

int sg_livechild_exited(struct sg_livechild *c, int *status)
{
	if (c->pid <= 0 || waitpid(c->pid, status, WNOHANG) != c->pid)
		return 0;
	c->pid = 0;
	return 1;
}

void sg_livechild_reap(struct sg_livechild *c)
{
	int st;

	if (c->go_fd >= 0)
		close(c->go_fd);
	if (c->err_fd >= 0)
		close(c->err_fd);
	c->go_fd = c->err_fd = -1;
	if (c->pid > 0 && waitpid(c->pid, &st, WNOHANG) == 0) {
		/* as a shell's kill would: a chance to clean up, then no choice */
		struct timespec tick = { 0, CHILD_GRACE_NS / 20 };
		int gone = 0;

		kill(c->pid, SIGTERM);
		for (int i = 0; i < 20 && !gone; i++) {
			nanosleep(&tick, NULL);
			gone = waitpid(c->pid, &st, WNOHANG) == c->pid;
		}
		if (!gone) {
			kill(c->pid, SIGKILL);
			waitpid(c->pid, &st, 0);
		}
	}
	c->pid = 0;
}
