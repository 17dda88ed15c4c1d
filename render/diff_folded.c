/* diff_folded.c - a comparison as two-column folded stacks (-m folded): "a;b;c BEFORE AFTER". */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "diff_folded.h"
#include "log.h"

/* The same cleaning as render_folded.c, so both kinds of folded output name frames alike. */
static size_t put_name(char *dst, const char *s)
{
	size_t n = 0;

	for (; *s; s++, n++) {
		unsigned char c = (unsigned char) *s;

		dst[n] = c == ';' ? ':' : (c < 0x20 || c == 0x7f) ? '?' : (char) c;
	}
	return n;
}

int sg_diff_folded_render(FILE *out, const struct sg_treediff *d)
{
	const struct sg_treediff_node *top = d->top, *n = top->child;
	size_t *marks = NULL, mcap = 0, plen = 0, pcap = 0;
	char *path = NULL;
	int depth = 0, ret = -1;

	while (n) {
		size_t base = depth ? marks[depth - 1] : 0, need = base + strlen(n->name) + 2;

		if ((size_t) depth >= mcap) {
			size_t ncap = mcap ? mcap * 2 : 64;
			size_t *m = realloc(marks, ncap * sizeof(*m));

			if (!m)
				goto nomem;
			marks = m;
			mcap = ncap;
		}
		if (need > pcap) {
			size_t ncap = pcap ? pcap : 256;

			while (ncap < need)
				ncap *= 2;
			char *p = realloc(path, ncap);

			if (!p)
				goto nomem;
			path = p;
			pcap = ncap;
		}
		plen = base;
		if (depth)
			path[plen++] = ';';
		plen += put_name(path + plen, n->name);
		marks[depth] = plen;
		if (n->self[0] || n->self[1])
			fprintf(out, "%.*s %" PRIu64 " %" PRIu64 "\n", (int) plen, path, n->self[0],
				n->self[1]);
		if (n->child) {
			n = n->child;
			depth++;
			continue;
		}
		while (n != top && !n->next) {
			n = n->parent;
			depth--;
		}
		n = n == top ? NULL : n->next;
	}
	ret = ferror(out) ? -1 : 0;
	if (ret < 0)
		sg_log_error("write failed: %s", strerror(errno));
	goto out;
nomem:
	sg_log_error("out of memory");
out:
	free(marks);
	free(path);
	return ret;
}
