/* fmt.h - number formatting shared by the renderers: nanoseconds as microseconds, percentages. */
#ifndef SG_FMT_H
#define SG_FMT_H

#include <stdint.h>

#define SG_FMT_LEN 32

/* ns as microseconds with three decimals ("1135.090"): exact, no floating point. */
const char *sg_fmt_us(char buf[SG_FMT_LEN], uint64_t ns);

/* part/whole as a percentage with two decimals ("37.42"); "-" when whole is 0. */
const char *sg_fmt_pct(char buf[SG_FMT_LEN], uint64_t part, uint64_t whole);

/* A duration for people: "812 ns", "53.410 us", "1.135 ms", "1.096 s". */
const char *sg_fmt_human(char buf[SG_FMT_LEN], uint64_t ns);

/* Seconds with microseconds, as the kernel prints timestamps ("120.159748"). */
const char *sg_fmt_ts(char buf[SG_FMT_LEN], uint64_t ns);

#endif
