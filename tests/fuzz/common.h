/* common.h - helpers shared by the libFuzzer targets: the pipeline from events to rendered output. */
#ifndef SG_FUZZ_COMMON_H
#define SG_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aggregate.h"
#include "callstack.h"
#include "log.h"
#include "match.h"
#include "render_folded.h"
#include "render_text.h"
#include "render_top.h"
#include "render_walk.h"
#include "strtab.h"
#include "treefile.h"
#include "treeread.h"

/* A finding that is not a sanitizer report: print it and abort, so libFuzzer keeps the input. */
#define FUZZ_ASSERT(cond)                                                                  \
	do {                                                                               \
		if (!(cond)) {                                                             \
			fprintf(stderr, "%s:%d: assertion failed: %s\n", __FILE__, __LINE__,    \
				#cond);                                                    \
			abort();                                                           \
		}                                                                          \
	} while (0)

/* The roots of the fixtures in tests/data, a glob, and one that never matches. */
static const char *const fuzz_roots[] = { "__do_fault", "do_sys_openat2", "schedule", "vfs_read",
					  "vfs_write",	"ksys_read",	  "a*",	      NULL };

static inline struct sg_match *fuzz_match(void)
{
	struct sg_match *m = sg_match_new();

	FUZZ_ASSERT(m);
	for (int i = 0; fuzz_roots[i]; i++)
		FUZZ_ASSERT(sg_match_add(m, fuzz_roots[i]) == 0);
	return m;
}

/* An output sink that keeps what is written, so the renderers run their whole path. */
struct fuzz_sink {
	char *buf;
	size_t len;
	FILE *f;
};

static inline FILE *fuzz_sink_open(struct fuzz_sink *s)
{
	s->buf = NULL;
	s->len = 0;
	s->f = open_memstream(&s->buf, &s->len);
	FUZZ_ASSERT(s->f);
	return s->f;
}

static inline void fuzz_sink_close(struct fuzz_sink *s)
{
	fclose(s->f);
	s->f = NULL;
}

static inline void fuzz_sink_free(struct fuzz_sink *s)
{
	if (s->f)
		fclose(s->f);
	free(s->buf);
	s->buf = NULL;
}

/*
 * Render agg in every aggregate mode, then write it as a `.tree`, read that back and write it
 * again: the two files must be the same bytes (the format's round trip).
 */
static inline void fuzz_render_and_round_trip(struct sg_aggregate *agg, struct sg_strtab *st)
{
	struct sg_text_style style = { .unicode = 1 };
	struct fuzz_sink a, b;
	FILE *in;

	fuzz_sink_open(&a);
	FUZZ_ASSERT(sg_render_text(a.f, agg, &style) == 0);
	FUZZ_ASSERT(sg_render_folded(a.f, agg, SG_FOLDED_NS) == 0);
	FUZZ_ASSERT(sg_render_folded(a.f, agg, SG_FOLDED_US) == 0);
	FUZZ_ASSERT(sg_render_top(a.f, agg, SG_TOP_SELF) == 0);
	for (unsigned i = 0; i < agg->nring; i++) {
		const struct sg_invocation *inv = sg_aggregate_kept(agg, i);

		FUZZ_ASSERT(sg_render_walk(a.f, inv, agg->has_time) == 0);
		FUZZ_ASSERT(sg_render_text_invocation(a.f, inv, agg->has_time, &style) == 0);
	}
	fuzz_sink_free(&a);

	fuzz_sink_open(&a);
	FUZZ_ASSERT(sg_treefile_write(a.f, agg) == 0);
	fuzz_sink_close(&a);
	in = fmemopen(a.buf, a.len, "r");
	FUZZ_ASSERT(in);
	struct sg_aggregate *back = sg_treeread_file(in, "fuzz.tree", st);

	fclose(in);
	if (!back) {
		fprintf(stderr, "written .tree refused: %s\n%.*s\n", sg_log_message(), (int) a.len,
			a.buf);
		abort();
	}
	fuzz_sink_open(&b);
	FUZZ_ASSERT(sg_treefile_write(b.f, back) == 0);
	fuzz_sink_close(&b);
	if (a.len != b.len || memcmp(a.buf, b.buf, a.len) != 0) {
		fprintf(stderr, "round trip differs:\n--- written\n%.*s\n--- rewritten\n%.*s\n",
			(int) a.len, a.buf, (int) b.len, b.buf);
		abort();
	}
	sg_aggregate_free(back);
	fuzz_sink_free(&a);
	fuzz_sink_free(&b);
}

#endif
