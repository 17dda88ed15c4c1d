/* outfile.c - files written atomically: a temporary beside the target, renamed into place on commit. */
#define _GNU_SOURCE /* strndup */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include "log.h"
#include "outdir.h"
#include "outfile.h"
#include "outown.h"
#include "outspecial.h"

struct sg_outfile {
	FILE *f;
	char *path;	  /* as given, for messages; NULL for stdout */
	int dirfd;	  /* the directory's, held by outdir.c; -1 for stdout */
	char *name, *tmp; /* the file's and its temporary's names in dirfd; tmp NULL: in place */
	int scratch;	  /* sg_outfile_scratch's directory, -1 when none */
	int ours;	  /* it replaces an output of ours: kept as .old at commit */
	char *scratch_name, scratch_path[32];
};

/* Temporaries being written, for sg_outfile_remove_temporaries() in a signal handler. */
#define MAX_TEMPS 32
static volatile int temp_dirs[MAX_TEMPS];
static char *volatile temps[MAX_TEMPS];

static void temp_register(int dirfd, char *tmp, int on)
{
	for (int i = 0; i < MAX_TEMPS; i++) {
		if (on ? !temps[i] : temps[i] == tmp) {
			temp_dirs[i] = dirfd;
			temps[i] = on ? tmp : NULL;
			return;
		}
	}
}

void sg_outfile_remove_temporaries(void)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i])
			unlinkat(temp_dirs[i], temps[i], 0);
}

static void outfile_free(struct sg_outfile *o)
{
	if (o->tmp)
		temp_register(o->dirfd, o->tmp, 0);
	free(o->path);
	free(o->name);
	free(o->tmp);
	free(o->scratch_name);
	free(o);
}

/*
 * The directory path is written in (held open by outdir.c, checked once) and the file's name
 * in it (*name, malloc'd). -1 with a message.
 */
static int split_path(const char *path, char **name)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd;

	*name = NULL;
	if (!*path) {
		sg_log_error("an output file needs a name, not ''");
		return -1;
	}
	if (slash && !slash[1]) {
		sg_log_error("cannot write %s: it is a directory", path);
		return -1;
	}
	dir = slash ? strndup(path, slash == path ? 1 : (size_t) (slash - path)) : strdup(".");
	*name = strdup(slash ? slash + 1 : path);
	if (!dir || !*name) {
		sg_log_error("out of memory");
		free(dir);
		free(*name);
		*name = NULL;
		return -1;
	}
	fd = sg_outdir_open(dir, NULL, path);
	free(dir);
	if (fd < 0) {
		free(*name);
		*name = NULL;
	}
	return fd;
}

/* A new temporary beside o's file: O_EXCL|O_NOFOLLOW, so nothing planted is written through. */
static int create_temp(struct sg_outfile *o)
{
	size_t n = strlen(o->name) + 16;
	int fd = -1;

	o->tmp = malloc(n);
	if (!o->tmp) {
		sg_log_error("out of memory");
		return -1;
	}
	for (int tries = 0; tries < 100; tries++) {
		uint32_t r;

		if (getrandom(&r, sizeof(r), 0) != sizeof(r))
			r = (uint32_t) getpid() * 2654435761u + (uint32_t) tries;
		snprintf(o->tmp, n, "%s.tmp.%08x", o->name, r);
		fd = openat(o->dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			    0600);
		if (fd >= 0 || errno != EEXIST)
			break;
	}
	if (fd < 0) {
		sg_log_error("cannot create %s: %s", o->path, strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	temp_register(o->dirfd, o->tmp, 1);
	return fd;
}

struct sg_outfile *sg_outfile_open(const char *path)
{
	struct sg_outfile *o = calloc(1, sizeof(*o));
	struct stat st;
	mode_t mask;
	int fd;

	if (!o)
		goto oom;
	o->dirfd = o->scratch = -1;
	if (strcmp(path, "-") == 0) {
		o->f = stdout;
		return o;
	}
	o->path = strdup(path);
	if (!o->path)
		goto oom;
	o->dirfd = split_path(path, &o->name);
	if (o->dirfd < 0)
		goto fail;
	/*
	 * A FIFO, a device or a terminal is written in place: renaming a temporary over it would
	 * replace it (as root, /dev/null would become an ordinary file). lstat: a link is judged
	 * itself, not by what it points to; one that ends at our own standard output
	 * (/dev/stdout), past links each judged, is that stream, whatever it is.
	 */
	int exists = fstatat(o->dirfd, o->name, &st, AT_SYMLINK_NOFOLLOW) == 0;

	if (exists && !S_ISREG(st.st_mode)) {
		fd = sg_outspecial_open(path, o->dirfd, o->name, &st);
		if (fd == SG_OUTSPECIAL_STDOUT) {
			o->f = stdout;
			return o;
		}
		if (fd < 0)
			goto fail;
		o->f = fdopen(fd, "w");
		if (!o->f) {
			close(fd);
			goto oom;
		}
		return o;
	}
	/* st is only read when the name exists: a new file replaces nobody's */
	if (exists && (o->ours = sg_outown_check(o->dirfd, o->name, path)) < 0)
		goto fail;
	fd = create_temp(o);
	if (fd < 0)
		goto fail;
	/*
	 * The temporary is 0600; the file gets what open(O_CREAT, 0666) would give under the
	 * umask: the outputs name host, kernel, pids and tasks, and the user's umask says who may
	 * read.
	 */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) < 0) {
		sg_log_error("cannot chmod %s: %s", o->tmp, strerror(errno));
		close(fd);
		goto fail;
	}
	o->f = fdopen(fd, "w");
	if (!o->f) {
		close(fd);
		goto oom;
	}
	return o;
oom:
	sg_log_error("out of memory");
fail:
	if (o) {
		if (o->tmp)
			unlinkat(o->dirfd, o->tmp, 0);
		outfile_free(o);
	}
	return NULL;
}

int sg_outfile_check_dir(const char *dir)
{
	return sg_outdir_open(dir, "--outdir", NULL) < 0 ? -1 : 0;
}

/* sg_outfile_prepare(), the file there judged (outown.c) when judge is set. */
static int prepare(const char *path, int judge)
{
	char *name;
	int fd;

	if (strcmp(path, "-") == 0)
		return 0;
	fd = split_path(path, &name);
	if (fd < 0)
		return -1;
	/* refused before a capture rather than after it */
	if (judge && sg_outown_check(fd, name, path) < 0) {
		free(name);
		return -1;
	}
	free(name);
	/* an existing file can still be replaced: what matters is creating the temporary beside it
	 */
	if (faccessat(fd, ".", W_OK | X_OK, 0) < 0) {
		const char *slash = strrchr(path, '/');

		sg_log_error("cannot write %s: %.*s: %s (give -o PATH, --outdir DIR or --no-save)",
			     path, slash ? (int) (slash == path ? 1 : slash - path) : 1,
			     slash ? path : ".", strerror(errno));
		return -1;
	}
	return 0;
}

int sg_outfile_prepare(const char *path)
{
	return prepare(path, 1);
}

int sg_outfile_prepare_dir(const char *path)
{
	return prepare(path, 0);
}

int sg_outfile_keep_previous(struct sg_outfile *o, const char *suffix, char **old)
{
	size_t n = strlen(o->name) + strlen(suffix) + 1;
	char *oldname = malloc(n);

	*old = NULL;
	if (!o->tmp) /* written in place: nothing is replaced */
		return 0;
	*old = malloc(strlen(o->path) + strlen(suffix) + 1);
	if (!oldname || !*old) {
		sg_log_error("out of memory");
		goto fail;
	}
	sprintf(oldname, "%s%s", o->name, suffix);
	sprintf(*old, "%s%s", o->path, suffix);
	/* a hard link, so the file exists until the new one is renamed over it */
	if ((unlinkat(o->dirfd, oldname, 0) < 0 && errno != ENOENT) ||
	    (linkat(o->dirfd, o->name, o->dirfd, oldname, 0) < 0 &&
	     renameat(o->dirfd, o->name, o->dirfd, oldname) < 0)) {
		sg_log_error(
		    "cannot keep the previous %s as %s: %s (give another -o, or --no-save)",
		    o->path, *old, strerror(errno));
		goto fail;
	}
	o->ours = 0; /* kept */
	free(oldname);
	return 0;
fail:
	free(oldname);
	free(*old);
	*old = NULL;
	return -1;
}

int sg_outfile_scratch(struct sg_outfile *o, const char **path)
{
	struct stat st;
	size_t n;
	int made = -1;

	if (o->scratch >= 0)
		goto done;
	if (o->dirfd < 0) {
		sg_log_error("standard output has no directory to work in");
		return -1;
	}
	n = strlen(o->name) + 24;
	o->scratch_name = malloc(n);
	if (!o->scratch_name) {
		sg_log_error("out of memory");
		return -1;
	}
	for (int tries = 0; tries < 100 && made < 0; tries++) {
		uint32_t r;

		if (getrandom(&r, sizeof(r), 0) != sizeof(r))
			r = (uint32_t) getpid() * 2654435761u + (uint32_t) tries;
		snprintf(o->scratch_name, n, "%s.pages.%08x", o->name, r);
		made = mkdirat(o->dirfd, o->scratch_name, 0700);
		if (made < 0 && errno != EEXIST)
			break;
	}
	if (made == 0)
		o->scratch = openat(o->dirfd, o->scratch_name,
				    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	/* the one just made: ours, and no one else's put in its place */
	if (o->scratch < 0 || fstat(o->scratch, &st) < 0 || st.st_uid != geteuid()) {
		sg_log_error("cannot make a directory beside %s: %s", o->path,
			     o->scratch >= 0 ? "it was replaced" : strerror(errno));
		if (o->scratch >= 0)
			close(o->scratch);
		o->scratch = -1;
		free(o->scratch_name);
		o->scratch_name = NULL;
		return -1;
	}
	/* /proc/self/fd/N: the directory made, whatever is renamed in its place meanwhile */
	snprintf(o->scratch_path, sizeof(o->scratch_path), "/proc/self/fd/%d", o->scratch);
done:
	*path = o->scratch_path;
	return o->scratch;
}

/* The scratch directory and what was made in it, removed through its descriptor. */
static void scratch_remove(struct sg_outfile *o)
{
	int fd;
	DIR *d;

	if (o->scratch < 0)
		return;
	fd = openat(o->scratch, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d && fd >= 0)
		close(fd);
	for (struct dirent *e; d && (e = readdir(d));)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlinkat(o->scratch, e->d_name, 0);
	if (d)
		closedir(d);
	close(o->scratch);
	o->scratch = -1;
	unlinkat(o->dirfd, o->scratch_name, AT_REMOVEDIR);
}

int sg_outfile_same(const char *path, const char *input)
{
	struct stat a, b;
	char *name;
	int dir, same;

	if (strcmp(path, "-") == 0 || !input || strcmp(input, "-") == 0 || stat(input, &b) < 0)
		return 0;
	/* the file the output would replace, where it would be written */
	dir = split_path(path, &name);
	if (dir < 0)
		return 0;
	same = fstatat(dir, name, &a, 0) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
	free(name);
	return same;
}

int sg_outfile_replaces_ours(const struct sg_outfile *o)
{
	return o->ours;
}

FILE *sg_outfile_stream(struct sg_outfile *o)
{
	return o->f;
}

int sg_outfile_commit(struct sg_outfile *o)
{
	int ret = 0;

	scratch_remove(o);
	if (!o->tmp) {
		if (fflush(o->f) != 0 || ferror(o->f)) {
			sg_log_error("write to %s failed: %s", o->path ? o->path : "stdout",
				     strerror(errno ? errno : EIO));
			ret = -1;
		}
		if (o->f != stdout && fclose(o->f) != 0 && ret == 0) {
			sg_log_error("write to %s failed: %s", o->path, strerror(errno));
			ret = -1;
		}
		outfile_free(o);
		return ret;
	}
	if (fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0) {
		sg_log_error("cannot write %s: %s", o->path, strerror(errno ? errno : EIO));
		ret = -1;
	}
	if (fclose(o->f) != 0 && ret == 0) {
		sg_log_error("cannot write %s: %s", o->path, strerror(errno));
		ret = -1;
	}
	/* an earlier output of ours is kept as .old, as perf keeps perf.data.old */
	if (ret == 0 && o->ours) {
		char *old;

		ret = sg_outfile_keep_previous(o, ".old", &old);
		free(old);
	}
	/* into the directory opened at the start, whatever its name leads to now */
	if (ret == 0 && renameat(o->dirfd, o->tmp, o->dirfd, o->name) != 0) {
		sg_log_error("cannot rename %s to %s: %s", o->tmp, o->path, strerror(errno));
		ret = -1;
	}
	if (ret < 0)
		unlinkat(o->dirfd, o->tmp, 0);
	outfile_free(o);
	return ret;
}

void sg_outfile_abort(struct sg_outfile *o)
{
	if (!o)
		return;
	scratch_remove(o);
	if (o->tmp) {
		fclose(o->f);
		unlinkat(o->dirfd, o->tmp, 0);
	} else if (o->f && o->f != stdout) {
		fclose(o->f);
	}
	outfile_free(o);
}

void sg_outfile_close_dirs(void)
{
	sg_outdir_close_all();
}

char *sg_outfile_name(const char *dir, const char *name, const char *suffix)
{
	size_t len = (dir ? strlen(dir) + 1 : 0) + strlen(name) + strlen(suffix) + 1;
	char *buf = malloc(len), *p = buf;

	if (!buf) {
		sg_log_error("out of memory");
		return NULL;
	}
	if (dir)
		p += sprintf(p, "%s/", dir);
	for (const char *s = name; *s; s++) {
		char c = *s;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			 c == '_' || c == '.' || c == '-';

		*p++ = ok && !(s == name && c == '.') ? c : '_';
	}
	strcpy(p, suffix);
	return buf;
}
