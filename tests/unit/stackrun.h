/* stackrun.h - unit tests of the call stacks: text lines through parser and stacks, kept. */
#ifndef SG_TEST_STACKRUN_H
#define SG_TEST_STACKRUN_H

#include <string.h>
#include "callstack.h"
#include "input_text.h"

#define MAXINV 16

static struct sg_invocation *invs[MAXINV];
static int ninv;
static struct sg_strtab *names; /* the last run's names: its invocations point into them */
static int stack_no_calls;	/* 1: the next runs record no calls (sg_callstack_no_calls) */

static int collect(void *ctx, struct sg_invocation *inv)
{
	(void) ctx;
	if (ninv < MAXINV)
		invs[ninv++] = inv;
	else
		sg_invocation_free(inv);
	return 0;
}

static inline void reset(void)
{
	for (int i = 0; i < ninv; i++)
		sg_invocation_free(invs[i]);
	ninv = 0;
	sg_strtab_free(names);
	names = NULL;
}

/*
 * Run text lines through parser and call stacks with the given root; returns the stats. A line
 * "NARROW" calls sg_callstack_narrow there. offcpu 0: --no-off-cpu.
 */
static inline struct sg_callstack_stats run_stacks(const char *root, const char *const *lines,
						   int offcpu)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_match *m = sg_match_new();
	struct sg_callstack *cs;
	struct sg_text_parser *p;
	struct sg_callstack_stats stats;

	reset();
	names = st;
	sg_match_add(m, root);
	cs = sg_callstack_new(st, m, collect, NULL, 1);
	if (!offcpu)
		sg_callstack_no_offcpu(cs);
	if (stack_no_calls)
		sg_callstack_no_calls(cs);
	p = sg_text_parser_new(st, sg_callstack_feed, cs);
	for (int i = 0; lines[i]; i++) {
		if (strcmp(lines[i], "NARROW") == 0) {
			/* --narrow switches here: what is open now is half traced each way */
			sg_callstack_narrow(cs);
			continue;
		}
		sg_text_parser_line(p, lines[i], strlen(lines[i]));
	}
	sg_text_parser_finish(p);
	sg_callstack_finish(cs);
	stats = *sg_callstack_stats(cs);
	sg_text_parser_free(p);
	sg_callstack_free(cs);
	sg_match_free(m);
	/* names stay valid until the next run: the invocations' trees point into st */
	return stats;
}

static inline struct sg_callstack_stats run(const char *root, const char *const *lines)
{
	return run_stacks(root, lines, 1);
}

/* n's child called name, or NULL. */
static inline const struct sg_node *child(const struct sg_node *n, const char *name)
{
	for (const struct sg_node *c = n ? n->child : NULL; c; c = c->next)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

static inline int nchildren(const struct sg_node *n)
{
	int k = 0;

	for (const struct sg_node *c = n->child; c; c = c->next)
		k++;
	return k;
}

#endif
