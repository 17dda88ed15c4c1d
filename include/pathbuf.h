/* pathbuf.h - a call path "a;b;c" kept while a depth-first walk goes down and up, names encoded per format. */
#ifndef SG_PATHBUF_H
#define SG_PATHBUF_H

#include <stddef.h>

/* Writes name encoded into dst (room for 3 bytes per byte of name); returns the length. */
typedef size_t (*sg_pathbuf_encoder)(char *dst, const char *name);

struct sg_pathbuf {
	char *path; /* NUL-terminated after each sg_pathbuf_set() */
	size_t len, cap;
	size_t *marks; /* path length up to each depth */
	size_t nmarks;
};

/*
 * Make the path end with name at depth (0 is the root): the part up to depth - 1 is kept
 * from the previous call, so a pre-order walk costs the length of each name once. Returns
 * the path, NULL with a message when out of memory.
 */
const char *sg_pathbuf_set(struct sg_pathbuf *pb, int depth, const char *name,
			   sg_pathbuf_encoder enc);

/* Frees what the buffer holds (the struct itself is the caller's). */
void sg_pathbuf_release(struct sg_pathbuf *pb);

/*
 * Folded stacks: ';' would split a frame, so it becomes ':'; control bytes become '?'.
 * The same in every folded output, so frames are named alike everywhere.
 */
size_t sg_pathbuf_folded(char *dst, const char *name);

/*
 * .tree files: '%', ';', tab and control bytes (C0, DEL, C1 0x80-0x9f) become %XX, so any name
 * survives exactly and none reaches a terminal as an escape sequence.
 */
size_t sg_pathbuf_escaped(char *dst, const char *name);

/* Whether sg_pathbuf_escaped() writes byte c as %XX. */
int sg_pathbuf_escapes(unsigned char c);

#endif
