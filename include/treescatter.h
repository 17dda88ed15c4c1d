/* treescatter.h - the scatter's records in a `.tree` file (version 4): its scatter and dot lines.
 */
#ifndef SG_TREESCATTER_H
#define SG_TREESCATTER_H

#include <stdio.h>
#include "aggregate.h"
#include "strtab.h"

/* The scatter line and its dot lines; nothing when agg has no scatter. */
void sg_treescatter_write(FILE *out, const struct sg_aggregate *agg);

/*
 * One "scatter" or "dot" line split into nf fields f (f[0] the kind) into agg. NULL, or why the
 * line is refused (for the reader's "file:line: reason").
 */
const char *sg_treescatter_read(struct sg_aggregate *agg, struct sg_strtab *st, char **f, int nf);

#endif
