/* diff_tail.c - what diff --slow says first: which calls each side holds, where the slow time goes.
 */
#include <inttypes.h>
#include "diff_tail.h"
#include "fmt.h"
#include "irqname.h"

const struct sg_treediff_node *sg_diff_tail_path(const struct sg_treediff *d)
{
	const struct sg_treediff_node *root = d->nroots ? d->roots[0].node : NULL, *n = root;

	if (!root || root->delta <= 0)
		return NULL;
	for (;;) {
		const struct sg_treediff_node *best = NULL;

		for (const struct sg_treediff_node *c = n->child; c; c = c->next)
			if (!best || c->delta > best->delta)
				best = c;
		/* half of the root's increase or more: the path still explains most of it */
		if (!best || best->delta <= 0 ||
		    (uint64_t) best->delta * 2 < (uint64_t) root->delta)
			return n;
		n = best;
	}
}

/*
 * The increase inside interrupt work (the subtrees function_graph shows under irq_enter_rcu,
 * irq_exit_rcu, __sysvec_apic_timer_interrupt... within the call): time the call did not
 * spend on its own work.
 */
int64_t sg_diff_tail_irq(const struct sg_treediff *d)
{
	const struct sg_treediff_node *root = d->nroots ? d->roots[0].node : NULL;
	int64_t sum = 0;

	for (const struct sg_treediff_node *n = root ? root->child : NULL; n;) {
		if (sg_irqname_is_entry(n->name)) {
			sum += n->delta;
			/* not into its subtree: the next sibling, or an ancestor's */
			while (n != root && !n->next)
				n = n->parent;
			n = n == root ? NULL : n->next;
			continue;
		}
		n = sg_treediff_next(n, root);
	}
	return sum;
}

int sg_diff_tail_render(FILE *out, const struct sg_treediff *d, const struct sg_tailsplit *t,
			int unicode)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], pct[SG_FMT_LEN];
	const struct sg_treediff_node *root = d->nroots ? d->roots[0].node : NULL;
	const struct sg_treediff_node *end = sg_diff_tail_path(d), *chain[256];
	int depth = 0;

	if (t->slow_exact)
		fprintf(out,
			"slow: the %" PRIu64 " slowest invocation%s, whole (%" PRIu64
			" at or past the p99, %s)\n",
			t->nslow, sg_plural(t->nslow), t->at_p99, sg_fmt_human(a, t->p99));
	else
		fprintf(out,
			"slow: the %" PRIu64 " invocation%s of the buckets from the p99's (%s) on: "
			"more pass the p99 than --keep-slowest kept, so that bucket's faster ones "
			"come too\n",
			t->nslow, sg_plural(t->nslow), sg_fmt_human(a, t->p99));
	fprintf(out,
		"typical: the %" PRIu64
		" invocation%s from %s to %s (the buckets that hold the p40 "
		"to the p60)\n",
		t->ntypical, sg_plural(t->ntypical), sg_fmt_human(a, t->typ_lo),
		sg_fmt_human(b, t->typ_hi));
	if (!root || !end) {
		fprintf(out, "the slow calls are not slower per call than the typical ones\n");
		return ferror(out) ? -1 : 0;
	}
	fprintf(out, "the slow calls take %s us more (%s us against %s us per call)",
		sg_fmt_delta_us(a, root->delta), sg_fmt_us(b, root->total[1]),
		sg_fmt_us(c, root->total[0]));
	if (end != root) {
		for (const struct sg_treediff_node *n = end; n != root && depth < 256;
		     n = n->parent)
			chain[depth++] = n;
		fprintf(out, "; %s%% of that under ",
			sg_fmt_pct(pct, (uint64_t) end->delta, (uint64_t) root->delta));
		while (depth-- > 0) {
			sg_escape_put_name(out, chain[depth]->name);
			if (depth)
				fputs(unicode ? " \u2192 " : " -> ", out);
		}
	}
	fputc('\n', out);
	int64_t irq = sg_diff_tail_irq(d);

	if (irq > 0)
		fprintf(out, "%s%% of it is interrupt work inside the calls (%s us per call)\n",
			sg_fmt_pct(pct, (uint64_t) irq, (uint64_t) root->delta),
			sg_fmt_delta_us(a, irq));
	return ferror(out) ? -1 : 0;
}
