/* pipeline.h - a run's stages: call stacks -> filter -> aggregate, each with its own settings. */
#ifndef SG_PIPELINE_H
#define SG_PIPELINE_H

#include <stdint.h>
#include "aggregate.h"
#include "callstack.h"
#include "invocation.h"
#include "match.h"
#include "strtab.h"
#include "treefilter.h"

/* How the call stacks build invocations (callstack.h). */
struct sg_stack_settings {
	int keep_raw;  /* each invocation's input lines (-m raw) */
	int no_offcpu; /* no [off-cpu] frames (--no-off-cpu, live --no-sleep-time) */
	int no_irqs;   /* interrupts' calls no callee of the call they came in (--no-irqs) */
	int no_calls;  /* no output reads the calls as recorded: not kept */
};

/* What the aggregate keeps (aggregate.h). */
struct sg_aggregate_settings {
	unsigned keep;	       /* the last N complete invocations (--keep) */
	unsigned keep_slowest; /* the K slowest (--keep-slowest) */
	int no_bucket_trees;   /* no merged tree per histogram bucket */
	int no_pathstat;       /* no per-path statistics (nothing saves or compares) */
	int bucket_lazy;       /* a bucket tree made when needed, not merged again (aggregate.h) */
	int narrow;	       /* --narrow: the two phases kept apart */
	uint64_t pin_seq;      /* --pick N: invocation N held; 0 none */
};

/*
 * A consumer of the invocations as they complete, before they are merged: the per-invocation
 * text, export or graph, or nothing. -1 stops the run (with a message); inv is then freed.
 */
struct sg_pipeline_sink {
	int (*invocation)(void *ctx, struct sg_invocation *inv);
	void *ctx;
};

/* A run: names, roots, call stacks, filter and aggregate. Zeroed before sg_pipeline_open. */
struct sg_pipeline {
	struct sg_strtab *st;
	struct sg_match *match;
	struct sg_callstack *cs;      /* NULL until sg_pipeline_stacks (none for a .tree) */
	struct sg_treefilter *filter; /* NULL: nothing sliced */
	struct sg_aggregate *agg;
	struct sg_pipeline_sink sink;
	int own_st;
};

/*
 * The names (st, or a table of its own when NULL; a shared one's cached matches forgotten), the
 * roots and the aggregate as set says. 0, or -1 with a message; sg_pipeline_close either way.
 */
int sg_pipeline_open(struct sg_pipeline *p, struct sg_strtab *st, const char *const *roots,
		     int nroots, const struct sg_aggregate_settings *set);

/* One more root (a guessed one). 0, or -1 with a message. */
int sg_pipeline_add_root(struct sg_pipeline *p, const char *root);

/* The filter stage as set says. 0, or -1 with a message (a bad -C list). */
int sg_pipeline_filter(struct sg_pipeline *p, const struct sg_filter_settings *set);

/*
 * The call stacks as set says, their invocations through the filter, then the sink, into the
 * aggregate. 0, or -1 with a message.
 */
int sg_pipeline_stacks(struct sg_pipeline *p, const struct sg_stack_settings *set);

/* A name's cached match forgotten, for every name of st (strtab.h's tag). */
void sg_pipeline_untag(struct sg_strtab *st);

void sg_pipeline_close(struct sg_pipeline *p);

#endif
