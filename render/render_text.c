/* render_text.c - the indented text tree (-m tree): per node total, self, calls, % of root and parent. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "callfmt.h"
#include "mergetail.h"
#include "fmt.h"
#include "invocation.h"
#include "log.h"
#include "render_hist.h"
#include "render_text.h"
#include "treewalk.h"

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

#define RED "\033[31m"
#define GREEN "\033[32m"
#define BOLD "\033[1m"
#define RESET "\033[m"

/* Whether n, depth levels below its root, is drawn; the root always is. */
static int shown(const struct sg_node *n, const struct sg_node *root, int depth,
		 const struct sg_text_style *st)
{
	if (!depth)
		return 1;
	if (st->depth && depth >= st->depth)
		return 0;
	/* n->total / root->total < min_bp / 10000, in integers */
	return !st->min_bp || !root->total ||
	       (unsigned __int128) n->total * 10000 >= (unsigned __int128) root->total * st->min_bp;
}

static const struct sg_node *next_shown(const struct sg_node *n, const struct sg_node *root,
					int depth, const struct sg_text_style *st)
{
	for (n = n->next; n && !shown(n, root, depth, st); n = n->next)
		;
	return n;
}

/* Nodes in the subtree at n, n included. */
static uint64_t subtree_size(const struct sg_node *n)
{
	uint64_t k = 0;

	for (const struct sg_node *m = n; m; m = sg_node_next(m, n))
		k++;
	return k;
}

static void put_line(FILE *out, const struct sg_node *n, const struct sg_node *root, int depth,
		     int has_time, const unsigned char *last, const struct sg_text_style *st)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN], errs[256];
	const char *col = "";
	int hot = 0;

	if (has_time) {
		if (st->color && root->total) {
			hot = (unsigned __int128) n->total * 100 >=
			      (unsigned __int128) root->total * 5;
			col = hot ? RED : (unsigned __int128) n->total * 1000 >=
							(unsigned __int128) root->total * 5 ?
				    GREEN : "";
		}
		int w = st->fixed_us ? 12 : 11;

		fprintf(out, "%s%*s%s %*s %8" PRIu64 " %s%7s%s %7s  ", col, w,
			st->fixed_us ? sg_fmt_us(a, n->total) : sg_fmt_human(a, n->total),
			*col ? RESET : "", w,
			st->fixed_us ? sg_fmt_us(b, n->self) : sg_fmt_human(b, n->self),
			n->calls, col, sg_fmt_pct(c, n->total, root->total), *col ? RESET : "",
			sg_fmt_pct(d, n->total, depth ? n->parent->total : n->total));
	} else {
		fprintf(out, "%8" PRIu64 "  ", n->calls);
	}
	sg_text_put_prefix(out, last, depth, st->unicode);
	if (hot)
		fputs(BOLD, out);
	sg_escape_put_name(out, n->name);
	if (hot)
		fputs(RESET, out);
	if (*sg_callfmt_errors(errs, sizeof(errs), n))
		fprintf(out, "  (%s)", errs);
	fputc('\n', out);
}

/* Under a node of one invocation, each of its calls: "(ARGS) = VALUE", aligned with its name. */
static void put_calls(FILE *out, const struct sg_node *n, int more, const unsigned char *last,
		      int depth, int has_time, const struct sg_text_style *st)
{
	for (const struct sg_call *c = n->ret ? n->ret->first : NULL; c; c = c->next) {
		fprintf(out, "%*s", has_time ? (st->fixed_us ? 52 : 50) : 10, "");
		for (int i = 1; i <= depth && depth <= MAX_DRAWN_DEPTH; i++)
			fputs(last[i] ? "   " : (st->unicode ? "\u2502  " : "|  "), out);
		fputs(more ? (st->unicode ? "\u2502 " : "| ") : "  ", out);
		sg_callfmt_put_call(out, c);
		fputc('\n', out);
	}
}

/*
 * Draw the trees under top; *hidden counts the nodes st left out; calls: each call's
 * arguments and value under its node (one invocation's tree).
 */
static int render_nodes(FILE *out, const struct sg_node *top, int has_time,
			const struct sg_text_style *st, int calls, uint64_t *hidden)
{
	unsigned char *last = NULL;
	size_t cap = 0;
	int depth = 0;

	if (has_time && st->fixed_us)
		fprintf(out, "%12s %12s %8s %7s %7s  %s\n", "total_us", "self_us", "calls", "%root",
			"%parent", "function");
	else if (has_time)
		fprintf(out, "%11s %11s %8s %7s %7s  %s\n", "total", "self", "calls", "%root",
			"%parent", "function");
	else
		fprintf(out, "%8s  %s\n", "calls", "function");
	for (const struct sg_node *root = top->child; root; root = root->next) {
		const struct sg_node *n = root;

		depth = 0;
		for (;;) {
			const struct sg_node *c;

			if (sg_text_set_last(&last, &cap, depth,
					     !depth || !next_shown(n, root, depth, st)) < 0)
				return -1;
			put_line(out, n, root, depth, has_time, last, st);
			for (c = n->child; c && !shown(c, root, depth + 1, st); c = c->next)
				*hidden += subtree_size(c);
			if (calls)
				put_calls(out, n, c != NULL, last, depth, has_time, st);
			if (c) {
				n = c;
				depth++;
				continue;
			}
			/* on to the next shown sibling, climbing while there is none */
			while (n != root) {
				for (c = n->next; c && !shown(c, root, depth, st); c = c->next)
					*hidden += subtree_size(c);
				if (c)
					break;
				n = n->parent;
				depth--;
			}
			if (n == root)
				break;
			n = c;
		}
	}
	free(last);
	return 0;
}

/* What the style hid, so a short tree is not mistaken for the whole. */
static void put_hidden(FILE *out, uint64_t hidden, const struct sg_text_style *st)
{
	char pct[SG_FMT_LEN];

	if (!hidden)
		return;
	snprintf(pct, sizeof(pct), "%u.%02u", st->min_bp / 100, st->min_bp % 100);
	fprintf(out, "(%" PRIu64 " node%s hidden:%s%s%s%s%s; --min-percent 0 --depth 0 show all)\n",
		hidden, hidden == 1 ? "" : "s", st->min_bp ? " under " : "", st->min_bp ? pct : "",
		st->min_bp ? "% of the root" : "", st->min_bp && st->depth ? "," : "",
		st->depth ? " deeper than --depth" : "");
}

int sg_render_text(FILE *out, struct sg_aggregate *agg, const struct sg_text_style *style)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN], e[SG_FMT_LEN],
		f[SG_FMT_LEN];
	uint64_t hidden = 0;

	for (int i = 0; i < agg->nroots; i++) {
		const struct sg_rootstat *r = &agg->roots[i];

		/* names from a trace go through the same escaping as the tree's */
		sg_escape_put_name(out, r->root);
		fprintf(out, ": %" PRIu64 " complete invocation%s, %" PRIu64 " incomplete",
			r->sum.count, sg_plural(r->sum.count), r->incomplete);
		if (agg->has_time && r->sum.count)
			fprintf(out, "\n  total %s  min %s  avg %s  p50 %s%s  p99 %s%s  max %s",
				sg_fmt_human(a, r->sum.total), sg_fmt_human(b, r->sum.min),
				sg_fmt_human(c, r->sum.avg), sg_fmt_human(d, r->sum.p50),
				sg_mergetail_mark(&r->sum, SG_MT_P50), sg_fmt_human(e, r->sum.p99),
				sg_mergetail_mark(&r->sum, SG_MT_P99), sg_fmt_human(f, r->sum.max));
		if (agg->has_time && r->sum.count)
			sg_render_hist_line(out, &r->sum, style->unicode);
		fputc('\n', out);
	}
	if (agg->lost_events)
		fprintf(out, "lost events: %" PRIu64 "\n", agg->lost_events);
	fputc('\n', out);
	if (!sg_tree_top(agg->merged)->child) {
		fprintf(out, "(no complete invocation)\n");
		return ferror(out) ? -1 : 0;
	}
	if (sg_treewalk_sort(sg_tree_top(agg->merged), SG_ORDER_TOTAL) < 0 ||
	    render_nodes(out, sg_tree_top(agg->merged), agg->has_time, style, 0, &hidden) < 0)
		return -1;
	put_hidden(out, hidden, style);
	return ferror(out) ? -1 : 0;
}

int sg_render_text_invocation(FILE *out, const struct sg_invocation *inv, int has_time,
			      const struct sg_text_style *style)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], cut[64];
	uint64_t hidden = 0;

	/* root and comm come from the trace: any task names itself (prctl), escaped as names */
	if (inv->seq)
		fprintf(out, "invocation %" PRIu64 " of ", inv->seq);
	else
		fputs("incomplete invocation of ", out);
	sg_escape_put_name(out, inv->root);
	if (!inv->seq)
		fprintf(out, " (cut: %s)", sg_invocation_cut_describe(inv->cut, cut, sizeof(cut)));
	if (inv->comm || inv->pid >= 0) {
		fputs("  task ", out);
		sg_escape_put_name(out, inv->comm ? inv->comm : "?");
		fprintf(out, "-%d", inv->pid);
	}
	for (int i = 0; i < inv->ncpus; i++)
		fprintf(out, "%s%d", i ? "," : "  cpu ", inv->cpus[i]);
	if (inv->has_ts)
		fprintf(out, "  start %s", sg_fmt_ts(a, inv->start_ts));
	if (has_time)
		fprintf(out, "  duration %s", sg_fmt_human(b, inv->duration));
	fputc('\n', out);
	if (render_nodes(out, sg_tree_top(inv->tree), has_time, style, 1, &hidden) < 0)
		return -1;
	put_hidden(out, hidden, style);
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
