/* outown.c - whose file an output would replace: one surfgraph wrote, or someone else's. */
#define _GNU_SOURCE /* memmem, renameat2 */
#include <dirent.h>
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
#include "outown.h"
#include "treefile.h"

/* Enough for every marker below: the PNG's text chunk follows its 33-byte header. */
#define HEAD 4096
/* cairo writes a PDF's Info dictionary (its /Creator) near the end */
#define TAIL 4096

static int starts(const char *s, size_t n, const char *prefix)
{
	size_t p = strlen(prefix);

	return n >= p && memcmp(s, prefix, p) == 0;
}

static int has(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle)) != NULL;
}

/* A folded diff: every whole line "STACK BEFORE AFTER", two counts after the last spaces. */
static int folded_diff(const char *s, size_t n)
{
	const char *end = memrchr(s, '\n', n);
	int lines = 0;

	if (!end)
		return 0;
	for (const char *p = s; p < end; lines++) {
		const char *nl = memchr(p, '\n', (size_t) (end + 1 - p));
		const char *q = nl;
		int counts = 0;

		while (counts < 2) {
			const char *d = q;

			while (d > p && d[-1] >= '0' && d[-1] <= '9')
				d--;
			if (d == q || d == p || d[-1] != ' ')
				return 0;
			q = d - 1;
			counts++;
		}
		if (q == p || memchr(p, '\t', (size_t) (nl - p)))
			return 0;
		p = nl + 1;
	}
	return lines > 0;
}

enum sg_outown sg_outown_recognise(const char *head, size_t head_len, const char *tail,
				   size_t tail_len, const char **what)
{
	*what = "a file surfgraph did not write";
	if (!head_len)
		return SG_OUTOWN_NONE;
	if (sg_treefile_sniff(head, head_len))
		return SG_OUTOWN_OURS;
	if (starts(head, head_len, "<?xml") &&
	    has(head, head_len < 512 ? head_len : 512, "<!-- surfgraph "))
		return SG_OUTOWN_OURS;
	/* cairo_out.c puts the chunk right after IHDR: 8 + 25 bytes, then length and type */
	if (starts(head, head_len, "\x89PNG\r\n\x1a\n"))
		return head_len >= 37 + 22 && memcmp(head + 37, "tEXtSoftware\0surfgraph", 22) == 0
			   ? SG_OUTOWN_OURS
			   : (*what = "a PNG surfgraph did not write", SG_OUTOWN_FOREIGN);
	if (starts(head, head_len, "%PDF-"))
		return has(tail, tail_len, "/Creator (surfgraph)")
			   ? SG_OUTOWN_OURS
			   : (*what = "a PDF surfgraph did not write", SG_OUTOWN_FOREIGN);
	/* diff's text and JSON, as diff_text.c and diff_json.c begin them */
	if (starts(head, head_len, "BEFORE ") && has(head, head_len, "\nAFTER  "))
		return SG_OUTOWN_OURS;
	if (starts(head, head_len, "{\n  \"before\": \""))
		return SG_OUTOWN_OURS;
	if (folded_diff(head, head_len))
		return SG_OUTOWN_OURS;
	if (starts(head, head_len, "\x1f\x8b") || starts(head, head_len, "\xfd\x37zXZ") ||
	    starts(head, head_len, "\x28\xb5\x2f\xfd"))
		*what = "a compressed file";
	else if (starts(head, head_len, "\x17\x08\x44tracing"))
		*what = "a trace.dat";
	else if (has(head, head_len, "# tracer: ") || has(head, head_len, "|  /* ") ||
		 has(head, head_len, ") |  "))
		*what = "a trace";
	return SG_OUTOWN_FOREIGN;
}

/*
 * The regular file name in directory dirfd, judged by its content (read through dirfd with
 * O_NOFOLLOW, never through a link): NONE when it is missing, empty, or not a regular file
 * (those are outfile.c's to judge). *what as sg_outown_recognise() sets it.
 */
static enum sg_outown judge_name(int dirfd, const char *name, const char **what)
{
	static char head[HEAD], tail[TAIL];
	ssize_t h, t = 0;
	struct stat st;
	int fd;

	*what = "a file surfgraph did not write";
	/* O_NONBLOCK: should a FIFO take its place meanwhile, the read does not wait for it */
	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return SG_OUTOWN_NONE;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !st.st_size) {
		close(fd);
		return SG_OUTOWN_NONE;
	}
	h = pread(fd, head, sizeof(head), 0);
	if (h > 0 && st.st_size > (off_t) sizeof(tail))
		t = pread(fd, tail, sizeof(tail), st.st_size - (off_t) sizeof(tail));
	else if (h > 0)
		memcpy(tail, head, (size_t) (t = h));
	close(fd);
	/* unreadable: as good as someone else's, never replaced unasked */
	if (h <= 0 || t < 0)
		return SG_OUTOWN_FOREIGN;
	return sg_outown_recognise(head, (size_t) h, tail, (size_t) t, what);
}

/* --force: a file surfgraph did not write may be replaced */
static int force_replace;

void sg_outown_set_force(int force)
{
	force_replace = force;
}

int sg_outown_check(int dirfd, const char *name, const char *path)
{
	const char *what;
	enum sg_outown own = judge_name(dirfd, name, &what);
	char *old;

	if (own == SG_OUTOWN_FOREIGN && !force_replace) {
		sg_log_error("%s exists and is %s: not replaced (choose another name, or --force "
			     "to replace it)",
			     path, what);
		return -1;
	}
	if (own != SG_OUTOWN_OURS)
		return 0;
	old = malloc(strlen(name) + 5);
	if (!old) {
		sg_log_error("out of memory");
		return -1;
	}
	sprintf(old, "%s.old", name);
	own = judge_name(dirfd, old, &what);
	free(old);
	if (own == SG_OUTOWN_FOREIGN && !force_replace) {
		sg_log_error("%s.old exists and is %s: %s's previous version would replace it "
			     "(move it, or --force)",
			     path, what, path);
		return -1;
	}
	return 1;
}

/*
 * Whether name is one of a run's own graphs, "BASE.EXT" or "BASE-X.EXT" (with ".old" after it
 * when old): X the invocation's number (six digits or more) or a pick's role.
 */
static int in_set(const char *name, const char *base, const char *ext, int old)
{
	size_t b = strlen(base), e = strlen(ext), n = strlen(name), x;
	const char *p;

	if (old) {
		if (n < 4 || strcmp(name + n - 4, ".old"))
			return 0;
		n -= 4;
	}
	/* BASE.EXT, the merged graph, goes with them */
	if (n == b + 1 + e && !strncmp(name, base, b) && name[b] == '.' &&
	    !strncmp(name + b + 1, ext, e))
		return 1;
	if (n < b + 1 + 1 + e || strncmp(name, base, b) || name[b] != '-' ||
	    name[n - e - 1] != '.' || strncmp(name + n - e, ext, e))
		return 0;
	p = name + b + 1;
	x = n - e - 1 - (b + 1);
	if ((x == 7 && !strncmp(p, "slowest", 7)) || (x == 7 && !strncmp(p, "typical", 7)))
		return 1;
	if (x < 6)
		return 0;
	for (size_t i = 0; i < x; i++)
		if (p[i] < '0' || p[i] > '9')
			return 0;
	return 1;
}

/*
 * Whether the set's file name is ours to move or remove: surfgraph's by its content, and made
 * by root or us (in a directory others share, a copy planted by another user is left alone).
 */
static int set_member_ours(int dirfd, const char *name)
{
	struct stat st;
	const char *what;

	return fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
	       sg_outdir_ours(st.st_uid) && judge_name(dirfd, name, &what) == SG_OUTOWN_OURS;
}

int sg_outown_rotate_set(int dirfd, const char *base, const char *ext)
{
	int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	if (!d) {
		if (fd >= 0)
			close(fd);
		sg_log_error("cannot read the directory of %s-N.%s: %s", base, ext,
			     strerror(errno));
		return -1;
	}
	/* the run before the last: its graphs, kept as .old, go */
	for (struct dirent *e; (e = readdir(d));)
		if (in_set(e->d_name, base, ext, 1) && set_member_ours(dirfd, e->d_name))
			unlinkat(dirfd, e->d_name, 0);
	rewinddir(d);
	/* the last run's become .old, together; never over a file of someone else's */
	for (struct dirent *e; (e = readdir(d));) {
		char old[NAME_MAX + 1];

		if (!in_set(e->d_name, base, ext, 0) || !set_member_ours(dirfd, e->d_name) ||
		    snprintf(old, sizeof(old), "%s.old", e->d_name) >= (int) sizeof(old))
			continue;
		renameat2(dirfd, e->d_name, dirfd, old, RENAME_NOREPLACE);
	}
	closedir(d);
	return 0;
}
