/* rootguess.h - the root a trace names itself: its one top-level function, when -f is not given. */
#ifndef SG_ROOTGUESS_H
#define SG_ROOTGUESS_H

#include "aggregate.h"

/*
 * all: the trace read with every function a root ("*"), so each top-level call is an
 * invocation (a call inside another is part of it). Returns the one function the top-level
 * calls are of; or NULL with a message listing them, most calls first, with their counts (and
 * one saying the trace has no call at all when all is empty).
 */
const char *sg_rootguess_pick(const struct sg_aggregate *all, const char *input);

/* The line saying which root was taken, on stderr (the name escaped). */
void sg_rootguess_say(const struct sg_aggregate *all, const char *root);

#endif
