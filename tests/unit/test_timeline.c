/* test_timeline.c - the timelines' layout (exact nesting, self time spread, cuts) and JSON strings.
 */
#include <stdlib.h>
#include "check.h"
#include "invocation.h"
#include "json.h"
#include "strtab.h"
#include "timeline.h"

/* s as sg_json_string writes it. */
static const char *json(const char *s)
{
	static char buf[256];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	sg_json_string(f, s);
	fclose(f);
	return buf;
}

int main(void)
{
	struct sg_strtab *st = sg_strtab_new();
	const char *a = sg_strtab_intern(st, "a", 1), *b = sg_strtab_intern(st, "b", 1),
		   *c = sg_strtab_intern(st, "c", 1), *d = sg_strtab_intern(st, "d", 1);

	/*
	 * a 100 (self 40)      a [1000, 1100]
	 * |- b 30 x2           |- b [1010, 1040]   gaps of 40 / 4 = 10 around b, c, d
	 * |- c 20              |- c [1050, 1070]
	 * |  `- d 25 (raised)  |  `- d [1050, 1070] cut by 5: c's printed 20 is all it has
	 * `- d 10              `- d [1080, 1090]
	 */
	struct sg_invocation *inv = sg_invocation_new();
	struct sg_tree *t = inv->tree;
	struct sg_node *na = sg_tree_child(t, sg_tree_top(t), a);
	struct sg_node *nb = sg_tree_child(t, na, b), *nc = sg_tree_child(t, na, c);
	struct sg_node *ncd = sg_tree_child(t, nc, d), *nd = sg_tree_child(t, na, d);

	sg_node_add_call(na, 100, 1);
	sg_node_add_call(nb, 10, 1);
	sg_node_add_call(nb, 20, 1);
	sg_node_add_call(nc, 20, 1);
	sg_node_add_call(ncd, 25, 1);
	sg_node_add_call(nd, 10, 1);
	na->self = 40;

	struct sg_timeline tl = {0};
	struct sg_slice s;
	static const struct {
		int depth;
		uint64_t start, dur, cut;
	} want[] = {{0, 1000, 100, 0},
		    {1, 1010, 30, 0},
		    {1, 1050, 20, 0},
		    {2, 1050, 20, 5},
		    {1, 1080, 10, 0}};
	size_t i = 0;

	sg_timeline_init(&tl, inv, 1000);
	while (sg_timeline_next(&tl, &s) > 0 && i < 5) {
		CHECK_U64(s.depth, want[i].depth);
		CHECK_U64(s.start, want[i].start);
		CHECK_U64(s.dur, want[i].dur);
		CHECK_U64(s.cut, want[i].cut);
		i++;
	}
	CHECK_U64(i, 5);
	CHECK(sg_timeline_next(&tl, &s) == 0);
	/* the same state lays out another invocation from its own origin */
	sg_timeline_init(&tl, inv, 0);
	CHECK(sg_timeline_next(&tl, &s) == 1 && s.start == 0 && s.dur == 100);
	sg_timeline_release(&tl);
	sg_invocation_free(inv);

	/* JSON: escapes, UTF-8 kept, anything else U+FFFD */
	CHECK_STR(json("a\"b\\c"), "\"a\\\"b\\\\c\"");
	CHECK_STR(json("\x01\x1f\x7f"), "\"\\u0001\\u001f\\u007f\"");
	CHECK_STR(json("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x94\xa5"),
		  "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x94\xa5\"");
	CHECK_STR(json("\xc3"), "\"\\ufffd\"");					 /* cut sequence */
	CHECK_STR(json("\xc0\xaf"), "\"\\ufffd\\ufffd\"");			 /* overlong '/' */
	CHECK_STR(json("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"");		 /* a surrogate */
	CHECK_STR(json("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* past U+10FFFF */
	CHECK_STR(json("<x>&"), "\"<x>&\"");
	sg_strtab_free(st);
	return check_report("timeline");
}
