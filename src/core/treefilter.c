/* treefilter.c - slicing a capture afterwards: -x, --no-irqs, --max-depth, -C and -p. */
#include <stdlib.h>
#include <string.h>
#include "cpulist.h"
#include "irqname.h"
#include "log.h"
#include "match.h"
#include "taskname.h"
#include "treefilter.h"

/* No kernel is built with more (CONFIG_NR_CPUS); a saved trace may come from a larger machine. */
#define MAX_CPUS 8192

struct sg_treefilter {
	struct sg_match *exclude; /* -x; NULL: none */
	uint64_t *xcut;		  /* per -x pattern: the calls it left out */
	unsigned char *xroot;	  /* per -x pattern: it names a root, which always stays */
	int no_irqs, max_depth, no_offcpu;
	unsigned char *cpus; /* -C: MAX_CPUS flags; NULL: any CPU */
	const int *pids;     /* -p PID */
	int npids;
	const char *const *pnames; /* -p NAME */
	int npnames;
	uint64_t dropped, no_pid, no_cpu;
};

struct sg_treefilter *sg_treefilter_new(const struct sg_filter_settings *o)
{
	struct sg_treefilter *f = calloc(1, sizeof(*f));

	if (!f)
		goto oom;
	f->no_irqs = o->no_irqs;
	f->no_offcpu = o->no_off_cpu;
	f->max_depth = o->max_depth;
	f->pids = o->pids;
	f->npids = o->npids;
	f->pnames = o->pnames;
	f->npnames = o->npnames;
	if (o->nexcludes) {
		f->exclude = sg_match_new();
		f->xcut = calloc((size_t) o->nexcludes, sizeof(*f->xcut));
		f->xroot = calloc((size_t) o->nexcludes, 1);
		if (!f->exclude || !f->xcut || !f->xroot)
			goto oom;
		for (int i = 0; i < o->nexcludes; i++)
			if (sg_match_add(f->exclude, o->excludes[i]) < 0)
				goto oom;
	}
	if (o->cpus) {
		f->cpus = calloc(MAX_CPUS, 1);
		if (!f->cpus)
			goto oom;
		if (sg_cpulist_parse(o->cpus, MAX_CPUS, f->cpus) < 0) {
			sg_treefilter_free(f);
			return NULL;
		}
	}
	return f;
oom:
	sg_treefilter_free(f);
	sg_log_error("out of memory");
	return NULL;
}

void sg_treefilter_free(struct sg_treefilter *f)
{
	if (!f)
		return;
	sg_match_free(f->exclude);
	free(f->xcut);
	free(f->xroot);
	free(f->cpus);
	free(f);
}

int sg_treefilter_prunes(const struct sg_treefilter *f)
{
	return f->exclude || f->no_irqs || f->max_depth || f->no_offcpu;
}

int sg_treefilter_selects(const struct sg_treefilter *f)
{
	return f->cpus || f->npids || f->npnames;
}

static int selected(struct sg_treefilter *f, const struct sg_invocation *inv)
{
	if (f->npids || f->npnames) {
		int i, named = 0;

		for (i = 0; i < f->npnames && inv->comm && !named; i++)
			named = sg_taskname_match(f->pnames[i], inv->comm);
		for (i = 0; i < f->npids && inv->pid >= 0 && f->pids[i] != inv->pid; i++)
			;
		if (!named && (inv->pid < 0 || i == f->npids)) {
			/* no task said (no funcgraph-proc): counted, to say why nothing is left */
			if (inv->pid < 0 && !inv->comm)
				f->no_pid++;
			return 0;
		}
	}
	if (f->cpus) {
		if (!inv->ncpus) {
			f->no_cpu++;
			return 0;
		}
		/* live -C would have lost the part that ran elsewhere: such a call is not whole */
		for (int i = 0; i < inv->ncpus; i++)
			if (inv->cpus[i] < 0 || inv->cpus[i] >= MAX_CPUS || !f->cpus[inv->cpus[i]])
				return 0;
	}
	return 1;
}

int sg_treefilter_keep(struct sg_treefilter *f, const struct sg_invocation *inv)
{
	int keep = selected(f, inv);

	f->dropped += !keep;
	return keep;
}

void sg_treefilter_counts(const struct sg_treefilter *f, uint64_t *dropped, uint64_t *no_pid,
			  uint64_t *no_cpu)
{
	*dropped = f->dropped;
	*no_pid = f->no_pid;
	*no_cpu = f->no_cpu;
}

static int drops(struct sg_treefilter *f, const struct sg_node *n, int depth)
{
	int x;

	if (f->max_depth && depth > f->max_depth)
		return 1;
	if (f->no_irqs && sg_irqname_is_entry(n->name))
		return 1;
	/* a saved run's [off-cpu] frames: their time goes back to the call that waited */
	if (f->no_offcpu && strcmp(n->name, SG_OFFCPU_NAME) == 0)
		return 1;
	if (!f->exclude || (x = sg_match_test(f->exclude, n->name)) < 0)
		return 0;
	f->xcut[x]++;
	return 1;
}

/*
 * p's self time once a callee of total gone is cut (already unlinked): self = total - the
 * children's totals, so the cut callee's time is p's own where p's total holds it. Not beyond:
 * with --no-irqs an interrupt counted in no caller's callees (sg_callstack_no_irqs), and a call
 * the kernel printed without it (6.12 on) keeps its printed duration, not that plus the
 * interrupt.
 */
static uint64_t self_without(const struct sg_node *p, uint64_t gone)
{
	uint64_t kids = 0, self = sg_add_sat(p->self, gone);

	for (const struct sg_node *c = p->child; c; c = c->next)
		kids = sg_add_sat(kids, c->total);
	if (kids >= p->total)
		return p->self;
	return self < p->total - kids ? self : p->total - kids;
}

uint64_t sg_treefilter_prune(struct sg_treefilter *f, struct sg_node *top)
{
	uint64_t removed = 0;
	int depth = 1; /* a root call */
	struct sg_node *n = top->child;
	int x;

	while (n) {
		/* -x of a root does nothing: said afterwards (sg_treefilter_excluded) */
		if (depth == 1 && f->exclude && (x = sg_match_test(f->exclude, n->name)) >= 0)
			f->xroot[x] = 1;
		if (depth > 1 && drops(f, n, depth)) {
			struct sg_node *gone = n, *p = n->parent;

			n = sg_node_after_depth(n, top, &depth);
			sg_tree_unlink(gone);
			p->self = self_without(p, gone->total);
			removed++;
			continue;
		}
		if (n->child) {
			n = n->child;
			depth++;
		} else {
			n = sg_node_after_depth(n, top, &depth);
		}
	}
	return removed;
}

void sg_treefilter_prune_all(struct sg_treefilter *f, struct sg_aggregate *agg)
{
	sg_treefilter_prune(f, sg_tree_top(agg->merged));
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		if (agg->bucket[b])
			sg_treefilter_prune(f, sg_tree_top(agg->bucket[b]));
	/* an invocation both among the last N and the slowest is pruned twice: the second finds
	 * nothing left to cut */
	for (unsigned i = 0; i < agg->nring; i++)
		sg_treefilter_prune(f, sg_tree_top(sg_aggregate_kept(agg, i)->tree));
	for (unsigned i = 0; i < agg->nslow; i++)
		sg_treefilter_prune(f, sg_tree_top(agg->slow[i]->tree));
}

uint64_t sg_treefilter_excluded(const struct sg_treefilter *f, int i, int *is_root)
{
	*is_root = f->exclude ? f->xroot[i] : 0;
	return f->exclude ? f->xcut[i] : 0;
}
