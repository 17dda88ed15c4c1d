/* treesave.c - a run's .tree file written safely: never over its input, atomically, the last kept.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "log.h"
#include "outfile.h"
#include "treefile.h"
#include "treesave.h"

/*
 * Whether writing a .tree to path is safe: -1 (message set) when path is the input itself,
 * 1 when it replaces a file of another kind (the caller says so), 2 when it replaces a .tree
 * (kept as .old), 0 otherwise.
 */
static int check_overwrite(const char *path, const char *input)
{
	struct stat st;
	char head[32];
	ssize_t n = 0;
	int fd;

	/* lstat: a link is not read through here; sg_outfile_open() judges it */
	if (strcmp(path, "-") == 0 || lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	if (sg_outfile_same(path, input)) {
		sg_log_error("%s is the input: not overwritten (choose another -o)", path);
		return -1;
	}
	if (!st.st_size)
		return 0;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
	if (fd >= 0) {
		n = read(fd, head, sizeof(head));
		close(fd);
	}
	return n > 0 && sg_treefile_sniff(head, (size_t) n) ? 2 : 1;
}

/*
 * The previous run becomes path.old, as perf keeps perf.data.old: a hard link, so path exists
 * until the new file is renamed over it (rename when the file system has no links).
 */
static int keep_old(const char *path, char **old)
{
	size_t n = strlen(path);

	*old = malloc(n + 5);
	if (!*old) {
		sg_log_error("out of memory");
		return -1;
	}
	memcpy(*old, path, n);
	memcpy(*old + n, ".old", 5);
	if ((unlink(*old) < 0 && errno != ENOENT) ||
	    (link(path, *old) < 0 && rename(path, *old) < 0)) {
		sg_log_error(
		    "cannot keep the previous %s as %s: %s (give another -o, or --no-save)", path,
		    *old, strerror(errno));
		free(*old);
		*old = NULL;
		return -1;
	}
	return 0;
}

int sg_treesave_can_write(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[4096];
	struct stat st;

	if (strcmp(path, "-") == 0)
		return 0;
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int) (slash - path), path);
	/* an existing file can still be replaced: what matters is creating the temporary beside it;
	 * a directory still to be made (--outdir) is made in the nearest one that exists */
	while (access(dir, W_OK | X_OK) < 0 && errno == ENOENT && strcmp(dir, "/") &&
	       strcmp(dir, ".")) {
		char *up = strrchr(dir, '/');

		if (!up)
			snprintf(dir, sizeof(dir), ".");
		else
			up[up == dir] = '\0';
	}
	/* not a directory at all: the writer's own message names the option */
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))
		return 0;
	if (access(dir, W_OK | X_OK) < 0) {
		sg_log_error("cannot write %s: %s: %s (give -o PATH, --outdir DIR or --no-save)",
			     path, dir, strerror(errno));
		return -1;
	}
	return 0;
}

int sg_treesave_write(const char *path, const char *input, struct sg_aggregate *agg, char **old)
{
	struct sg_outfile *o;
	int kind = check_overwrite(path, input);

	*old = NULL;
	if (kind < 0)
		return -1;
	if (kind == 1)
		fprintf(stderr, "surfgraph: replacing %s, which was not a .tree file\n", path);
	o = sg_outfile_open(path);
	if (!o)
		return -1;
	if (sg_treefile_write(sg_outfile_stream(o), agg) < 0 || (kind == 2 && keep_old(path, old) < 0)) {
		sg_outfile_abort(o);
		return -1;
	}
	return sg_outfile_commit(o);
}
