/* treelines.c - a .tree file's lines from a file or a pipe, one at a time, with a length limit. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "treelines.h"

#define CHUNK (64u << 10)

void sg_treelines_file(struct sg_treelines *s, FILE *in)
{
	memset(s, 0, sizeof(*s));
	s->in = in;
}

void sg_treelines_release(struct sg_treelines *s)
{
	free(s->buf);
	s->buf = NULL;
}

/* More bytes at buf[len..]. -1 on a read error. */
static int fill(struct sg_treelines *s)
{
	size_t got = fread(s->buf + s->len, 1, s->cap - s->len, s->in);

	if (!got && ferror(s->in))
		return -1;
	s->eof = !got;
	s->len += got;
	return 0;
}

ssize_t sg_treelines_next(struct sg_treelines *s, char **line, int *unterminated)
{
	for (size_t from = s->off;;) {
		char *nl = s->len > from ? memchr(s->buf + from, '\n', s->len - from) : NULL;

		if (nl || (s->eof && s->len > s->off)) {
			size_t end = nl ? (size_t) (nl - s->buf) : s->len;

			if (end - s->off > SG_TREELINES_MAX)
				return SG_TREELINES_TOO_LONG;
			*unterminated = !nl;
			s->buf[end] = '\0'; /* cap keeps a byte past len for this */
			*line = s->buf + s->off;
			s->off = nl ? end + 1 : s->len;
			return (ssize_t) (end - (size_t) (*line - s->buf));
		}
		if (s->eof)
			return SG_TREELINES_END;
		if (s->len - s->off > SG_TREELINES_MAX)
			return SG_TREELINES_TOO_LONG;
		/* the partial line to the front, room for more: at most SG_TREELINES_MAX and a
		 * chunk */
		if (s->off) {
			memmove(s->buf, s->buf + s->off, s->len - s->off);
			s->len -= s->off;
			s->off = 0;
		}
		from = s->len;
		if (s->cap - s->len < CHUNK + 1) {
			size_t ncap = s->cap ? s->cap * 2 : CHUNK * 2;
			char *b;

			if (ncap > SG_TREELINES_MAX + CHUNK * 2)
				ncap = SG_TREELINES_MAX + CHUNK * 2;
			if (!(b = realloc(s->buf, ncap))) {
				errno = ENOMEM;
				return SG_TREELINES_ERROR;
			}
			s->buf = b;
			s->cap = ncap;
		}
		s->cap--; /* the terminating NUL's byte stays free */
		int rc = fill(s);

		s->cap++;
		if (rc < 0)
			return SG_TREELINES_ERROR;
	}
}
