/* treefile.h - the `.tree` file: a versioned, line-oriented text form of an aggregate
 * (docs/tree-format.md). */
#ifndef SG_TREEFILE_H
#define SG_TREEFILE_H

#include <stdio.h>
#include "aggregate.h"
#include "strtab.h"

#define SG_TREEFILE_MAGIC "# surfgraph-tree 1"
/* Version 2: node lines add return values and errors, invocations their calls' arguments. */
#define SG_TREEFILE_MAGIC2 "# surfgraph-tree 2"

/* Call paths a .tree may hold at most (1 GiB): far beyond any kernel's nesting, see below. */
#define SG_TREEFILE_MAX_PATH_BYTES (1ull << 30)

/*
 * Write agg to out. Sorts child lists by name (merged tree) as a side effect; invocation trees
 * keep their call order. -1 on a write error, or, before anything is written, when the paths
 * would take more than SG_TREEFILE_MAX_PATH_BYTES (a crafted tree nested thousands of calls
 * deep: each line holds its whole path) (message set).
 */
int sg_treefile_write(FILE *out, struct sg_aggregate *agg);

/*
 * Read a `.tree` file from in (name is used in messages). Names are interned in st.
 * NULL with "name:line: reason" set when the file is damaged or of another version.
 */
struct sg_aggregate *sg_treefile_read(FILE *in, const char *name, struct sg_strtab *st);

/*
 * The same from fd, whose first head_len bytes were already read into head (to sniff the
 * format); the rest is read to its end. NULL with a message.
 */
struct sg_aggregate *sg_treefile_read_fd(int fd, const char *head, size_t head_len,
					 const char *name, struct sg_strtab *st);

/* Whether the first bytes of a file are a `.tree` header (any version). */
int sg_treefile_sniff(const char *head, size_t len);

#endif
