/* tui.h - surfgraph tui: a run full-screen (curses): call tree, histogram, invocations. */
#ifndef SG_TUI_H
#define SG_TUI_H

#include <signal.h>
#include "aggregate.h"
#include "treediff.h"

struct sg_tui_options {
	const char *name;	     /* what was opened, for the title (escaped here) */
	int unicode;		     /* box-drawing characters for the tree */
	int color;		     /* colours when the terminal has them */
	volatile sig_atomic_t *stop; /* set (to the signal) by the caller's handlers: leave */
};

/*
 * Show agg until q (or *stop). The terminal is restored before it returns, whatever happened.
 * 0 done; -1 with a message (no terminal to draw on, no memory).
 */
int sg_tui_run(struct sg_aggregate *agg, const struct sg_tui_options *o);

/* Show the comparison d (surfgraph tui --diff) the same way: its tree, the text diff's columns. */
int sg_tui_run_diff(const struct sg_treediff *d, const struct sg_tui_options *o);

#endif
