/* fuzz_tree.c - libFuzzer target: the strict `.tree` reader fed arbitrary bytes; what it accepts must round-trip. */
#include "common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char nothing[1];
	struct sg_strtab *st = sg_strtab_new();
	FILE *in = fmemopen(size ? (void *) data : nothing, size ? size : 1, "r");
	struct sg_aggregate *agg;

	FUZZ_ASSERT(st && in);
	if (!size)
		fgetc(in); /* fmemopen cannot make an empty stream: consume the byte */
	agg = sg_treeread_file(in, "fuzz.tree", st);
	fclose(in);
	if (!agg) {
		/* refused with "file:line: reason" */
		FUZZ_ASSERT(strncmp(sg_log_message(), "fuzz.tree:", 10) == 0);
	} else {
		fuzz_render_and_round_trip(agg, st);
		sg_aggregate_free(agg);
	}
	sg_strtab_free(st);
	return 0;
}
