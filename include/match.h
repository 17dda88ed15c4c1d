/* match.h - which function names are roots: exact names, .isra/.part/.constprop/.cold variants, globs. */
#ifndef SG_MATCH_H
#define SG_MATCH_H

#include <stddef.h>
#include "strtab.h"

struct sg_match;

struct sg_match *sg_match_new(void);
void sg_match_free(struct sg_match *m);

/* Add a root pattern (an exact name or a glob with * ? [). -1: no memory. */
int sg_match_add(struct sg_match *m, const char *pattern);

int sg_match_count(const struct sg_match *m);
const char *sg_match_pattern(const struct sg_match *m, int i);

/* sg_match_name()'s test without the cache, for any string. */
int sg_match_test(const struct sg_match *m, const char *name);

/*
 * Index of the first pattern the interned name matches, or -1. "foo" matches "foo",
 * "foo.isra.0", "foo.constprop.0.isra.0", "foo.cold", "foo [mod]"; results are cached in the
 * name's strtab tag, so one table must be used with one matcher. Inline: every call asks.
 */
static inline int sg_match_name(const struct sg_match *m, const char *interned)
{
	int tag = sg_strtab_tag(interned);

	if (tag != SG_STRTAB_NOTAG)
		return tag;
	tag = sg_match_test(m, interned);
	sg_strtab_set_tag(interned, tag);
	return tag;
}

/*
 * The length of name's function without its clone suffixes and module: 3 for "foo",
 * "foo.isra.0", "foo.constprop.0.isra.0", "foo.cold" and "foo [mod]".
 */
size_t sg_match_base_len(const char *name);

/* The patterns joined by ',' (for metadata), in a static buffer. */
const char *sg_match_describe(const struct sg_match *m);

#endif
