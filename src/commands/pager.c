/* pager.c - long text on a terminal through $PAGER (default less -FRX), as git and perf do. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "log.h"
#include "pager.h"

static pid_t pager_pid; /* 0: none */
static int saved_stdout = -1;

int sg_pager_start(void)
{
	const char *pager = getenv("PAGER");
	int fd[2];

	if (pager_pid || !isatty(STDOUT_FILENO))
		return 0;
	if (!pager)
		pager = "less";
	if (!*pager || strcmp(pager, "cat") == 0)
		return 0;
	if (fflush(stdout) != 0 || pipe(fd) < 0) {
		sg_log_error("pager: %s", strerror(errno));
		return -1;
	}
	pager_pid = fork();
	if (pager_pid < 0) {
		pager_pid = 0;
		close(fd[0]);
		close(fd[1]);
		sg_log_error("pager: fork: %s", strerror(errno));
		return -1;
	}
	if (pager_pid == 0) {
		dup2(fd[0], STDIN_FILENO);
		close(fd[0]);
		close(fd[1]);
		/* -F quits when it fits on one screen, -R passes colours, -X leaves it on screen */
		setenv("LESS", "FRX", 0);
		execl("/bin/sh", "sh", "-c", pager, (char *) NULL);
		_exit(127);
	}
	close(fd[0]);
	saved_stdout = dup(STDOUT_FILENO);
	dup2(fd[1], STDOUT_FILENO);
	close(fd[1]);
	return 0;
}

void sg_pager_finish_signal(void)
{
	int status;

	if (!pager_pid)
		return;
	/* the pager sees the end of its input; the terminal is its own until it quits */
	close(STDOUT_FILENO);
	while (waitpid(pager_pid, &status, 0) < 0 && errno == EINTR)
		;
	pager_pid = 0;
}

void sg_pager_finish(void)
{
	if (!pager_pid)
		return;
	fflush(stdout);
	sg_pager_finish_signal();
	if (saved_stdout >= 0) {
		dup2(saved_stdout, STDOUT_FILENO);
		close(saved_stdout);
		saved_stdout = -1;
	}
}
