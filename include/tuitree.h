/* tuitree.h - the TUI's call tree view: rows, keys, search, a node's detail. */
#ifndef SG_TUITREE_H
#define SG_TUITREE_H

#include <signal.h>
#include <stddef.h>
#include "tuimodel.h"

/* What a key asks of the screen beyond the view that took it. */
enum sg_tui_action { SG_TUI_NONE, SG_TUI_UNHANDLED, SG_TUI_OPEN };

/* The lines a node's detail may have, and their length. */
#define SG_TUI_DETAIL_LINES 16
#define SG_TUI_DETAIL_LEN   600

/* What kind of tree a view shows: its nodes, their columns, colours and detail. */
/* The most columns a kind can leave out for a narrow screen. */
#define SG_TUITREE_FIT_MAX 4

struct sg_tuitree_kind {
	const struct sg_tuimodel_ops *ops;
	const char *header; /* the column names, "function" last */
	void (*figures)(const struct sg_tuimodel *m, unsigned i, char *buf, size_t size);
	/* what follows the name: "  (returned -ENOMEM in 1 of 3 calls)", "  [new]"; may be "" */
	void (*suffix)(const void *n, char *buf, size_t size);
	/* the attribute of node i's coloured columns (A_NORMAL: none) and where they are */
	int (*colour)(const struct sg_tuimodel *m, unsigned i);
	int spans[2][2]; /* first column and width; width 0: unused */
	/* the detail's lines (escaped); returns how many */
	int (*detail)(const struct sg_tuimodel *m, unsigned i, char (*l)[SG_TUI_DETAIL_LEN]);
	/*
	 * Optional, for a narrow screen: nfit more sets of columns, each leaving out one more
	 * of the least needed (level 1 to nfit; 0 is the one above); the view takes the first
	 * that leaves the names room. Unset (0): the columns above at every width.
	 */
	int nfit;
	void (*figures_fit)(const struct sg_tuimodel *m, unsigned i, int level, char *buf,
			    size_t size);
	const char *headers_fit[SG_TUITREE_FIT_MAX + 1];
	int spans_fit[SG_TUITREE_FIT_MAX + 1][2][2];
};

struct sg_tuitree {
	struct sg_tuimodel *m;
	const struct sg_tuitree_kind *kind;
	char title[512]; /* escaped */
	int unicode;
	unsigned cur, top; /* the cursor's row and the first row shown */
	char search[128];  /* the last search, "" for none */
	char msg[200];	   /* said once on the status line */
	volatile sig_atomic_t *stop;
	int fit; /* the kind's column set for the screen's width (0: all; kind->nfit) */
};

/*
 * A view of the trees under top (a tree's sentinel) of that kind; title is shown as given (the
 * caller escaped its input strings). NULL: no memory (message set).
 */
struct sg_tuitree *sg_tuitree_new(const void *top, const struct sg_tuitree_kind *kind,
				  const char *title, int unicode, volatile sig_atomic_t *stop);
void sg_tuitree_free(struct sg_tuitree *t);

/*
 * The view of the trees under top again, titled title, after they changed (a live run's tree
 * grew): what was expanded, the sort, the search and the node under the cursor are kept. -1
 * with a message (no memory): the view is as it was.
 */
int sg_tuitree_rebuild(struct sg_tuitree *t, const void *top, const char *title);

void sg_tuitree_draw(struct sg_tuitree *t);

/* Take a key: SG_TUI_NONE when done with it, SG_TUI_UNHANDLED for the screen's own keys. */
enum sg_tui_action sg_tuitree_key(struct sg_tuitree *t, int key);

/* The keys of the view, for the help screen (NULL-terminated). */
extern const char *const sg_tuitree_help[];

#endif
