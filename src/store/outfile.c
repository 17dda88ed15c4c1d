/* outfile.c - files written atomically: a temporary beside the target, renamed into place on commit. */
#define _GNU_SOURCE /* strndup */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "log.h"
#include "outfile.h"

struct sg_outfile {
	FILE *f;
	char *path, *tmp; /* tmp NULL for stdout */
};

/* Temporaries being written, for sg_outfile_remove_temporaries() in a signal handler. */
#define MAX_TEMPS 32
static char *volatile temps[MAX_TEMPS];

static void temp_register(char *tmp, int on)
{
	for (int i = 0; i < MAX_TEMPS; i++) {
		if (on ? !temps[i] : temps[i] == tmp) {
			temps[i] = on ? tmp : NULL;
			return;
		}
	}
}

void sg_outfile_remove_temporaries(void)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i])
			unlink(temps[i]);
}

static void outfile_free(struct sg_outfile *o)
{
	if (o->tmp)
		temp_register(o->tmp, 0);
	free(o->path);
	free(o->tmp);
	free(o);
}

/* Owned by root or by us: nobody else made it. */
static int ours(uid_t uid)
{
	return uid == 0 || uid == geteuid();
}

/*
 * Whether only root or we can change the entries of the directory holding path: owned by one
 * of us, and not writable by others (or sticky, where others cannot replace our entries).
 * own_entries: others may not even add entries (no sticky exception).
 */
static int dir_of_path_safe(const char *path, int own_entries)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, slash == path ? 1 : (size_t) (slash - path)) : NULL;
	struct stat st;
	int safe;

	if (slash && !dir)
		return 0;
	safe = stat(dir ? dir : ".", &st) == 0 && ours(st.st_uid) &&
	       (!(st.st_mode & (S_IWGRP | S_IWOTH)) || (!own_entries && (st.st_mode & S_ISVTX)));
	free(dir);
	return safe;
}

/* Whether fd is the file standard output already writes to (-o /dev/stdout). */
static int is_stdout(int fd)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && fstat(STDOUT_FILENO, &b) == 0 && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

/*
 * An existing target that is not a regular file: written in place, never created or truncated,
 * and only when it is a FIFO or a character device someone who may write there put there. A
 * link is followed only when root or we made it where nobody else can replace it (/dev/stdout);
 * a link or FIFO planted by another user would hand root's writes to a device or to a reader
 * of their choosing. O_NONBLOCK: a FIFO with no reader is refused at once, rather than holding
 * a live capture with the tracer on. -1 with a message, else the descriptor.
 */
static int open_special(const char *path, const struct stat *lst)
{
	int link = S_ISLNK(lst->st_mode);
	int flags = O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (link ? 0 : O_NOFOLLOW);
	struct stat st = { 0 };
	int fd;

	if (S_ISDIR(lst->st_mode)) {
		sg_log_error("cannot write %s: it is a directory", path);
		return -1;
	}
	if (link && !(ours(lst->st_uid) && dir_of_path_safe(path, 0))) {
		sg_log_error("%s is a symbolic link another user could have made (owner uid %d): not "
			     "followed; remove it or choose another path",
			     path, (int) lst->st_uid);
		return -1;
	}
	/* a block device is refused before it is opened; fstat below closes the race */
	if (stat(path, &st) == 0 && S_ISBLK(st.st_mode)) {
		sg_log_error("%s is a block device: not written", path);
		return -1;
	}
	fd = open(path, flags);
	if (fd < 0) {
		if (errno == ENXIO && S_ISFIFO(st.st_mode))
			sg_log_error("%s is a FIFO nobody reads: not waiting for a reader (start it "
				     "first, or use -o - and a pipe)",
				     path);
		else if (errno == ELOOP)
			sg_log_error("%s became a symbolic link: not followed", path);
		else
			sg_log_error("cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 ||
	    !(S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || (link && is_stdout(fd)))) {
		sg_log_error("%s is %s: only a regular file, a FIFO or a character device is written",
			     path, S_ISBLK(st.st_mode) ? "a block device" :
			     S_ISREG(st.st_mode)   ? "a link to a regular file (give its own path)" :
						     "neither");
		goto fail;
	}
	/* in a directory others can add to, only what root or we made is ours to write into */
	if (!link && !ours(st.st_uid) && !dir_of_path_safe(path, 1)) {
		sg_log_error("%s is a %s of uid %d in a directory others can write: not written "
			     "(use -o - and a pipe)",
			     path, S_ISFIFO(st.st_mode) ? "FIFO" : "device", (int) st.st_uid);
		goto fail;
	}
	/* opened: from here writes may wait for the reader, as a pipe's writer does */
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0) {
		sg_log_error("cannot write %s: %s", path, strerror(errno));
		goto fail;
	}
	return fd;
fail:
	close(fd);
	return -1;
}

struct sg_outfile *sg_outfile_open(const char *path)
{
	struct sg_outfile *o = calloc(1, sizeof(*o));
	struct stat st;
	mode_t mask;
	int fd;

	if (!o)
		goto oom;
	if (strcmp(path, "-") == 0) {
		o->f = stdout;
		return o;
	}
	/*
	 * A FIFO, a device or a terminal is written in place: renaming a temporary over it would
	 * replace it (as root, /dev/null would become an ordinary file). lstat: a link is judged
	 * itself, not by what it points to.
	 */
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		fd = open_special(path, &st);
		if (fd < 0)
			goto fail;
		if (is_stdout(fd)) {
			close(fd);
			o->f = stdout;
			return o;
		}
		o->path = strdup(path);
		o->f = o->path ? fdopen(fd, "w") : NULL;
		if (!o->f) {
			close(fd);
			goto oom;
		}
		return o;
	}
	o->path = strdup(path);
	o->tmp = malloc(strlen(path) + 16);
	if (!o->path || !o->tmp)
		goto oom;
	sprintf(o->tmp, "%s.tmp.XXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd >= 0)
		temp_register(o->tmp, 1);
	if (fd < 0) {
		sg_log_error("cannot create %s: %s", path, strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		goto fail;
	}
	/*
	 * mkstemp makes 0600; the file gets what open(O_CREAT, 0666) would give under the umask:
	 * the outputs name host, kernel, pids and tasks, and the user's umask says who may read.
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
			unlink(o->tmp);
		outfile_free(o);
	}
	return NULL;
}

int sg_outfile_check_dir(const char *dir)
{
	struct stat st;

	if (lstat(dir, &st) < 0) {
		sg_log_error("cannot use --outdir %s: %s", dir, strerror(errno));
		return -1;
	}
	if (S_ISLNK(st.st_mode)) {
		sg_log_error("--outdir %s is a symbolic link: not followed (give the directory "
			     "itself)",
			     dir);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		sg_log_error("--outdir %s is not a directory", dir);
		return -1;
	}
	if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX) && !ours(st.st_uid)) {
		sg_log_error("--outdir %s belongs to uid %d and others can write it: anyone could "
			     "replace the files written there; choose another directory",
			     dir, (int) st.st_uid);
		return -1;
	}
	return 0;
}

int sg_outfile_same(const char *path, const char *input)
{
	struct stat a, b;

	return strcmp(path, "-") != 0 && input && strcmp(input, "-") != 0 &&
	       stat(path, &a) == 0 && stat(input, &b) == 0 && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

FILE *sg_outfile_stream(struct sg_outfile *o)
{
	return o->f;
}

int sg_outfile_commit(struct sg_outfile *o)
{
	int ret = 0;

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
	if (ret == 0 && rename(o->tmp, o->path) != 0) {
		sg_log_error("cannot rename %s to %s: %s", o->tmp, o->path, strerror(errno));
		ret = -1;
	}
	if (ret < 0)
		unlink(o->tmp);
	outfile_free(o);
	return ret;
}

void sg_outfile_abort(struct sg_outfile *o)
{
	if (!o)
		return;
	if (o->tmp) {
		fclose(o->f);
		unlink(o->tmp);
	} else if (o->f && o->f != stdout) {
		fclose(o->f);
	}
	outfile_free(o);
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
