/* collect.h - unit tests of the inputs: an sg_event_fn that keeps the first events it gets. */
#ifndef SG_TEST_COLLECT_H
#define SG_TEST_COLLECT_H

#include "event.h"

#define MAXEV 16

static struct sg_event evs[MAXEV];
static int nev;

static int collect(void *ctx, const struct sg_event *ev)
{
	(void) ctx;
	if (nev < MAXEV)
		evs[nev++] = *ev;
	return 0;
}

#endif
