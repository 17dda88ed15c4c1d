/* closest.h - the names nearest to a mistyped one, by edit distance, for "did you mean". */
#ifndef SG_CLOSEST_H
#define SG_CLOSEST_H

#include <stddef.h>

#define SG_CLOSEST_N 5

/* Candidates are offered one by one; the SG_CLOSEST_N nearest are kept, nearest first. */
struct sg_closest {
	const char *typed;
	size_t max; /* farther than this is no suggestion */
	int n;
	struct {
		size_t d;
		char name[128];
	} best[SG_CLOSEST_N];
};

/* Start looking for names near typed; max: the largest distance worth suggesting. */
void sg_closest_init(struct sg_closest *c, const char *typed, size_t max);

/*
 * Offer name[0..len). A compiler clone is measured without its suffix (topa_alloc.constprop.0
 * is topa_alloc); duplicates and names of 128 bytes or more are skipped.
 */
void sg_closest_offer(struct sg_closest *c, const char *name, size_t len);

/* The kept names, at most limit, joined by ", " into buf; "" when none. */
const char *sg_closest_list(const struct sg_closest *c, int limit, char *buf, size_t size);

#endif
