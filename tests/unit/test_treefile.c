/* test_treefile.c - .tree files: byte-identical round trip, and damaged files refused with file:line. */
#include <stdlib.h>
#include "check.h"
#include "log.h"
#include "treefile.h"
#include "treeread.h"

static const char good[] =
	"# surfgraph-tree 3\n"
	"root=__do_fault\n"
	"invocations=2\n"
	"incomplete=1\n"
	"incomplete_start=1\n"
	"incomplete_end=0\n"
	"incomplete_lost=0\n"
	"incomplete_overrun=0\n"
	"lost_events=0\n"
	"total_ns=1150\n"
	"time=ns\n"
	"keep=32\n"
	"keep_slowest=0\n"
	"source=x.txt\n"
	"created=1970-01-01T00:00:00Z\n"
	"odd=a%3Bb%25c\n"
	"# stat\troot\tinvocations\tincomplete\ttotal_ns\tmin_ns\tavg_ns\tp50_ns\tp99_ns\tmax_ns"
	"\tp90_ns\tp999_ns\n"
	"stat\t__do_fault\t2\t1\t1150\t50\t575\t50\t1100\t1100\t1100\t1100\n"
	"# hist\troot\tlo_ns\thi_ns\tinvocations\n"
	"hist\t__do_fault\t0\t1000\t1\n"
	"hist\t__do_fault\t1000\t2000\t1\n"
	"# node\tpath\tcalls\ttotal_ns\tself_ns\tmin_ns\tmax_ns\trets\terrs\terrnos\n"
	"# bucket\tlo_ns\thi_ns\tinvocations, then its bnode lines (as node)\n"
	"node\t__do_fault\t2\t150\t100\t50\t100\t0\t0\t\n"
	"node\t__do_fault;a%3Bb [mod]\t1\t20\t20\t20\t20\t0\t0\t\n"
	"node\t__do_fault;b\t2\t30\t10\t10\t20\t0\t0\t\n"
	"node\t__do_fault;b;c\t1\t20\t20\t20\t20\t0\t0\t\n"
	"bucket\t0\t1000\t1\n"
	"bnode\t__do_fault\t1\t50\t50\t50\t50\t0\t0\t\n"
	"bucket\t1000\t2000\t1\n"
	"bnode\t__do_fault\t1\t1100\t1100\t1100\t1100\t0\t0\t\n"
	"# inv\tseq\troot\tpid\tcomm\tcpus\tstart_ns\tduration_ns\n"
	"# call\targs\tretval\n"
	"inv\t2\t__do_fault\t135\tls\t0,1\t120159748000\t100\n"
	"invnode\t__do_fault\t1\t100\t60\t100\t100\t0\t0\t\n"
	"invnode\t__do_fault;b\t1\t20\t0\t20\t20\t0\t0\t\n"
	"invnode\t__do_fault;b;c\t1\t20\t20\t20\t20\t0\t0\t\n"
	"invnode\t__do_fault;a%3Bb [mod]\t1\t20\t20\t20\t20\t0\t0\t\n"
	"end\n";

/* version 1, as surfgraph wrote it before the histogram: still loads */
static const char good_v1[] =
	"# surfgraph-tree 1\n"
	"root=__do_fault\n"
	"invocations=2\n"
	"incomplete=1\n"
	"incomplete_start=1\n"
	"incomplete_end=0\n"
	"incomplete_lost=0\n"
	"incomplete_overrun=0\n"
	"lost_events=0\n"
	"total_ns=150\n"
	"time=ns\n"
	"keep=32\n"
	"source=x.txt\n"
	"created=1970-01-01T00:00:00Z\n"
	"odd=a%3Bb%25c\n"
	"# stat\troot\tinvocations\tincomplete\ttotal_ns\tmin_ns\tavg_ns\tp50_ns\tp99_ns\tmax_ns\n"
	"stat\t__do_fault\t2\t1\t150\t50\t75\t50\t100\t100\n"
	"# node\tpath\tcalls\ttotal_ns\tself_ns\tmin_ns\tmax_ns\n"
	"node\t__do_fault\t2\t150\t100\t50\t100\n"
	"node\t__do_fault;a%3Bb [mod]\t1\t20\t20\t20\t20\n"
	"node\t__do_fault;b\t2\t30\t10\t10\t20\n"
	"node\t__do_fault;b;c\t1\t20\t20\t20\t20\n"
	"# inv\tseq\troot\tpid\tcomm\tcpus\tstart_ns\tduration_ns\n"
	"inv\t2\t__do_fault\t135\tls\t0,1\t120159748000\t100\n"
	"invnode\t__do_fault\t1\t100\t60\t100\t100\n"
	"invnode\t__do_fault;b\t1\t20\t0\t20\t20\n"
	"invnode\t__do_fault;b;c\t1\t20\t20\t20\t20\n"
	"invnode\t__do_fault;a%3Bb [mod]\t1\t20\t20\t20\t20\n"
	"end\n";

static struct sg_aggregate *load(struct sg_strtab *st, const char *text)
{
	FILE *f = fmemopen((void *) text, strlen(text), "r");
	struct sg_aggregate *agg = sg_treeread_file(f, "t.tree", st);

	fclose(f);
	return agg;
}

static void refused(struct sg_strtab *st, const char *text, const char *msg)
{
	struct sg_aggregate *agg = load(st, text);

	CHECK(agg == NULL);
	CHECK_STR(sg_log_message(), msg);
	sg_aggregate_free(agg);
}

/* text with the first occurrence of from replaced by to */
static char *edit_of(const char *text, const char *from, const char *to)
{
	static char buf[sizeof(good) + 1024];
	const char *at = strstr(text, from);

	snprintf(buf, sizeof(buf), "%.*s%s%s", (int) (at - text), text, to, at + strlen(from));
	return buf;
}

static char *edit(const char *from, const char *to)
{
	return edit_of(good, from, to);
}

/* version 4: good with the scatter, invocation 2 also among the kept (its dot and inv line) */
static const char scatter4[] =
	"# scatter\tstride\tinvocations\tfirst_ns\n"
	"scatter\t1\t2\t120159700000\n"
	"# dot\tseq\troot\tpid\tcomm\tcpu\tstart_ns\tduration_ns\n"
	"dot\t1\t__do_fault\t135\tl%3Bs\t1\t120159700000\t50\n"
	"dot\t2\t__do_fault\t135\tls\t0\t120159748000\t1100\n";
static char good4[sizeof(good) + sizeof(scatter4) + 256];

/* good4 with the first occurrence of from replaced by to */
static char *edit4(const char *from, const char *to)
{
	return edit_of(good4, from, to);
}

/* The comment lines version 5 writes before the kept invocations. */
#define RECS_COMMENT                                                                               \
	"# recs\tcalls\tdropped, then rec lines (version 5, when recorded)\n"                      \
	"# rec\tstart_ns\tdur_ns\tdepth\tcpu\tpid\tcomm\tfunc\targs\tretval\n"

/* Load text, write it again: the bytes of want. */
static void round_trip(struct sg_strtab *st, const char *text, const char *want)
{
	FILE *f = fmemopen((void *) text, strlen(text), "r");
	struct sg_aggregate *agg = sg_treeread_file(f, "t.tree", st);
	char *out = NULL;
	size_t len = 0;

	fclose(f);
	CHECK(agg != NULL);
	if (!agg) {
		fprintf(stderr, "%s\n", sg_log_message());
		return;
	}
	f = open_memstream(&out, &len);
	CHECK(sg_treefile_write(f, agg) == 0);
	fclose(f);
	CHECK(len == strlen(want) && memcmp(out, want, len) == 0);
	if (len != strlen(want) || memcmp(out, want, len) != 0)
		fprintf(stderr, "--- wrote:\n%s", out);
	free(out);
	sg_aggregate_free(agg);
}

/*
 * Version 5's pstat lines: after every merged-tree node, the invocations it was in and its
 * sums of squares, kept exactly (past 64 bits too) by a round trip; damaged ones refused.
 */
static void pstat_checks(struct sg_strtab *st)
{
	static char v5[sizeof(good) + 1024];
	char *p;
	struct sg_aggregate *agg;

	snprintf(v5, sizeof(v5), "%s", edit("# surfgraph-tree 3", "# surfgraph-tree 6"));
	snprintf(
	    v5, sizeof(v5), "%s",
	    edit_of(v5, "# bucket\t",
		    "# pstat\tinvocations\tsq_total_ns2\tsq_self_ns2\tlg_total\tlq_total\tlg_self"
		    "\tlq_self (of the node above)\n"
		    "# bucket\t"));
	snprintf(v5, sizeof(v5), "%s",
		 edit_of(v5, "\t100\t0\t0\t\n",
			 "\t100\t0\t0\t\npstat\t2\t12500\t6000\t100\t5000\t50\t1250\n"));
	snprintf(
	    v5, sizeof(v5), "%s",
	    edit_of(v5, "[mod]\t1\t20\t20\t20\t20\t0\t0\t\n",
		    "[mod]\t1\t20\t20\t20\t20\t0\t0\t\npstat\t1\t400\t400\t100\t5000\t50\t1250\n"));
	snprintf(
	    v5, sizeof(v5), "%s",
	    edit_of(v5, "b\t2\t30\t10\t10\t20\t0\t0\t\n",
		    "b\t2\t30\t10\t10\t20\t0\t0\t\npstat\t2\t500\t100\t100\t5000\t50\t1250\n"));
	snprintf(
	    v5, sizeof(v5), "%s",
	    edit_of(
		v5, "b;c\t1\t20\t20\t20\t20\t0\t0\t\n",
		"b;c\t1\t20\t20\t20\t20\t0\t0\t\n"
		"pstat\t1\t340282366920938463463374607431768211455\t400\t100\t5000\t50\t1250\n"));
	snprintf(v5, sizeof(v5), "%s",
		 edit_of(v5, "# call\targs\tretval\n", "# call\targs\tretval\n" RECS_COMMENT));
	round_trip(st, v5, v5);
	agg = load(st, v5);
	CHECK(agg && agg->has_pathstat);
	if (agg) {
		const struct sg_node *r = sg_tree_top(agg->merged)->child;
		struct sg_pstat ps;

		sg_node_pstat(r, &ps);
		CHECK_U64(ps.ninv, 2);
		CHECK_U64((uint64_t) ps.sq_total, 12500);
		CHECK_U64((uint64_t) ps.sq_self, 6000);
		sg_node_pstat(r->child->next->child, &ps);
		CHECK(ps.sq_total == ~(unsigned __int128) 0);
	}
	sg_aggregate_free(agg);
	p = strdup(v5);
	refused(st, edit_of(p, "# surfgraph-tree 6", "# surfgraph-tree 4"),
		"t.tree:26: pstat line not right after a node line (version 5)");
	refused(st, edit_of(p, "pstat\t1\t400\t400\t100\t5000\t50\t1250\n", ""),
		"t.tree:45: pstat lines for some node lines only");
	refused(st,
		edit_of(p, "pstat\t2\t500\t100\t100\t5000\t50\t1250\n",
			"pstat\t3\t500\t100\t100\t5000\t50\t1250\n"),
		"t.tree:30: a pstat line does not fit its node (invocations, squares)");
	refused(st,
		edit_of(p, "pstat\t2\t500\t100\t100\t5000\t50\t1250\n",
			"pstat\t2\t500\t501\t100\t5000\t50\t1250\n"),
		"t.tree:30: a pstat line does not fit its node (invocations, squares)");
	refused(st,
		edit_of(p, "pstat\t2\t500\t100\t100\t5000\t50\t1250\n",
			"pstat\t2\t50\t10\t100\t5000\t50\t1250\n"),
		"t.tree:30: a pstat line does not fit its node (invocations, squares)");
	refused(st, edit_of(p, "211455\t400", "211456\t400"),
		"t.tree:32: bad number in a pstat line");
	refused(st, edit_of(p, "pstat\t2\t500\t100\t100\t5000\t50\t1250\n", "pstat\t2\t500\n"),
		"t.tree:30: a pstat line has 8 tab-separated fields");
	refused(
	    st,
	    edit_of(p, "pstat\t2\t500\t100\t100\t5000\t50", "pstat\t2\t500\t100\t100\t5000\t101"),
	    "t.tree:30: a pstat line does not fit its node (invocations, squares)");
	refused(
	    st,
	    edit_of(p, "pstat\t2\t500\t100\t100\t5000", "pstat\t2\t500\t100\t100\t999999999999"),
	    "t.tree:30: a pstat line does not fit its node (invocations, squares)");
	refused(
	    st,
	    edit_of(
		p, "bnode\t__do_fault\t1\t50\t50\t50\t50\t0\t0\t\n",
		"bnode\t__do_"
		"fault\t1\t50\t50\t50\t50\t0\t0\t\npstat\t1\t2500\t2500\t100\t5000\t50\t1250\n"),
	    "t.tree:35: pstat line not right after a node line (version 5)");
	free(p);
}

/* Version 5's recorded calls: loaded, written back the same, and refused when damaged. */
static void recs(struct sg_strtab *st)
{
	static const char last[] = "invnode\t__do_fault;a%3Bb [mod]\t1\t20\t20\t20\t20\t0\t0\t\n";
	static const char four[] = "recs\t4\t3\n"
				   "rec\t0\t100\t0\t0\t135\tls\t__do_fault\t\t\n"
				   "rec\t10\t20\t1\t1\t\t\tb\tx=1, y=%3B\t-12\n"
				   "rec\t12\t20\t2\t\t\t\tc\t\t\n"
				   "rec\t-5\t20\t1\t\t136\tl%3Bs\ta%3Bb [mod]\t\t0\n";
	char with[sizeof(last) + sizeof(four)], *text;

	snprintf(with, sizeof(with), "%s%s", last, four);
	text = strdup(edit4(last, with));
	struct sg_aggregate *agg = load(st, text);

	CHECK(agg != NULL);
	if (agg) {
		const struct sg_calls *c = sg_aggregate_kept(agg, 0)->calls;

		CHECK(c && c->n == 4 && c->dropped == 3);
		if (c && c->n == 4) {
			CHECK_U64(c->v[1].start, 120159748010ull);
			CHECK_U64(c->v[3].start, 120159747995ull);
			CHECK_U64(c->v[2].cpu, 1); /* an empty cpu repeats the line before's */
			CHECK_U64(c->v[2].pid, 135);
			CHECK_STR(c->v[2].comm, "ls");
			CHECK_STR(c->v[3].comm, "l;s");
			CHECK_STR(c->v[1].args, "x=1, y=;");
			CHECK(c->v[1].has_retval && c->v[1].retval == -12);
			CHECK(!c->v[2].has_retval && !c->v[2].args);
			CHECK_STR(c->v[3].func, "a;b [mod]");
		}
		sg_aggregate_free(agg);
	}
	round_trip(st, text, text);
	refused(st, edit_of(text, "# surfgraph-tree 6", "# surfgraph-tree 4"),
		"t.tree:46: recs or rec line before version 5");
	refused(st, edit_of(text, "recs\t4\t3", "recs\t5\t3"),
		"t.tree:51: fewer rec lines than the recs line counts");
	refused(st, edit_of(text, "recs\t4\t3", "recs\t3\t3"),
		"t.tree:50: a rec line beyond its recs line's count");
	refused(st, edit_of(text, "recs\t4\t3\n", ""),
		"t.tree:46: a rec line beyond its recs line's count");
	/* an interrupt of the root itself: its calls at the root's depth (arm64 6.1, VM s1) */
	{
		const char *irq = edit_of(text, "rec\t12\t20\t2", "rec\t12\t20\t0");

		round_trip(st, irq, irq);
	}
	refused(st, edit_of(text, "rec\t0\t100\t0", "rec\t0\t100\t1"),
		"t.tree:47: bad depth in a rec line (the first 0, then 0 to 100000)");
	refused(st, edit_of(text, "rec\t12\t20\t2", "rec\t12\t20\t100001"),
		"t.tree:49: bad depth in a rec line (the first 0, then 0 to 100000)");
	refused(st, edit_of(text, "\tc\t\t\n", "\t\t\t\n"),
		"t.tree:49: a rec line without a function");
	refused(st, edit_of(text, "x=1, y=%3B", "x=%zz"), "t.tree:48: bad %-escape in a rec line");
	refused(st, edit_of(text, "recs\t4\t3", "recs\t0\t3"),
		"t.tree:46: a recs line's calls must be 1 to 10000");
	free(text);
}

int main(void)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_aggregate *agg = load(st, good);
	char *out = NULL;
	size_t len = 0;

	CHECK(agg != NULL);
	if (!agg) {
		fprintf(stderr, "%s\n", sg_log_message());
		return 1;
	}
	CHECK_U64(agg->complete, 2);
	CHECK_U64(agg->nring, 1);
	CHECK_U64(sg_aggregate_kept(agg, 0)->pid, 135);
	CHECK_U64(sg_aggregate_kept(agg, 0)->ncpus, 2);
	CHECK_STR(sg_aggregate_meta(agg, "odd"), "a;b%c");
	CHECK_STR(sg_tree_top(agg->merged)->child->child->name, "a;b [mod]");
	CHECK_U64(agg->roots[0].sum.p99, 1100);
	CHECK_U64(agg->roots[0].sum.p999, 1100);
	CHECK_U64(agg->roots[0].sum.hist[1], 1);

	CHECK(agg->scatter == NULL); /* version 3: no scatter */
	sg_aggregate_free(agg);
	FILE *f;

	/* version 3 saved again: the same bytes as version 5 (no scatter, no recorded calls: none
	 * is made up), invocation nodes still in call order */
	char *v5 = strdup(edit("# surfgraph-tree 3", "# surfgraph-tree 6"));
	char *v4 =
	    strdup(edit_of(v5, "# call\targs\tretval\n", "# call\targs\tretval\n" RECS_COMMENT));

	free(v5);
	round_trip(st, good, v4);
	agg = load(st, good);
	CHECK(agg && !agg->has_pathstat); /* version 3: no per-path statistics */
	sg_aggregate_free(agg);
	/* version 4 with its scatter: loaded, the same bytes again */
	char before_inv[sizeof(scatter4) + 8];

	snprintf(before_inv, sizeof(before_inv), "%s# inv\t", scatter4);
	snprintf(good4, sizeof(good4), "%s", edit_of(v4, "# inv\t", before_inv));
	free(v4);
	agg = load(st, good4);
	CHECK(agg && agg->scatter && agg->scatter->n == 2 && agg->scatter->all_ts);
	if (agg && agg->scatter) {
		CHECK_STR(agg->scatter->dots[0].comm, "l;s");
		CHECK_U64(agg->scatter->dots[0].cpu, 1);
		CHECK_U64(agg->scatter->first, 120159700000ull);
	}
	sg_aggregate_free(agg);
	round_trip(st, good4, good4);
	pstat_checks(st);
	/* the scatter's records: version 4, in order, within the run */
	refused(
	    st, edit4("# surfgraph-tree 6", "# surfgraph-tree 3"),
	    "t.tree:33: scatter or dot line outside version 4's scatter (before the invocations)");
	refused(st, edit4("scatter\t1\t2\t", "scatter\t3\t2\t"),
		"t.tree:33: a scatter's stride is a power of two");
	refused(st, edit4("scatter\t1\t2\t", "scatter\t1\t3\t"),
		"t.tree:33: a scatter's invocations are between 1 and the run's invocations");
	refused(st, edit4("scatter\t1\t2\t", "scatter\t2\t2\t"),
		"t.tree:35: a dot's seq is not a multiple of the scatter's stride up to its invocations");
	refused(st, edit4("dot\t2\t", "dot\t1\t"), "t.tree:36: dot lines out of order");
	refused(st, edit4("\t120159748000\t1100", "\t\t1100"),
		"t.tree:36: a dot's start_ns is missing, or before the scatter's first_ns");
	refused(st, edit4("scatter\t1\t2\t120159700000\n", ""),
		"t.tree:34: a dot line before the scatter line");
	refused(st, edit4("\tls\t0\t120159748000", "\tls\t0"),
		"t.tree:36: a dot line has 8 tab-separated fields");
	refused(st, edit4("# inv\tseq", "dot\t2\t__do_fault\t\t\t\t120159748000\t1\n# inv\tseq"),
		"t.tree:37: dot lines out of order");

	/* version 1 loads; saved again it is version 3 without p90, p99.9 or a histogram */
	agg = load(st, good_v1);
	CHECK(agg != NULL);
	if (agg) {
		CHECK_U64(agg->roots[0].sum.p99, 100);
		CHECK(!agg->roots[0].sum.has_hist);
		f = open_memstream(&out, &len);
		CHECK(sg_treefile_write(f, agg) == 0);
		fclose(f);
		CHECK(strstr(out, "\t50\t100\t100\t\t\n") != NULL);
		CHECK(strstr(out, "\nhist\t") == NULL);
		free(out);
		sg_aggregate_free(agg);
	}

	refused(st, "", "t.tree: empty file");
	/* version 3's bucket trees: real buckets, in order, counting what the hist lines count */
	refused(st, edit("bucket\t1000\t2000\t1\n", "bucket\t1000\t2000\t2\n"),
		"t.tree:39: a bucket line's invocations differ from the hist lines");
	refused(st, edit("bucket\t1000\t2000", "bucket\t1000\t3000"),
		"t.tree:30: not a histogram bucket (lo_ns, hi_ns) or an empty one");
	refused(st, edit("bucket\t0\t1000\t1\n", "bucket\t2000\t4000\t1\n"),
		"t.tree:30: bucket lines out of order");
	refused(st, edit("bucket\t0\t1000\t1\n", "bnode\tx\t1\t1\t1\t1\t1\t0\t0\t\n"),
		"t.tree:28: bnode line outside a bucket");
	/* version 3's slowest: at most keep_slowest of them, longest first */
	refused(st, "# surfgraph-tree 3\nroot=f\ntime=ns\nkeep_slowest=1\nslowinv\t1\tf\t\t\t\t\t9\n"
		    "slowinv\t2\tf\t\t\t\t\t5\nend\n",
		"t.tree:6: more slowinv lines than keep_slowest");
	refused(st, "# surfgraph-tree 3\nroot=f\ntime=ns\nkeep_slowest=2\nslowinv\t1\tf\t\t\t\t\t5\n"
		    "slowinv\t2\tf\t\t\t\t\t9\nend\n",
		"t.tree:6: slowinv lines out of order (longest first)");
	refused(st, "# surfgraph-tree 3\nroot=f\ntime=ns\nkeep_slowest=1\ninv\t1\tf\t\t\t\t\t9\n"
		    "invnode\tf\t1\t9\t9\t9\t9\t0\t0\t\nslowinv\t1\tf\t\t\t\t\t8\nend\n",
		"t.tree:7: a slowinv line differs from the inv line of its number");
	refused(st, "# surfgraph-tree 3\nroot=f\ntime=ns\nkeep_slowest=1\ninv\t1\tf\t\t\t\t\t9\n"
		    "invnode\tf\t1\t9\t9\t9\t9\t0\t0\t\nslowinv\t1\tf\t\t\t\t\t9\n"
		    "invnode\tf\t1\t9\t9\t9\t9\t0\t0\t\nend\n",
		"t.tree:8: invnode line before any inv line");
	refused(st, "# surfgraph-tree 2\nroot=f\nkeep_slowest=2\nend\n",
		"t.tree:3: keep_slowest: version 3, once, at most 65536");
	refused(st, "# surfgraph-tree 8\nend\n",
		"t.tree:1: unsupported .tree version '8' (this surfgraph reads versions 1 to 7)");
	recs(st);
	/* version 3: the histogram must count the invocations, in bucket order, real buckets */
	refused(st, edit("hist\t__do_fault\t1000\t2000\t1\n", ""),
		"t.tree:38: the hist lines of stat line 1 do not add up to its invocations");
	refused(st, edit("hist\t__do_fault\t1000\t2000", "hist\t__do_fault\t1000\t3000"),
		"t.tree:21: not a histogram bucket (lo_ns, hi_ns) or an empty one");
	refused(st, edit("hist\t__do_fault\t0\t1000\t1\nhist\t__do_fault\t1000\t2000\t1\n",
			 "hist\t__do_fault\t1000\t2000\t1\nhist\t__do_fault\t0\t1000\t1\n"),
		"t.tree:21: hist lines out of order");
	refused(st, edit("\t1100\t1100\t1100\t1100\n", "\t1100\t1100\t10\t1100\n"),
		"t.tree:18: percentiles out of order (p50 <= p90 <= p99 <= p99.9 <= max)");
	refused(st, edit("\t50\t575\t50\t1100", "\t50\t575\t5000\t1100"),
		"t.tree:18: statistics out of order (min <= p50 <= p99 <= max)");
	refused(st, edit("hist\t__do_fault\t0", "hist\tother\t0"),
		"t.tree:20: hist line of a root without a version 3 stat line before it");
	/* version 2: its node lines carry three more columns, call lines only follow invnodes */
	refused(st, "# surfgraph-tree 2\nroot=f\nnode\tf\t1\t1\t1\t1\t1\nend\n",
		"t.tree:3: a node line has 10 tab-separated fields (version 2, 3)");
	refused(st, "# surfgraph-tree 2\nroot=f\nnode\tf\t1\t1\t1\t1\t1\t1\t2\t12:2\nend\n",
		"t.tree:3: errors outnumber the calls");
	refused(st, "# surfgraph-tree 2\nroot=f\nnode\tf\t1\t1\t1\t1\t1\t1\t1\t0:1\nend\n",
		"t.tree:3: bad errnos column (errno:calls,...)");
	refused(st, "# surfgraph-tree 2\nroot=f\ncall\ta=1\t0\nend\n",
		"t.tree:3: call line outside a version 2 or 3 invocation");
	refused(st, "# surfgraph-tree 1\nroot=f\ncall\ta=1\t0\nend\n",
		"t.tree:3: call line outside a version 2 or 3 invocation");
	refused(st, "hello\n", "t.tree:1: not a surfgraph .tree file (no '# surfgraph-tree' header)");
	refused(st, edit("total_ns=1150", "total_ns=1x50"), "t.tree:10: bad number in column total_ns: '1x50'");
	refused(st, edit("node\t__do_fault;b\t2\t30", "node\t__do_fault;b\t2\t99999999999999999999"),
		"t.tree:26: bad number in column total_ns: '99999999999999999999'");
	refused(st, edit("node\t__do_fault;b;c", "node\t__do_fault;x;c"),
		"t.tree:27: path's parent was not defined on an earlier line");
	refused(st, edit("node\t__do_fault;b\t", "node\t__do_fault;a%3Bb [mod]\t"), "t.tree:26: path defined twice");
	refused(st, edit("end\n", ""), "t.tree:39: truncated: no 'end' line");
	refused(st, edit("end\n", "en"), "t.tree:39: truncated: the last line has no newline");
	refused(st, edit("time=ns", "time=ms"), "t.tree:11: time must be ns or none");
	refused(st, edit("\nstat\t", "\nstats\t"), "t.tree:18: unknown line kind 'stats'");
	refused(st, edit("node\t__do_fault;a%3Bb", "node\t__do_fault;a%3"), "t.tree:25: bad %-escape in path");
	refused(st, edit("inv\t2\t", "inv\t2\t__do_fault\n"), "t.tree:34: an inv line has 8 tab-separated fields");
	refused(st, edit("end\n", "end\nnode\tx\t1\t1\t1\t1\t1\n"), "t.tree:40: text after the end line");
	sg_strtab_free(st);
	return check_report("treefile");
}
