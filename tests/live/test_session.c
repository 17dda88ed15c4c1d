/* test_session.c - tracefs save/restore, crash recovery and the lock, on the host's real tracefs.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <tracefs.h>
#include "log.h"
#include "tracefs_file.h"
#include "tracefs_session.h"

/*
 * Files every kernel with tracefs lets root write, even one without function tracing, with a
 * value that differs from the usual default. Per-CPU sizes go first: a later top-level size
 * write would replace them.
 */
static const struct {
	const char *file, *value;
} changes[] = {
    {"per_cpu/cpu0/buffer_size_kb", "300"},
    {"buffer_size_kb", "2000"},
    {"tracing_on", "0"},
    {"trace_clock", "global"},
    {"tracing_cpumask", "1"},
    {"options/overwrite", "0"},
    {"options/record-tgid", "1"},
    {"buffer_percent", "10"},
};
#define NCHANGES (int) (sizeof(changes) / sizeof(changes[0]))

static int failed, checks;

#define CHECK(cond, ...)                                                                           \
	do {                                                                                       \
		checks++;                                                                          \
		if (!(cond)) {                                                                     \
			failed++;                                                                  \
			fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                            \
			fprintf(stderr, __VA_ARGS__);                                              \
			fputc('\n', stderr);                                                       \
		}                                                                                  \
	} while (0)

/*
 * The files of changes[], one string. Buffer sizes on a buffer never expanded since boot read
 * "7 (expanded: 1408)" and cannot come back so: on such a kernel (fresh_total) the snapshot
 * holds, for them, whether they read what restoring must give instead (sg_tracefs_file_verify:
 * the kernel's expanded size on the total and every CPU), and expect says they do (the
 * snapshot before): one string comparison covers a fresh kernel and a used one.
 */
static char *snapshot(const char *fresh_total, int expect)
{
	size_t len = 0, cap = 1 << 16;
	char *all = malloc(cap);

	all[0] = '\0';
	for (int i = 0; i < NCHANGES; i++) {
		char *v = tracefs_instance_file_read(NULL, changes[i].file, NULL);
		char why[300];
		int n;

		if (fresh_total && strstr(changes[i].file, "buffer_size_kb")) {
			free(v);
			v = strdup(expect || sg_tracefs_file_verify(NULL, "buffer_size_kb", fresh_total,
								    strlen(fresh_total), why,
								    sizeof(why)) == 0
				       ? "(expanded as the kernel would)"
				       : why);
		}
		n = snprintf(all + len, cap - len, "%s=%s|", changes[i].file, v ? v : "(none)");
		len += (size_t) n;
		free(v);
	}
	return all;
}

/* Every change through the session; the values really change (else the test proves nothing). */
static int change_all(struct sg_tracefs_session *s)
{
	for (int i = 0; i < NCHANGES; i++)
		if (tracefs_file_exists(NULL, changes[i].file) &&
		    sg_tracefs_session_write(s, 1, changes[i].file, changes[i].value) < 0)
			return -1;
	return 0;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "/tmp/sg-test-session";
	struct sg_tracefs_session *s, *s2;
	char *before, *during, *after, *fresh;
	int pid, st, n;

	if (geteuid() != 0 || !tracefs_tracing_dir()) {
		printf("session: SKIPPED (needs root and tracefs)\n");
		return 0;
	}
	/* a kernel that never traced since boot: its buffer comes back expanded, as checked */
	fresh = tracefs_instance_file_read(NULL, "buffer_size_kb", NULL);
	if (fresh && !strstr(fresh, "(expanded: ")) {
		free(fresh);
		fresh = NULL;
	}
	printf("session: buffer_size_kb %s\n",
	       fresh ? "never expanded since boot: restores must expand it" : "expanded already");
	before = snapshot(fresh, 1);

	/* 1. save, change, restore: byte-identical */
	s = sg_tracefs_session_open(dir);
	CHECK(s, "open: %s", sg_log_message());
	if (!s)
		return 1;
	CHECK(change_all(s) == 0, "write: %s", sg_log_message());
	during = snapshot(fresh, 0);
	CHECK(strcmp(before, during) != 0, "the changes changed nothing: %s", during);
	CHECK(sg_tracefs_session_restore(s) == 0, "restore: %s", sg_log_message());
	after = snapshot(fresh, 0);
	CHECK(strcmp(before, after) == 0, "restore:\nbefore %s\nafter  %s", before, after);
	free(during);
	free(after);

	/* 2. a second session is refused while the first holds the lock */
	s2 = sg_tracefs_session_open(dir);
	CHECK(!s2 && strstr(sg_log_message(), "another surfgraph"), "second open: %s",
	      s2 ? "succeeded" : sg_log_message());
	sg_tracefs_session_close(s2);
	sg_tracefs_session_close(s);

	/* 3. killed mid-run: the next open restores first, and says how much */
	pid = fork();
	if (pid == 0) {
		s = sg_tracefs_session_open(dir);
		if (!s || change_all(s) < 0)
			_exit(1);
		raise(SIGKILL);
		_exit(2);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "child did not die by SIGKILL: %d", st);
	during = snapshot(fresh, 0);
	CHECK(strcmp(before, during) != 0, "the killed child left nothing changed");
	s = sg_tracefs_session_open(dir);
	CHECK(s, "open after the kill: %s", sg_log_message());
	n = s ? sg_tracefs_session_recovered(s, &st) : 0;
	CHECK(n > 0 && st == pid, "recovered %d files of pid %d, want > 0 of pid %d", n, st, pid);
	after = snapshot(fresh, 0);
	CHECK(strcmp(before, after) == 0, "recovery:\nbefore %s\nafter  %s", before, after);
	sg_tracefs_session_close(s);
	free(during);
	free(after);

	/* 4. this kernel's function_graph, as the live path sees it */
	s = sg_tracefs_session_open(dir);
	if (s) {
		char *tracers = tracefs_instance_file_read(NULL, "available_tracers", NULL);

		if (tracers && !strstr(tracers, "function_graph")) {
			CHECK(sg_tracefs_session_prepare(s, 0) < 0 &&
				  strstr(sg_log_message(), "CONFIG_FUNCTION_GRAPH_TRACER"),
			      "prepare without function_graph: %s", sg_log_message());
		}
		free(tracers);
		sg_tracefs_session_close(s);
	}
	after = snapshot(fresh, 0);
	CHECK(strcmp(before, after) == 0, "after all:\nbefore %s\nafter  %s", before, after);
	free(after);
	free(before);
	free(fresh);
	printf("session: %d checks, %d failed\n", checks, failed);
	return failed != 0;
}
