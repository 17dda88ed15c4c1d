/* tracefs_session.c - tracefs for one run: lock, set-up, exact save/restore, crash recovery. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "log.h"
#include "match.h"
#include "funcnames.h"
#include "tracefs_file.h"
#include "tracefs_session.h"
#include "tracefs_state.h"

#define INSTANCE_NAME "surfgraph"
#define STATE_DIR     "/run/surfgraph"

struct saved {
	int top;
	char *file;
	char *content; /* as read, NUL-terminated */
	size_t len;
	int failed; /* not given back: kept in the state file for the next run */
};

struct sg_tracefs_session {
	char dir[200];
	char state_path[256];
	char boot_id[SG_TRACEFS_STATE_BOOT_LEN + 1];
	int dir_fd, lock_fd, state_fd;
	const char *tracing_dir;
	struct tracefs_instance *inst; /* ours, or NULL: the top level */
	struct saved *saved;
	int nsaved, cap;
	int recovered, recovered_pid;
	int stale_pid; /* a state file from an earlier boot was removed */
	int prepared;
};

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

static struct tracefs_instance *inst_of(const struct sg_tracefs_session *s, int top)
{
	return top ? NULL : s->inst;
}

static int file_exists(const struct sg_tracefs_session *s, int top, const char *file)
{
	return tracefs_file_exists(inst_of(s, top), file);
}

static char *read_file(const struct sg_tracefs_session *s, int top, const char *file, size_t *len)
{
	return sg_tracefs_file_read(inst_of(s, top), file, len);
}

/* Files come back in the record's order (tracefs_state.h): the tracer and tracing_on last. */
static int restore_pass(const char *file)
{
	return sg_tracefs_state_restore_pass(file);
}

/* Append to the state file (body NULL: an instance), durable before the kernel is touched. */
static int state_append(struct sg_tracefs_session *s, const char *name, const char *body,
			size_t len)
{
	if (s->state_fd < 0) {
		s->state_fd = sg_tracefs_state_create(s->dir_fd, "state", s->state_path,
						      (int) getpid(), s->boot_id);
		if (s->state_fd < 0)
			return -1;
	}
	return sg_tracefs_state_put(s->state_fd, s->state_path, name, body, len);
}

static struct saved *find_saved(struct sg_tracefs_session *s, int top, const char *file)
{
	for (int i = 0; i < s->nsaved; i++)
		if (s->saved[i].top == top && strcmp(s->saved[i].file, file) == 0)
			return &s->saved[i];
	return NULL;
}

/* Keep content (read from file) in memory and in the state file, before anything writes file. */
static int remember(struct sg_tracefs_session *s, const char *file, char *content, size_t len)
{
	struct saved *v;

	if (s->nsaved == s->cap) {
		int ncap = s->cap ? s->cap * 2 : 32;

		v = realloc(s->saved, (size_t) ncap * sizeof(*v));
		if (!v) {
			free(content);
			return oom();
		}
		s->saved = v;
		s->cap = ncap;
	}
	if (state_append(s, file, content, len) < 0) {
		free(content);
		return -1;
	}
	v = &s->saved[s->nsaved];
	v->top = 1;
	v->file = strdup(file);
	v->content = content;
	v->len = len;
	v->failed = 0;
	if (!v->file) {
		free(content);
		return oom();
	}
	s->nsaved++;
	return 0;
}

static int is_cpu_size(const char *file)
{
	size_t n = strlen(file);

	return strncmp(file, "per_cpu/cpu", 11) == 0 && n > 15 &&
	       strcmp(file + n - 15, "/buffer_size_kb") == 0;
}

/*
 * Buffer sizes are saved as one group, the total first read: when it reads one size ("N", or
 * "N (expanded: M)" on a buffer never used since boot), writing the total back gives every CPU
 * that size, so the per-CPU files need no entry of their own (and an unexpanded per-CPU "7"
 * must not come back: writing it would leave a 7 KB buffer). Only "X" (sizes differ) saves
 * every per-CPU file, before the total, so they come back after it.
 */
static int save_sizes(struct sg_tracefs_session *s)
{
	size_t len = 0;
	char *total = read_file(s, 1, "buffer_size_kb", &len);

	if (!total)
		return -1;
	if (strcmp(total, "X\n") == 0) {
		int n = sg_tracefs_file_ncpus(NULL);

		for (int c = 0; c < n; c++) {
			char f[64];
			size_t l = 0;
			char *v;

			snprintf(f, sizeof(f), "per_cpu/cpu%d/buffer_size_kb", c);
			if (!file_exists(s, 1, f))
				continue;
			v = read_file(s, 1, f, &l);
			if (!v || remember(s, f, v, l) < 0) {
				free(total);
				return -1;
			}
		}
	}
	return remember(s, "buffer_size_kb", total, len);
}

/* Remember a file's content (memory and state file) unless it is remembered already. */
int sg_tracefs_session_save(struct sg_tracefs_session *s, int top, const char *file)
{
	size_t len = 0;
	char *content;

	if (!s->inst)
		top = 1;
	/* Files of our own instance go away with it: nothing to save. */
	if (!top || find_saved(s, top, file))
		return 0;
	if (strcmp(file, "buffer_size_kb") == 0 || is_cpu_size(file))
		return find_saved(s, 1, "buffer_size_kb") ? 0 : save_sizes(s);
	content = read_file(s, top, file, &len);
	if (!content)
		return -1;
	return remember(s, file, content, len);
}

int sg_tracefs_session_write(struct sg_tracefs_session *s, int top, const char *file,
			     const char *value)
{
	if (sg_tracefs_session_save(s, top, file) < 0)
		return -1;
	return sg_tracefs_file_write(inst_of(s, top), file, &value, value ? 1 : 0);
}

int sg_tracefs_session_write_list(struct sg_tracefs_session *s, int top, const char *file,
				  const char *const *values, int n)
{
	if (sg_tracefs_session_save(s, top, file) < 0)
		return -1;
	return sg_tracefs_file_write(inst_of(s, top), file, values, n);
}

int sg_tracefs_session_open_list(struct sg_tracefs_session *s, int top, const char *file)
{
	if (sg_tracefs_session_save(s, top, file) < 0)
		return -1;
	return sg_tracefs_file_open_list(inst_of(s, top), file);
}

/* The previous run's state file: restored, or ignored when from another boot (tracefs_state.c). */
static int recover(struct sg_tracefs_session *s)
{
	return sg_tracefs_state_recover(s->dir_fd, s->state_path, s->boot_id, s->tracing_dir,
					&s->recovered, &s->recovered_pid, &s->stale_pid);
}

struct sg_tracefs_session *sg_tracefs_session_open(const char *state_dir)
{
	struct sg_tracefs_session *s;
	char path[300], pid[32];

	if (geteuid() != 0) {
		sg_log_error("tracing the live kernel needs root (try sudo), or read a saved trace "
			     "with -i FILE");
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		oom();
		return NULL;
	}
	s->dir_fd = s->lock_fd = s->state_fd = -1;
	/* libtracefs would print its own warnings; the messages here say it once, for main. */
	tracefs_set_loglevel(TEP_LOG_NONE);
	/*
	 * Only /run: a tmpfs root owns, emptied at boot. A directory anyone can create first
	 * (/var/tmp) would let them write what root replays into tracefs.
	 */
	snprintf(s->dir, sizeof(s->dir), "%s", state_dir ? state_dir : STATE_DIR);
	s->dir_fd = sg_tracefs_state_dir_open(s->dir);
	if (s->dir_fd < 0 || sg_tracefs_state_boot_id(s->boot_id) < 0)
		goto fail;
	snprintf(path, sizeof(path), "%s/lock", s->dir);
	snprintf(s->state_path, sizeof(s->state_path), "%s/state", s->dir);
	s->lock_fd = openat(s->dir_fd, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (s->lock_fd < 0) {
		sg_log_error("cannot open %s: %s", path, strerror(errno));
		goto fail;
	}
	if (flock(s->lock_fd, LOCK_EX | LOCK_NB) < 0) {
		ssize_t n = pread(s->lock_fd, pid, sizeof(pid) - 1, 0);

		pid[n > 0 ? n : 0] = '\0';
		pid[strcspn(pid, "\n")] = '\0';
		if (errno == EWOULDBLOCK || errno == EAGAIN || n >= 0)
			sg_log_error(
			    "another surfgraph (pid %s) is tracing: one at a time, as they "
			    "share tracefs (lock %s)",
			    *pid ? pid : "?", path);
		else
			sg_log_error("cannot lock %s: %s", path, strerror(errno));
		goto fail;
	}
	snprintf(pid, sizeof(pid), "%d\n", (int) getpid());
	if (ftruncate(s->lock_fd, 0) < 0 || pwrite(s->lock_fd, pid, strlen(pid), 0) < 0) {
		sg_log_error("cannot write %s: %s", path, strerror(errno));
		goto fail;
	}
	s->tracing_dir = tracefs_tracing_dir();
	if (!s->tracing_dir) {
		sg_log_error("tracefs is not mounted and cannot be mounted at /sys/kernel/tracing "
			     "(is the kernel built with CONFIG_FTRACE?)");
		goto fail;
	}
	if (recover(s) < 0)
		goto fail;
	return s;
fail:
	if (s->lock_fd >= 0)
		close(s->lock_fd);
	if (s->dir_fd >= 0)
		close(s->dir_fd);
	free(s);
	return NULL;
}

int sg_tracefs_session_stale(const struct sg_tracefs_session *s)
{
	return s->stale_pid;
}

int sg_tracefs_session_recovered(const struct sg_tracefs_session *s, int *pid)
{
	if (pid)
		*pid = s->recovered_pid;
	return s->recovered;
}

struct tracefs_instance *sg_tracefs_session_instance(const struct sg_tracefs_session *s)
{
	return s->inst;
}

int sg_tracefs_session_uses_instance(const struct sg_tracefs_session *s)
{
	return s->inst != NULL;
}

int sg_tracefs_session_tracing(struct sg_tracefs_session *s, int on)
{
	return sg_tracefs_session_write(s, 0, "tracing_on", on ? "1" : "0");
}

/* ---- which functions ---- */

void sg_tracefs_session_names_free(char **names)
{
	sg_funcnames_free(names);
}

int sg_tracefs_session_resolve(struct sg_tracefs_session *s, const char *pattern, char ***names)
{
	char *list = read_file(s, 1, "available_filter_functions", NULL);
	int ret;

	*names = NULL;
	if (!list)
		return -1;
	ret = sg_funcnames_resolve(list, pattern, names);
	free(list);
	return ret;
}

/* ---- set-up ---- */

static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ' || p[-1] == '\n') &&
		    (p[n] == ' ' || p[n] == '\n' || p[n] == '\0'))
			return 1;
	return 0;
}

/* Use our own instance when the kernel allows function_graph there with its filter file. */
static int try_instance(struct sg_tracefs_session *s)
{
	char name[64];
	struct tracefs_instance *i;
	char *tracers;
	int ok;

	snprintf(name, sizeof(name), "%s", INSTANCE_NAME);
	if (tracefs_instance_exists(name))
		snprintf(name, sizeof(name), "%s-%d", INSTANCE_NAME, (int) getpid());
	if (state_append(s, name, NULL, 0) < 0)
		return -1;
	sg_log_action("mkdir %s/instances/%s", s->tracing_dir, name);
	i = tracefs_instance_create(name);
	if (!i) {
		/* no instances (old kernel, or not permitted): the top level it is */
		return 0;
	}
	tracers = tracefs_instance_file_read(i, "available_tracers", NULL);
	ok = tracers && has_word(tracers, "function_graph") &&
	     tracefs_file_exists(i, "set_graph_function");
	free(tracers);
	if (ok) {
		s->inst = i;
		return 0;
	}
	sg_log_action("rmdir %s/instances/%s", s->tracing_dir, name);
	tracefs_instance_destroy(i);
	tracefs_instance_free(i);
	return 0;
}

/* Whether the kernel offers function_graph; -1 with a message naming the config option if not. */
static int check_graph(struct sg_tracefs_session *s)
{
	char *tracers = read_file(s, 1, "available_tracers", NULL);
	int ok;

	if (!tracers)
		return -1;
	ok = has_word(tracers, "function_graph");
	if (!ok) {
		tracers[strcspn(tracers, "\n")] = '\0';
		sg_log_error("function_graph not available: this kernel was built without "
			     "CONFIG_FUNCTION_GRAPH_TRACER (available tracers: %s)",
			     *tracers ? tracers : "none");
	}
	free(tracers);
	return ok ? 0 : -1;
}

int sg_tracefs_session_prepare(struct sg_tracefs_session *s, int force)
{
	if (s->prepared)
		return 0;
	if (check_graph(s) < 0 || try_instance(s) < 0)
		return -1;
	if (!s->inst) {
		char *cur = read_file(s, 1, "current_tracer", NULL);
		char *on = cur ? read_file(s, 1, "tracing_on", NULL) : NULL;
		char *ev = on && file_exists(s, 1, "set_event") ? read_file(s, 1, "set_event", NULL)
								: strdup("");
		int busy = 0;

		if (!cur || !on || !ev) {
			free(cur);
			free(on);
			free(ev);
			return -1;
		}
		cur[strcspn(cur, "\n")] = '\0';
		if (strcmp(cur, "nop") != 0)
			busy = 1;
		else if (on[0] == '1' && *ev)
			busy = 2;
		if (busy == 1 && !force)
			sg_log_error("tracefs is busy: current_tracer is %s (someone is tracing); "
				     "--force takes it over and gives it back at exit",
				     cur);
		else if (busy && !force)
			sg_log_error(
			    "tracefs is busy: tracing is on with events enabled (set_event); "
			    "--force takes it over and gives it back at exit");
		free(cur);
		free(on);
		free(ev);
		if (busy && !force)
			return -1;
	}
	s->prepared = 1;
	return 0;
}

/* ---- restore ---- */

/*
 * Add to the restore's message, never past its end: a many-CPU machine can fail dozens of
 * per-CPU sizes at once. A message cut short ends in "...".
 */
static void note(char *buf, size_t size, size_t *off, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*off + 1 >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *off, size - *off, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t) n >= size - *off) {
		memcpy(buf + size - 4, "...", 4);
		*off = size - 1;
	} else {
		*off += (size_t) n;
	}
}

/*
 * The saved files that did not come back (and our instance, when it would not go) replace the
 * state file, so the next run tries again; with nothing failed the file is removed.
 */
static void keep_failed(struct sg_tracefs_session *s, const char *inst)
{
	int fd = -1, n = 0;

	for (int i = 0; i < s->nsaved; i++)
		n += s->saved[i].failed;
	if (!n && !inst) {
		unlinkat(s->dir_fd, "state", 0);
		return;
	}
	fd = sg_tracefs_state_replace_open(s->dir_fd, s->state_path, (int) getpid(), s->boot_id);
	if (fd >= 0 && inst && sg_tracefs_state_put(fd, s->state_path, inst, NULL, 0) < 0)
		fd = (close(fd), -1);
	for (int i = 0; fd >= 0 && i < s->nsaved; i++) {
		struct saved *v = &s->saved[i];

		if (v->failed &&
		    sg_tracefs_state_put(fd, s->state_path, v->file, v->content, v->len) < 0)
			fd = (close(fd), -1);
	}
	if (fd >= 0)
		sg_tracefs_state_replace_commit(s->dir_fd, s->state_path, fd);
}

int sg_tracefs_session_restore(struct sg_tracefs_session *s)
{
	char bad[700] = "", inst[64] = "";
	size_t off = 0;
	int ret = 0;

	for (int pass = 0; pass < 3; pass++) {
		for (int i = s->nsaved - 1; i >= 0; i--) {
			struct saved *v = &s->saved[i];

			if (restore_pass(v->file) != pass)
				continue;
			if (sg_tracefs_file_restore(inst_of(s, v->top), v->file, v->content) < 0) {
				ret = -1;
				v->failed = 1;
				note(bad, sizeof(bad), &off, "%s%s (%s)", off ? "; " : "", v->file,
				     sg_log_message());
			}
		}
	}
	if (s->inst) {
		const char *name = tracefs_instance_get_name(s->inst);

		sg_log_action("rmdir %s/instances/%s", s->tracing_dir, name);
		if (tracefs_instance_destroy(s->inst) < 0) {
			ret = -1;
			snprintf(inst, sizeof(inst), "%s", name);
			note(bad, sizeof(bad), &off, "%sinstances/%s (%s)", off ? "; " : "", name,
			     strerror(errno));
		}
		tracefs_instance_free(s->inst);
		s->inst = NULL;
	}
	/* read everything back: a restore is only done when the files read as before */
	for (int i = 0; i < s->nsaved && off < sizeof(bad); i++) {
		struct saved *v = &s->saved[i];
		char why[300];
		int r = sg_tracefs_file_verify(NULL, v->file, v->content, v->len, why, sizeof(why));

		if (r != 0) {
			ret = -1;
			v->failed = 1;
			note(bad, sizeof(bad), &off, "%s%s", off ? "; " : "",
			     r > 0 ? why : sg_log_message());
		}
	}
	if (s->state_fd >= 0) {
		close(s->state_fd);
		s->state_fd = -1;
	}
	/* what failed stays on record for the next run; the message names it too */
	keep_failed(s, *inst ? inst : NULL);
	for (int i = 0; i < s->nsaved; i++) {
		free(s->saved[i].file);
		free(s->saved[i].content);
	}
	s->nsaved = 0;
	if (ret < 0)
		sg_log_error("tracefs not restored exactly: %s (kept in %s for the next run)", bad,
			     s->state_path);
	return ret;
}

void sg_tracefs_session_close(struct sg_tracefs_session *s)
{
	if (!s)
		return;
	if (s->nsaved || s->inst || s->state_fd >= 0)
		sg_tracefs_session_restore(s);
	free(s->saved);
	if (s->lock_fd >= 0)
		close(s->lock_fd);
	if (s->dir_fd >= 0)
		close(s->dir_fd);
	free(s);
}
