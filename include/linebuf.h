/* linebuf.h - bytes in, whole lines out: one growing buffer for reading traces from files and pipes. */
#ifndef SG_LINEBUF_H
#define SG_LINEBUF_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * A line without its '\n'; returns 0, or -1 to stop. line is NULL (len 0) where a line longer
 * than the buffer's limit was dropped, so the reader can count it in its place. A line
 * sg_linebuf_read(), _fill_lines() or _finish() delivers stays in place, unchanged, until the
 * next call on the same sg_linebuf (bytes move only when new ones come in): a reader may hold
 * it by reference until then, and copy it only if it still needs it.
 */
typedef int (*sg_line_fn)(void *ctx, const char *line, size_t len);

struct sg_linebuf;

/* Lines longer than max_line are dropped whole (reported to fn as NULL); NULL: no memory. */
struct sg_linebuf *sg_linebuf_new(size_t max_line);
void sg_linebuf_free(struct sg_linebuf *lb);

/* sg_linebuf_read() on a non-blocking fd with nothing to read now. */
#define SG_LINEBUF_AGAIN (-2)

/*
 * One read() from fd, delivering the lines it completes. Returns the bytes read, 0 at end of
 * file, SG_LINEBUF_AGAIN when a non-blocking fd has nothing now, -1 on a read error (message
 * set) or when fn stopped.
 */
ssize_t sg_linebuf_read(struct sg_linebuf *lb, int fd, sg_line_fn fn, void *ctx);

/* A source of bytes for sg_linebuf_fill_lines(): up to n bytes, 0 at its end, -1 with a message. */
typedef ssize_t (*sg_read_fn)(void *ctx, char *buf, size_t n);

/*
 * The whole lines a read completes, all at once: [s, s + n) holds one or more lines, each ended
 * by its '\n' (s[n - 1] is one), or s is NULL (n 0) where a line longer than the limit was
 * dropped. Returns 0, or -1 to stop. They stay in place as sg_line_fn's lines do.
 */
typedef int (*sg_lines_fn)(void *ctx, const char *s, size_t n);

/*
 * One call of rd (a decompressor, say), delivering the runs of lines its bytes complete. Returns
 * the bytes read, 0 at the end, -1 when rd failed (its message) or fn stopped.
 */
ssize_t sg_linebuf_fill_lines(struct sg_linebuf *lb, sg_read_fn rd, void *rctx, sg_lines_fn fn,
			      void *ctx);

/* End of input: deliver a last line that had no '\n'. -1 when fn stopped. */
int sg_linebuf_finish(struct sg_linebuf *lb, sg_line_fn fn, void *ctx);

#endif
