/* tuilist.h - the TUI's list views: the latency histogram's buckets, the kept invocations. */
#ifndef SG_TUILIST_H
#define SG_TUILIST_H

#include "aggregate.h"
#include "tuitree.h"

enum sg_tuilist_kind { SG_TUILIST_HIST, SG_TUILIST_INVS };

enum sg_tuilist_sort { SG_TUILIST_DURATION, SG_TUILIST_TASK, SG_TUILIST_CPU, SG_TUILIST_START };

struct sg_tuilist {
	enum sg_tuilist_kind kind;
	const struct sg_aggregate *agg;
	char title[512];
	unsigned cur, top, n; /* rows */
	/* the histogram: bucket per row, their counts summed over the roots */
	unsigned bucket[SG_HIST_BUCKETS];
	uint64_t count[SG_HIST_BUCKETS], all;
	/* the invocations kept whole, in the chosen order */
	struct sg_invocation **inv;
	enum sg_tuilist_sort sort;
	const struct sg_invocation *opened; /* what the last Enter opened; NULL: a bucket */
	char msg[200];
};

/* The view of kind over agg (which it only reads). NULL: no memory (message set). */
struct sg_tuilist *sg_tuilist_new(enum sg_tuilist_kind kind, const struct sg_aggregate *agg,
				  const char *title);
void sg_tuilist_free(struct sg_tuilist *l);

void sg_tuilist_draw(struct sg_tuilist *l);

/*
 * Take a key. SG_TUI_OPEN: Enter chose the row's bucket tree or invocation, *tree set to its
 * tree and title to what it is (escaped); SG_TUI_UNHANDLED for the screen's own keys.
 */
enum sg_tui_action sg_tuilist_key(struct sg_tuilist *l, int key, const struct sg_tree **tree,
				  char *title, size_t size);

extern const char *const sg_tuilist_help[];

#endif
