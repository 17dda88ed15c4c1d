/* logtime.c - times on the log scale diff tests (docs/diff.md), computed once per duration. */
#include <math.h>
#include <stddef.h>
#include "logtime.h"

#define LOGTIME_SLOTS 16384

uint32_t sg_logtime_direct[SG_LOGTIME_DIRECT];

uint64_t sg_logtime(uint64_t ns)
{
	/* integers, so that sums add up exactly however runs are merged */
	return (uint64_t) llround(log2(1 + (double) ns / 1000) * SG_LOGTIME_ONE);
}

uint64_t sg_logtime_hashed(uint64_t ns)
{
	static struct {
		uint64_t ns, lg;
	} slot[LOGTIME_SLOTS];
	size_t i = (size_t) (ns ^ ns >> 12) & (LOGTIME_SLOTS - 1);

	if (slot[i].ns != ns) {
		slot[i].ns = ns;
		slot[i].lg = sg_logtime(ns);
	}
	return slot[i].lg;
}
