/* treefile.c - the `.tree` file: its writer, from an aggregate (docs/tree-format.md). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "log.h"
#include "pathbuf.h"
#include "runstat.h"
#include "treefield.h"
#include "treecalls.h"
#include "treefile.h"
#include "treepstat.h"
#include "treescatter.h"
#include "treestat.h"
#include "treewalk.h"

int sg_treefile_sniff(const char *head, size_t len)
{
	size_t n = strlen(SG_TREEFILE_PREFIX);

	return len >= n && memcmp(head, SG_TREEFILE_PREFIX, n) == 0;
}

/*
 * Writes the path of each node of the subtree at top (excluded), pre-order, one line each; with
 * out NULL, only adds the paths' bytes to *bytes and raises *deepest to the deepest node's depth.
 */
/* Version 2's columns: calls with a return value, errors, and "errno:calls,..." */
static void put_retinfo(FILE *out, const struct sg_node *n)
{
	const struct sg_retinfo *r = n->ret;

	fprintf(out, "\t%" PRIu64 "\t%" PRIu64 "\t", r ? r->rets : 0, r ? r->errs : 0);
	for (int i = 0; r && i < SG_RET_ERRNOS && r->err_n[i]; i++)
		fprintf(out, "%s%d:%" PRIu64, i ? "," : "", r->err_v[i], r->err_n[i]);
}

/* Version 2: an invocation node's calls, "call ARGS RETVAL" (RETVAL empty when unknown). */
static void put_calls(FILE *out, const struct sg_node *n)
{
	for (const struct sg_call *c = n->ret ? n->ret->first : NULL; c; c = c->next) {
		fputs("call\t", out);
		sg_treefield_put_name(out, c->args);
		fputc('\t', out);
		if (c->has_retval)
			fprintf(out, "%" PRId64, c->retval);
		fputc('\n', out);
	}
}

static int write_nodes(FILE *out, const char *kind, struct sg_node *top, uint64_t *bytes,
		       int *deepest, int v2, int pstat, struct sg_runstats *rs)
{
	struct sg_pathbuf pb = {0};
	int depth = 0, ret = -1;

	for (struct sg_node *n = top->child; n;) {
		const char *path = sg_pathbuf_set(&pb, depth, n->name, sg_pathbuf_escaped);

		if (!path)
			goto out;
		if (out) {
			fprintf(out,
				"%s\t%s\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
				"\t%" PRIu64,
				kind, path, n->calls, n->total, n->self, n->min, n->max);
			if (v2)
				put_retinfo(out, n);
			fputc('\n', out);
			if (v2)
				put_calls(out, n);
			if (pstat)
				sg_treepstat_write(out, n);
			if (pstat && rs)
				sg_treepstat_write_runs(out, rs, n);
		} else {
			*bytes += pb.len;
			if (depth + 1 > *deepest)
				*deepest = depth + 1;
		}
		n = sg_node_next_depth(n, top, &depth);
	}
	ret = 0;
out:
	sg_pathbuf_release(&pb);
	return ret;
}

/* Whether inv is also among the last N (then a slowinv line stands for it without nodes). */
static int in_ring(const struct sg_aggregate *agg, const struct sg_invocation *inv)
{
	for (unsigned i = 0; i < agg->nring; i++)
		if (sg_aggregate_kept(agg, i) == inv)
			return 1;
	return 0;
}

/* The key=value lines sg_treefile_write writes whatever the metadata: root= to keep_slowest=. */
#define KV_FIXED 12

/*
 * Every node line carries its whole path, so the file grows with depth squared: a crafted trace
 * of a few MB nesting 100,000 calls would make tens of GB. Refuse such a file before writing,
 * and one with more key=value lines than the reader takes (a merge of merges of many runs).
 */
static int check_size(struct sg_aggregate *agg)
{
	uint64_t bytes = 0;
	int deepest = 0;

	if (write_nodes(NULL, NULL, sg_tree_top(agg->merged), &bytes, &deepest, 0, 0, NULL) < 0)
		return -1;
	for (unsigned i = 0; i < agg->nring; i++)
		if (write_nodes(NULL, NULL, sg_tree_top(sg_aggregate_kept(agg, i)->tree), &bytes,
				&deepest, 0, 0, NULL) < 0)
			return -1;
	for (unsigned b = 0; agg->has_time && b < SG_HIST_BUCKETS; b++)
		if (agg->bucket_n[b] && write_nodes(NULL, NULL, sg_tree_top(agg->bucket[b]), &bytes,
						    &deepest, 0, 0, NULL) < 0)
			return -1;
	for (unsigned i = 0; i < agg->nslow; i++)
		if (!in_ring(agg, agg->slow[i]) &&
		    write_nodes(NULL, NULL, sg_tree_top(agg->slow[i]->tree), &bytes, &deepest, 0,
				0, NULL) < 0)
			return -1;
	if (bytes > SG_TREEFILE_MAX_PATH_BYTES) {
		sg_log_error(
		    "the .tree file would hold %.1f GB of call paths (the tree is %d calls deep "
		    "and every line carries its whole path, docs/tree-format.md): not written; "
		    "without -o (live: --no-save) the run goes without it",
		    (double) bytes / 1e9, deepest);
		return -1;
	}
	/* the header's own lines, root= among them, and the metadata but its root= */
	int nkv = KV_FIXED + agg->nmeta - (sg_aggregate_meta(agg, "root") != NULL);
	const char *sources = sg_aggregate_meta(agg, "sources");

	if (nkv <= SG_TREEFILE_MAX_META)
		return 0;
	sg_log_error("the .tree file would hold %d key=value lines%s%.20s%s, more than the %d "
		     "surfgraph reads back: not written",
		     nkv, sources ? " (sources=" : "", sources ? sources : "",
		     sources ? ": a merged run lists its runs, up to 6 lines each)" : "",
		     SG_TREEFILE_MAX_META);
	return -1;
}

/* Version 3's histogram: one line per non-empty bucket of each root, roots as the stat lines. */
static void put_hist(FILE *out, const struct sg_aggregate *agg)
{
	int header = 0;

	for (int i = 0; i < agg->nroots; i++) {
		const struct sg_rootstat *r = &agg->roots[i];

		for (unsigned b = 0; agg->has_time && r->sum.has_hist && b < SG_HIST_BUCKETS; b++) {
			if (!r->sum.hist[b])
				continue;
			if (!header++)
				fputs("# hist\troot\tlo_ns\thi_ns\tinvocations\n", out);
			fputs("hist\t", out);
			sg_treefield_put_name(out, r->root);
			fprintf(out, "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\n", sg_hist_lo(b),
				sg_hist_hi(b), r->sum.hist[b]);
		}
	}
}

/* One kept invocation: its inv (or slowinv) line, then (nodes) its nodes in call order. */
static int put_inv(FILE *out, const char *kind, const struct sg_invocation *inv, int v2, int nodes)
{
	fprintf(out, "%s\t%" PRIu64 "\t", kind, inv->seq);
	sg_treefield_put_name(out, inv->root);
	fputc('\t', out);
	if (inv->pid >= 0)
		fprintf(out, "%d", inv->pid);
	fputc('\t', out);
	if (inv->comm)
		sg_treefield_put_name(out, inv->comm);
	fputc('\t', out);
	for (int c = 0; c < inv->ncpus; c++)
		fprintf(out, "%s%d", c ? "," : "", inv->cpus[c]);
	fputc('\t', out);
	if (inv->has_ts)
		fprintf(out, "%" PRIu64, inv->start_ts);
	fprintf(out, "\t%" PRIu64 "\n", inv->duration);
	if (!nodes)
		return 0;
	if (write_nodes(out, "invnode", sg_tree_top(inv->tree), NULL, NULL, v2, 0, NULL) < 0)
		return -1;
	sg_treecalls_write(out, inv);
	return 0;
}

int sg_treefile_write(FILE *out, struct sg_aggregate *agg)
{
	const char *root = sg_aggregate_meta(agg, "root");
	/* version 3 and 4 carry version 2's columns whether or not the trace gave return values */
	int v2 = 1;
	/* version 5's per-path statistics, when the run has them exactly */
	int pstat = agg->has_pathstat && agg->has_time && agg->complete;

	if (sg_treewalk_sort(sg_tree_top(agg->merged), SG_ORDER_NAME) < 0 || check_size(agg) < 0)
		return -1;
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++)
		if (agg->has_time && agg->bucket_n[b] &&
		    sg_treewalk_sort(sg_tree_top(agg->bucket[b]), SG_ORDER_NAME) < 0)
			return -1;
	fprintf(out, "%s\n", pstat && agg->runstats ? SG_TREEFILE_MAGIC7 : SG_TREEFILE_MAGIC6);
	fputs("root=", out);
	sg_treefield_put_name(out, root ? root : "");
	fputc('\n', out);
	fprintf(out, "invocations=%" PRIu64 "\n", agg->complete);
	fprintf(out, "incomplete=%" PRIu64 "\n", agg->incomplete);
	fprintf(out, "incomplete_start=%" PRIu64 "\n", agg->incomplete_by[0]);
	fprintf(out, "incomplete_end=%" PRIu64 "\n", agg->incomplete_by[1]);
	fprintf(out, "incomplete_lost=%" PRIu64 "\n", agg->incomplete_by[2]);
	fprintf(out, "incomplete_overrun=%" PRIu64 "\n", agg->incomplete_by[3]);
	fprintf(out, "lost_events=%" PRIu64 "\n", agg->lost_events);
	fprintf(out, "total_ns=%" PRIu64 "\n", agg->total_ns);
	fprintf(out, "time=%s\n", agg->has_time ? "ns" : "none");
	fprintf(out, "keep=%u\n", agg->keep);
	fprintf(out, "keep_slowest=%u\n", agg->keep_slowest);
	for (int i = 0; i < agg->nmeta; i++) {
		if (strcmp(agg->meta[i].key, "root") == 0)
			continue;
		sg_treefield_put_key(out, agg->meta[i].key);
		fputc('=', out);
		sg_treefield_put_name(out, agg->meta[i].value);
		fputc('\n', out);
	}
	fprintf(out, "# "
		     "stat\troot\tinvocations\tincomplete\ttotal_ns\tmin_ns\tavg_ns\tp50_ns\tp99_"
		     "ns\tmax_ns\tp90_ns\tp999_ns\n");
	for (int i = 0; i < agg->nroots; i++) {
		const struct sg_rootstat *r = &agg->roots[i];

		fputs("stat\t", out);
		sg_treefield_put_name(out, r->root);
		fprintf(out,
			"\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
			"\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t",
			r->sum.count, r->incomplete, r->sum.total, r->sum.min, r->sum.avg,
			r->sum.p50, r->sum.p99, r->sum.max);
		/* a root loaded from an older file has no p90 or p99.9: empty fields, no hist */
		if (agg->has_time && r->sum.has_hist)
			fprintf(out, "%" PRIu64 "\t%" PRIu64, r->sum.p90, r->sum.p999);
		else
			fputc('\t', out);
		fputc('\n', out);
	}
	put_hist(out, agg);
	sg_treestat_write_qsketch(out, agg);
	fprintf(out, "# node\tpath\tcalls\ttotal_ns\tself_ns\tmin_ns\tmax_ns%s\n",
		v2 ? "\trets\terrs\terrnos" : "");
	if (pstat)
		fprintf(
		    out,
		    "# pstat\tinvocations\tsq_total_ns2\tsq_self_ns2\tlg_total\tlq_total\tlg_self"
		    "\tlq_self (of the node above)\n");
	if (pstat && agg->runstats)
		fprintf(out, "# rpstat\tsource\tinvocations\tlg_total\tlq_total\tlg_self\tlq_self"
			     " (one source run's part of the pstat above)\n");
	if (agg->has_time && agg->complete)
		fprintf(out,
			"# bucket\tlo_ns\thi_ns\tinvocations, then its bnode lines (as node)\n");
	if (write_nodes(out, "node", sg_tree_top(agg->merged), NULL, NULL, v2, pstat,
			agg->runstats) < 0)
		return -1;
	for (unsigned b = 0; b < SG_HIST_BUCKETS; b++) {
		if (!agg->has_time || !agg->bucket_n[b]) /* none without times, as hist lines */
			continue;
		fprintf(out, "bucket\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\n", sg_hist_lo(b),
			sg_hist_hi(b), agg->bucket_n[b]);
		if (write_nodes(out, "bnode", sg_tree_top(agg->bucket[b]), NULL, NULL, v2, 0, NULL) < 0)
			return -1;
	}
	sg_treescatter_write(out, agg);
	if (agg->nring)
		fprintf(out, "# inv\tseq\troot\tpid\tcomm\tcpus\tstart_ns\tduration_ns\n");
	if (agg->nring && v2)
		fprintf(out, "# call\targs\tretval\n");
	if (agg->nring || agg->nslow)
		fprintf(out,
			"# recs\tcalls\tdropped, then rec lines (version 5, when recorded)\n"
			"# rec\tstart_ns\tdur_ns\tdepth\tcpu\tpid\tcomm\tfunc\targs\tretval\n");
	for (unsigned i = 0; i < agg->nring; i++)
		if (put_inv(out, "inv", sg_aggregate_kept(agg, i), v2, 1) < 0)
			return -1;
	if (agg->nslow)
		fprintf(out, "# slowinv\tseq\troot\tpid\tcomm\tcpus\tstart_ns\tduration_ns\n");
	for (unsigned i = 0; i < agg->nslow; i++)
		if (put_inv(out, "slowinv", agg->slow[i], v2, !in_ring(agg, agg->slow[i])) < 0)
			return -1;
	fprintf(out, "end\n");
	if (fflush(out) != 0 || ferror(out)) {
		sg_log_error("write failed: %s", strerror(errno));
		return -1;
	}
	return 0;
}
