/* render_folded.c - folded stacks (-m folded) for flamegraph.pl and inferno: "a;b;c WEIGHT". */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "render_folded.h"

static size_t put_name(char *dst, const char *s)
{
	size_t n = 0;

	for (; *s; s++, n++) {
		unsigned char c = (unsigned char) *s;

		dst[n] = c == ';' ? ':' : (c < 0x20 || c == 0x7f) ? '?' : (char) c;
	}
	return n;
}

int sg_render_folded(FILE *out, struct sg_aggregate *agg, enum sg_folded_unit unit)
{
	struct sg_node *top = sg_tree_top(agg->merged), *n = top->child;
	size_t *marks = NULL, mcap = 0, plen = 0, pcap = 0;
	char *path = NULL;
	int depth = 0, ret = -1;

	if (sg_tree_sort(top, SG_ORDER_NAME) < 0)
		goto out;
	while (n) {
		size_t base = depth ? marks[depth - 1] : 0, need = base + strlen(n->name) + 2;

		if ((size_t) depth >= mcap) {
			size_t ncap = mcap ? mcap * 2 : 64;
			size_t *m = realloc(marks, ncap * sizeof(*m));

			if (!m)
				goto out;
			marks = m;
			mcap = ncap;
		}
		if (need > pcap) {
			size_t ncap = pcap ? pcap : 256;

			while (ncap < need)
				ncap *= 2;
			char *p = realloc(path, ncap);

			if (!p)
				goto out;
			path = p;
			pcap = ncap;
		}
		plen = base;
		if (depth)
			path[plen++] = ';';
		plen += put_name(path + plen, n->name);
		marks[depth] = plen;
		uint64_t w = agg->has_time ? n->self : n->calls;

		if (agg->has_time && unit == SG_FOLDED_US)
			w = (w + 500) / 1000;
		if (w)
			fprintf(out, "%.*s %" PRIu64 "\n", (int) plen, path, w);
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
out:
	if (ret < 0 && !ferror(out))
		sg_log_error("out of memory");
	free(marks);
	free(path);
	return ret;
}
