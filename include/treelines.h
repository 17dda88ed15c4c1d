/* treelines.h - a .tree file's lines from a file or a pipe, one at a time, with a length limit. */
#ifndef SG_TREELINES_H
#define SG_TREELINES_H

#include <stdio.h>
#include <sys/types.h>

/*
 * The longest line read: the text reader's own limit (input_text.c), which bounds a name. A file
 * whose paths are longer (many long names nested) is refused at that line, and a stream that
 * never ends a line costs this much memory, not the stream's size.
 */
#define SG_TREELINES_MAX (64u << 20)

/* sg_treelines_next()'s ends: the input's, a read error (errno set), a line past the limit. */
enum { SG_TREELINES_END = -1, SG_TREELINES_ERROR = -2, SG_TREELINES_TOO_LONG = -3 };

/* Where the lines come from (compressed input arrives as a FILE too, through decomp.c); the
 * fields are the reader's own. */
struct sg_treelines {
	FILE *in;
	char *buf;
	size_t off, len, cap; /* buf[off..len): read, not yet given out as lines */
	int eof;
};

/* Lines from a FILE. */
void sg_treelines_file(struct sg_treelines *s, FILE *in);

/*
 * The next line, NUL-terminated in place without its newline (valid until the next call): its
 * length, or one of the ends above. *unterminated: the input's last bytes, with no newline.
 */
ssize_t sg_treelines_next(struct sg_treelines *s, char **line, int *unterminated);

/* Free the buffer (the FILE stays the caller's). */
void sg_treelines_release(struct sg_treelines *s);

#endif
