/* outspecial.c - an existing output that is no regular file: links judged, written in place. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>
#include "log.h"
#include "outdir.h"
#include "outspecial.h"

/* Whether st is the file standard output already writes to. */
static int is_stdout(const struct stat *st)
{
	struct stat out;

	return fstat(STDOUT_FILENO, &out) == 0 && st->st_dev == out.st_dev &&
	       st->st_ino == out.st_ino;
}

/*
 * Whether link name in dirfd, already judged, is one of procfs's own (/proc/self/fd/1: the
 * kernel's, not a name to read and walk; "pipe:[N]" is none) leading to standard output. Asked
 * only of a link in procfs: following any other would pass the links after it unjudged.
 */
static int proc_link_is_stdout(int dirfd, const char *name)
{
	struct statfs fs;
	struct stat st;

	return fstatfs(dirfd, &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC &&
	       fstatat(dirfd, name, &st, 0) == 0 && is_stdout(&st);
}

/*
 * The end of a chain of links from name in *dir (lst its lstat): each link is followed only
 * when root or we made it where nobody else can replace it, its target walked component by
 * component as any path (sg_outdir_walk), so the end is judged where it is, as a direct path
 * is. *dir and *name are replaced by the end's directory (a descriptor to close) and name.
 * 1 when the chain, each link judged, reaches standard output (/dev/stdout), else 0 or -1.
 */
static int follow_links(const char *path, int *dir, char **name, struct stat *lst, int *links)
{
	while (S_ISLNK(lst->st_mode)) {
		char *target, *slash, *base;

		/* judged first: another user's link to /proc/self/fd/1 is not our stdout */
		if (!sg_outdir_link_trusted(*dir, lst)) {
			if (!*links)
				sg_log_error(
				    "%s is a symbolic link another user could have made (owner "
				    "uid %d): not followed; remove it or choose another path",
				    path, (int) lst->st_uid);
			else
				sg_log_error(
				    "%s leads to %s, a symbolic link another user could have "
				    "made (owner uid %d): not followed; remove it or choose "
				    "another path",
				    path, *name, (int) lst->st_uid);
			return -1;
		}
		if (proc_link_is_stdout(*dir, *name))
			return 1;
		if (++*links > 40) {
			sg_log_error("cannot open %s: %s", path, strerror(ELOOP));
			return -1;
		}
		target = malloc(PATH_MAX);
		if (!target) {
			sg_log_error("out of memory");
			return -1;
		}
		ssize_t n = readlinkat(*dir, *name, target, PATH_MAX - 1);

		if (n <= 0) {
			sg_log_error("cannot open %s: %s", path,
				     n < 0 ? strerror(errno) : "empty link");
			free(target);
			return -1;
		}
		target[n] = '\0';
		slash = strrchr(target, '/');
		base = slash ? slash + 1 : target;
		if (!*base) {
			sg_log_error("cannot write %s: it is a directory", path);
			free(target);
			return -1;
		}
		if (slash) {
			int next;

			char *label = malloc(strlen(path) + 16);

			if (!label) {
				sg_log_error("out of memory");
				free(target);
				return -1;
			}
			sprintf(label, "cannot write %s", path);
			/* "/x": the root; "a/x": a, from the link's own directory */
			if (slash == target)
				next = sg_outdir_walk(*dir, "/", links, label);
			else {
				*slash = '\0';
				next = sg_outdir_walk(*dir, target, links, label);
			}
			free(label);
			if (next < 0) {
				free(target);
				return -1;
			}
			close(*dir);
			*dir = next;
		}
		free(*name);
		*name = strdup(base);
		free(target);
		if (!*name) {
			sg_log_error("out of memory");
			return -1;
		}
		if (fstatat(*dir, *name, lst, AT_SYMLINK_NOFOLLOW) < 0) {
			sg_log_error("cannot open %s: %s", path, strerror(errno));
			return -1;
		}
	}
	return is_stdout(lst);
}

int sg_outspecial_open(const char *path, int dirfd, const char *name, struct stat *lst)
{
	int dir = fcntl(dirfd, F_DUPFD_CLOEXEC, 0), links = 0, fd = -1, end_stdout;
	char *end = strdup(name);
	struct stat st;

	if (dir < 0 || !end) {
		sg_log_error("cannot open %s: %s", path,
			     dir < 0 ? strerror(errno) : "out of memory");
		goto fail;
	}
	end_stdout = follow_links(path, &dir, &end, lst, &links);
	if (end_stdout < 0)
		goto fail;
	if (end_stdout) {
		close(dir);
		free(end);
		return SG_OUTSPECIAL_STDOUT;
	}
	if (S_ISDIR(lst->st_mode)) {
		sg_log_error("cannot write %s: it is a directory", path);
		goto fail;
	}
	/* judged before it is opened: opening a device can be an act of its own */
	if (S_ISBLK(lst->st_mode)) {
		sg_log_error("%s is a block device: not written", path);
		goto fail;
	}
	if (!S_ISFIFO(lst->st_mode) && !S_ISCHR(lst->st_mode)) {
		sg_log_error(
		    "%s is %s: only a regular file, a FIFO or a character device is written", path,
		    S_ISREG(lst->st_mode) ? "a link to a regular file (give its own path)"
					  : "neither");
		goto fail;
	}
	/* in a directory others can add to, only what root or we made is ours to write into */
	if (!sg_outdir_ours(lst->st_uid) && !sg_outdir_safe(dir, 1)) {
		sg_log_error("%s is a %s of uid %d in a directory others can write: not written "
			     "(use -o - and a pipe)",
			     path, S_ISFIFO(lst->st_mode) ? "FIFO" : "device", (int) lst->st_uid);
		goto fail;
	}
	fd = openat(dir, end, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0) {
		if (errno == ENXIO && S_ISFIFO(lst->st_mode))
			sg_log_error("%s is a FIFO nobody reads: not waiting for a reader (start it "
				     "first, or use -o - and a pipe)",
				     path);
		else if (errno == ELOOP)
			sg_log_error("%s became a symbolic link: not followed", path);
		else
			sg_log_error("cannot open %s: %s", path, strerror(errno));
		goto fail;
	}
	/* what was judged is what was opened */
	if (fstat(fd, &st) < 0 || st.st_dev != lst->st_dev || st.st_ino != lst->st_ino) {
		sg_log_error("%s changed while it was opened: not written", path);
		goto fail;
	}
	/* opened: from here writes may wait for the reader, as a pipe's writer does */
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0) {
		sg_log_error("cannot write %s: %s", path, strerror(errno));
		goto fail;
	}
	close(dir);
	free(end);
	return fd;
fail:
	if (fd >= 0)
		close(fd);
	if (dir >= 0)
		close(dir);
	free(end);
	return -1;
}
