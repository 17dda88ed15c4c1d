/* narrowcheck.h - what narrowing hid in a run: self time of functions whose callees changed. */
#ifndef SG_NARROWCHECK_H
#define SG_NARROWCHECK_H

#include <stdint.h>
#include "tree.h"

/*
 * A callee not seen while learning is not patched afterwards: its time shows as its caller's
 * self time. Compared by name over the whole trees: the functions whose set of callees differs
 * between learned (the invocations before the switch) and narrowed (after it), and the self
 * time they have in narrowed (*self) out of narrowed's root time (*total). A callee that only
 * did not happen to run in one phase counts too: an upper bound. -1: no memory.
 */
int sg_narrowcheck_self(const struct sg_tree *learned, const struct sg_tree *narrowed,
			uint64_t *self, uint64_t *total);

#endif
