/* tuidiff.h - the TUI's view of a comparison (struct sg_treediff): the text diff's columns. */
#ifndef SG_TUIDIFF_H
#define SG_TUIDIFF_H

#include <stddef.h>
#include "treediff.h"
#include "tuitree.h"

/* The kind for d: with the text diff's ci_us and s columns when its paths were tested. */
const struct sg_tuitree_kind *sg_tuidiff_kind_of(const struct sg_treediff *d);

/* The title of d's view: the runs, and per root avg and p99 before and after (escaped). */
void sg_tuidiff_title(const struct sg_treediff *d, char *buf, size_t size);

#endif
