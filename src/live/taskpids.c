/* taskpids.c - live -p NAME: the running tasks of that name, as pids for set_ftrace_pid. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "log.h"
#include "taskname.h"
#include "taskpids.h"

/* set_ftrace_pid takes what it is given; past this many tasks -p NAME is no filter at all */
#define MAX_TASKS 65536

/* A numeric /proc entry's value, or -1. */
static int number(const char *s)
{
	long v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (1L << 22))
			return -1;
		v = v * 10 + (*s - '0');
	}
	return (int) v;
}

/* The task's name without its newline; "" when it is gone (it exited meanwhile). */
static void read_comm(int pid, int tid, char *buf, size_t size)
{
	char path[64];
	ssize_t n;
	int fd;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", pid, tid);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, buf, size - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
}

static int matches(const char *const *names, int nnames, const char *comm)
{
	for (int i = 0; i < nnames; i++)
		if (sg_taskname_match(names[i], comm))
			return 1;
	return 0;
}

int sg_taskpids_add(const char *const *names, int nnames, int **pids, int *npids)
{
	DIR *proc = opendir("/proc"), *tasks;
	struct dirent *p, *t;
	char path[64], comm[64];
	int added = 0, self = (int) getpid();

	if (!proc) {
		sg_log_error("-p NAME: cannot read /proc: %s", strerror(errno));
		return -1;
	}
	while ((p = readdir(proc))) {
		int pid = number(p->d_name);

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task", pid);
		tasks = opendir(path);
		if (!tasks)
			continue; /* exited meanwhile */
		while ((t = readdir(tasks))) {
			int tid = number(t->d_name), *v;

			if (tid <= 0 || tid == self)
				continue;
			read_comm(pid, tid, comm, sizeof(comm));
			if (!matches(names, nnames, comm))
				continue;
			if (*npids >= MAX_TASKS) {
				sg_log_error("-p NAME: more than %d tasks match: give pids, or a "
					     "narrower name",
					     MAX_TASKS);
				goto fail;
			}
			v = realloc(*pids, (size_t) (*npids + 1) * sizeof(**pids));
			if (!v) {
				sg_log_error("out of memory");
				goto fail;
			}
			*pids = v;
			(*pids)[(*npids)++] = tid;
			added++;
		}
		closedir(tasks);
	}
	closedir(proc);
	return added;
fail:
	closedir(tasks);
	closedir(proc);
	return -1;
}
