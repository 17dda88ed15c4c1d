/* pipeline.c - a run's stages: call stacks -> filter -> aggregate, each with its own settings. */
#include "log.h"
#include "pipeline.h"

/* A name's cached match, forgotten (the guess's "*", or another run's matcher tagged it). */
static void untag(void *ctx, const char *s, size_t len)
{
	(void) ctx;
	(void) len;
	sg_strtab_set_tag(s, SG_STRTAB_NOTAG);
}

void sg_pipeline_untag(struct sg_strtab *st)
{
	sg_strtab_each(st, untag, NULL);
}

int sg_pipeline_open(struct sg_pipeline *p, struct sg_strtab *st, const char *const *roots,
		     int nroots, const struct sg_aggregate_settings *set)
{
	p->own_st = !st;
	p->st = st ? st : sg_strtab_new();
	/*
	 * A table shared with another run (diff's two): its names' cached matches are that run's.
	 * Untagged, the names this run's trace holds are the ones its matcher tags as read, and
	 * "did you mean" offers those alone (runinfo.c).
	 */
	if (st)
		sg_pipeline_untag(st);
	p->match = sg_match_new();
	p->agg = sg_aggregate_new(set->keep);
	if (p->agg)
		p->agg->no_bucket_trees = set->no_bucket_trees;
	if (p->agg)
		p->agg->bucket_lazy = set->bucket_lazy;
	if (p->agg && set->no_pathstat && sg_aggregate_no_pathstat(p->agg) < 0)
		goto oom;
	if (!p->st || !p->match || !p->agg || (set->narrow && sg_aggregate_split(p->agg) < 0) ||
	    sg_aggregate_keep_slowest(p->agg, set->keep_slowest) < 0)
		goto oom;
	p->agg->pin_seq = set->pin_seq;
	for (int i = 0; i < nroots; i++)
		if (sg_match_add(p->match, roots[i]) < 0)
			goto oom;
	return 0;
oom:
	sg_log_error("out of memory");
	return -1;
}

int sg_pipeline_add_root(struct sg_pipeline *p, const char *root)
{
	if (sg_match_add(p->match, root) < 0) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

int sg_pipeline_filter(struct sg_pipeline *p, const struct sg_filter_settings *set)
{
	p->filter = sg_treefilter_new(set);
	return p->filter ? 0 : -1;
}

/* Each invocation as it completes: sliced as the kernel would have traced it, shown, merged. */
static int on_invocation(void *ctx, struct sg_invocation *inv)
{
	struct sg_pipeline *p = ctx;

	if (p->filter) {
		/* as if the kernel had traced only these tasks and CPUs, and not the cut calls */
		if (!sg_treefilter_keep(p->filter, inv)) {
			sg_invocation_free(inv);
			return 0;
		}
		sg_treefilter_prune(p->filter, sg_tree_top(inv->tree));
	}
	if (p->sink.invocation && p->sink.invocation(p->sink.ctx, inv) < 0) {
		sg_invocation_free(inv);
		return -1;
	}
	if (sg_aggregate_add(p->agg, inv) < 0) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

int sg_pipeline_stacks(struct sg_pipeline *p, const struct sg_stack_settings *set)
{
	p->cs = sg_callstack_new(p->st, p->match, on_invocation, p, set->keep_raw);
	if (!p->cs) {
		sg_log_error("out of memory");
		return -1;
	}
	if (set->no_offcpu)
		sg_callstack_no_offcpu(p->cs);
	if (set->no_calls)
		sg_callstack_no_calls(p->cs);
	if (set->no_irqs)
		sg_callstack_no_irqs(p->cs);
	return 0;
}

void sg_pipeline_close(struct sg_pipeline *p)
{
	sg_callstack_free(p->cs);
	sg_treefilter_free(p->filter);
	sg_aggregate_free(p->agg);
	sg_match_free(p->match);
	if (p->own_st)
		sg_strtab_free(p->st);
	*p = (struct sg_pipeline){0};
}
