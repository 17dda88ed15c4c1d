/* render_walk.c - walk output (-m walk): one line per node, "level name total_us self_us calls". */
#include <inttypes.h>
#include "callfmt.h"
#include "fmt.h"
#include "render_walk.h"

int sg_render_walk(FILE *out, const struct sg_invocation *inv, int has_time)
{
	const struct sg_node *top = sg_tree_top(inv->tree), *n = top->child;
	char a[SG_FMT_LEN], b[SG_FMT_LEN];
	int level = 0;

	sg_callfmt_put_invocation_head(out, inv);
	if (inv->has_ts)
		fprintf(out, " start=%s", sg_fmt_ts(a, inv->start_ts));
	if (has_time)
		fprintf(out, " duration_us=%s", sg_fmt_us(b, inv->duration));
	fputc('\n', out);
	while (n) {
		/* "%d NAME %s %s %" PRIu64 "\n" in pieces: stdio's formatting took most time */
		fputs(sg_fmt_u64(a, (uint64_t) level), out);
		putc(' ', out);
		sg_escape_put_name(out, n->name);
		putc(' ', out);
		fputs(sg_fmt_us(a, n->total), out);
		putc(' ', out);
		fputs(sg_fmt_us(b, n->self), out);
		putc(' ', out);
		fputs(sg_fmt_u64(a, n->calls), out);
		putc('\n', out);
		/* each call's arguments and return value, when the trace had them */
		for (const struct sg_call *c = n->ret ? n->ret->first : NULL; c; c = c->next) {
			fputs("  call ", out);
			sg_callfmt_put_call(out, c);
			fputc('\n', out);
		}
		n = sg_node_next_depth(n, top, &level);
	}
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
