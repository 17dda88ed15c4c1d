/* logtime.h - times on the log scale diff tests, and the remembered results every node asks for. */
#ifndef SG_LOGTIME_H
#define SG_LOGTIME_H

#include <stdint.h>

/*
 * A time on the log scale diff tests (docs/diff.md): log2(1 + ns / 1000) in 1/65536ths,
 * rounded: 0 for a path absent from an invocation, 65536 for 1 us, at most 44 * 65536.
 */
#define SG_LOGTIME_ONE 65536
uint64_t sg_logtime(uint64_t ns);

/*
 * sg_logtime() for every node of every invocation was a tenth of a text profile's
 * instructions (log2 and llround in libm). Durations repeat (a leaf's few microseconds, self
 * times of 0), so results are remembered: the same function of the same value, so the sums stay
 * exact. Below 65.536 us (most calls) by the value itself, 256 KiB whose pages are touched only
 * where durations fall (0: not yet computed; every duration of 1 ns or more has a log time of
 * 94 or more); above, the last result per slot of a hash (sg_logtime_hashed). One process-wide
 * table: nothing here runs in threads. 16,384 slots: a 210 MB text trace's durations missed 30%
 * of 4,096, 5% of 16,384.
 */
#define SG_LOGTIME_DIRECT 65536
extern uint32_t sg_logtime_direct[SG_LOGTIME_DIRECT];
uint64_t sg_logtime_hashed(uint64_t ns);

/* sg_logtime(ns), remembered. Inline: every node of every merge into a tree with statistics. */
static inline uint64_t sg_logtime_cached(uint64_t ns)
{
	if (ns >= SG_LOGTIME_DIRECT)
		return sg_logtime_hashed(ns);
	if (!ns)
		return 0;
	if (!sg_logtime_direct[ns])
		sg_logtime_direct[ns] = (uint32_t) sg_logtime(ns);
	return sg_logtime_direct[ns];
}

#endif
