/* diff_folded.c - a comparison as two-column folded stacks (-m folded): "a;b;c BEFORE AFTER". */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "diff_folded.h"
#include "fmt.h"
#include "pathbuf.h"
#include "log.h"

int sg_diff_folded_render(FILE *out, const struct sg_treediff *d)
{
	const struct sg_treediff_node *top = d->top, *n = top->child;
	struct sg_pathbuf pb = { 0 };
	int depth = 0, ret = -1;

	while (n) {
		/* named as render_folded.c names frames, so both kinds of folded output agree */
		const char *path = sg_pathbuf_set(&pb, depth, n->name, sg_pathbuf_folded);

		if (!path)
			goto out;
		if (n->self[0] || n->self[1]) {
			sg_escape_put_text(out, path, pb.len, NULL);
			fprintf(out, " %" PRIu64 " %" PRIu64 "\n", n->self[0], n->self[1]);
		}
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
out:
	sg_pathbuf_release(&pb);
	return ret;
}
