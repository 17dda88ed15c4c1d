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

struct sg_tui_live;

/*
 * A live run (-m tui): the terminal taken over to show agg's merged tree while it grows. NULL
 * with a message (no terminal to draw on, no memory).
 */
struct sg_tui_live *sg_tui_live_new(struct sg_aggregate *agg, const struct sg_tui_options *o);

/*
 * One pass of the capture loop: the keys typed meanwhile taken without waiting for any; with
 * refresh, the tree redrawn with its figures as they are now and status (the capture's, in
 * the title). 1: q asked to stop the capture; 0: go on.
 */
int sg_tui_live_tick(struct sg_tui_live *t, const char *status, int refresh);

/* The run ended (agg finished): its final view browsed as sg_tui_run does, until q or *stop. */
int sg_tui_live_browse(struct sg_tui_live *t, const char *status);

/* The terminal given back as it was. */
void sg_tui_live_free(struct sg_tui_live *t);

#endif
