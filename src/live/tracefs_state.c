/* tracefs_state.c - the crash-recovery record: its own directory, durable writes, strict reads. */
#define _GNU_SOURCE /* strndup */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "log.h"
#include "tracefs_file.h"
#include "tracefs_state.h"

#define MAGIC	 "surfgraph-state 2\n"
#define MAGIC_V1 "surfgraph-state 1\n"
#define MAX_LINE 512 /* "save NAME LEN": names are short; a longer line is not ours */
#define INSTANCE "surfgraph"

int sg_tracefs_state_dir_open(const char *dir)
{
	const char *slash = strrchr(dir, '/');
	char *parent = slash ? strndup(dir, slash == dir ? 1 : (size_t) (slash - dir)) : NULL;
	struct stat st;
	int fd, created;

	if (slash && !parent) {
		sg_log_error("out of memory");
		return -1;
	}
	/* others must not be able to swap the directory for their own between check and use */
	errno = 0;
	if (stat(parent ? parent : ".", &st) < 0 || !S_ISDIR(st.st_mode) ||
	    (st.st_uid != 0 && st.st_uid != geteuid()) ||
	    ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX))) {
		sg_log_error("cannot keep the crash-recovery state in %s: %s is %s", dir,
			     parent ? parent : ".",
			     errno == ENOENT
				 ? "missing (surfgraph keeps its state only in /run, "
				   "cleared at boot and root's alone: mount a tmpfs there)"
				 : "not a directory only root can change");
		free(parent);
		return -1;
	}
	free(parent);
	created = mkdir(dir, 0700) == 0;
	if (!created && errno != EEXIST) {
		sg_log_error("cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		sg_log_error("cannot use %s for the crash-recovery state: %s", dir,
			     errno == ELOOP || errno == ENOTDIR ? "it is not a directory (a link?)"
								: strerror(errno));
		return -1;
	}
	/* the umask may have taken bits of a new directory: it is ours, give it exactly 0700 */
	if (created && fchmod(fd, 0700) < 0) {
		sg_log_error("cannot chmod %s: %s", dir, strerror(errno));
		close(fd);
		return -1;
	}
	if (fstat(fd, &st) < 0 || st.st_uid != geteuid() || (st.st_mode & 07777) != 0700) {
		sg_log_error("%s is not surfgraph's: owner uid %d, mode %04o (want uid %d, 0700); "
			     "its state is not trusted: check it and remove it",
			     dir, (int) st.st_uid, (unsigned) (st.st_mode & 07777),
			     (int) geteuid());
		close(fd);
		return -1;
	}
	return fd;
}

int sg_tracefs_state_boot_id(char *buf)
{
	int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, SG_TRACEFS_STATE_BOOT_LEN) : -1;

	if (fd >= 0)
		close(fd);
	if (n != SG_TRACEFS_STATE_BOOT_LEN) {
		sg_log_error("cannot read /proc/sys/kernel/random/boot_id: %s",
			     n < 0 ? strerror(errno) : "short read");
		return -1;
	}
	buf[n] = '\0';
	return 0;
}

/* A tracefs file name: [A-Za-z0-9_.-], not starting with '.', so never "." or "..". */
static size_t word_len(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-");

	return n && s[0] != '.' ? n : 0;
}

int sg_tracefs_state_file_ok(const char *name)
{
	size_t n;

	if (strcmp(name, SG_TRACEFS_SCHED_SWITCH) == 0)
		return 1;
	if (strncmp(name, "options/", 8) == 0) {
		name += 8;
	} else if (strncmp(name, "per_cpu/cpu", 11) == 0) {
		name += 11;
		n = strspn(name, "0123456789");
		if (!n || n > 5 || name[n] != '/')
			return 0;
		name += n + 1;
	}
	n = word_len(name);
	return n > 0 && name[n] == '\0';
}

int sg_tracefs_state_instance_ok(const char *name)
{
	size_t n;

	if (strncmp(name, INSTANCE, sizeof(INSTANCE) - 1) != 0)
		return 0;
	name += sizeof(INSTANCE) - 1;
	if (!*name)
		return 1;
	n = strspn(name + 1, "0123456789");
	return name[0] == '-' && n > 0 && n <= 10 && name[1 + n] == '\0';
}

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t) n;
	}
	return 0;
}

int sg_tracefs_state_create(int dir_fd, const char *name, const char *label, int pid,
			    const char *boot_id)
{
	char hdr[128];
	int fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	int n;

	if (fd < 0) {
		sg_log_error("cannot create %s: %s", label, strerror(errno));
		return -1;
	}
	n = snprintf(hdr, sizeof(hdr), "%spid %d\nboot %s\n", MAGIC, pid, boot_id);
	if (write_all(fd, hdr, (size_t) n) < 0 || fdatasync(fd) < 0) {
		sg_log_error("cannot write %s: %s", label, strerror(errno ? errno : EIO));
		close(fd);
		return -1;
	}
	return fd;
}

int sg_tracefs_state_put(int fd, const char *label, const char *name, const char *body, size_t len)
{
	char head[MAX_LINE];

	if (body ? !sg_tracefs_state_file_ok(name) || len > SG_TRACEFS_STATE_MAX_LEN
		 : !sg_tracefs_state_instance_ok(name)) {
		sg_log_error("cannot record %s in %s: %s", name, label,
			     body && sg_tracefs_state_file_ok(name) ? "longer than 16 MB"
								    : "not a name surfgraph saves");
		return -1;
	}
	if (body)
		snprintf(head, sizeof(head), "save %s %zu\n", name, len);
	else
		snprintf(head, sizeof(head), "instance %s\n", name);
	errno = 0;
	if (write_all(fd, head, strlen(head)) < 0 ||
	    (body && (write_all(fd, body, len) < 0 || write_all(fd, "\n", 1) < 0)) ||
	    fdatasync(fd) < 0) {
		sg_log_error("cannot write %s: %s", label, strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}

void sg_tracefs_state_free(struct sg_tracefs_state *st)
{
	if (!st)
		return;
	for (int i = 0; i < st->ninstances; i++)
		free(st->instances[i]);
	for (int i = 0; i < st->nentries; i++) {
		free(st->entries[i].file);
		free(st->entries[i].content);
	}
	free(st->instances);
	free(st->entries);
	free(st);
}

/*
 * One line into buf without its newline: 1, 0 at the end of the file or in a last line the
 * writer did not finish, -1 when longer than buf (no line we write is).
 */
static int get_line(FILE *f, char *buf, size_t size)
{
	size_t n;

	buf[0] = '\0';
	if (!fgets(buf, (int) size, f))
		return 0;
	n = strlen(buf);
	if (n && buf[n - 1] == '\n') {
		buf[n - 1] = '\0';
		return strlen(buf) == n - 1 ? 1 : -1; /* a NUL inside is not ours either */
	}
	return feof(f) ? 0 : -1;
}

/* A decimal number of at most max_digits digits, nothing else. -1 when it is not. */
static long long number(const char *s, int max_digits)
{
	size_t n = strspn(s, "0123456789");
	long long v = 0;

	if (!n || (int) n > max_digits || s[n] || (s[0] == '0' && n > 1))
		return -1;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

static int grow(void **v, int n, int *cap, size_t size)
{
	void *p;

	if (n < *cap)
		return 0;
	p = realloc(*v, (size_t) (*cap ? *cap * 2 : 16) * size);
	if (!p)
		return -1;
	*v = p;
	*cap = *cap ? *cap * 2 : 16;
	return 0;
}

/* The body of "save NAME LEN": 1 read, 0 cut by the end of the file, -1 out of memory. */
static int read_body(FILE *f, struct sg_tracefs_state_entry *e, const char *name, size_t len)
{
	e->file = strdup(name);
	e->content = malloc(len + 1);
	e->len = len;
	if (!e->file || !e->content)
		return -1;
	if (fread(e->content, 1, len, f) != len)
		return 0;
	e->content[len] = '\0';
	return 1;
}

int sg_tracefs_state_read(FILE *f, const char *label, const char *boot_id,
			  struct sg_tracefs_state **out)
{
	struct sg_tracefs_state *st = calloc(1, sizeof(*st));
	char line[MAX_LINE] = "";
	long long v;
	int lineno = 1, r, capi = 0, cape = 0;
	const char *why = "not what surfgraph writes";

	*out = NULL;
	if (!st) {
		sg_log_error("out of memory");
		return -1;
	}
	if (!fgets(line, sizeof(line), f) || strcmp(line, MAGIC) != 0) {
		if (strcmp(line, MAGIC_V1) == 0)
			sg_log_error(
			    "%s was written by an older surfgraph (no boot id, so it may "
			    "describe another boot): not replayed; check tracefs and remove it",
			    label);
		else
			sg_log_error("%s is not a surfgraph state file: remove it by hand", label);
		goto fail_quiet;
	}
	/* the header: written whole in one write before anything else, so never cut */
	lineno++;
	if (get_line(f, line, sizeof(line)) != 1 || strncmp(line, "pid ", 4) != 0 ||
	    (v = number(line + 4, 10)) <= 0 || v > 0x7fffffff) {
		why = "a 'pid N' line";
		goto fail;
	}
	st->pid = (int) v;
	lineno++;
	if (get_line(f, line, sizeof(line)) != 1 || strncmp(line, "boot ", 5) != 0 ||
	    strlen(line + 5) != SG_TRACEFS_STATE_BOOT_LEN ||
	    strspn(line + 5, "0123456789abcdef-") != SG_TRACEFS_STATE_BOOT_LEN) {
		why = "a 'boot ID' line";
		goto fail;
	}
	memcpy(st->boot_id, line + 5, SG_TRACEFS_STATE_BOOT_LEN + 1);
	if (strcmp(st->boot_id, boot_id) != 0) {
		st->stale = 1;
		*out = st;
		return 0;
	}
	for (;;) {
		char *sp;

		lineno++;
		r = get_line(f, line, sizeof(line));
		if (r == 0) {
			/* a last line without its newline: the writer died writing it */
			st->cut = line[0] != '\0';
			break;
		}
		if (r < 0) {
			why = "a line too long";
			goto fail;
		}
		if (strncmp(line, "instance ", 9) == 0) {
			if (!sg_tracefs_state_instance_ok(line + 9)) {
				why = "an instance surfgraph makes (surfgraph or surfgraph-PID)";
				goto fail;
			}
			if (grow((void **) &st->instances, st->ninstances, &capi,
				 sizeof(*st->instances)) < 0 ||
			    !(st->instances[st->ninstances] = strdup(line + 9)))
				goto oom;
			st->ninstances++;
			continue;
		}
		sp = strncmp(line, "save ", 5) == 0 ? strrchr(line + 5, ' ') : NULL;
		if (!sp) {
			why = "'instance NAME' or 'save NAME LEN'";
			goto fail;
		}
		*sp = '\0';
		if (!sg_tracefs_state_file_ok(line + 5)) {
			why = "a file surfgraph saves (FILE, options/FILE, "
			      "per_cpu/cpuN/FILE, " SG_TRACEFS_SCHED_SWITCH ")";
			goto fail;
		}
		v = number(sp + 1, 9);
		if (v < 0 || v > SG_TRACEFS_STATE_MAX_LEN) {
			why = "a length from 0 to 16 MB";
			goto fail;
		}
		if (grow((void **) &st->entries, st->nentries, &cape, sizeof(*st->entries)) < 0)
			goto oom;
		r = read_body(f, &st->entries[st->nentries], line + 5, (size_t) v);
		if (r < 0) {
			st->nentries++; /* freed with the rest */
			goto oom;
		}
		if (r == 0 || (r = fgetc(f)) == EOF) {
			/* the writer died inside this record: it never wrote that file either */
			free(st->entries[st->nentries].file);
			free(st->entries[st->nentries].content);
			st->cut = 1;
			break;
		}
		/* a line number a person can find: the saved bytes' lines count too */
		for (size_t i = 0; i < (size_t) v; i++)
			lineno += st->entries[st->nentries].content[i] == '\n';
		lineno += r == '\n';
		st->nentries++;
		if (r != '\n') {
			why = "a newline after the saved bytes";
			goto fail;
		}
	}
	*out = st;
	return 0;
oom:
	sg_tracefs_state_free(st);
	sg_log_error("out of memory");
	return -1;
fail:
	sg_log_error("%s:%d: not a record surfgraph wrote (want %s): not replayed; check tracefs "
		     "and remove it",
		     label, lineno, why);
fail_quiet:
	sg_tracefs_state_free(st);
	return -1;
}

int sg_tracefs_state_restore_pass(const char *file)
{
	return strcmp(file, "current_tracer") == 0 ? 1 : strcmp(file, "tracing_on") == 0 ? 2 : 0;
}

int sg_tracefs_state_replace_open(int dir_fd, const char *label, int pid, const char *boot_id)
{
	unlinkat(dir_fd, "state.new", 0);
	return sg_tracefs_state_create(dir_fd, "state.new", label, pid, boot_id);
}

int sg_tracefs_state_replace_commit(int dir_fd, const char *label, int fd)
{
	if (close(fd) < 0 || renameat(dir_fd, "state.new", dir_fd, "state") < 0) {
		sg_log_error("cannot keep %s: %s", label, strerror(errno));
		unlinkat(dir_fd, "state.new", 0);
		return -1;
	}
	return 0;
}

/* The entries flagged in failed (instances first) become the record; -1 with a message. */
static int keep(int dir_fd, const char *label, const char *boot_id,
		const struct sg_tracefs_state *st, const char *ifailed, const char *efailed)
{
	int fd = sg_tracefs_state_replace_open(dir_fd, label, st->pid, boot_id);

	for (int k = 0; fd >= 0 && k < st->ninstances; k++)
		if (ifailed[k] && sg_tracefs_state_put(fd, label, st->instances[k], NULL, 0) < 0)
			fd = (close(fd), -1);
	for (int k = 0; fd >= 0 && k < st->nentries; k++)
		if (efailed[k] &&
		    sg_tracefs_state_put(fd, label, st->entries[k].file, st->entries[k].content,
					 st->entries[k].len) < 0)
			fd = (close(fd), -1);
	return fd >= 0 ? sg_tracefs_state_replace_commit(dir_fd, label, fd) : -1;
}

/* Give back what the record says, newest change first; the count of actions, -1 on failure. */
static int replay(const struct sg_tracefs_state *st, const char *tracing_dir, char *ifailed,
		  char *efailed, int *nfailed)
{
	int done = 0;

	for (int k = 0; k < st->ninstances; k++) {
		struct tracefs_instance *i;
		char path[PATH_MAX];
		struct stat sb;

		/*
		 * Recorded before the mkdir: set-up removes an instance without function_graph
		 * (6.1) at once, and a kill may come before the mkdir. Gone is given back.
		 */
		snprintf(path, sizeof(path), "%s/instances/%s", tracing_dir, st->instances[k]);
		if (lstat(path, &sb) < 0 && errno == ENOENT) {
			done++;
			continue;
		}
		i = tracefs_instance_alloc(NULL, st->instances[k]);
		sg_log_action("rmdir %s", path);
		if (!i || (tracefs_instance_destroy(i) < 0 && errno != ENOENT)) {
			sg_log_error("cannot remove %s/instances/%s: %s", tracing_dir,
				     st->instances[k], strerror(errno ? errno : ENOMEM));
			ifailed[k] = 1;
			(*nfailed)++;
		}
		tracefs_instance_free(i);
		done++;
	}
	for (int pass = 0; pass < 3; pass++) {
		for (int k = st->nentries - 1; k >= 0; k--) {
			const struct sg_tracefs_state_entry *e = &st->entries[k];

			if (sg_tracefs_state_restore_pass(e->file) != pass)
				continue;
			if (sg_tracefs_file_restore(NULL, e->file, e->content) < 0) {
				efailed[k] = 1;
				(*nfailed)++;
			}
			done++;
		}
	}
	return done;
}

int sg_tracefs_state_recover(int dir_fd, const char *label, const char *boot_id,
			     const char *tracing_dir, int *recovered, int *pid, int *stale_pid)
{
	int fd = openat(dir_fd, "state", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	struct sg_tracefs_state *st = NULL;
	char *ifailed, *efailed;
	int ret, nfailed = 0;
	FILE *f;

	*recovered = *pid = *stale_pid = 0;
	if (fd < 0)
		return errno == ENOENT
			   ? 0
			   : (sg_log_error("cannot read %s: %s", label, strerror(errno)), -1);
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		sg_log_error("out of memory");
		return -1;
	}
	ret = sg_tracefs_state_read(f, label, boot_id, &st);
	fclose(f);
	if (ret < 0)
		return -1;
	if (st->stale) {
		/* another kernel's settings: this boot's tracefs started from its defaults */
		*stale_pid = st->pid;
		sg_tracefs_state_free(st);
		unlinkat(dir_fd, "state", 0);
		return 0;
	}
	*pid = st->pid;
	ifailed = calloc((size_t) st->ninstances + 1, 1);
	efailed = calloc((size_t) st->nentries + 1, 1);
	if (!ifailed || !efailed) {
		free(ifailed);
		free(efailed);
		sg_tracefs_state_free(st);
		sg_log_error("out of memory");
		return -1;
	}
	*recovered = replay(st, tracing_dir, ifailed, efailed, &nfailed);
	ret = 0;
	if (nfailed) {
		char msg[1024];

		/* what failed stays on record, so a later run tries again */
		snprintf(msg, sizeof(msg), "%s", sg_log_message());
		keep(dir_fd, label, boot_id, st, ifailed, efailed);
		sg_log_error("restoring the tracefs state left by surfgraph pid %d (%s) failed: %s "
			     "(%d kept there for the next run; remove it to give up)",
			     st->pid, label, msg, nfailed);
		ret = -1;
	} else {
		unlinkat(dir_fd, "state", 0);
	}
	free(ifailed);
	free(efailed);
	sg_tracefs_state_free(st);
	return ret;
}
