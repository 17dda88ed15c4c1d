/* tuinode.h - the TUI's view of a call tree (sg_node): -m tree's columns, a node's detail. */
#ifndef SG_TUINODE_H
#define SG_TUINODE_H

#include "tuitree.h"

/* With durations: total, self, calls, %root, %parent as -m tree; without: calls only. */
extern const struct sg_tuitree_kind sg_tuinode_timed, sg_tuinode_calls;

#endif
