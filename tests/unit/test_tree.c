/* test_tree.c - trees: find-or-create by (parent, name), merge, self times, ordering, statistics. */
#include <stdlib.h>
#include "check.h"
#include "match.h"
#include "stats.h"
#include "strtab.h"
#include "tree.h"
#include "treewalk.h"

int main(void)
{
	struct sg_strtab *st = sg_strtab_new();
	const char *a = sg_strtab_intern(st, "a", 1), *b = sg_strtab_intern(st, "b", 1),
		   *c = sg_strtab_intern(st, "c", 1);

	CHECK(a == sg_strtab_intern(st, "a", 1));
	CHECK_U64(sg_strtab_len(c), 1);

	/*
	 * One invocation:  a (110)          merged twice:  a calls 2, total 220
	 *                  |- b (30) x2                    |- b calls 4, total 60, min 10, max 20
	 *                  `- c (70, rounded: children 71) `- c total 142 (raised), self 0
	 *                     `- b (71)
	 */
	struct sg_tree *t = sg_tree_new(), *m = sg_tree_new();
	struct sg_node *na = sg_tree_child(t, sg_tree_top(t), a);
	struct sg_node *nb = sg_tree_child(t, na, b);
	struct sg_node *nc = sg_tree_child(t, na, c);
	struct sg_node *ncb = sg_tree_child(t, nc, b);

	CHECK(sg_tree_child(t, na, b) == nb);
	CHECK(sg_tree_find(t, na, c) == nc);
	CHECK(sg_tree_find(t, nc, c) == NULL);
	sg_node_add_call(na, 110, 1);
	sg_node_add_call(nb, 10, 1);
	sg_node_add_call(nb, 20, 1);
	sg_node_add_call(nc, 70, 1);
	sg_node_add_call(ncb, 71, 1);
	CHECK_U64(sg_treewalk_finish(na), 1);
	CHECK_U64(nc->total, 71);
	CHECK_U64(nc->self, 0);
	CHECK_U64(na->self, 110 - 30 - 71);
	CHECK_U64(nb->min, 10);
	CHECK_U64(nb->max, 20);
	CHECK(sg_tree_merge(m, sg_tree_top(m), na) == 0);
	CHECK(sg_tree_merge(m, sg_tree_top(m), na) == 0);
	struct sg_node *ma = sg_tree_top(m)->child;

	CHECK_U64(ma->calls, 2);
	CHECK_U64(ma->total, 220);
	CHECK_U64(ma->self, 2 * (110 - 30 - 71));
	CHECK_U64(sg_tree_find(m, ma, b)->calls, 4);
	CHECK_U64(sg_tree_find(m, ma, b)->min, 10);
	CHECK_U64(sg_tree_find(m, ma, b)->max, 20);
	CHECK_U64(sg_tree_size(m), 4);
	/* by total: c (142) before b (60); by name: b before c */
	CHECK(sg_treewalk_sort(sg_tree_top(m), SG_ORDER_TOTAL) == 0);
	CHECK(ma->child->name == c);
	CHECK(sg_treewalk_sort(sg_tree_top(m), SG_ORDER_NAME) == 0);
	CHECK(ma->child->name == b);
	/* pre-order walk visits every node once */
	int k = 0;

	for (struct sg_node *n = ma; n; n = sg_node_next(n, ma))
		k++;
	CHECK_U64(k, 4);

	/* a detached node attaches, or merges into the same-named child */
	struct sg_node *d = sg_tree_detached(t, b);

	sg_node_add_call(d, 5, 1);
	CHECK(sg_tree_attach(t, na, d) == 0);
	CHECK_U64(nb->calls, 3);
	CHECK_U64(nb->total, 35);
	CHECK_U64(nb->min, 5);

	/* a chain 100,000 deep: merge, finish, sort and free must not recurse */
	{
		struct sg_tree *deep = sg_tree_new(), *dm = sg_tree_new();
		struct sg_node *n = sg_tree_top(deep);

		for (int i = 0; i < 100000; i++) {
			n = sg_tree_child(deep, n, i % 2 ? a : b);
			sg_node_add_call(n, 100000 - i, 1);
		}
		CHECK_U64(sg_treewalk_finish(sg_tree_top(deep)->child), 0);
		CHECK(sg_tree_merge(dm, sg_tree_top(dm), sg_tree_top(deep)->child) == 0);
		CHECK(sg_treewalk_sort(sg_tree_top(dm), SG_ORDER_TOTAL) == 0);
		CHECK_U64(sg_tree_size(dm), 100000);
		sg_tree_free(deep);
		sg_tree_free(dm);
	}
	sg_tree_free(t);
	sg_tree_free(m);

	/*
	 * Merges of wide nodes (past the few children scanned): s1 is r -> n0..n19 -> m0..m11,
	 * one call each; s2 is r -> n25..n5 (reversed: six names new) -> m(k+3)%16 for k 0..11
	 * (rotated, four new), ten calls each. Merged s1, s2, s2: every path found once, under
	 * the list and the hash alike, with 1 call from s1 and 20 from s2.
	 */
	{
		struct sg_tree *s1 = sg_tree_new(), *s2 = sg_tree_new(), *mw = sg_tree_new();
		const char *nn[26], *mm[16];
		char buf[8];

		for (int i = 0; i < 26; i++) {
			snprintf(buf, sizeof(buf), "n%d", i);
			nn[i] = sg_strtab_intern(st, buf, strlen(buf));
		}
		for (int j = 0; j < 16; j++) {
			snprintf(buf, sizeof(buf), "m%d", j);
			mm[j] = sg_strtab_intern(st, buf, strlen(buf));
		}
		struct sg_node *r1 = sg_tree_child(s1, sg_tree_top(s1), a);
		struct sg_node *r2 = sg_tree_child(s2, sg_tree_top(s2), a);

		for (int i = 0; i < 20; i++) {
			struct sg_node *x = sg_tree_child(s1, r1, nn[i]);

			x->calls = 1;
			for (int j = 0; j < 12; j++)
				sg_tree_child(s1, x, mm[j])->calls = 1;
		}
		for (int i = 25; i >= 5; i--) {
			struct sg_node *x = sg_tree_child(s2, r2, nn[i]);

			x->calls = 10;
			for (int k = 0; k < 12; k++)
				sg_tree_child(s2, x, mm[(k + 3) % 16])->calls = 10;
		}
		CHECK(sg_tree_merge(mw, sg_tree_top(mw), r1) == 0);
		CHECK(sg_tree_merge(mw, sg_tree_top(mw), r2) == 0);
		CHECK(sg_tree_merge(mw, sg_tree_top(mw), r2) == 0);
		struct sg_node *r = sg_tree_top(mw)->child;
		int bad = 0, nodes = 1;

		CHECK(r && !r->next && r->name == a);
		for (int i = 0; r && i < 26; i++) {
			struct sg_node *x = sg_tree_find(mw, r, nn[i]), *y = NULL;
			int in1 = i < 20, in2 = i >= 5;

			for (struct sg_node *c = r->child; c; c = c->next)
				if (c->name == nn[i])
					bad += y != NULL, y = c;
			bad += !x || x != y || x->calls != (uint64_t) in1 + 20 * in2;
			nodes++;
			for (int j = 0; x && j < 16; j++) {
				struct sg_node *z = sg_tree_find(mw, x, mm[j]);
				/* s2's names (k + 3) % 16 for k < 12: m3..m14 */
				int j1 = in1 && j < 12, j2 = in2 && j >= 3 && j <= 14;

				if (!j1 && !j2) {
					bad += z != NULL;
					continue;
				}
				bad += !z || z->calls != (uint64_t) j1 + 20 * j2;
				nodes++;
			}
		}
		CHECK_U64(bad, 0);
		CHECK_U64(sg_tree_size(mw), nodes);
		/* a wide node the merges filled: an existing child is found, a new one then too */
		CHECK(sg_tree_child(mw, r, nn[7]) == sg_tree_find(mw, r, nn[7]));
		CHECK_U64(sg_tree_size(mw), nodes);
		struct sg_node *nb2 = sg_tree_child(mw, r, b);

		CHECK(nb2 && sg_tree_find(mw, r, b) == nb2);
		CHECK_U64(sg_tree_size(mw), nodes + 1);
		sg_tree_free(s1);
		sg_tree_free(s2);
		sg_tree_free(mw);
	}

	/* percentiles: nearest rank, exact while few */
	{
		struct sg_stats *s = sg_stats_new();
		struct sg_summary sum;
		uint64_t v[] = { 34832, 2622473, 277443, 1135090, 28873, 323752 };

		for (int i = 0; i < 6; i++)
			sg_stats_add(s, v[i]);
		sg_stats_summary(s, &sum);
		CHECK_U64(sum.count, 6);
		CHECK_U64(sum.total, 4422463);
		CHECK_U64(sum.min, 28873);
		CHECK_U64(sum.max, 2622473);
		CHECK_U64(sum.avg, 737077);
		CHECK_U64(sum.p50, 277443);
		CHECK_U64(sum.p99, 2622473);
		sg_stats_free(s);
	}
	/* ... and within 0.1% once the histogram takes over */
	{
		struct sg_stats *s = sg_stats_new();

		for (uint64_t i = 1; i <= 2 * SG_STATS_EXACT; i++)
			sg_stats_add(s, i * 1000);
		uint64_t p50 = sg_stats_percentile(s, 50), p99 = sg_stats_percentile(s, 99);

		CHECK(p50 >= 99900000 && p50 <= 100100000);
		CHECK(p99 >= 197800000 && p99 <= 198200000);
		CHECK_U64(sg_stats_percentile(s, 100), 200000000);
		sg_stats_free(s);
	}

	/* roots: exact, compiler clones, modules, globs; not a prefix of another name */
	{
		struct sg_match *m2 = sg_match_new();

		sg_match_add(m2, "__do_fault");
		sg_match_add(m2, "vfs_*");
		CHECK(sg_match_test(m2, "__do_fault") == 0);
		CHECK(sg_match_test(m2, "__do_fault.isra.0") == 0);
		CHECK(sg_match_test(m2, "__do_fault.constprop.0.isra.0") == 0);
		CHECK(sg_match_test(m2, "__do_fault.cold") == 0);
		CHECK(sg_match_test(m2, "__do_fault.part.1") == 0);
		CHECK(sg_match_test(m2, "__do_fault [ext4]") == 0);
		CHECK(sg_match_test(m2, "__do_fault_around") == -1);
		CHECK(sg_match_test(m2, "__do_fault.x") == -1);
		CHECK(sg_match_test(m2, "vfs_read") == 1);
		CHECK(sg_match_test(m2, "do_vfs_read") == -1);
		CHECK_STR(sg_match_describe(m2), "__do_fault,vfs_*");
		sg_match_free(m2);
	}
	/*
	 * per-path statistics across invocations: two invocations of root (1000 ns, and 3000 ns
	 * with a callee c of 2000 ns) marked and merged: the invocations each path ran in, the
	 * sums of squares of its times, and of their log2(1 + ns / 1000) in 1/65536ths
	 */
	CHECK_U64(sg_logtime(0), 0);
	CHECK_U64(sg_logtime(1000), SG_LOGTIME_ONE);	  /* log2(2) */
	CHECK_U64(sg_logtime(3000), 2 * SG_LOGTIME_ONE);	  /* log2(4) */
	CHECK_U64(sg_logtime(1023000), 10 * SG_LOGTIME_ONE); /* log2(1024) */
	CHECK_U64(sg_logtime(500), 38336);			  /* 65536 * log2(1.5) = 38335.9 */
	{
		/* one invocation's tree lean (as invocation.c makes them), one storing them */
		struct sg_tree *i1 = sg_tree_new_lean(), *i2 = sg_tree_new(), *mt = sg_tree_new();
		struct sg_node *r1 = sg_tree_child(i1, sg_tree_top(i1), "r");
		struct sg_node *r2 = sg_tree_child(i2, sg_tree_top(i2), "r");
		struct sg_node *c2 = sg_tree_child(i2, r2, "c");

		sg_node_add_call(r1, 1000, 1);
		sg_node_add_call(r2, 3000, 1);
		sg_node_add_call(c2, 2000, 1);
		sg_treewalk_finish(r1);
		sg_treewalk_finish(r2);
		sg_tree_mark_invocation(r1);
		sg_tree_mark_invocation(r2);
		CHECK(sg_tree_merge(mt, sg_tree_top(mt), r1) == 0);
		CHECK(sg_tree_merge(mt, sg_tree_top(mt), r2) == 0);
		struct sg_node *r = sg_tree_top(mt)->child, *c = r->child;
		struct sg_pstat ps;

		sg_node_pstat(r1, &ps);
		CHECK_U64(ps.ninv, 1);
		CHECK_U64((uint64_t) ps.lq_total, 1ull * SG_LOGTIME_ONE * SG_LOGTIME_ONE);
		sg_node_pstat(r, &ps);
		CHECK_U64(ps.ninv, 2);
		CHECK_U64((uint64_t) ps.sq_total, 1000 * 1000 + 3000 * 3000);
		CHECK_U64((uint64_t) ps.sq_self, 1000 * 1000 + 1000 * 1000);
		CHECK_U64(ps.lg_total, 3 * SG_LOGTIME_ONE);
		CHECK_U64((uint64_t) ps.lq_total, 5ull * SG_LOGTIME_ONE * SG_LOGTIME_ONE);
		CHECK_U64(ps.lg_self, 2 * SG_LOGTIME_ONE);
		sg_node_pstat(c, &ps);
		CHECK_U64(ps.ninv, 1);
		CHECK_U64((uint64_t) ps.sq_total, 2000 * 2000);
		CHECK_U64(ps.lg_total, sg_logtime(2000));
		/* a lean tree stores none: merging into it adds none */
		struct sg_tree *lt = sg_tree_new_lean();

		CHECK(sg_tree_merge(lt, sg_tree_top(lt), r) == 0);
		sg_node_pstat(sg_tree_top(lt)->child, &ps);
		CHECK_U64(ps.ninv, 0);
		CHECK(sg_node_pstat_stored(sg_tree_top(lt)->child) == NULL);
		sg_tree_free(lt);
		/* merging merged trees adds exactly: the same again doubles every sum */
		struct sg_tree *m2 = sg_tree_new();

		CHECK(sg_tree_merge(m2, sg_tree_top(m2), r) == 0);
		CHECK(sg_tree_merge(m2, sg_tree_top(m2), r) == 0);
		sg_node_pstat(sg_tree_top(m2)->child, &ps);
		CHECK_U64(ps.ninv, 4);
		CHECK_U64((uint64_t) ps.lq_total, 10ull * SG_LOGTIME_ONE * SG_LOGTIME_ONE);
		/* sums of squares past 64 bits saturate at the top of 128 bits, never wrap */
		CHECK(sg_add_sat128(~(unsigned __int128) 0 - 1, 5) == ~(unsigned __int128) 0);
		sg_tree_free(i1);
		sg_tree_free(i2);
		sg_tree_free(mt);
		sg_tree_free(m2);
	}
	/*
	 * The log times sg_tree_mark_invocation derives are sg_logtime's, remembered or not:
	 * below, at and above the durations remembered by value (65,536 ns), each twice (the second
	 * time from memory), and durations that share a slot of the hash above.
	 */
	{
		/* 68157440 shares the hash's slot of 1048576; 0 ends the list */
		static const uint64_t ns[] = {1,       7,	   999,	  1000,	   65535,
					      65536,   65537,	   81920, 1048576, 68157440,
					      1000000, 1ull << 40, 0};
		struct sg_tree *lt = sg_tree_new_lean();
		struct sg_node *r = sg_tree_child(lt, sg_tree_top(lt), a);
		struct sg_pstat ps;

		for (int pass = 0; pass < 2; pass++)
			for (size_t i = 0; ns[i]; i++) {
				r->total = ns[i];
				r->self = ns[i] / 3;
				sg_tree_mark_invocation(r);
				sg_node_pstat(r, &ps);
				CHECK_U64(ps.lg_total, sg_logtime(ns[i]));
				CHECK_U64(ps.lg_self, sg_logtime(ns[i] / 3));
			}
		sg_tree_free(lt);
	}
	sg_strtab_free(st);
	return check_report("tree");
}
