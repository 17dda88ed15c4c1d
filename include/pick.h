/* pick.h - choosing kept invocations: one by number, the slowest, the typical; or all by duration.
 */
#ifndef SG_PICK_H
#define SG_PICK_H

#include <stdint.h>
#include "aggregate.h"

enum sg_pick_kind {
	SG_PICK_NONE,
	SG_PICK_SEQ,	 /* invocation N (its number among complete invocations) */
	SG_PICK_SLOWEST, /* the longest */
	SG_PICK_P50,	 /* the kept one nearest the p50 of its root */
};

struct sg_pick {
	enum sg_pick_kind kind;
	uint64_t seq;
	const char *root; /* interned: among this root's invocations only; NULL: any root */
};

/* "N", "slowest" or "p50" (--pick). -1 with a message naming the option. */
int sg_pick_parse(const char *s, struct sg_pick *out);

/*
 * The invocation p names among those agg keeps (the last N, the K slowest, --pick N's, and in a
 * trace's run the sample spread over it). SG_PICK_P50 takes the one whose duration is nearest
 * the p50 (the earlier on a tie): exact when it is kept, else the nearest kept, which *p50
 * (the root's p50) lets the caller say. NULL with a message
 * when none is kept (the message says what is).
 */
struct sg_invocation *sg_pick_find(const struct sg_aggregate *agg, const struct sg_pick *p,
				   uint64_t *p50);

/*
 * Every kept invocation once (the last N, the K slowest, the one --pick N pinned; one held
 * twice counts once): by duration, longest first (ties by number), or by number when
 * by_duration is 0. The array is the caller's to free; *n its length. NULL with *n 0 when
 * none (or no memory: message set).
 */
struct sg_invocation **sg_pick_kept(const struct sg_aggregate *agg, int by_duration, unsigned *n);

/*
 * A new aggregate holding only inv (shared, not copied; its number kept): merged tree,
 * statistics and agg's metadata, for the modes that draw an aggregate. NULL: no memory.
 */
struct sg_aggregate *sg_pick_alone(const struct sg_aggregate *agg, struct sg_invocation *inv);

#endif
