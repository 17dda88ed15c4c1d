/* test_taskname.c - -p NAME: names matched against task names, and the running tasks found. */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include "check.h"
#include "taskname.h"
#include "taskpids.h"

int main(void)
{
	int *pids = NULL, npids = 0, pipefd[2], found = 0;
	pid_t child;
	char c;

	CHECK(sg_taskname_match("kworker", "kworker"));
	CHECK(sg_taskname_match("kworker", "kworker/0:1"));
	CHECK(sg_taskname_match("kworker", "kworker/u8:2-events_unbound"));
	CHECK(!sg_taskname_match("kworker", "kworkers"));
	CHECK(!sg_taskname_match("kwork", "kworker/0:1"));
	/* funcgraph-proc prints 7 characters of the name */
	CHECK(sg_taskname_match("ksoftirqd", "ksoftir"));
	CHECK(!sg_taskname_match("ksoftirqd", "ksofti"));
	CHECK(!sg_taskname_match("ls", "l"));
	CHECK(sg_taskname_match("rcu_*", "rcu_preempt"));
	CHECK(!sg_taskname_match("rcu_*", "ksoftirqd/0"));
	CHECK(!sg_taskname_match("x", "<...>"));
	CHECK(!sg_taskname_match("x", ""));
	CHECK(sg_taskname_is_name("kworker") && sg_taskname_is_name("12a"));
	CHECK(!sg_taskname_is_name("1234") && !sg_taskname_is_name(""));

	/* a child named sgtest-taskpid is found by name, this process never */
	if (pipe(pipefd) < 0)
		return 1;
	child = fork();
	if (child == 0) {
		prctl(PR_SET_NAME, "sgtest-taskpid");
		if (write(pipefd[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(pipefd[1]);
	CHECK(read(pipefd[0], &c, 1) == 1);
	CHECK(sg_taskpids_add((const char *const[]){"sgtest-taskpid"}, 1, &pids, &npids) == 1);
	for (int i = 0; i < npids; i++)
		found |= pids[i] == child;
	CHECK(found && npids == 1);
	CHECK(sg_taskpids_add((const char *const[]){"sgtest-nosuchtask"}, 1, &pids, &npids) == 0);
	CHECK_U64(npids, 1);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	free(pids);
	return check_report("taskname");
}
