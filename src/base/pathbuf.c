/* pathbuf.c - a call path "a;b;c" kept while a depth-first walk goes down and up, names encoded per format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "pathbuf.h"

const char *sg_pathbuf_set(struct sg_pathbuf *pb, int depth, const char *name,
			   sg_pathbuf_encoder enc)
{
	size_t base = depth > 0 && (size_t) depth <= pb->nmarks ? pb->marks[depth - 1] : 0;
	size_t need = base + 1 + 3 * strlen(name) + 1;

	if ((size_t) depth >= pb->nmarks) {
		size_t n = pb->nmarks ? pb->nmarks : 64;

		while (n <= (size_t) depth)
			n *= 2;
		size_t *m = realloc(pb->marks, n * sizeof(*m));

		if (!m)
			goto oom;
		pb->marks = m;
		pb->nmarks = n;
	}
	if (need > pb->cap) {
		size_t n = pb->cap ? pb->cap : 256;

		while (n < need)
			n *= 2;
		char *p = realloc(pb->path, n);

		if (!p)
			goto oom;
		pb->path = p;
		pb->cap = n;
	}
	pb->len = base;
	if (depth > 0)
		pb->path[pb->len++] = ';';
	pb->len += enc(pb->path + pb->len, name);
	pb->path[pb->len] = '\0';
	pb->marks[depth] = pb->len;
	return pb->path;
oom:
	sg_log_error("out of memory");
	return NULL;
}

void sg_pathbuf_release(struct sg_pathbuf *pb)
{
	free(pb->path);
	free(pb->marks);
	memset(pb, 0, sizeof(*pb));
}

size_t sg_pathbuf_folded(char *dst, const char *name)
{
	size_t n = 0;

	for (; *name; name++, n++) {
		unsigned char c = (unsigned char) *name;

		dst[n] = c == ';' ? ':' : (c < 0x20 || c == 0x7f) ? '?' : (char) c;
	}
	return n;
}

int sg_pathbuf_escapes(unsigned char c)
{
	/* C1 (0x80-0x9f) too, raw or the second byte of UTF-8's U+0080..U+009F: CSI, OSC */
	return c == '%' || c == ';' || c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

size_t sg_pathbuf_escaped(char *dst, const char *name)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = 0;

	for (; *name; name++) {
		unsigned char c = (unsigned char) *name;

		if (sg_pathbuf_escapes(c)) {
			dst[n++] = '%';
			dst[n++] = hex[c >> 4];
			dst[n++] = hex[c & 15];
		} else {
			dst[n++] = (char) c;
		}
	}
	return n;
}
