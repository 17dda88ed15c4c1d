/* render_folded.c - folded stacks (-m folded) for flamegraph.pl and inferno: "a;b;c WEIGHT". */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "fmt.h"
#include "log.h"
#include "pathbuf.h"
#include "render_folded.h"
#include "treewalk.h"

int sg_render_folded(FILE *out, struct sg_aggregate *agg, enum sg_folded_unit unit)
{
	struct sg_node *top = sg_tree_top(agg->merged), *n = top->child;
	struct sg_pathbuf pb = { 0 };
	int depth = 0, ret = -1;

	if (sg_treewalk_sort(top, SG_ORDER_NAME) < 0) {
		sg_log_error("out of memory");
		goto out;
	}
	while (n) {
		const char *path = sg_pathbuf_set(&pb, depth, n->name, sg_pathbuf_folded);
		uint64_t w = agg->has_time ? n->self : n->calls;

		if (!path)
			goto out;
		if (agg->has_time && unit == SG_FOLDED_US)
			w = (w + 500) / 1000;
		/* ';' is ':' already (sg_pathbuf_folded); a terminal gets no control either */
		if (w) {
			sg_escape_put_text(out, path, pb.len, NULL);
			fprintf(out, " %" PRIu64 "\n", w);
		}
		n = sg_node_next_depth(n, top, &depth);
	}
	ret = ferror(out) ? -1 : 0;
out:
	sg_pathbuf_release(&pb);
	return ret;
}
