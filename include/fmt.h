/* fmt.h - number formatting (numbers alone, below the model); escape.h for the text beside. */
#ifndef SG_FMT_H
#define SG_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "escape.h"

#define SG_FMT_LEN 32

/* The "s" of a count's noun: "1 call", "2 calls", "0 calls". */
static inline const char *sg_plural(uint64_t n)
{
	return n == 1 ? "" : "s";
}

/* ns as microseconds with three decimals ("1135.090"): exact, no floating point. */
const char *sg_fmt_us(char buf[SG_FMT_LEN], uint64_t ns);

/* v in decimal, as "%" PRIu64 prints it. */
const char *sg_fmt_u64(char buf[SG_FMT_LEN], uint64_t v);

/* part/whole as a percentage with two decimals ("37.42"); "-" when whole is 0. */
const char *sg_fmt_pct(char buf[SG_FMT_LEN], uint64_t part, uint64_t whole);

/*
 * A duration for people: "812 ns", "53.410 us", "1.135 ms", "1.096 s". In ms and s rounded half
 * up on the integer ns (130,127,834 ns is "130.128 ms"), the unit chosen after rounding
 * (999,999,600 ns is "1.000 s").
 */
const char *sg_fmt_human(char buf[SG_FMT_LEN], uint64_t ns);

/*
 * An axis tick: ns in the largest unit it reaches, at most three decimals, rounded as
 * sg_fmt_human, trailing zeros dropped ("256 us", "16.384 ms", "4.194 s", "0"): each tick
 * carries its own unit.
 */
const char *sg_fmt_tick(char buf[SG_FMT_LEN], uint64_t ns);

/* Seconds with microseconds, rounded as the kernel prints timestamps ("120.159748"). */
const char *sg_fmt_ts(char buf[SG_FMT_LEN], uint64_t ns);

/* A signed change in microseconds, "+" or "-" unless zero ("+243.790", "-0.005", "0.000"). */
const char *sg_fmt_delta_us(char buf[SG_FMT_LEN], int64_t ns);

/* A signed change given in hundredths of a percent ("+33.08%", "-0.50%", "0.00%"). */
const char *sg_fmt_delta_pct(char buf[SG_FMT_LEN], int64_t bp);

/* Thousandths as the shortest exact decimal: 1000 "1", 1500 "1.5", 333 "0.333". */
const char *sg_fmt_milli(char buf[SG_FMT_LEN], uint64_t v);

#endif
