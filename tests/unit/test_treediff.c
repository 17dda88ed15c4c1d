/* test_treediff.c - comparing two runs: matching, per-invocation figures, rounding, the gate, depth. */
#include <stdlib.h>
#include "check.h"
#include "diffgate.h"
#include "diffrename.h"
#include "diff_text.h"
#include "log.h"
#include "treediff.h"
#include "treefile.h"
#include "treeread.h"
#include "treewalk.h"

/*
 * BEFORE, 2 invocations          AFTER, 4 invocations
 *   f 2000 (self 200)              f 6000 (self 380)
 *   |- a 1000                      |- a 4000
 *   |- b  600                      |- c 1200     (new)
 *   `- d  200                      `- d  420
 * per invocation: f 1000 -> 1500, a 500 -> 1000, b 300 -> gone, c new 300, d 100 -> 105
 */
static const char before[] = "# surfgraph-tree 1\nroot=f\ntime=ns\n"
			     "stat\tf\t2\t0\t2000\t900\t1000\t900\t1100\t1100\n"
			     "node\tf\t2\t2000\t200\t900\t1100\n"
			     "node\tf;a\t2\t1000\t1000\t400\t600\n"
			     "node\tf;b\t1\t600\t600\t600\t600\n"
			     "node\tf;d\t2\t200\t200\t100\t100\n"
			     "end\n";
static const char after[] = "# surfgraph-tree 1\nroot=f\ntime=ns\n"
			    "stat\tf\t4\t0\t6000\t1400\t1500\t1500\t1600\t1600\n"
			    "node\tf\t4\t6000\t380\t1400\t1600\n"
			    "node\tf;a\t4\t4000\t4000\t900\t1100\n"
			    "node\tf;c\t2\t1200\t1200\t600\t600\n"
			    "node\tf;d\t4\t420\t420\t105\t105\n"
			    "end\n";

static struct sg_aggregate *load(struct sg_strtab *st, const char *text)
{
	FILE *f = fmemopen((void *) text, strlen(text), "r");
	struct sg_aggregate *agg = sg_treeread_file(f, "t.tree", st);

	fclose(f);
	return agg;
}

static const struct sg_treediff_node *child(const struct sg_treediff_node *p, const char *name)
{
	for (p = p->child; p; p = p->next)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

static void test_ratio(void)
{
	int64_t bp = 0;

	CHECK(sg_treediff_ratio(1, 3, &bp) == 0 && bp == 3333);
	CHECK(sg_treediff_ratio(2, 3, &bp) == 0 && bp == 6667);
	CHECK(sg_treediff_ratio(-2, 3, &bp) == 0 && bp == -6667);
	/* exactly half a hundredth rounds away from zero, both ways */
	CHECK(sg_treediff_ratio(1, 20000, &bp) == 0 && bp == 1);
	CHECK(sg_treediff_ratio(-1, 20000, &bp) == 0 && bp == -1);
	CHECK(sg_treediff_ratio(243790, 737077, &bp) == 0 && bp == 3308);
	CHECK(sg_treediff_ratio(5, 0, &bp) == -1);
}

static void test_small(struct sg_strtab *st)
{
	struct sg_aggregate *b = load(st, before), *a = load(st, after);
	struct sg_treediff_options o = { .threshold_bp = 1000 };
	struct sg_treediff *d;
	const struct sg_treediff_node *f, *n;
	const struct sg_treediff_root *w;

	CHECK(a && b);
	d = sg_treediff_new(b, a, &o);
	CHECK(d != NULL);
	if (!d)
		return;
	CHECK_U64(d->nroots, 1);
	f = d->top->child;
	CHECK_STR(f->name, "f");
	CHECK_U64(f->total[0], 1000);
	CHECK_U64(f->total[1], 1500);
	CHECK_U64(f->inv[0], 2);
	CHECK_U64(f->inv[1], 4);
	/* children by AFTER's time, gone last */
	CHECK_STR(f->child->name, "a");
	CHECK_STR(f->child->next->name, "c");
	CHECK_STR(f->child->next->next->name, "d");
	CHECK_STR(f->child->next->next->next->name, "b");
	n = child(f, "a");
	CHECK(n->delta == 500 && n->state == SG_TREEDIFF_BOTH && n->changed && n->shown);
	n = child(f, "c");
	CHECK(n->state == SG_TREEDIFF_NEW && n->total[1] == 300 && n->calls_milli[1] == 500);
	n = child(f, "b");
	CHECK(n->state == SG_TREEDIFF_GONE && n->delta == -300 && n->shown);
	n = child(f, "d");
	CHECK(n->delta == 5 && !n->changed && !n->shown); /* +5% under --threshold 10 */
	CHECK_U64(d->max_abs_delta, 500);
	/* largest self changes: a +500, then c +300 and b -300 in tree order; f and d under 10% */
	CHECK_U64(d->nchanges, 3);
	CHECK_STR(d->changes[0]->name, "a");
	CHECK_STR(d->changes[1]->name, "c");
	CHECK_STR(d->changes[2]->name, "b");
	/* a run's node leads back to its path */
	CHECK(sg_treediff_find(d, SG_TREEDIFF_AFTER, child(f, "c")->src[1]) == child(f, "c"));
	CHECK(sg_treediff_find(d, SG_TREEDIFF_BEFORE, child(f, "b")->src[0]) == child(f, "b"));
	CHECK(sg_treediff_find(d, SG_TREEDIFF_AFTER, child(f, "b")->src[0]) == NULL);
	/* the gate: avg 1000 -> 1500 is +50% exactly, so 50% passes and 49.99% trips */
	CHECK(sg_diffgate_check(d, SG_DIFFGATE_AVG, 5000, &w) == 0 && w == &d->roots[0]);
	CHECK(sg_diffgate_check(d, SG_DIFFGATE_AVG, 4999, &w) == 1);
	CHECK(sg_diffgate_check(d, SG_DIFFGATE_P50, 6666, &w) == 1); /* 900 -> 1500: +66.67% */
	CHECK(sg_diffgate_check(d, SG_DIFFGATE_P50, 6667, &w) == 0);
	sg_treediff_free(d);

	/* different roots are refused without force */
	sg_aggregate_set_meta(a, "root", "g");
	o.force = 0;
	CHECK(sg_treediff_new(b, a, &o) == NULL);
	CHECK(strstr(sg_log_message(), "compare different roots with --force") != NULL);
	o.force = 1;
	d = sg_treediff_new(b, a, &o);
	CHECK(d != NULL);
	sg_treediff_free(d);
	sg_aggregate_free(a);
	sg_aggregate_free(b);
}

/* A chain 100,000 calls deep, in both runs: nothing may recurse on depth. */
static void test_deep(struct sg_strtab *st)
{
	enum { DEPTH = 100000 };
	struct sg_aggregate *run[2];
	struct sg_treediff_options o = { 0 };
	const struct sg_diff_text_style style = { 0 };

	for (int k = 0; k < 2; k++) {
		struct sg_node *n;
		struct sg_rootstat *rs;

		run[k] = sg_aggregate_new(1);
		sg_aggregate_set_meta(run[k], "root", "f0");
		run[k]->has_time = 1;
		n = sg_tree_top(run[k]->merged);
		for (int i = 0; i < DEPTH; i++) {
			char name[16];

			snprintf(name, sizeof(name), "f%d", i);
			n = sg_tree_child(run[k]->merged, n, sg_strtab_intern(st, name, strlen(name)));
			n->calls = 1;
			n->total = (uint64_t) (DEPTH - i) * (k ? 3 : 2);
		}
		sg_treewalk_finish(sg_tree_top(run[k]->merged));
		rs = sg_aggregate_rootstat(run[k], sg_tree_top(run[k]->merged)->child->name);
		rs->sum.count = 1;
	}
	struct sg_treediff *d = sg_treediff_new(run[0], run[1], &o);

	CHECK(d != NULL);
	if (d) {
		FILE *null = fopen("/dev/null", "w");

		CHECK_U64(d->nodes, DEPTH + 1);
		CHECK(sg_diff_text_render(null, d, &style) == 0);
		fclose(null);
		CHECK_U64(d->max_abs_delta, DEPTH);
	}
	sg_treediff_free(d);
	sg_aggregate_free(run[0]);
	sg_aggregate_free(run[1]);
}

/*
 * Renames by subtree (diffrename.h), by hand: g calls p 60, q 30, r 10 (ns of self time) in
 * BEFORE, h calls p 50, q Q, s 50 - Q in AFTER. Of g's time 90% is in functions h calls too, of
 * h's (50 + Q)%: at Q = 10 the smaller share is 60%, a rename; at Q = 9, 59%, none.
 */
static struct sg_treediff *renamed(struct sg_strtab *st, int q, struct sg_aggregate *run[2])
{
	char a[512];
	static const char b[] = "# surfgraph-tree 1\nroot=f\ntime=ns\n"
				"stat\tf\t1\t0\t300\t300\t300\t300\t300\t300\n"
				"node\tf\t1\t300\t100\t300\t300\n"
				"node\tf;g\t1\t200\t100\t200\t200\n"
				"node\tf;g;p\t1\t60\t60\t60\t60\n"
				"node\tf;g;q\t1\t30\t30\t30\t30\n"
				"node\tf;g;r\t1\t10\t10\t10\t10\n"
				"end\n";
	struct sg_treediff_options o = { 0 };

	snprintf(a, sizeof(a),
		 "# surfgraph-tree 1\nroot=f\ntime=ns\n"
		 "stat\tf\t1\t0\t300\t300\t300\t300\t300\t300\n"
		 "node\tf\t1\t300\t100\t300\t300\n"
		 "node\tf;h\t1\t200\t100\t200\t200\n"
		 "node\tf;h;p\t1\t50\t50\t50\t50\n"
		 "node\tf;h;q\t1\t%d\t%d\t%d\t%d\n"
		 "node\tf;h;s\t1\t%d\t%d\t%d\t%d\n"
		 "end\n",
		 q, q, q, q, 50 - q, 50 - q, 50 - q, 50 - q);
	run[0] = load(st, b);
	run[1] = load(st, a);
	return run[0] && run[1] ? sg_treediff_new(run[0], run[1], &o) : NULL;
}

static void test_rename(struct sg_strtab *st)
{
	struct sg_aggregate *run[2];
	struct sg_treediff *d = renamed(st, 10, run);
	const struct sg_treediff_node *h;

	CHECK(d != NULL);
	h = d ? child(d->top->child, "h") : NULL;
	CHECK(h && h->state == SG_TREEDIFF_BOTH && h->how == SG_TREEDIFF_SUBTREE);
	CHECK(h && h->name_before && strcmp(h->name_before, "g") == 0);
	CHECK(h && h->similarity == 0.6);
	CHECK(d && !child(d->top->child, "g") && d->nsubtree == 1 && d->nmatched == 1);
	sg_treediff_free(d);
	sg_aggregate_free(run[0]);
	sg_aggregate_free(run[1]);
	d = renamed(st, 9, run);
	CHECK(d != NULL);
	h = d ? child(d->top->child, "h") : NULL;
	CHECK(h && h->state == SG_TREEDIFF_NEW && !h->name_before);
	CHECK(d && child(d->top->child, "g") && d->nsubtree == 0);
	sg_treediff_free(d);
	sg_aggregate_free(run[0]);
	sg_aggregate_free(run[1]);
}

/*
 * A chain of renames 100,000 calls deep: a1 ... aD then x in BEFORE, b1 ... bD then x in AFTER.
 * Each level is a rename (x all the time below), and each profile walks the rest of the chain:
 * D^2 nodes in all, but the walks stop at SG_DIFFRENAME_BUDGET, past the levels that fit.
 */
static void test_rename_chain(struct sg_strtab *st)
{
	enum { DEPTH = 100000 };
	struct sg_aggregate *run[2];
	struct sg_treediff_options o = { 0 };
	uint64_t walked = 0, levels = 0;

	for (int k = 0; k < 2; k++) {
		struct sg_node *n;

		run[k] = sg_aggregate_new(1);
		sg_aggregate_set_meta(run[k], "root", "f");
		run[k]->has_time = 1;
		n = sg_tree_child(run[k]->merged, sg_tree_top(run[k]->merged),
				  sg_strtab_intern(st, "f", 1));
		n->calls = 1;
		n->total = 1000;
		for (int i = 1; i <= DEPTH + 1; i++) {
			char name[16];

			snprintf(name, sizeof(name), i > DEPTH ? "x" : k ? "b%d" : "a%d", i);
			n = sg_tree_child(run[k]->merged, n, sg_strtab_intern(st, name, strlen(name)));
			n->calls = 1;
			n->total = 1000;
		}
		sg_treewalk_finish(sg_tree_top(run[k]->merged));
		sg_aggregate_rootstat(run[k], "f")->sum.count = 1;
	}
	/* level i (a_i, b_i) walks D - i + 1 nodes below each */
	for (uint64_t i = 1; i <= DEPTH; i++) {
		if (walked + 2 * (DEPTH - i + 1) > SG_DIFFRENAME_BUDGET)
			break;
		walked += 2 * (DEPTH - i + 1);
		levels++;
	}
	struct sg_treediff *d = sg_treediff_new(run[0], run[1], &o);

	CHECK(d != NULL);
	if (d) {
		CHECK(d->subtree_stopped);
		CHECK_U64(d->subtree_walked, SG_DIFFRENAME_BUDGET);
		CHECK_U64(d->nsubtree, levels);
		CHECK(levels > 10 && levels < 100);
	}
	sg_treediff_free(d);
	sg_aggregate_free(run[0]);
	sg_aggregate_free(run[1]);
}

int main(void)
{
	struct sg_strtab *st = sg_strtab_new();

	test_ratio();
	test_small(st);
	test_deep(st);
	test_rename(st);
	test_rename_chain(st);
	sg_treediff_free(NULL);
	sg_strtab_free(st);
	return check_report("treediff");
}
