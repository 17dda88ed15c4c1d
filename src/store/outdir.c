/* outdir.c - the directories outputs go into: opened once past no untrusted link, checked, held. */
#define _GNU_SOURCE /* O_PATH */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "log.h"
#include "outdir.h"

#define MAX_LINKS 40 /* as the kernel's own limit on a path's links */

/* The directories opened so far, by the name they were given: one descriptor each, all run. */
static struct held {
	char *name;
	int fd;
} * held;
static int nheld;

int sg_outdir_ours(uid_t uid)
{
	return uid == 0 || uid == geteuid();
}

int sg_outdir_safe(int dirfd, int own_entries)
{
	struct stat st;

	return fstat(dirfd, &st) == 0 && S_ISDIR(st.st_mode) && sg_outdir_ours(st.st_uid) &&
	       (!(st.st_mode & (S_IWGRP | S_IWOTH)) || (!own_entries && (st.st_mode & S_ISVTX)));
}

int sg_outdir_link_trusted(int dirfd, const struct stat *lst)
{
	return sg_outdir_ours(lst->st_uid) && sg_outdir_safe(dirfd, 0);
}

/* The target of link name in dirfd, malloc'd; NULL with a message. */
static char *read_link(int dirfd, const char *name, const char *label)
{
	char *buf = malloc(PATH_MAX);
	ssize_t n;

	if (!buf) {
		sg_log_error("out of memory");
		return NULL;
	}
	n = readlinkat(dirfd, name, buf, PATH_MAX - 1);
	if (n <= 0) {
		sg_log_error("%s: reading the link %s: %s", label, name,
			     n < 0 ? strerror(errno) : "empty");
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

int sg_outdir_walk(int at, const char *path, int *links, const char *label)
{
	const char *p = path;
	int fd = *path == '/'	  ? open("/", O_PATH | O_DIRECTORY | O_CLOEXEC)
		 : at == AT_FDCWD ? open(".", O_PATH | O_DIRECTORY | O_CLOEXEC)
				  : fcntl(at, F_DUPFD_CLOEXEC, 0);

	if (fd < 0) {
		sg_log_error("%s: %s", label, strerror(errno));
		return -1;
	}
	while (*p) {
		size_t len = strcspn(p, "/");
		char comp[NAME_MAX + 1];
		struct stat st;
		int next;

		if (len == 0 || (len == 1 && *p == '.')) {
			p += len ? len : 1;
			continue;
		}
		if (len > NAME_MAX) {
			sg_log_error("%s: %s", label, strerror(ENAMETOOLONG));
			goto fail;
		}
		memcpy(comp, p, len);
		comp[len] = '\0';
		p += len;
		/* lstat: a link is judged (who made it, and where) before it is followed */
		if (fstatat(fd, comp, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			sg_log_error("%s: %.*s: %s", label, (int) (p - path), path,
				     strerror(errno));
			goto fail;
		}
		if (S_ISLNK(st.st_mode)) {
			char *target;

			if (!sg_outdir_link_trusted(fd, &st)) {
				sg_log_error("%s: %.*s is a symbolic link another user could have "
					     "made (owner uid %d): not followed",
					     label, (int) (p - path), path, (int) st.st_uid);
				goto fail;
			}
			if (++*links > MAX_LINKS) {
				sg_log_error("%s: %s", label, strerror(ELOOP));
				goto fail;
			}
			target = read_link(fd, comp, label);
			if (!target)
				goto fail;
			/* the target judged as any path, from the link's own directory */
			next = sg_outdir_walk(fd, target, links, label);
			free(target);
		} else {
			next = openat(fd, comp, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (next < 0)
				sg_log_error("%s: %.*s: %s", label, (int) (p - path), path,
					     errno == ELOOP ? "became a symbolic link: not followed"
							    : strerror(errno));
		}
		close(fd);
		fd = next;
		if (fd < 0)
			return -1;
	}
	return fd;
fail:
	close(fd);
	return -1;
}

/* --outdir: made when missing in its parent (which must exist), never itself a link. */
static int open_option_dir(const char *dir, const char *label, const char *walk)
{
	const char *slash = strrchr(dir, '/'), *base = slash ? slash + 1 : dir;
	char *parent = slash ? strndup(dir, slash == dir ? 1 : (size_t) (slash - dir)) : NULL;
	struct stat st;
	int links = 0, pfd, fd = -1;

	if (slash && !parent) {
		sg_log_error("out of memory");
		return -1;
	}
	/* "." and ".." are never links, and never made */
	if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
		free(parent);
		return sg_outdir_walk(AT_FDCWD, dir, &links, walk);
	}
	pfd = sg_outdir_walk(AT_FDCWD, parent ? parent : ".", &links, walk);
	free(parent);
	if (pfd < 0)
		return -1;
	if (mkdirat(pfd, base, 0777) < 0 && errno != EEXIST)
		sg_log_error("cannot create %s: %s", dir, strerror(errno));
	else if (fstatat(pfd, base, &st, AT_SYMLINK_NOFOLLOW) < 0)
		sg_log_error("cannot use %s: %s", label, strerror(errno));
	else if (S_ISLNK(st.st_mode))
		sg_log_error("%s is a symbolic link: not followed (give the directory itself)",
			     label);
	else if (!S_ISDIR(st.st_mode))
		sg_log_error("%s is not a directory", label);
	else if ((fd = openat(pfd, base, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		sg_log_error("cannot use %s: %s", label,
			     errno == ELOOP ? "it became a symbolic link: not followed"
					    : strerror(errno));
	close(pfd);
	return fd;
}

int sg_outdir_open(const char *dir, const char *option, const char *file)
{
	size_t len = strlen(dir),
	       n = len + (option ? strlen(option) : 0) + (file ? strlen(file) : 0) + 32;
	char *name, *label, *walk;
	struct held *h;
	struct stat st;
	int fd, links = 0;

	if (!len) {
		sg_log_error("%s wants a directory name, not ''", option ? option : "an output");
		return -1;
	}
	/* "d/" would follow a link d, as the kernel resolves a trailing slash: the name is d */
	while (len > 1 && dir[len - 1] == '/')
		len--;
	for (int i = 0; i < nheld; i++)
		if (strlen(held[i].name) == len && memcmp(held[i].name, dir, len) == 0)
			return held[i].fd;
	name = strndup(dir, len);
	label = malloc(n);
	walk = malloc(n);
	h = realloc(held, (size_t) (nheld + 1) * sizeof(*held));
	if (h)
		held = h;
	if (!name || !label || !walk || !h) {
		sg_log_error("out of memory");
		fd = -1;
		goto out;
	}
	/* messages name the option, or the file that was to be written */
	if (option) {
		snprintf(label, n, "%s %s", option, name);
		snprintf(walk, n, "cannot use %s %s", option, name);
	} else {
		snprintf(label, n, "directory %s", name);
		snprintf(walk, n, "cannot write %s%s", file ? "" : "into ", file ? file : name);
	}
	fd = option ? open_option_dir(name, label, walk)
		    : sg_outdir_walk(AT_FDCWD, name, &links, walk);
	if (fd < 0)
		goto out;
	/* judged by what was opened, not by the name, which may already be another directory */
	if (fstat(fd, &st) < 0) {
		sg_log_error("%s: %s", walk, strerror(errno));
	} else if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX) &&
		   !sg_outdir_ours(st.st_uid)) {
		sg_log_error(
		    "%s belongs to uid %d and others can write it: anyone could replace the "
		    "files written there; choose another directory",
		    label, (int) st.st_uid);
	} else {
		held[nheld].name = name;
		held[nheld++].fd = fd;
		free(label);
		free(walk);
		return fd;
	}
	close(fd);
	fd = -1;
out:
	free(name);
	free(label);
	free(walk);
	return fd;
}

void sg_outdir_close_all(void)
{
	for (int i = 0; i < nheld; i++) {
		close(held[i].fd);
		free(held[i].name);
	}
	free(held);
	held = NULL;
	nheld = 0;
}
