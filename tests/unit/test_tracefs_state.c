/* test_tracefs_state.c - the recovery record: strict reader, its directory, a fake tracefs. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <tracefs.h>
#include "check.h"
#include "log.h"
#include "tracefs_session.h"
#include "tracefs_state.h"

#define BOOT  "0a1b2c3d-0000-4000-8000-00000000abcd"
#define OTHER "ffffffff-0000-4000-8000-00000000abcd"
#define HEAD  "surfgraph-state 2\npid 42\nboot " BOOT "\n"

/* Read text as a state file: 0 or -1 as sg_tracefs_state_read, the record in *st. */
static int parse(const char *text, size_t len, struct sg_tracefs_state **st)
{
	FILE *f = fmemopen((void *) text, len ? len : 1, "r");
	int r;

	if (!len)
		fgetc(f);
	r = sg_tracefs_state_read(f, "state", BOOT, st);
	fclose(f);
	return r;
}

static int parse_str(const char *text, struct sg_tracefs_state **st)
{
	return parse(text, strlen(text), st);
}

/* The record is refused whole, with "state:LINE:" */
static void refused(const char *text, const char *line)
{
	struct sg_tracefs_state *st = (void *) 1;

	CHECK(parse_str(text, &st) == -1);
	CHECK(st == NULL);
	if (!strstr(sg_log_message(), line)) {
		check_failures++;
		fprintf(stderr, "refused %s: message '%s' lacks '%s'\n", text, sg_log_message(),
			line);
	}
}

static void test_reader(void)
{
	struct sg_tracefs_state *st;
	static const char good[] = HEAD "instance surfgraph-1234\n"
					"save tracing_on 2\n1\n\n"
					"save options/funcgraph-irqs 2\n0\n\n"
					"save per_cpu/cpu12/buffer_size_kb 5\n1408\n\n"
					"save set_ftrace_filter 0\n\n";

	CHECK(parse_str(good, &st) == 0);
	if (st) {
		CHECK_U64(st->pid, 42);
		CHECK_U64(st->stale, 0);
		CHECK_U64(st->cut, 0);
		CHECK_U64(st->ninstances, 1);
		CHECK_STR(st->instances[0], "surfgraph-1234");
		CHECK_U64(st->nentries, 4);
		CHECK_STR(st->entries[0].file, "tracing_on");
		CHECK_STR(st->entries[0].content, "1\n");
		CHECK_STR(st->entries[2].file, "per_cpu/cpu12/buffer_size_kb");
		CHECK_STR(st->entries[2].content, "1408\n");
		CHECK_U64(st->entries[3].len, 0);
		CHECK_STR(st->entries[3].content, "");
	}
	sg_tracefs_state_free(st);

	/* file names: only what save() writes, never a path out of tracefs */
	refused(HEAD "save ../../../../etc/passwd 31\nroot::0:0:root:/root:/bin/bash\n\n",
		"state:4:");
	refused(HEAD "save /etc/passwd 1\nx\n", "state:4:");
	refused(HEAD "save options/../../x 1\nx\n", "state:4:");
	refused(HEAD "save per_cpu/cpu0/../../x 1\nx\n", "state:4:");
	refused(HEAD "save per_cpu/cpux/buffer_size_kb 1\nx\n", "state:4:");
	refused(HEAD "save instances/x/tracing_on 1\nx\n", "state:4:");
	refused(HEAD "save .. 1\nx\n", "state:4:");
	refused(HEAD "save .hidden 1\nx\n", "state:4:");
	refused(HEAD "save a/b 1\nx\n", "state:4:");
	refused(HEAD "save  1\nx\n", "state:4:");
	refused(HEAD "save tracing_on\n", "state:4:");
	/* instances: only ours */
	refused(HEAD "instance ../../x\n", "state:4:");
	refused(HEAD "instance surfgraph/../x\n", "state:4:");
	refused(HEAD "instance surfgraph-\n", "state:4:");
	refused(HEAD "instance surfgraph-12x\n", "state:4:");
	refused(HEAD "instance other\n", "state:4:");
	/* lengths: digits only, at most 16 MB; -1 once became SIZE_MAX and malloc(0) */
	refused(HEAD "save tracing_on -1\n1\n", "state:4:");
	refused(HEAD "save tracing_on 18446744073709551615\n1\n", "state:4:");
	refused(HEAD "save tracing_on 16777217\n1\n", "state:4:");
	refused(HEAD "save tracing_on 0x10\n1\n", "state:4:");
	refused(HEAD "save tracing_on 01\n1\n", "state:4:");
	refused(HEAD "save tracing_on 1\n1X", "state:4:");
	refused(HEAD "junk\n", "state:4:");
	/* the header */
	refused("surfgraph-state 2\npid -1\nboot " BOOT "\n", "state:2:");
	refused("surfgraph-state 2\npid 42\nboot nope\n", "state:3:");
	refused("surfgraph-state 2\nboot " BOOT "\npid 42\n", "state:2:");
	refused("surfgraph-state 1\npid 42\nsave tracing_on 2\n1\n\n", "older surfgraph");
	refused("", "not a surfgraph state file");
	refused("#!/bin/sh\n", "not a surfgraph state file");
	CHECK(parse(HEAD "save tracing_on 1\n\0\n", sizeof(HEAD) + 19, &st) == 0 && st &&
	      st->nentries == 1 && st->entries[0].len == 1);
	sg_tracefs_state_free(st);

	/* the largest length allowed, cut short: allocated, then dropped as cut */
	CHECK(parse_str(HEAD "save tracing_on 1\n1\nsave set_ftrace_filter 16777216\nabc", &st) ==
	      0);
	CHECK(st && st->cut && st->nentries == 1);
	sg_tracefs_state_free(st);
	/* cut inside a line or right after the bytes: what came before stands */
	CHECK(parse_str(HEAD "save tracing_on 1\n1\nsave current_tr", &st) == 0);
	CHECK(st && st->cut && st->nentries == 1);
	sg_tracefs_state_free(st);
	CHECK(parse_str(HEAD "save tracing_on 1\n1", &st) == 0);
	CHECK(st && st->cut && st->nentries == 0);
	sg_tracefs_state_free(st);

	/* another boot: nothing of it applies */
	CHECK(parse_str("surfgraph-state 2\npid 7\nboot " OTHER "\nsave tracing_on 1\n1\n", &st) ==
	      0);
	CHECK(st && st->stale && st->pid == 7 && st->nentries == 0);
	sg_tracefs_state_free(st);

	CHECK(sg_tracefs_state_file_ok("per_cpu/cpu8191/buffer_size_kb"));
	CHECK(!sg_tracefs_state_file_ok("per_cpu/cpu1/"));
	CHECK(!sg_tracefs_state_file_ok("options/"));
	/* the one event file a run writes ([off-cpu]), and no other under events/ */
	CHECK(sg_tracefs_state_file_ok("events/sched/sched_switch/enable"));
	CHECK(!sg_tracefs_state_file_ok("events/sched/sched_wakeup/enable"));
	CHECK(!sg_tracefs_state_file_ok("events/sched/sched_switch/filter"));
	CHECK(!sg_tracefs_state_file_ok("events/sched/sched_switch/../../../tracing_on"));
	CHECK(parse_str(HEAD "save events/sched/sched_switch/enable 2\n0\n\n", &st) == 0);
	CHECK(st && st->nentries == 1 && strcmp(st->entries[0].file, SG_TRACEFS_SCHED_SWITCH) == 0);
	sg_tracefs_state_free(st);
	CHECK(sg_tracefs_state_instance_ok("surfgraph"));
	CHECK(!sg_tracefs_state_instance_ok("surfgraph-1-2"));
}

/* ---- on disk: as root, with an unprivileged attacker and a fake tracefs ---- */

static char base[64], fake[128];

static void as_nobody(void (*fn)(const char *), const char *arg)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		if (setgroups(0, NULL) < 0 || setgid(65534) < 0 || setuid(65534) < 0)
			_exit(2);
		fn(arg);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static char *slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = '\0';
	return f ? buf : NULL;
}

/* nobody's side: a state directory made first, with a forged record and a link for the lock */
static void forge_dir(const char *dir)
{
	char p[320];

	if (mkdir(dir, 0700) < 0)
		_exit(3);
	snprintf(p, sizeof(p), "%s/state", dir);
	put(p, HEAD "save ../victim 6\nowned\n\n");
	snprintf(p, sizeof(p), "%s/lock", dir);
	if (symlink("../victim", p) < 0)
		_exit(4);
}

static void test_dir(void)
{
	char d[256], link[256], victim[256];
	mode_t old;
	struct stat st;
	int fd;

	/* created 0700 whatever the umask */
	snprintf(d, sizeof(d), "%s/new", base);
	old = umask(0777);
	fd = sg_tracefs_state_dir_open(d);
	umask(old);
	CHECK(fd >= 0);
	CHECK(stat(d, &st) == 0 && (st.st_mode & 07777) == 0700);
	if (fd >= 0)
		close(fd);
	/* a link to a directory of ours is not followed */
	snprintf(link, sizeof(link), "%s/link", base);
	CHECK(symlink(d, link) == 0);
	CHECK(sg_tracefs_state_dir_open(link) == -1);
	CHECK(strstr(sg_log_message(), "not a directory (a link?)") != NULL);
	/* any mode but 0700 */
	chmod(d, 0755);
	CHECK(sg_tracefs_state_dir_open(d) == -1);
	CHECK(strstr(sg_log_message(), "mode 0755") != NULL);
	/* made first by nobody in a shared directory: refused, its record never read */
	snprintf(d, sizeof(d), "%s/shared", base);
	mkdir(d, 01777);
	chmod(d, 01777);
	snprintf(d, sizeof(d), "%s/shared/surfgraph", base);
	as_nobody(forge_dir, d);
	snprintf(victim, sizeof(victim), "%s/shared/victim", base);
	put(victim, "root's\n");
	CHECK(sg_tracefs_session_open(d) == NULL);
	CHECK(strstr(sg_log_message(), "owner uid 65534") != NULL);
	CHECK_STR(slurp(victim), "root's\n");
	/* in a directory others can write without the sticky bit: refused */
	snprintf(d, sizeof(d), "%s/open", base);
	mkdir(d, 0777);
	chmod(d, 0777);
	snprintf(d, sizeof(d), "%s/open/surfgraph", base);
	CHECK(sg_tracefs_state_dir_open(d) == -1);
	CHECK(strstr(sg_log_message(), "not a directory only root can change") != NULL);
}

/* A state directory of ours, holding a record with text. */
static void state_dir(const char *name, char *dir, size_t size, const char *text)
{
	char p[300];

	snprintf(dir, size, "%s/%s", base, name);
	mkdir(dir, 0700);
	if (text) {
		snprintf(p, sizeof(p), "%s/state", dir);
		put(p, text);
	}
}

static void fake_file(const char *name, const char *text)
{
	char p[300];

	snprintf(p, sizeof(p), "%s/%s", fake, name);
	put(p, text);
}

static void test_session(void)
{
	char dir[256], p[400], boot[SG_TRACEFS_STATE_BOOT_LEN + 1], text[1024];
	struct sg_tracefs_session *s;
	struct sg_tracefs_state *st;
	int pid;

	CHECK(sg_tracefs_state_boot_id(boot) == 0);
	/* a planted lock link: not followed, its target not truncated */
	state_dir("locklink", dir, sizeof(dir), NULL);
	snprintf(p, sizeof(p), "%s/victim", base);
	put(p, "root's\n");
	snprintf(text, sizeof(text), "%s/lock", dir);
	CHECK(symlink(p, text) == 0);
	CHECK(sg_tracefs_session_open(dir) == NULL);
	CHECK_STR(slurp(p), "root's\n");

	/* a record naming a file outside tracefs: refused whole, nothing written */
	snprintf(text, sizeof(text),
		 "surfgraph-state 2\npid 42\nboot %s\nsave tracing_on 2\n0\n\nsave ../victim "
		 "6\nowned\n\n",
		 boot);
	state_dir("traversal", dir, sizeof(dir), text);
	fake_file("tracing_on", "1\n");
	CHECK(sg_tracefs_session_open(dir) == NULL);
	CHECK(strstr(sg_log_message(), "/state:7: not a record surfgraph wrote") != NULL);
	if (!strstr(sg_log_message(), "/state:7:"))
		fprintf(stderr, "traversal: %s\n", sg_log_message());
	CHECK_STR(slurp(p), "root's\n");
	snprintf(p, sizeof(p), "%s/tracing_on", fake);
	CHECK_STR(slurp(p), "1\n");

	/* an instance that is not ours: refused, the directory it names stays */
	snprintf(p, sizeof(p), "%s/instances", fake);
	mkdir(p, 0755);
	snprintf(p, sizeof(p), "%s/x", base);
	mkdir(p, 0755);
	snprintf(text, sizeof(text), "surfgraph-state 2\npid 42\nboot %s\ninstance ../../x\n",
		 boot);
	state_dir("instance", dir, sizeof(dir), text);
	CHECK(sg_tracefs_session_open(dir) == NULL);
	CHECK(access(p, F_OK) == 0);
	snprintf(p, sizeof(p), "%s/tracing_on", fake);

	/*
	 * An instance recorded and already gone (set-up removes one without function_graph at
	 * once; a kill can come between the record and the mkdir): nothing to do, not a failure
	 * that would stop every later run.
	 */
	snprintf(text, sizeof(text), "surfgraph-state 2\npid 43\nboot %s\ninstance surfgraph\n",
		 boot);
	state_dir("gone", dir, sizeof(dir), text);
	s = sg_tracefs_session_open(dir);
	CHECK(s != NULL);
	if (!s)
		fprintf(stderr, "gone instance: %s\n", sg_log_message());
	CHECK(s && sg_tracefs_session_recovered(s, &pid) == 1 && pid == 43);
	sg_tracefs_session_close(s);
	snprintf(p, sizeof(p), "%s/state", dir);
	CHECK(access(p, F_OK) < 0);
	snprintf(p, sizeof(p), "%s/tracing_on", fake);

	/* a record from another boot: ignored and removed, nothing written */
	snprintf(text, sizeof(text), "surfgraph-state 2\npid 77\nboot %s\nsave tracing_on 2\n0\n\n",
		 OTHER);
	state_dir("stale", dir, sizeof(dir), text);
	s = sg_tracefs_session_open(dir);
	CHECK(s != NULL);
	CHECK(s && sg_tracefs_session_stale(s) == 77 && sg_tracefs_session_recovered(s, &pid) == 0);
	sg_tracefs_session_close(s);
	CHECK_STR(slurp(p), "1\n");
	snprintf(p, sizeof(p), "%s/state", dir);
	CHECK(access(p, F_OK) < 0);

	/*
	 * Restore failing for 60 files (each replaced by a directory, so the writes fail): the
	 * message is bounded (it once ran past its stack buffer), and the record keeps every one.
	 */
	state_dir("restore", dir, sizeof(dir), NULL);
	s = sg_tracefs_session_open(dir);
	CHECK(s != NULL);
	if (!s)
		return;
	for (int i = 0; i < 60; i++) {
		char name[32];

		snprintf(name, sizeof(name), "file_number_%02d", i);
		fake_file(name, "before\n");
		CHECK(sg_tracefs_session_write(s, 1, name, "after") == 0);
		snprintf(p, sizeof(p), "%s/%s", fake, name);
		CHECK_STR(slurp(p), "after\n");
		unlink(p);
		mkdir(p, 0700);
	}
	CHECK(sg_tracefs_session_restore(s) == -1);
	CHECK(strlen(sg_log_message()) < 1024);
	CHECK(strstr(sg_log_message(), "...") != NULL);
	sg_tracefs_session_close(s);
	snprintf(p, sizeof(p), "%s/state", dir);
	{
		FILE *f = fopen(p, "r");

		st = NULL;
		CHECK(f && sg_tracefs_state_read(f, p, boot, &st) == 0);
		CHECK(st && st->nentries == 60 && strcmp(st->entries[59].content, "before\n") == 0);
		sg_tracefs_state_free(st);
		if (f)
			fclose(f);
	}
	/* the next run retries them: with the files back, all 60 are written and the record goes */
	for (int i = 0; i < 60; i++) {
		snprintf(p, sizeof(p), "%s/file_number_%02d", fake, i);
		rmdir(p);
		put(p, "after\n");
	}
	s = sg_tracefs_session_open(dir);
	CHECK(s && sg_tracefs_session_recovered(s, &pid) == 60 && pid == getpid());
	sg_tracefs_session_close(s);
	snprintf(p, sizeof(p), "%s/file_number_37", fake);
	CHECK_STR(slurp(p), "before\n");
	snprintf(p, sizeof(p), "%s/state", dir);
	CHECK(access(p, F_OK) < 0);
}

int main(void)
{
	test_reader();
	if (geteuid() != 0) {
		printf("test_tracefs_state: on-disk cases SKIPPED (need root)\n");
	} else {
		snprintf(base, sizeof(base), "/tmp/sg-state-test.XXXXXX");
		if (!mkdtemp(base))
			return 1;
		chmod(base, 0755);
		snprintf(fake, sizeof(fake), "%s/tracing", base);
		mkdir(fake, 0755);
		/* a directory of plain files stands in for tracefs: the host's is never touched */
		CHECK(tracefs_set_tracing_dir(fake) == 0);
		test_dir();
		test_session();
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", base);
		if (system(cmd) != 0)
			check_failures++;
	}
	printf("test_tracefs_state: %d checks, %d failed\n", check_count, check_failures);
	return check_failures ? 1 : 0;
}
