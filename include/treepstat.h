/* treepstat.h - a `.tree`'s pstat lines (version 5): per-path statistics across invocations. */
#ifndef SG_TREEPSTAT_H
#define SG_TREEPSTAT_H

#include <stdint.h>
#include <stdio.h>
#include "tree.h"

/*
 * "pstat INVOCATIONS SQ_TOTAL SQ_SELF LG_TOTAL LQ_TOTAL LG_SELF LQ_SELF" for merged-tree node
 * n: the invocations its path was in, the sums of its per-invocation total and self time
 * squared (ns^2), and of the same times on the log scale (sg_logtime) and their squares.
 */
void sg_treepstat_write(FILE *out, const struct sg_node *n);

/* Set n's figures from a pstat line's nf fields f; NULL, or why the line is refused. */
const char *sg_treepstat_read(struct sg_node *n, char **f, int nf);

struct sg_runstats;

/*
 * Version 7, after n's pstat line: "rpstat SOURCE INVOCATIONS LG_TOTAL LQ_TOTAL LG_SELF LQ_SELF",
 * one per source run of a merge (source.I) the path ran in: that run's part of the pstat line.
 */
void sg_treepstat_write_runs(FILE *out, struct sg_runstats *rs, const struct sg_node *n);

/*
 * An rpstat line's nf fields f, of merged-tree node n, into rs (sources 1..rs->nsrc, each above
 * *last, the previous line's of n, which it then becomes). NULL, or why the line is refused.
 */
const char *sg_treepstat_read_run(struct sg_runstats *rs, const struct sg_node *n, uint32_t *last,
				  char **f, int nf);

#endif
