/* linebuf.c - bytes in, whole lines out: one growing buffer for reading traces from files and pipes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "linebuf.h"
#include "log.h"

#define FIRST_CAP (1u << 20)

struct sg_linebuf {
	char *buf;
	/*
	 * Bytes [start, len) are the line not yet complete; the lines before start, delivered,
	 * stay in place until the next call that takes bytes (see linebuf.h).
	 */
	size_t start, len, cap, max_line;
	int skipping; /* inside a line too long to keep: drop until its '\n' */
};

struct sg_linebuf *sg_linebuf_new(size_t max_line)
{
	struct sg_linebuf *lb = calloc(1, sizeof(*lb));

	if (!lb)
		return NULL;
	lb->cap = FIRST_CAP;
	lb->max_line = max_line < FIRST_CAP ? FIRST_CAP : max_line;
	lb->buf = malloc(lb->cap);
	if (!lb->buf) {
		free(lb);
		return NULL;
	}
	return lb;
}

void sg_linebuf_free(struct sg_linebuf *lb)
{
	if (!lb)
		return;
	free(lb->buf);
	free(lb);
}

/* Deliver the whole lines in buf[start..len), scanning from `from`; start moves past them. */
static int deliver(struct sg_linebuf *lb, size_t from, sg_line_fn fn, void *ctx)
{
	size_t start = lb->start;
	char *nl;

	while ((nl = memchr(lb->buf + from, '\n', lb->len - from))) {
		size_t end = (size_t) (nl - lb->buf);

		const char *line = lb->skipping ? NULL : lb->buf + start;

		lb->skipping = 0;
		if (fn(ctx, line, line ? end - start : 0) < 0) {
			lb->start = end + 1;
			return -1;
		}
		start = from = end + 1;
	}
	lb->start = start;
	return 0;
}

/* The same, the whole lines at once: from start up to the last '\n'. */
static int deliver_lines(struct sg_linebuf *lb, size_t from, sg_lines_fn fn, void *ctx)
{
	size_t start = lb->start, last = lb->len;

	if (lb->skipping) {
		char *nl = memchr(lb->buf + from, '\n', lb->len - from);

		if (!nl)
			return 0;
		lb->skipping = 0;
		lb->start = start = from = (size_t) (nl - lb->buf) + 1;
		if (fn(ctx, NULL, 0) < 0)
			return -1;
	}
	/* the line not yet complete is the one after the last '\n': short, looked for backwards */
	while (last > from && lb->buf[last - 1] != '\n')
		last--;
	if (last == from)
		return 0;
	lb->start = last;
	return fn(ctx, lb->buf + start, last - start);
}

/*
 * Room for more bytes: the incomplete line moves to the front (only now, so that the lines
 * delivered by the previous call stayed in place until this one), then the buffer grows up to
 * max_line; a longer line is dropped and counted.
 */
static int make_room(struct sg_linebuf *lb)
{
	if (lb->start) {
		lb->len -= lb->start;
		memmove(lb->buf, lb->buf + lb->start, lb->len);
		lb->start = 0;
	}
	if (lb->len < lb->cap)
		return 0;
	if (lb->cap >= lb->max_line) {
		lb->skipping = 1;
		lb->len = 0;
		return 0;
	}
	char *n = realloc(lb->buf, lb->cap * 2);

	if (!n) {
		sg_log_error("out of memory");
		return -1;
	}
	lb->buf = n;
	lb->cap *= 2;
	return 0;
}

/* One read() from fd appended: the bytes read, SG_LINEBUF_AGAIN, or -1 (message set). */
static ssize_t take_fd(struct sg_linebuf *lb, int fd)
{
	ssize_t n;

	if (make_room(lb) < 0)
		return -1;
	do
		n = read(fd, lb->buf + lb->len, lb->cap - lb->len);
	while (n < 0 && errno == EINTR);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return SG_LINEBUF_AGAIN;
	if (n < 0) {
		sg_log_error("read failed: %s", strerror(errno));
		return -1;
	}
	lb->len += (size_t) n;
	return n;
}

/* One call of rd appended: the bytes read, 0 at its end, -1 when it failed (its message). */
static ssize_t take_rd(struct sg_linebuf *lb, sg_read_fn rd, void *rctx)
{
	ssize_t n;

	if (make_room(lb) < 0)
		return -1;
	n = rd(rctx, lb->buf + lb->len, lb->cap - lb->len);
	if (n > 0)
		lb->len += (size_t) n;
	return n;
}

ssize_t sg_linebuf_read(struct sg_linebuf *lb, int fd, sg_line_fn fn, void *ctx)
{
	ssize_t n = take_fd(lb, fd);

	if (n < 0)
		return n;
	/* the new bytes: make_room() may have moved or dropped the old ones */
	size_t from = lb->len - (size_t) n;

	return deliver(lb, from, fn, ctx) < 0 ? -1 : n;
}

ssize_t sg_linebuf_fill_lines(struct sg_linebuf *lb, sg_read_fn rd, void *rctx, sg_lines_fn fn,
			      void *ctx)
{
	ssize_t n = take_rd(lb, rd, rctx);

	if (n <= 0)
		return n;
	size_t from = lb->len - (size_t) n;

	return deliver_lines(lb, from, fn, ctx) < 0 ? -1 : n;
}

int sg_linebuf_finish(struct sg_linebuf *lb, sg_line_fn fn, void *ctx)
{
	int r = 0;

	if (lb->skipping)
		r = fn(ctx, NULL, 0);
	else if (lb->len > lb->start)
		r = fn(ctx, lb->buf + lb->start, lb->len - lb->start);
	lb->start = lb->len = 0;
	lb->skipping = 0;
	return r;
}
