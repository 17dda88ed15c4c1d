/* treefile.h - the `.tree` file: a versioned, line-oriented text form of an aggregate
 * (docs/tree-format.md); its writer. The reader is treeread.h. */
#ifndef SG_TREEFILE_H
#define SG_TREEFILE_H

#include <stdio.h>
#include "aggregate.h"
#include "strtab.h"

/* What every version's first line starts with. */
#define SG_TREEFILE_PREFIX "# surfgraph-tree "
#define SG_TREEFILE_MAGIC "# surfgraph-tree 1"
/* Version 2: node lines add return values and errors, invocations their calls' arguments. */
#define SG_TREEFILE_MAGIC2 "# surfgraph-tree 2"
/*
 * Version 3: version 2's columns always, stat lines with p90 and p99.9, the latency histogram
 * (hist lines), bucket trees, the slowest kept.
 */
#define SG_TREEFILE_MAGIC3 "# surfgraph-tree 3"
/* Version 4: version 3 and the scatter (scatter and dot lines). */
#define SG_TREEFILE_MAGIC4 "# surfgraph-tree 4"
/*
 * Version 5: version 4 and optional sections, each absent when not recorded: pstat lines
 * (per-path statistics across invocations, for diff's significance, treepstat.c); a kept
 * invocation's calls as recorded (recs and rec lines, treecalls.c).
 */
#define SG_TREEFILE_MAGIC5 "# surfgraph-tree 5"
/*
 * Version 6, what surfgraph writes now: version 5 and, optional too, each root's quantile
 * sketch (qsketch lines, treestat.c), which merged runs' percentiles come from.
 */
#define SG_TREEFILE_MAGIC6 "# surfgraph-tree 6"
/*
 * Version 7: version 6 and, after each pstat line of a merge of 2 to 64 runs, rpstat lines: each
 * source run's part of it (treepstat.c, diff's test across runs). Written only when a file has
 * them: one without is version 6, which older surfgraph reads.
 */
#define SG_TREEFILE_MAGIC7 "# surfgraph-tree 7"

/* Call paths a .tree may hold at most (1 GiB): far beyond any kernel's nesting, see below. */
#define SG_TREEFILE_MAX_PATH_BYTES (1ull << 30)

/*
 * key=value lines a file may hold (read back or written): a merge of 2,700 runs lists 6 per run.
 * A bound the reader needs (each costs a line and a lookup) and the writer keeps: what
 * surfgraph writes, it reads back (merge's output, issue 37.5).
 */
#define SG_TREEFILE_MAX_META 16384

/*
 * Write agg to out. Sorts child lists by name (merged tree) as a side effect; invocation trees
 * keep their call order. -1 on a write error, or, before anything is written, when the paths
 * would take more than SG_TREEFILE_MAX_PATH_BYTES (a crafted tree nested thousands of calls
 * deep: each line holds its whole path), or more than SG_TREEFILE_MAX_META key=value lines
 * (message set).
 */
int sg_treefile_write(FILE *out, struct sg_aggregate *agg);

/* Whether the first bytes of a file are a `.tree` header (any version). */
int sg_treefile_sniff(const char *head, size_t len);

#endif
