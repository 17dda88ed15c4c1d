/* treepstat.c - a `.tree`'s pstat lines (version 5): per-path statistics across invocations. */
#include <inttypes.h>
#include <stddef.h>
#include "runstat.h"
#include "treefield.h"
#include "treepstat.h"

void sg_treepstat_write(FILE *out, const struct sg_node *node)
{
	struct sg_pstat v, *n = &v;

	sg_node_pstat(node, &v);
	fprintf(out, "pstat\t%" PRIu64 "\t", n->ninv);
	sg_treefield_put_u128(out, n->sq_total);
	fputc('\t', out);
	sg_treefield_put_u128(out, n->sq_self);
	fprintf(out, "\t%" PRIu64 "\t", n->lg_total);
	sg_treefield_put_u128(out, n->lq_total);
	fprintf(out, "\t%" PRIu64 "\t", n->lg_self);
	sg_treefield_put_u128(out, n->lq_self);
	fputc('\n', out);
}

const char *sg_treepstat_read(struct sg_node *node, char **f, int nf)
{
	/* a merged tree's node (sg_tree_new): its figures are stored */
	struct sg_pstat *n = sg_node_pstat_stored(node);
	/* a log-scale time is at most 44 * 65536 (sg_logtime), its square that times itself */
	const unsigned __int128 lmax = 44 * (unsigned __int128) SG_LOGTIME_ONE;

	if (nf != 8)
		return "a pstat line has 8 tab-separated fields";
	if (!n)
		return "a pstat line of a node without figures";
	if (sg_treefield_u64(f[1], &n->ninv) < 0 || sg_treefield_u64(f[4], &n->lg_total) < 0 ||
	    sg_treefield_u64(f[6], &n->lg_self) < 0 || sg_treefield_u128(f[2], &n->sq_total) < 0 ||
	    sg_treefield_u128(f[3], &n->sq_self) < 0 || sg_treefield_u128(f[5], &n->lq_total) < 0 ||
	    sg_treefield_u128(f[7], &n->lq_self) < 0)
		return "bad number in a pstat line";
	/*
	 * a path with time was in some invocation, in at most one per call; each invocation's
	 * time squared is at least its shortest call's; self is part of total
	 */
	if ((node->total && !n->ninv) || n->ninv > node->calls ||
	    n->sq_total < (unsigned __int128) node->min * node->min * (node->calls ? 1 : 0) ||
	    n->sq_self > n->sq_total || n->lg_self > n->lg_total || n->lg_total > lmax * n->ninv ||
	    n->lq_total > lmax * n->lg_total || n->lq_self > lmax * n->lg_self)
		return "a pstat line does not fit its node (invocations, squares)";
	return NULL;
}

void sg_treepstat_write_runs(FILE *out, struct sg_runstats *rs, const struct sg_node *n)
{
	const struct sg_runstat *e;
	size_t k = sg_runstats_find(rs, n, &e);

	for (size_t i = 0; i < k; i++) {
		fprintf(out, "rpstat\t%" PRIu32 "\t%" PRIu64 "\t%" PRIu64 "\t", e[i].src, e[i].ninv,
			e[i].lg_total);
		sg_treefield_put_u128(out, e[i].lq_total);
		fprintf(out, "\t%" PRIu64 "\t", e[i].lg_self);
		sg_treefield_put_u128(out, e[i].lq_self);
		fputc('\n', out);
	}
}

const char *sg_treepstat_read_run(struct sg_runstats *rs, const struct sg_node *n, uint32_t *last,
				  char **f, int nf)
{
	struct sg_runstat e = {.node = n};
	uint64_t src;
	const unsigned __int128 lmax = 44 * (unsigned __int128) SG_LOGTIME_ONE;

	if (nf != 7)
		return "an rpstat line has 7 tab-separated fields";
	if (sg_treefield_u64(f[1], &src) < 0 || sg_treefield_u64(f[2], &e.ninv) < 0 ||
	    sg_treefield_u64(f[3], &e.lg_total) < 0 || sg_treefield_u128(f[4], &e.lq_total) < 0 ||
	    sg_treefield_u64(f[5], &e.lg_self) < 0 || sg_treefield_u128(f[6], &e.lq_self) < 0)
		return "bad number in an rpstat line";
	if (!src || src > rs->nsrc || src <= *last)
		return "an rpstat line's source is not one of sources=, in increasing order";
	if (!e.ninv || e.lg_self > e.lg_total || e.lg_total > lmax * e.ninv ||
	    e.lq_total > lmax * e.lg_total || e.lq_self > lmax * e.lg_self)
		return "an rpstat line does not fit (invocations, log sums)";
	e.src = (uint32_t) src;
	*last = e.src;
	return sg_runstats_add(rs, &e) < 0 ? "out of memory" : NULL;
}
