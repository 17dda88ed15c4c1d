/* test_livechild.c - -- CMD's child: held till released, exec failure said, signals reset. */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "livechild.h"
#include "log.h"

static void init(struct sg_livechild *c)
{
	memset(c, 0, sizeof(*c));
	c->go_fd = c->err_fd = -1;
}

int main(void)
{
	struct sg_livechild c;
	sigset_t none, usr1;
	int st = -1;

	sigemptyset(&none);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);

	/* held before exec: it has not run (not exited) until released, then its status */
	{
		char *cmd[] = { "sh", "-c", "exit 3", NULL };

		init(&c);
		CHECK(sg_livechild_spawn(&c, cmd, &none) == 0);
		CHECK(c.pid > 0);
		CHECK(!sg_livechild_exited(&c, &st));
		CHECK(kill(c.pid, 0) == 0);
		CHECK(sg_livechild_release(&c) == 0);
		while (!sg_livechild_exited(&c, &st))
			usleep(1000);
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 3);
		CHECK(c.pid == 0);
		sg_livechild_reap(&c);
		CHECK(c.go_fd == -1 && c.err_fd == -1);
	}
	/* a command that cannot be executed: said at release, with the reason */
	{
		char *cmd[] = { "/nonexistent/surfgraph-test", NULL };

		init(&c);
		CHECK(sg_livechild_spawn(&c, cmd, &none) == 0);
		CHECK(sg_livechild_release(&c) == -1);
		CHECK_STR(sg_log_message(),
			  "cannot run /nonexistent/surfgraph-test: No such file or directory");
		sg_livechild_reap(&c);
		CHECK(c.pid == 0);
	}
	/* a signal ignored here, named in dfl, has its default action back in the command */
	signal(SIGUSR1, SIG_IGN);
	for (int reset = 0; reset < 2; reset++) {
		char *cmd[] = { "sh", "-c", "kill -USR1 $$; exit 0", NULL };

		init(&c);
		CHECK(sg_livechild_spawn(&c, cmd, reset ? &usr1 : &none) == 0);
		CHECK(sg_livechild_release(&c) == 0);
		while (!sg_livechild_exited(&c, &st))
			usleep(1000);
		if (reset)
			CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGUSR1);
		else
			CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
		sg_livechild_reap(&c);
	}
	/* a command still running when the capture ends: terminated and reaped */
	{
		char *cmd[] = { "sleep", "1000", NULL };
		pid_t pid;

		init(&c);
		CHECK(sg_livechild_spawn(&c, cmd, &none) == 0);
		CHECK(sg_livechild_release(&c) == 0);
		pid = c.pid;
		sg_livechild_reap(&c);
		CHECK(c.pid == 0);
		/* reaped: no such child any more */
		CHECK(waitpid(pid, &st, WNOHANG) == -1);
	}
	return check_report("livechild");
}
