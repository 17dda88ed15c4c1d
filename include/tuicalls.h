/* tuicalls.h - the TUI's time view of a kept invocation: its recorded calls in order. */
#ifndef SG_TUICALLS_H
#define SG_TUICALLS_H

#include <signal.h>
#include <stddef.h>
#include "invocation.h"
#include "tuitree.h"

/*
 * One row per call as recorded (callrec.h), in the order they were entered, as -m replay
 * prints them: the start since the root's entry and the duration in us, the CPU, where the call
 * lies in the root's span (a bar), the name indented two spaces a depth with its arguments and
 * return value; a task other than the root's after it. A list rather than a horizontal flame
 * chart: a terminal row cannot hold thousands of calls side by side, and a row per call keeps
 * each one's exact numbers readable while the bar still shows when it ran.
 */
struct sg_tuicalls {
	const struct sg_invocation *inv;
	char title[512]; /* escaped */
	unsigned cur, top;
	char msg[200];
	char search[128];      /* the last / regex, "" for none */
	unsigned char *match;  /* per call: its name matches search (NULL until the first /) */
	size_t nmatch;
	volatile sig_atomic_t *stop;
};

/*
 * The view of inv's calls; NULL with a message that says why there is none: not recorded (an
 * older .tree), or recorded without times (a trace without funcgraph-abstime), or no memory.
 */
struct sg_tuicalls *sg_tuicalls_new(const struct sg_invocation *inv, volatile sig_atomic_t *stop);
void sg_tuicalls_free(struct sg_tuicalls *c);
void sg_tuicalls_draw(struct sg_tuicalls *c);

/* Take a key: SG_TUI_NONE when done with it, SG_TUI_UNHANDLED for the screen's (T: back). */
enum sg_tui_action sg_tuicalls_key(struct sg_tuicalls *c, int key);

extern const char *const sg_tuicalls_help[];

#endif
