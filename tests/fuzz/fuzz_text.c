/* fuzz_text.c - libFuzzer target: arbitrary bytes through the text parser, call stacks, aggregate and renderers. */
#include <string.h>
#include <sys/types.h>
#include "common.h"
#include "input_text.h"

struct ctx {
	struct sg_aggregate *agg;
	int keep_raw;
};

/* The bytes in reads of one size, as a file or pipe gives them to the reader (cmd_read.c). */
struct reads {
	const char *s;
	size_t len, at, step;
};

static ssize_t read_steps(void *vctx, char *buf, size_t n)
{
	struct reads *r = vctx;
	size_t k = r->len - r->at < r->step ? r->len - r->at : r->step;

	if (k > n)
		k = n;
	memcpy(buf, r->s + r->at, k);
	r->at += k;
	return (ssize_t) k;
}

static int on_invocation(void *vctx, struct sg_invocation *inv)
{
	struct ctx *c = vctx;

	if (!inv->cut)
		inv->seq = c->agg->complete + 1;
	if (c->keep_raw && inv->raw)
		FUZZ_ASSERT(inv->raw_len && inv->raw[inv->raw_len - 1] == '\n');
	return sg_aggregate_add(c->agg, inv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_match *m = fuzz_match();
	/* the first byte picks options; it stays part of the text */
	unsigned flags = size ? data[0] : 0;
	struct ctx c = { .keep_raw = flags & 1 };
	struct sg_callstack *cs;
	struct sg_text_parser *p;

	FUZZ_ASSERT(st);
	c.agg = sg_aggregate_new(((flags >> 1) & 3) + 1);
	cs = sg_callstack_new(st, m, on_invocation, &c, c.keep_raw);
	p = sg_text_parser_new(st, sg_callstack_feed, cs);
	FUZZ_ASSERT(c.agg && cs && p);
	if (flags & 0x80) {
		/*
		 * The reader surfgraph reads a trace with (its 1 MB buffer makes it the slow way),
		 * in reads of 1 to 61 bytes (bits 3-6): lines end anywhere in a read.
		 */
		struct reads r = { (const char *) data, size, 0, ((flags >> 3) & 15) * 4 + 1 };

		FUZZ_ASSERT(sg_text_parser_read(p, read_steps, &r) == 0);
	} else {
		const char *s = (const char *) data, *e = s + size, *nl;

		for (; s < e; s = nl + 1) {
			nl = memchr(s, '\n', (size_t) (e - s));
			if (!nl)
				nl = e;
			FUZZ_ASSERT(sg_text_parser_line(p, s, (size_t) (nl - s)) == 0);
		}
		FUZZ_ASSERT(sg_text_parser_finish(p) == 0);
	}
	FUZZ_ASSERT(sg_callstack_finish(cs) == 0);
	sg_aggregate_finish(c.agg);
	FUZZ_ASSERT(sg_aggregate_set_meta(c.agg, "root", sg_match_describe(m)) == 0);

	/* every complete invocation is merged; its root node holds the whole duration */
	const struct sg_callstack_stats *s = sg_callstack_stats(cs);

	FUZZ_ASSERT(s->complete == c.agg->complete);
	FUZZ_ASSERT(s->incomplete == c.agg->incomplete);
	uint64_t sum = 0;

	for (struct sg_node *n = sg_tree_top(c.agg->merged)->child; n; n = n->next)
		sum += n->total;
	FUZZ_ASSERT(sum == c.agg->total_ns || !c.agg->has_time);
	fuzz_render_and_round_trip(c.agg, st);

	sg_text_parser_free(p);
	sg_callstack_free(cs);
	sg_aggregate_free(c.agg);
	sg_match_free(m);
	sg_strtab_free(st);
	return 0;
}
