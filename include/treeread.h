/* treeread.h - the strict reader of `.tree` files (docs/tree-format.md) into an aggregate. */
#ifndef SG_TREEREAD_H
#define SG_TREEREAD_H

#include <stdio.h>
#include "aggregate.h"
#include "strtab.h"

/*
 * Read a `.tree` file from in (name is used in messages). Names are interned in st.
 * NULL with "name:line: reason" set when the file is damaged or of another version.
 */
struct sg_aggregate *sg_treeread_file(FILE *in, const char *name, struct sg_strtab *st);

#endif
