/* fuzz_dat.c - libFuzzer target: arbitrary bytes as a trace.dat file, through libtracecmd and the binary decoder. */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <unistd.h>
#include "common.h"
#include "input_dat.h"

static int on_invocation(void *vctx, struct sg_invocation *inv)
{
	struct sg_aggregate *agg = vctx;

	return sg_aggregate_add(agg, inv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	struct sg_strtab *st = sg_strtab_new();
	struct sg_match *m = fuzz_match();
	struct sg_aggregate *agg = sg_aggregate_new(4);
	struct sg_callstack *cs;
	struct sg_raw_stats stats;
	char kernel[80];

	/* the library opens a path: one in-memory file, rewritten for each input */
	if (fd < 0) {
		fd = memfd_create("fuzz.dat", 0);
		FUZZ_ASSERT(fd >= 0);
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	FUZZ_ASSERT(ftruncate(fd, 0) == 0);
	FUZZ_ASSERT(pwrite(fd, data, size, 0) == (ssize_t) size);
	FUZZ_ASSERT(st && agg);
	cs = sg_callstack_new(st, m, on_invocation, agg, size && (data[size - 1] & 1));
	FUZZ_ASSERT(cs);
	if (sg_dat_read(path, -1, st, sg_callstack_feed, cs, size && (data[size - 1] & 1), &stats,
			kernel, sizeof(kernel)) == 0) {
		FUZZ_ASSERT(sg_callstack_finish(cs) == 0);
		sg_aggregate_finish(agg);
		FUZZ_ASSERT(sg_aggregate_set_meta(agg, "root", sg_match_describe(m)) == 0);
		fuzz_render_and_round_trip(agg, st);
	} else {
		FUZZ_ASSERT(sg_log_message()[0]);
	}
	sg_callstack_free(cs);
	sg_aggregate_free(agg);
	sg_match_free(m);
	sg_strtab_free(st);
	return 0;
}
