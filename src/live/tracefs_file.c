/* tracefs_file.c - one tracefs file: read whole, written as echo writes, given back as it read. */
#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "log.h"
#include "tracefs_file.h"

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

/* The path a user would type, for -v and messages. */
static void file_path(struct tracefs_instance *inst, const char *file, char *buf, size_t size)
{
	const char *dir = tracefs_tracing_dir();

	if (!inst)
		snprintf(buf, size, "%s/%s", dir, file);
	else
		snprintf(buf, size, "%s/instances/%s/%s", dir, tracefs_instance_get_name(inst),
			 file);
}

/* The whole file; "" when empty. NULL with a message when it cannot be read. */
char *sg_tracefs_file_read(struct tracefs_instance *inst, const char *file, size_t *len)
{
	char path[512];
	int size = 0;
	char *buf;

	errno = 0;
	buf = tracefs_instance_file_read(inst, file, &size);
	if (!buf && errno == 0)
		buf = strdup("");
	if (!buf) {
		file_path(inst, file, path, sizeof(path));
		sg_log_error("cannot read %s: %s", path, strerror(errno ? errno : ENOMEM));
		return NULL;
	}
	if (len)
		*len = size > 0 ? (size_t) size : 0;
	return buf;
}

/* Shell words for -v: quoted when they would not survive the shell as they are. */
static const char *shell_word(const char *v, char *buf, size_t size)
{
	size_t n = 0;

	if (*v &&
	    strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,:-+/=@%") ==
		strlen(v))
		return v;
	buf[n++] = '\'';
	for (; *v && n + 5 < size; v++) {
		if (*v == '\'') {
			memcpy(buf + n, "'\\''", 4);
			n += 4;
		} else {
			buf[n++] = *v;
		}
	}
	buf[n++] = '\'';
	buf[n] = '\0';
	return buf;
}

int sg_tracefs_file_open_list(struct tracefs_instance *inst, const char *file)
{
	char path[512];
	int fd;

	file_path(inst, file, path, sizeof(path));
	sg_log_action("exec 3> %s", path);
	fd = tracefs_instance_file_open(inst, file, O_WRONLY | O_TRUNC);
	if (fd < 0)
		sg_log_error("cannot open %s: %s", path, strerror(errno));
	return fd;
}

int sg_tracefs_file_put_line(struct tracefs_instance *inst, const char *file, int fd,
			     const char *value)
{
	char path[512], q[512];
	size_t len = strlen(value);
	char *line = malloc(len + 2);
	int ret = 0;

	file_path(inst, file, path, sizeof(path));
	sg_log_action("echo %s >&3", shell_word(value, q, sizeof(q)));
	if (!line)
		return oom();
	/* as echo does: the filter files end a name at white space, not at write() */
	memcpy(line, value, len);
	line[len++] = '\n';
	line[len] = '\0';
	errno = 0;
	if (write(fd, line, len) != (ssize_t) len) {
		sg_log_error("cannot write '%s' to %s: %s", value, path,
			     strerror(errno ? errno : EIO));
		ret = -1;
	}
	free(line);
	return ret;
}

int sg_tracefs_file_close_list(struct tracefs_instance *inst, const char *file, int fd)
{
	char path[512];

	file_path(inst, file, path, sizeof(path));
	sg_log_action("exec 3>&-");
	if (close(fd) < 0) {
		sg_log_error("cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Open once, write each value as its own line (as echo would), close: the kernel applies a
 * filter list at close.
 */
int sg_tracefs_file_write(struct tracefs_instance *inst, const char *file,
			  const char *const *values, int n)
{
	char path[512], q[512];
	int fd, ret = 0;

	file_path(inst, file, path, sizeof(path));
	if (n == 0)
		sg_log_action("echo > %s", path);
	for (int i = 0; i < n; i++)
		sg_log_action("echo %s %s %s", shell_word(values[i], q, sizeof(q)), i ? ">>" : ">",
			      path);
	fd = tracefs_instance_file_open(inst, file, O_WRONLY | O_TRUNC);
	if (fd < 0) {
		sg_log_error("cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n && ret == 0; i++) {
		size_t len = strlen(values[i]);
		char *line = malloc(len + 2);

		if (!line) {
			ret = oom();
			break;
		}
		/* as echo does: the filter files end a name at white space, not at write() */
		memcpy(line, values[i], len);
		line[len++] = '\n';
		line[len] = '\0';
		errno = 0;
		if (write(fd, line, len) != (ssize_t) len) {
			sg_log_error("cannot write '%s' to %s: %s", values[i], path,
				     strerror(errno ? errno : EIO));
			ret = -1;
		}
		free(line);
	}
	if (close(fd) < 0 && ret == 0) {
		sg_log_error("cannot write %s: %s", path, strerror(errno));
		ret = -1;
	}
	return ret;
}

static int is_list_file(const char *file)
{
	static const char *const lists[] = {"set_graph_function", "set_graph_notrace",
					    "set_ftrace_filter",  "set_ftrace_notrace",
					    "set_ftrace_pid",	  "set_ftrace_notrace_pid",
					    "set_event_pid",	  "set_event_notrace_pid"};

	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		if (strcmp(file, lists[i]) == 0)
			return 1;
	return 0;
}

/*
 * A line of a filter list that writing the list does not make and truncating it does not take
 * away, so it is left out of the values: the empty markers ("#### all functions enabled ####",
 * then possibly more lines; "no pid") and, in set_ftrace_filter and set_ftrace_notrace, function
 * probes ("vfs_read:traceoff:unlimited", removed only by "!vfs_read:traceoff"; a name never
 * holds ':'). Cached module entries ("*:mod:ext4", a module not loaded) are values: truncating
 * drops them and writing them back caches them again.
 */
static int is_kept_line(const char *file, const char *p, size_t l)
{
	const char *colon = memchr(p, ':', l);

	if (l >= 4 && strncmp(p, "####", 4) == 0)
		return 1;
	if (l == 6 && strncmp(p, "no pid", 6) == 0)
		return 1;
	if (!colon || strncmp(file, "set_ftrace_", 11) != 0)
		return 0;
	return !memmem(p, l, ":mod:", 5);
}

int sg_tracefs_file_values(const char *file, const char *content, char **buf,
			   const char ***words)
{
	size_t len = strlen(content);
	/* "name [mod]" grows by two bytes as "name:mod:mod": room for that on every line */
	char *out = malloc(2 * len + 2), *o = out, *nl, *exp, *open_b, *close_b;
	const char **w = calloc(len / 2 + 2, sizeof(*w));
	int n = 0;

	*buf = NULL;
	*words = NULL;
	if (!out || !w) {
		free(out);
		free(w);
		return oom();
	}
	if (is_list_file(file)) {
		for (const char *p = content; *p;) {
			size_t l = strcspn(p, "\n");
			const char *mod = memmem(p, l, " [", 2);

			if (l && !is_kept_line(file, p, l)) {
				w[n++] = o;
				if (mod && p[l - 1] == ']') {
					memcpy(o, p, (size_t) (mod - p));
					o += mod - p;
					memcpy(o, ":mod:", 5);
					o += 5;
					memcpy(o, mod + 2, (size_t) (p + l - 1 - (mod + 2)));
					o += p + l - 1 - (mod + 2);
				} else {
					memcpy(o, p, l);
					o += l;
				}
				*o++ = '\0';
			}
			p += l + (p[l] == '\n');
		}
		goto done;
	}
	memcpy(out, content, len + 1);
	if ((nl = strchr(out, '\n')))
		*nl = '\0';
	open_b = strchr(out, '[');
	close_b = strchr(out, ']');
	exp = strstr(out, "(expanded: ");
	if (strcmp(file, "buffer_size_kb") == 0 && strcmp(out, "X") == 0) {
		/* sizes differ per CPU: the per_cpu files, saved too, carry them */
	} else if (strcmp(file, "trace_clock") == 0 && open_b && close_b > open_b) {
		*close_b = '\0';
		w[n++] = open_b + 1;
	} else if (exp) {
		/* an unexpanded buffer cannot come back: the expanded size is the closest */
		exp += 11;
		exp[strspn(exp, "0123456789")] = '\0';
		w[n++] = exp;
	} else {
		w[n++] = out;
	}
done:
	*buf = out;
	*words = w;
	return n;
}

int sg_tracefs_file_restore(struct tracefs_instance *inst, const char *file, const char *content)
{
	const char **words;
	char *buf;
	int n = sg_tracefs_file_values(file, content, &buf, &words), ret;

	if (n < 0)
		return -1;
	/* buffer_size_kb "X": nothing to write, the per-CPU files carry the sizes */
	ret = n == 0 && !is_list_file(file) ? 0 : sg_tracefs_file_write(inst, file, words, n);
	free(words);
	free(buf);
	return ret;
}

int sg_tracefs_file_ncpus(struct tracefs_instance *inst)
{
	char path[512];
	struct dirent *d;
	DIR *dir;
	int n = 0;

	file_path(inst, "per_cpu", path, sizeof(path));
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((d = readdir(dir))) {
		char *end;
		long c;

		if (strncmp(d->d_name, "cpu", 3) != 0)
			continue;
		c = strtol(d->d_name + 3, &end, 10);
		if (end != d->d_name + 3 && !*end && c >= 0 && c < 65536 && c + 1 > n)
			n = (int) c + 1;
	}
	closedir(dir);
	return n;
}

/* "K\n" alone: K; -1 otherwise ("X", "7 (expanded: 1408)", garbage). */
static long plain_kb(const char *s)
{
	char *end;
	long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return strcmp(end, "\n") == 0 || !*end ? v : -1;
}

int sg_tracefs_file_expansion_check(const char *saved, const char *total, const char *const *cpus,
				    int ncpus, long slack_kb, char *why, size_t size)
{
	const char *exp = strstr(saved, "(expanded: ");
	long want = exp ? strtol(exp + 11, NULL, 10) : -1, k = plain_kb(total);

	if (want <= 0) {
		snprintf(why, size, "saved buffer_size_kb '%.40s' has no expanded size", saved);
		return -1;
	}
	if (k < want || k > want + slack_kb) {
		snprintf(why, size,
			 "buffer_size_kb reads '%.40s', not the kernel's expanded size %ld KB", total,
			 want);
		return -1;
	}
	for (int c = 0; c < ncpus; c++) {
		if (plain_kb(cpus[c]) != k) {
			snprintf(why, size,
				 "per_cpu/cpu%d/buffer_size_kb reads '%.40s', not the expanded size %ld",
				 c, cpus[c] ? cpus[c] : "(unreadable)", k);
			return -1;
		}
	}
	return 0;
}

/* What one sub-buffer page holds in KB: the most a size in KB is rounded up by. */
static long subbuf_kb(struct tracefs_instance *inst)
{
	char *s = tracefs_instance_file_read(inst, "buffer_subbuf_size_kb", NULL);
	long v = s ? strtol(s, NULL, 10) : 0;

	free(s);
	return v > 0 ? v : 4;
}

int sg_tracefs_file_verify(struct tracefs_instance *inst, const char *file, const char *content,
			   size_t len, char *why, size_t size)
{
	size_t now_len = 0;
	char *now = sg_tracefs_file_read(inst, file, &now_len);
	int ret = 0;

	if (!now)
		return -1;
	if (strcmp(file, "buffer_size_kb") == 0 && strstr(content, "(expanded: ")) {
		int n = sg_tracefs_file_ncpus(inst);
		char **cpus = calloc((size_t) n + 1, sizeof(*cpus));

		if (!cpus) {
			free(now);
			return oom();
		}
		for (int c = 0; c < n; c++) {
			char f[64];

			snprintf(f, sizeof(f), "per_cpu/cpu%d/buffer_size_kb", c);
			cpus[c] = tracefs_instance_file_read(inst, f, NULL);
		}
		ret = sg_tracefs_file_expansion_check(content, now, (const char *const *) cpus, n,
						      subbuf_kb(inst), why, size)
			  ? 1
			  : 0;
		for (int c = 0; c < n; c++)
			free(cpus[c]);
		free(cpus);
	} else if (now_len != len || memcmp(now, content, len) != 0) {
		/* "X" (per-CPU sizes differ) is compared too: it reads "X" again only when every
		 * per-CPU size, saved beside it, came back */
		char path[512];

		file_path(inst, file, path, sizeof(path));
		snprintf(why, size, "%s differs from before", path);
		ret = 1;
	}
	free(now);
	return ret;
}
