/* fuzz_raw.c - libFuzzer target: the binary funcgraph decoder fed records of any size and content.
 */
#include <sys/mman.h>
#include <event-parse.h>
#include "common.h"
#include "input_raw.h"

/*
 * 6.1 formats; 6.1 entry with the 6.12 exit; 7.3 entry (args[]) with a retval exit and the
 * 6.19 fgraph_retaddr_entry (tests/data/linux-7.3/derived)
 */
static struct tep_handle *teps[3];
/*
 * libtraceevent reads fields without AddressSanitizer's eyes: a record is placed at the end of
 * a page followed by an inaccessible one, so a read past its end faults.
 */
static unsigned char *fence;
#define PAGE 4096

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = malloc(1 << 16);

	FUZZ_ASSERT(f && buf);
	*len = fread(buf, 1, (1 << 16) - 1, f);
	fclose(f);
	return buf;
}

static struct tep_handle *tep_of(const char *entry, const char *exit, const char *retaddr)
{
	struct tep_handle *tep = tep_alloc();
	size_t n;
	char *buf;

	FUZZ_ASSERT(tep);
	buf = slurp(entry, &n);
	FUZZ_ASSERT(tep_parse_event(tep, buf, n, "ftrace") == 0);
	free(buf);
	buf = slurp(exit, &n);
	FUZZ_ASSERT(tep_parse_event(tep, buf, n, "ftrace") == 0);
	free(buf);
	if (retaddr) {
		buf = slurp(retaddr, &n);
		FUZZ_ASSERT(tep_parse_event(tep, buf, n, "ftrace") == 0);
		free(buf);
	}
	return tep;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	teps[0] = tep_of("tests/data/linux-6.1/funcgraph_entry.format",
			 "tests/data/linux-6.1/funcgraph_exit.format", NULL);
	teps[1] = tep_of("tests/data/linux-6.1/funcgraph_entry.format",
			 "tests/data/linux-6.12/funcgraph_exit.format", NULL);
	teps[2] = tep_of("tests/data/linux-7.3/funcgraph_entry.format",
			 "tests/data/linux-7.3/derived/funcgraph_exit_retval.format",
			 "tests/data/linux-7.3/derived/fgraph_retaddr_entry-6.19.format");
	fence = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	FUZZ_ASSERT(fence != MAP_FAILED && mprotect(fence + PAGE, PAGE, PROT_NONE) == 0);
	return 0;
}

static int on_invocation(void *vctx, struct sg_invocation *inv)
{
	return sg_aggregate_add(vctx, inv);
}

/*
 * Input: one options byte, then records: a size byte, a byte of cpu and missed-events bits, a
 * timestamp step byte, then size bytes of record data (each record ending where an
 * inaccessible page begins, so a read past its end is caught).
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_match *m = fuzz_match();
	struct sg_aggregate *agg = sg_aggregate_new(2);
	unsigned opts = size ? data[0] : 0;
	struct sg_callstack *cs;
	struct sg_raw_decoder *d;
	unsigned long long ts = 1000;

	FUZZ_ASSERT(st && agg);
	cs = sg_callstack_new(st, m, on_invocation, agg, opts & 2);
	FUZZ_ASSERT(cs);
	d = sg_raw_decoder_new(teps[(opts & 1) + (opts & 4 ? 1 : 0)], st, sg_callstack_feed, cs,
			       opts & 2);
	FUZZ_ASSERT(d);
	for (size_t i = size ? 1 : 0; i + 3 <= size;) {
		size_t n = data[i];
		unsigned bits = data[i + 1];
		struct tep_record rec;

		ts += data[i + 2] * 997u;
		i += 3;
		if (n > size - i)
			n = size - i;
		memset(&rec, 0, sizeof(rec));
		rec.data = fence + PAGE - n;
		memcpy(rec.data, data + i, n);
		i += n;
		rec.size = (int) n;
		rec.ts = ts;
		rec.cpu = bits & 3;
		rec.missed_events = bits & 4 ? (bits & 8 ? -1 : bits >> 4) : 0;
		FUZZ_ASSERT(sg_raw_decoder_record(d, &rec) == 0);
	}
	FUZZ_ASSERT(sg_callstack_finish(cs) == 0);
	sg_aggregate_finish(agg);
	FUZZ_ASSERT(sg_aggregate_set_meta(agg, "root", sg_match_describe(m)) == 0);
	fuzz_render_and_round_trip(agg, st);
	sg_raw_decoder_free(d);
	sg_callstack_free(cs);
	sg_aggregate_free(agg);
	sg_match_free(m);
	sg_strtab_free(st);
	return 0;
}
