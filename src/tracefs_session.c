/* tracefs_session.c - tracefs for one run: lock, set-up, exact save/restore, crash recovery. */
#include <errno.h>
#include <fcntl.h>
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

#define STATE_MAGIC   "surfgraph-state 1\n"
#define INSTANCE_NAME "surfgraph"

struct saved {
	int top;
	char *file;
	char *content; /* as read, NUL-terminated */
	size_t len;
};

struct sg_tracefs_session {
	char dir[200];
	char state_path[256];
	int lock_fd, state_fd;
	const char *tracing_dir;
	struct tracefs_instance *inst; /* ours, or NULL: the top level */
	struct saved *saved;
	int nsaved, cap;
	int recovered, recovered_pid;
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

/*
 * Files come back newest first, but the tracer and tracing_on last: a tracer given back before
 * its filters would run unfiltered meanwhile (every function, on a live machine).
 */
static int restore_pass(const char *file)
{
	return strcmp(file, "current_tracer") == 0 ? 1 : strcmp(file, "tracing_on") == 0 ? 2 : 0;
}

/* Append to the state file and make it durable before the kernel is touched. */
static int state_append(struct sg_tracefs_session *s, const char *head, const char *body,
			size_t len)
{
	if (s->state_fd < 0) {
		char hdr[64];
		int n;

		s->state_fd = open(s->state_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (s->state_fd < 0) {
			sg_log_error("cannot create %s: %s", s->state_path, strerror(errno));
			return -1;
		}
		n = snprintf(hdr, sizeof(hdr), "%spid %d\n", STATE_MAGIC, (int) getpid());
		if (write(s->state_fd, hdr, (size_t) n) != n)
			goto fail;
	}
	if (write(s->state_fd, head, strlen(head)) != (ssize_t) strlen(head) ||
	    (body && (write(s->state_fd, body, len) != (ssize_t) len ||
		      write(s->state_fd, "\n", 1) != 1)) ||
	    fdatasync(s->state_fd) < 0)
		goto fail;
	return 0;
fail:
	sg_log_error("cannot write %s: %s", s->state_path, strerror(errno ? errno : EIO));
	return -1;
}

static struct saved *find_saved(struct sg_tracefs_session *s, int top, const char *file)
{
	for (int i = 0; i < s->nsaved; i++)
		if (s->saved[i].top == top && strcmp(s->saved[i].file, file) == 0)
			return &s->saved[i];
	return NULL;
}

/* Remember a file's content (memory and state file) unless it is remembered already. */
static int save(struct sg_tracefs_session *s, int top, const char *file)
{
	char head[300];
	struct saved *v;
	size_t len = 0;
	char *content;

	if (!s->inst)
		top = 1;
	/* Files of our own instance go away with it: nothing to save. */
	if (!top || find_saved(s, top, file))
		return 0;
	/*
	 * The total size rewrites every CPU's, whose sizes may differ (the total then reads "X"):
	 * they are saved first, so they come back last.
	 */
	if (strcmp(file, "buffer_size_kb") == 0) {
		long ncpus = sysconf(_SC_NPROCESSORS_CONF);

		for (long c = 0; c < ncpus; c++) {
			snprintf(head, sizeof(head), "per_cpu/cpu%ld/buffer_size_kb", c);
			if (file_exists(s, top, head) && save(s, top, head) < 0)
				return -1;
		}
	}
	content = read_file(s, top, file, &len);
	if (!content)
		return -1;
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
	snprintf(head, sizeof(head), "save %s %zu\n", file, len);
	if (state_append(s, head, content, len) < 0) {
		free(content);
		return -1;
	}
	v = &s->saved[s->nsaved];
	v->top = top;
	v->file = strdup(file);
	v->content = content;
	v->len = len;
	if (!v->file) {
		free(content);
		return oom();
	}
	s->nsaved++;
	return 0;
}

int sg_tracefs_session_write(struct sg_tracefs_session *s, int top, const char *file,
			     const char *value)
{
	if (save(s, top, file) < 0)
		return -1;
	return sg_tracefs_file_write(inst_of(s, top), file, &value, value ? 1 : 0);
}

static int write_list(struct sg_tracefs_session *s, int top, const char *file,
		      const char *const *values, int n)
{
	if (save(s, top, file) < 0)
		return -1;
	return sg_tracefs_file_write(inst_of(s, top), file, values, n);
}

/* The previous run's state file: restore it, newest change first, and remove it. */
static int recover(struct sg_tracefs_session *s)
{
	FILE *f = fopen(s->state_path, "re");
	char line[512], name[300];
	struct {
		char *file, *content;
	} *ent = NULL;
	int n = 0, cap = 0, ret = 0;
	size_t len;

	if (!f)
		return errno == ENOENT
			   ? 0
			   : (sg_log_error("cannot read %s: %s", s->state_path, strerror(errno)),
			      -1);
	if (!fgets(line, sizeof(line), f) || strcmp(line, STATE_MAGIC) != 0) {
		fclose(f);
		sg_log_error("%s is not a surfgraph state file: remove it by hand", s->state_path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "pid %d", &s->recovered_pid) == 1)
			continue;
		if (sscanf(line, "instance %299s", name) == 1) {
			struct tracefs_instance *i = tracefs_instance_alloc(NULL, name);

			sg_log_action("rmdir %s/instances/%s", s->tracing_dir, name);
			if (i && tracefs_instance_destroy(i) < 0 && errno != ENOENT)
				ret = -1;
			tracefs_instance_free(i);
			s->recovered++;
			continue;
		}
		if (sscanf(line, "save %299s %zu", name, &len) != 2)
			break;
		if (n == cap) {
			void *v = realloc(ent, (size_t) (cap = cap ? cap * 2 : 16) * sizeof(*ent));

			if (!v)
				break;
			ent = v;
		}
		ent[n].file = strdup(name);
		ent[n].content = malloc(len + 1);
		if (!ent[n].file || !ent[n].content || fread(ent[n].content, 1, len, f) != len ||
		    fgetc(f) != '\n') {
			free(ent[n].file);
			free(ent[n].content);
			break; /* cut short by the crash: what was not saved was not written either
				*/
		}
		ent[n].content[len] = '\0';
		n++;
	}
	fclose(f);
	for (int pass = 0; pass < 3; pass++) {
		for (int i = n - 1; i >= 0; i--) {
			if (restore_pass(ent[i].file) != pass)
				continue;
			if (sg_tracefs_file_restore(NULL, ent[i].file, ent[i].content) < 0)
				ret = -1;
			s->recovered++;
		}
	}
	for (int i = 0; i < n; i++) {
		free(ent[i].file);
		free(ent[i].content);
	}
	free(ent);
	if (ret < 0) {
		char msg[1024];

		snprintf(msg, sizeof(msg), "%s", sg_log_message());
		sg_log_error("restoring the tracefs state left by surfgraph pid %d (%s) failed: %s",
			     s->recovered_pid, s->state_path, msg);
		return -1;
	}
	unlink(s->state_path);
	return 0;
}

struct sg_tracefs_session *sg_tracefs_session_open(const char *state_dir)
{
	struct sg_tracefs_session *s;
	char path[300], pid[32];
	struct stat st;

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
	s->lock_fd = s->state_fd = -1;
	/* libtracefs would print its own warnings; the messages here say it once, for main. */
	tracefs_set_loglevel(TEP_LOG_NONE);
	if (!state_dir)
		state_dir = stat("/run", &st) == 0 ? "/run/surfgraph" : "/var/tmp/surfgraph";
	snprintf(s->dir, sizeof(s->dir), "%s", state_dir);
	if (mkdir(s->dir, 0700) < 0 && errno != EEXIST) {
		sg_log_error("cannot create %s: %s", s->dir, strerror(errno));
		goto fail;
	}
	snprintf(path, sizeof(path), "%s/lock", s->dir);
	snprintf(s->state_path, sizeof(s->state_path), "%s/state", s->dir);
	s->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
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
	free(s);
	return NULL;
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
	char name[64], head[100];
	struct tracefs_instance *i;
	char *tracers;
	int ok;

	snprintf(name, sizeof(name), "%s", INSTANCE_NAME);
	if (tracefs_instance_exists(name))
		snprintf(name, sizeof(name), "%s-%d", INSTANCE_NAME, (int) getpid());
	snprintf(head, sizeof(head), "instance %s\n", name);
	if (state_append(s, head, NULL, 0) < 0)
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

/* A file still at its default needs no write: fewer changes, fewer chances to leave one. */
static int differs(struct sg_tracefs_session *s, int top, const char *file, const char *want)
{
	char *cur = read_file(s, top, file, NULL);
	int d;

	if (!cur)
		return -1;
	cur[strcspn(cur, "\n")] = '\0';
	d = strcmp(cur, want) != 0;
	free(cur);
	return d;
}

static int set_option(struct sg_tracefs_session *s, const char *opt, int on)
{
	char file[80];
	int d;

	snprintf(file, sizeof(file), "options/%s", opt);
	if (!file_exists(s, 0, file))
		return 0;
	d = differs(s, 0, file, on ? "1" : "0");
	if (d < 0)
		return -1;
	return d ? sg_tracefs_session_write(s, 0, file, on ? "1" : "0") : 0;
}

/* An option the user asked for: a kernel without it gets a one-line error naming what it needs. */
static int require_option(struct sg_tracefs_session *s, const char *opt, const char *flag,
			  const char *needs)
{
	char file[80];

	snprintf(file, sizeof(file), "options/%s", opt);
	if (!file_exists(s, 0, file)) {
		sg_log_error("%s: this kernel has no %s option (it needs %s)", flag, opt, needs);
		return -1;
	}
	return set_option(s, opt, 1);
}

/* A filter file holding anything but its empty marker is cleared (saved first). */
static int clear_filter(struct sg_tracefs_session *s, const char *file)
{
	char *cur;
	int empty;

	if (!file_exists(s, 0, file))
		return 0;
	cur = read_file(s, 0, file, NULL);
	if (!cur)
		return -1;
	empty = !*cur || strncmp(cur, "####", 4) == 0 || strcmp(cur, "no pid\n") == 0;
	free(cur);
	return empty ? 0 : write_list(s, 0, file, NULL, 0);
}

static int need_file(struct sg_tracefs_session *s, const char *file, const char *why)
{
	if (file_exists(s, 0, file))
		return 0;
	sg_log_error("%s needs %s, which this kernel does not have%s", why, file,
		     s->inst ? " in an instance" : "");
	return -1;
}

int sg_tracefs_session_check_graph(struct sg_tracefs_session *s)
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
	if (sg_tracefs_session_check_graph(s) < 0 || try_instance(s) < 0)
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

int sg_tracefs_session_setup(struct sg_tracefs_session *s, const struct sg_graph_setup *g)
{
	char num[32];

	if (!s->prepared && sg_tracefs_session_prepare(s, g->force) < 0)
		return -1;
	if (sg_tracefs_session_tracing(s, 0) < 0)
		return -1;
	if (s->inst == NULL &&
	    (clear_filter(s, "set_ftrace_filter") < 0 || clear_filter(s, "set_ftrace_notrace") < 0))
		return -1;
	if (need_file(s, "set_graph_function", "-f") < 0 ||
	    write_list(s, 0, "set_graph_function", g->roots, g->nroots) < 0)
		return -1;
	if (g->nnotrace) {
		if (need_file(s, "set_graph_notrace", "-x") < 0 ||
		    write_list(s, 0, "set_graph_notrace", g->notrace, g->nnotrace) < 0)
			return -1;
	} else if (clear_filter(s, "set_graph_notrace") < 0) {
		return -1;
	}
	snprintf(num, sizeof(num), "%d", g->max_depth);
	if (g->max_depth && need_file(s, "max_graph_depth", "--max-depth") < 0)
		return -1;
	if (file_exists(s, 0, "max_graph_depth")) {
		int d = differs(s, 0, "max_graph_depth", num);

		if (d < 0 || (d && sg_tracefs_session_write(s, 0, "max_graph_depth", num) < 0))
			return -1;
	}
	if (file_exists(s, 0, "tracing_thresh")) {
		int d = differs(s, 0, "tracing_thresh", "0");

		if (d < 0 || (d && sg_tracefs_session_write(s, 0, "tracing_thresh", "0") < 0))
			return -1;
	}
	if (g->npids) {
		char(*pids)[16] = calloc((size_t) g->npids, sizeof(*pids));
		const char **pv = calloc((size_t) g->npids, sizeof(*pv));
		int r = -1;

		if (pids && pv) {
			for (int i = 0; i < g->npids; i++) {
				snprintf(pids[i], sizeof(pids[i]), "%d", g->pids[i]);
				pv[i] = pids[i];
			}
			r = write_list(s, 0, "set_ftrace_pid", pv, g->npids);
		} else {
			oom();
		}
		free(pids);
		free(pv);
		if (r < 0)
			return -1;
	} else if (clear_filter(s, "set_ftrace_pid") < 0) {
		return -1;
	}
	if (g->cpumask) {
		int d = differs(s, 0, "tracing_cpumask", g->cpumask);

		if (d < 0 ||
		    (d && sg_tracefs_session_write(s, 0, "tracing_cpumask", g->cpumask) < 0))
			return -1;
	}
	if (g->buffer_kb) {
		snprintf(num, sizeof(num), "%lu", g->buffer_kb);
		if (sg_tracefs_session_write(s, 0, "buffer_size_kb", num) < 0)
			return -1;
	}
	/* the funcgraph options exist only once the tracer is set */
	if (sg_tracefs_session_write(s, 0, "current_tracer", "function_graph") < 0)
		return -1;
	if (set_option(s, "funcgraph-irqs", !g->no_irqs) < 0 ||
	    set_option(s, "sleep-time", !g->no_sleep_time) < 0 ||
	    set_option(s, "function-fork", g->follow_forks) < 0 ||
	    (g->text && set_option(s, "funcgraph-proc", 1) < 0))
		return -1;
	if ((g->args && require_option(s, "funcgraph-args", "--args",
				       "Linux 6.15 or later with CONFIG_FUNCTION_TRACE_ARGS") < 0) ||
	    (g->retval && require_option(s, "funcgraph-retval", "--retval",
					 "Linux 6.5 or later with CONFIG_FUNCTION_GRAPH_RETVAL") < 0))
		return -1;
	/* whatever an earlier user left in the buffer is not ours to read */
	return sg_tracefs_file_write(s->inst, "trace", NULL, 0);
}

/* ---- restore ---- */

int sg_tracefs_session_restore(struct sg_tracefs_session *s)
{
	char bad[700] = "", path[512];
	size_t off = 0;
	int ret = 0;

	for (int pass = 0; pass < 3; pass++) {
		for (int i = s->nsaved - 1; i >= 0; i--) {
			struct saved *v = &s->saved[i];

			if (restore_pass(v->file) != pass)
				continue;
			if (sg_tracefs_file_restore(inst_of(s, v->top), v->file, v->content) < 0) {
				ret = -1;
				off +=
				    (size_t) snprintf(bad + off, sizeof(bad) - off, "%s%s (%s)",
						      off ? "; " : "", v->file, sg_log_message());
			}
		}
	}
	if (s->inst) {
		const char *name = tracefs_instance_get_name(s->inst);

		sg_log_action("rmdir %s/instances/%s", s->tracing_dir, name);
		if (tracefs_instance_destroy(s->inst) < 0) {
			ret = -1;
			off +=
			    (size_t) snprintf(bad + off, sizeof(bad) - off, "%sinstances/%s (%s)",
					      off ? "; " : "", name, strerror(errno));
		}
		tracefs_instance_free(s->inst);
		s->inst = NULL;
	}
	/* read everything back: a restore is only done when the bytes are the same */
	for (int i = 0; i < s->nsaved && off < sizeof(bad); i++) {
		struct saved *v = &s->saved[i];
		size_t len = 0;
		char *now = read_file(s, 1, v->file, &len);

		/* "X" and "(expanded: N)" sizes are derived: the per-CPU files were compared */
		if (now && (len != v->len || memcmp(now, v->content, len) != 0) &&
		    !strstr(v->content, "(expanded: ") &&
		    !(strcmp(v->file, "buffer_size_kb") == 0 && strcmp(v->content, "X\n") == 0)) {
			sg_tracefs_file_path(NULL, v->file, path, sizeof(path));
			ret = -1;
			off += (size_t) snprintf(bad + off, sizeof(bad) - off,
						 "%s%s differs from before", off ? "; " : "", path);
		}
		free(now);
	}
	for (int i = 0; i < s->nsaved; i++) {
		free(s->saved[i].file);
		free(s->saved[i].content);
	}
	s->nsaved = 0;
	if (s->state_fd >= 0) {
		close(s->state_fd);
		s->state_fd = -1;
	}
	/* Kept when something failed? The next run would redo the same writes: drop it. */
	unlink(s->state_path);
	if (ret < 0)
		sg_log_error("tracefs not restored exactly: %s", bad);
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
	free(s);
}
