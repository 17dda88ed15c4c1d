/* check.h - a minimal unit-test harness: CHECK macros that count failures and name the line. */
#ifndef SG_CHECK_H
#define SG_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_failures, check_count;

#define CHECK(cond)                                                                        \
	do {                                                                               \
		check_count++;                                                             \
		if (!(cond)) {                                                             \
			check_failures++;                                                  \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
		}                                                                          \
	} while (0)

#define CHECK_U64(got, want)                                                               \
	do {                                                                               \
		uint64_t g_ = (uint64_t) (got), w_ = (uint64_t) (want);                    \
		check_count++;                                                             \
		if (g_ != w_) {                                                            \
			check_failures++;                                                  \
			fprintf(stderr, "%s:%d: %s is %" PRIu64 ", want %" PRIu64 "\n",   \
				__FILE__, __LINE__, #got, g_, w_);                         \
		}                                                                          \
	} while (0)

#define CHECK_STR(got, want)                                                               \
	do {                                                                               \
		const char *g_ = (got), *w_ = (want);                                      \
		check_count++;                                                             \
		if (!g_ || strcmp(g_, w_) != 0) {                                          \
			check_failures++;                                                  \
			fprintf(stderr, "%s:%d: %s is \"%s\", want \"%s\"\n", __FILE__,    \
				__LINE__, #got, g_ ? g_ : "(null)", w_);                   \
		}                                                                          \
	} while (0)

static inline int check_report(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
	return check_failures ? 1 : 0;
}

#endif
