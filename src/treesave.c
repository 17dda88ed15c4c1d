/* treesave.c - writing a run's .tree file safely: never over its input, atomically. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "log.h"
#include "outfile.h"
#include "treefile.h"
#include "treesave.h"

/*
 * Whether writing a .tree to path is safe: -1 (message set) when path is the input itself,
 * 1 when it replaces a file of another kind (the caller says so), 0 otherwise.
 */
static int check_overwrite(const char *path, const char *input)
{
	struct stat st, in;
	char head[32];
	ssize_t n = 0;
	int fd;

	if (strcmp(path, "-") == 0 || stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	if (input && strcmp(input, "-") && stat(input, &in) == 0 && in.st_dev == st.st_dev &&
	    in.st_ino == st.st_ino) {
		sg_log_error("%s is the input: not overwritten (choose another -o)", path);
		return -1;
	}
	if (!st.st_size)
		return 0;
	fd = open(path, O_RDONLY);
	if (fd >= 0) {
		n = read(fd, head, sizeof(head));
		close(fd);
	}
	return n > 0 && sg_treefile_sniff(head, (size_t) n) ? 0 : 1;
}

int sg_treesave_write(const char *path, const char *input, struct sg_aggregate *agg)
{
	struct sg_outfile *o;
	int kind = check_overwrite(path, input);

	if (kind < 0)
		return -1;
	if (kind > 0)
		fprintf(stderr, "surfgraph: replacing %s, which was not a .tree file\n", path);
	o = sg_outfile_open(path);
	if (!o)
		return -1;
	if (sg_treefile_write(sg_outfile_stream(o), agg) < 0) {
		sg_outfile_abort(o);
		return -1;
	}
	return sg_outfile_commit(o);
}
