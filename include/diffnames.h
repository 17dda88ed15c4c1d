/* diffnames.h - one function under two names across kernel versions: clones, _noprof, renames. */
#ifndef SG_DIFFNAMES_H
#define SG_DIFFNAMES_H

#include <stdint.h>
#include "treediff.h"

/*
 * Among p's children (of a comparison being built, before their figures), a path only in
 * BEFORE and one only in AFTER that are the same function under another name (o's rules,
 * treediff.h; one of each with that name: an ambiguous pair stays apart) become one path: the
 * new node takes the gone one's source, name_before and how, the gone one leaves the list.
 * With o->exact_names, only --rename's pairs.
 * *matched: how many pairs were made. In time n log n in p's children (the names are sorted
 * once). Returns 0, or -1 (logged) when out of memory.
 */
/*
 * The function name stands for in run side (SG_TREEDIFF_BEFORE/AFTER), as the matching keys
 * it: BEFORE's --rename OLD read as NEW, then (unless o->exact_names) *len stops before its
 * clone suffixes, module and _noprof. Not NUL-terminated at *len.
 */
const char *sg_diffnames_key(const struct sg_treediff_options *o, const char *name, int side,
			     size_t *len);

int sg_diffnames_match(struct sg_treediff_node *p, const struct sg_treediff_options *o,
		       uint64_t *matched);

#endif
