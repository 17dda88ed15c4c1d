/* diffrename.h - a renamed call found by what it calls: a gone and a new sibling, alike below. */
#ifndef SG_DIFFRENAME_H
#define SG_DIFFRENAME_H

#include <stdint.h>
#include "treediff.h"

/* How alike two subtrees must be to be one call renamed (docs/diff.md): 60%. */
#define SG_DIFFRENAME_MIN 0.6
/* Of a parent's gone children and of its new ones, the largest this many are compared. */
#define SG_DIFFRENAME_CANDIDATES 8
/* Nodes the profiles of one diff may walk in all; past it, names alone match. */
#define SG_DIFFRENAME_BUDGET (1u << 22)

/*
 * Among p's children still only in BEFORE (gone) or only in AFTER (new), after the matching
 * by name (diffnames.h): the SG_DIFFRENAME_CANDIDATES largest of each (by their run's total
 * time) that call anything are compared by the functions below them. Each one's profile is
 * the self time of its descendants summed per function (keyed as sg_diffnames_key keys names);
 * the similarity of a gone and a new one is the smaller of two shares: of the gone one's time,
 * what is spent in functions the new one calls too, and the other way round. A pair at
 * SG_DIFFRENAME_MIN or more, each the other's only best, is one call renamed: the new node
 * takes the gone one's source, name_before, how SG_TREEDIFF_SUBTREE and the similarity; the
 * gone one leaves the list. *walked counts the nodes walked for profiles across the diff: once a
 * walk would pass SG_DIFFRENAME_BUDGET, *stopped is set (*walked is the budget) and nothing more
 * is matched. *matched: pairs made. Returns 0, or -1 (logged) when out of memory.
 */
int sg_diffrename_match(struct sg_treediff_node *p, const struct sg_treediff_options *o,
			uint64_t *walked, int *stopped, uint64_t *matched);

#endif
