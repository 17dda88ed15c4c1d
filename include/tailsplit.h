/* tailsplit.h - slow versus typical: a run's slowest invocations and its middle ones, as two runs.
 */
#ifndef SG_TAILSPLIT_H
#define SG_TAILSPLIT_H

#include <stdint.h>
#include "aggregate.h"

struct sg_tailsplit {
	struct sg_aggregate *slow, *typical; /* owned; diff them with treediff */
	uint64_t p99;			     /* the root's p99 */
	uint64_t nslow, at_p99;	 /* invocations on the slow side; those at or past p99 */
	int slow_exact;		 /* the slow side is whole invocations (kept ones), not buckets */
	uint64_t typ_lo, typ_hi; /* the typical side: the buckets [typ_lo, typ_hi) ns */
	uint64_t ntypical;
};

/*
 * Split run (one root; a trace's aggregate or a loaded .tree of version 3) into its slow side
 * and its typical side. Slow: when the kept slowest hold every invocation at or past the p99,
 * those whole, and more of the kept slowest up to the slowest 5% (a few calls are no sample);
 * when more pass the p99 than are kept, the buckets from the p99's on (approximate: that
 * bucket's faster calls come too). Typical: the buckets that hold the p40 to the p60 (exact
 * counts; a bucket's range is a power of two). Each side is an aggregate of its own
 * invocations, so per-invocation figures divide by its own count. NULL-sided and -1 with a
 * message when run cannot be split (several roots, no histogram, no durations).
 */
int sg_tailsplit_new(struct sg_aggregate *run, struct sg_tailsplit *out);
void sg_tailsplit_free(struct sg_tailsplit *t);

#endif
