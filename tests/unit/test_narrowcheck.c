/* test_narrowcheck.c - what narrowing hid: phases kept apart, callers whose callees changed. */
#include <stdlib.h>
#include "aggregate.h"
#include "callstack.h"
#include "check.h"
#include "input_text.h"
#include "narrowcheck.h"

static int add(void *ctx, struct sg_invocation *inv)
{
	return sg_aggregate_add(ctx, inv);
}

int main(void)
{
	/*
	 * Learned: f (10 us) calls g (2) and h (3). Narrowed (h was never patched, say): f
	 * (10) calls g (2) only, so h's time is f's self time now: f's callees changed, its 8 us
	 * of self are 80% of the narrowed root time. g's callees (none) did not change.
	 */
	const char *lines[] = {
	    "  1.0 |   0)   ls-1   |               |  f() {",
	    "  1.0 |   0)   ls-1   |   2.000 us    |    g();",
	    "  1.0 |   0)   ls-1   |   3.000 us    |    h();",
	    "  1.0 |   0)   ls-1   | + 10.000 us   |  } /* f */",
	    /* the parser holds an exit back a line (an overrun count may follow) */
	    "  1.0 |   0)   ls-1   |   1.000 us    |  x();",
	    "NARROW",
	    "  1.0 |   0)   ls-1   |               |  f() {",
	    "  1.0 |   0)   ls-1   |   2.000 us    |    g();",
	    "  1.0 |   0)   ls-1   | + 10.000 us   |  } /* f */",
	    NULL,
	};
	struct sg_strtab *st = sg_strtab_new();
	struct sg_match *m = sg_match_new();
	struct sg_aggregate *agg = sg_aggregate_new(4);
	struct sg_callstack *cs;
	struct sg_text_parser *p;
	uint64_t self = 0, root = 0;

	sg_match_add(m, "f");
	CHECK(sg_aggregate_split(agg) == 0);
	cs = sg_callstack_new(st, m, add, agg, 0);
	p = sg_text_parser_new(st, sg_callstack_feed, cs);
	for (int i = 0; lines[i]; i++) {
		if (strcmp(lines[i], "NARROW") == 0)
			CHECK(sg_callstack_narrow(cs) == 0);
		else
			sg_text_parser_line(p, lines[i], strlen(lines[i]));
	}
	sg_text_parser_finish(p);
	sg_callstack_finish(cs);
	CHECK_U64(agg->complete, 2);
	CHECK_U64(agg->incomplete, 0);
	CHECK(sg_narrowcheck_self(agg->phase[0], agg->phase[1], &self, &root) == 0);
	CHECK_U64(self, 8000);
	CHECK_U64(root, 10000);
	/* the same phase against itself: nothing changed */
	CHECK(sg_narrowcheck_self(agg->phase[1], agg->phase[1], &self, &root) == 0);
	CHECK_U64(self, 0);
	/* the merged tree holds both: 2 calls of f, 15 us of self */
	CHECK_U64(sg_tree_top(agg->merged)->child->calls, 2);
	CHECK_U64(sg_tree_top(agg->merged)->child->self, 13000);
	sg_text_parser_free(p);
	sg_callstack_free(cs);
	sg_aggregate_free(agg);
	sg_match_free(m);
	sg_strtab_free(st);
	printf("narrowcheck: %d checks, %d failed\n", check_count, check_failures);
	return check_failures != 0;
}
