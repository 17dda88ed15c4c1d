/* check.h - a minimal unit-test harness: CHECK macros that count failures and name the line. */
#ifndef SG_CHECK_H
#define SG_CHECK_H

#include <fnmatch.h>
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

/*
 * Cases by name: a program whose main runs check_run(cases, n, argc, argv) runs every case, or
 * only those its arguments name (shell globs: test_callstack 'raise_*'); an argument naming
 * none is an error (status 2), so that a typo never passes.
 */
struct check_case {
	const char *name;
	void (*fn)(void);
};
#define CHECK_CASE(f) { #f, f }

static inline int check_run(const struct check_case *c, size_t n, int argc, char **argv)
{
	for (int a = 1; a < argc; a++) {
		size_t i = 0;

		while (i < n && fnmatch(argv[a], c[i].name, 0) != 0)
			i++;
		if (i == n) {
			fprintf(stderr, "%s: no case is named %s; the cases:", argv[0], argv[a]);
			for (i = 0; i < n; i++)
				fprintf(stderr, " %s", c[i].name);
			fputc('\n', stderr);
			return 2;
		}
	}
	for (size_t i = 0; i < n; i++) {
		int run = argc < 2;

		for (int a = 1; a < argc && !run; a++)
			run = fnmatch(argv[a], c[i].name, 0) == 0;
		if (run)
			c[i].fn();
	}
	return 0;
}

static inline int check_report(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
	return check_failures ? 1 : 0;
}

#endif
