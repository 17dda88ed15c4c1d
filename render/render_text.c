/* render_text.c - the indented text tree (-m tree): per node total, self, calls, % of root and parent. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fmt.h"
#include "invocation.h"
#include "log.h"
#include "render_text.h"

/* Deeper than this, the drawing gives way to "[depth N]" so lines stay short. */
#define MAX_DRAWN_DEPTH 64

void sg_text_put_prefix(FILE *out, const unsigned char *last, int depth, int unicode)
{
	if (depth > MAX_DRAWN_DEPTH) {
		fprintf(out, "[depth %d] ", depth);
		return;
	}
	for (int i = 1; i < depth; i++)
		fputs(last[i] ? "   " : (unicode ? "\u2502  " : "|  "), out);
	if (depth)
		fputs(last[depth] ? (unicode ? "\u2514\u2500 " : "`- ") : (unicode ? "\u251c\u2500 " : "|- "),
		      out);
}

int sg_text_set_last(unsigned char **last, size_t *cap, int depth, int is_last)
{
	if ((size_t) depth >= *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;

		while (ncap <= (size_t) depth)
			ncap *= 2;
		unsigned char *l = realloc(*last, ncap);

		if (!l) {
			free(*last);
			*last = NULL;
			*cap = 0;
			sg_log_error("out of memory");
			return -1;
		}
		*last = l;
		*cap = ncap;
	}
	(*last)[depth] = (unsigned char) is_last;
	return 0;
}

int sg_text_utf8_terminal(void)
{
	const char *v = getenv("LC_ALL");

	if (!v || !*v)
		v = getenv("LC_CTYPE");
	if (!v || !*v)
		v = getenv("LANG");
	return isatty(STDOUT_FILENO) && v && (strstr(v, "UTF-8") || strstr(v, "utf8"));
}

/* Under a node of one invocation, each of its calls: "(ARGS) = VALUE", aligned with its name. */
static void put_calls(FILE *out, const struct sg_node *n, const unsigned char *last, int depth,
		      int has_time, int unicode)
{
	for (const struct sg_call *c = n->ret ? n->ret->first : NULL; c; c = c->next) {
		fprintf(out, "%*s", has_time ? 52 : 10, "");
		for (int i = 1; i <= depth && depth <= MAX_DRAWN_DEPTH; i++)
			fputs(last[i] ? "   " : (unicode ? "\u2502  " : "|  "), out);
		fputs(n->child ? (unicode ? "\u2502 " : "| ") : "  ", out);
		sg_fmt_put_call(out, c);
		fputc('\n', out);
	}
}

static int render_nodes(FILE *out, const struct sg_node *top, int has_time,
			const struct sg_text_style *st, int calls)
{
	char errs[256];
	unsigned char *last = NULL;
	size_t cap = 0;
	int depth = 0;
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN];

	if (has_time)
		fprintf(out, "%12s %12s %8s %7s %7s  %s\n", "total_us", "self_us", "calls", "%root",
			"%parent", "function");
	else
		fprintf(out, "%8s  %s\n", "calls", "function");
	for (const struct sg_node *root = top->child; root; root = root->next) {
		const struct sg_node *n = root;

		depth = 0;
		for (;;) {
			if (sg_text_set_last(&last, &cap, depth, n->next == NULL) < 0)
				return -1;
			if (has_time)
				fprintf(out, "%12s %12s %8" PRIu64 " %7s %7s  ", sg_fmt_us(a, n->total),
					sg_fmt_us(b, n->self), n->calls,
					sg_fmt_pct(c, n->total, root->total),
					sg_fmt_pct(d, n->total, depth ? n->parent->total : n->total));
			else
				fprintf(out, "%8" PRIu64 "  ", n->calls);
			sg_text_put_prefix(out, last, depth, st->unicode);
			sg_fmt_put_name(out, n->name);
			if (*sg_fmt_errors(errs, sizeof(errs), n))
				fprintf(out, "  (%s)", errs);
			fputc('\n', out);
			if (calls)
				put_calls(out, n, last, depth, has_time, st->unicode);
			if (n->child) {
				n = n->child;
				depth++;
				continue;
			}
			while (n != root && !n->next) {
				n = n->parent;
				depth--;
			}
			if (n == root)
				break;
			n = n->next;
		}
	}
	free(last);
	return 0;
}

int sg_render_text(FILE *out, struct sg_aggregate *agg, const struct sg_text_style *style)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN], e[SG_FMT_LEN],
		f[SG_FMT_LEN];

	for (int i = 0; i < agg->nroots; i++) {
		const struct sg_rootstat *r = &agg->roots[i];

		/* names from a trace go through the same escaping as the tree's */
		sg_fmt_put_name(out, r->root);
		fprintf(out, ": %" PRIu64 " complete invocations, %" PRIu64 " incomplete",
			r->sum.count, r->incomplete);
		if (agg->has_time && r->sum.count)
			fprintf(out, "\n  total %s  min %s  avg %s  p50 %s  p99 %s  max %s",
				sg_fmt_human(a, r->sum.total), sg_fmt_human(b, r->sum.min),
				sg_fmt_human(c, r->sum.avg), sg_fmt_human(d, r->sum.p50),
				sg_fmt_human(e, r->sum.p99), sg_fmt_human(f, r->sum.max));
		fputc('\n', out);
	}
	if (agg->lost_events)
		fprintf(out, "lost events: %" PRIu64 "\n", agg->lost_events);
	fputc('\n', out);
	if (!sg_tree_top(agg->merged)->child) {
		fprintf(out, "(no complete invocation)\n");
		return ferror(out) ? -1 : 0;
	}
	if (sg_tree_sort(sg_tree_top(agg->merged), SG_ORDER_TOTAL) < 0 ||
	    render_nodes(out, sg_tree_top(agg->merged), agg->has_time, style, 0) < 0)
		return -1;
	return ferror(out) ? -1 : 0;
}

int sg_render_text_invocation(FILE *out, const struct sg_invocation *inv, int has_time,
			      const struct sg_text_style *style)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], cut[64];

	/* root and comm come from the trace: any task names itself (prctl), escaped as names */
	if (inv->seq)
		fprintf(out, "invocation %" PRIu64 " of ", inv->seq);
	else
		fputs("incomplete invocation of ", out);
	sg_fmt_put_name(out, inv->root);
	if (!inv->seq)
		fprintf(out, " (cut: %s)", sg_cut_describe(inv->cut, cut, sizeof(cut)));
	if (inv->comm || inv->pid >= 0) {
		fputs("  task ", out);
		sg_fmt_put_name(out, inv->comm ? inv->comm : "?");
		fprintf(out, "-%d", inv->pid);
	}
	for (int i = 0; i < inv->ncpus; i++)
		fprintf(out, "%s%d", i ? "," : "  cpu ", inv->cpus[i]);
	if (inv->has_ts)
		fprintf(out, "  start %s", sg_fmt_ts(a, inv->start_ts));
	if (has_time)
		fprintf(out, "  duration %s", sg_fmt_human(b, inv->duration));
	fputc('\n', out);
	if (render_nodes(out, sg_tree_top(inv->tree), has_time, style, 1) < 0)
		return -1;
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
