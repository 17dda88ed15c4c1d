/* invocation.h - one call of a root function: its tree, task, CPUs, start, duration and raw lines. */
#ifndef SG_INVOCATION_H
#define SG_INVOCATION_H

#include <stddef.h>
#include <stdint.h>
#include "callrec.h"
#include "tree.h"

/* Why a tree is incomplete; 0 means complete. */
#define SG_CUT_KINDS 5 /* the bits of enum sg_cut */

enum sg_cut {
	SG_CUT_START = 1,   /* entered before the trace started (its entry was never seen) */
	SG_CUT_END = 2,	    /* still open when the trace ended */
	SG_CUT_LOST = 4,    /* events inside it were lost (LOST lines, missing returns) */
	SG_CUT_OVERRUN = 8, /* the kernel's return stack overran inside it */
	SG_CUT_NARROW = 16, /* in flight when --narrow changed what is patched: half of each */
};

struct sg_invocation {
	uint64_t seq;	     /* 1-based number among complete invocations; 0 for incomplete */
	const char *root;    /* interned name of the root function as traced */
	struct sg_tree *tree; /* owned; the root node is the first child of its top */
	int pid;	     /* -1 unknown */
	const char *comm;    /* interned or NULL */
	int *cpus;	     /* the CPUs it ran on, in order of first appearance */
	int ncpus, cpus_cap;
	int has_ts;
	uint64_t start_ts; /* ns */
	uint64_t duration; /* ns, the root node's total */
	int has_dur;
	unsigned cut;	/* enum sg_cut bits */
	/*
	 * The root call's printed depth, and whether its task had entered a call with callees at
	 * that depth or lower by its end: one that had not is a piece of a call the trace's start
	 * cut (its callers were never seen), whole only by the look of it (rootguess.c).
	 */
	int depth, after_entry;
	unsigned phase; /* sg_callstack_narrow() calls before it began: 0 learning, 1 narrowed */
	char *raw;	/* input lines, each ending with '\n', when raw output was asked for */
	size_t raw_len, raw_cap;
	struct sg_calls *calls; /* each call as recorded (callrec.h); NULL: not recorded */
	unsigned refs; /* owners besides the first (sg_invocation_ref); free drops one */
};

/* A new invocation with an empty tree; NULL: no memory. */
struct sg_invocation *sg_invocation_new(void);
void sg_invocation_free(struct sg_invocation *inv);

/*
 * One more owner: an invocation both among the last N and the K slowest is held by both, and
 * sg_invocation_free frees it when the last of them lets it go. Returns inv.
 */
struct sg_invocation *sg_invocation_ref(struct sg_invocation *inv);

/* The root node of the invocation's tree (NULL while empty). */
struct sg_node *sg_invocation_root(const struct sg_invocation *inv);

/* Note that it ran on cpu (-1 ignored). -1: no memory. */
int sg_invocation_add_cpu(struct sg_invocation *inv, int cpu);

/* Append one input line (a '\n' is added). -1: no memory. */
int sg_invocation_add_raw(struct sg_invocation *inv, const char *line, size_t len);

/* "start", "end", "lost", "overrun" joined by '+', for messages. */
const char *sg_invocation_cut_describe(unsigned cut, char *buf, size_t size);

#endif
