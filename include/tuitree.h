/* tuitree.h - the TUI's call tree view: rows, keys, search, a node's detail. */
#ifndef SG_TUITREE_H
#define SG_TUITREE_H

#include <signal.h>
#include "tree.h"
#include "tuimodel.h"

/* What a key asks of the screen beyond the view that took it. */
enum sg_tui_action { SG_TUI_NONE, SG_TUI_UNHANDLED, SG_TUI_OPEN };

struct sg_tuitree {
	struct sg_tuimodel *m;
	char title[512]; /* escaped */
	int has_time, unicode;
	unsigned cur, top; /* the cursor's row and the first row shown */
	char search[128];  /* the last search, "" for none */
	char msg[200];	   /* said once on the status line */
	volatile sig_atomic_t *stop;
};

/*
 * A view of the trees under top (a tree's sentinel); title is shown as given (the caller
 * escaped its input strings). NULL: no memory (message set).
 */
struct sg_tuitree *sg_tuitree_new(const struct sg_node *top, const char *title, int has_time,
				  int unicode, volatile sig_atomic_t *stop);
void sg_tuitree_free(struct sg_tuitree *t);

void sg_tuitree_draw(struct sg_tuitree *t);

/* Take a key: SG_TUI_NONE when done with it, SG_TUI_UNHANDLED for the screen's own keys. */
enum sg_tui_action sg_tuitree_key(struct sg_tuitree *t, int key);

/* The keys of the view, for the help screen (NULL-terminated). */
extern const char *const sg_tuitree_help[];

#endif
