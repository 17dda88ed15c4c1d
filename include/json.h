/* json.h - JSON output shared by the exports: strings escaped in one place, times in microseconds.
 */
#ifndef SG_JSON_H
#define SG_JSON_H

#include <stdint.h>
#include <stdio.h>

/*
 * s as a JSON string, quotes included: '"', '\\' and control bytes escaped, valid UTF-8 kept,
 * any other byte (a name from a trace can hold anything) written as U+FFFD, so the file always
 * parses. -1: write error.
 */
int sg_json_string(FILE *out, const char *s);

/* ns as microseconds with three decimals ("1135.090"): exact, no floating point. */
int sg_json_us(FILE *out, uint64_t ns);

/* v in decimal ("%" PRIu64) without stdio's formatting. -1: write error. */
int sg_json_u64(FILE *out, uint64_t v);

#endif
