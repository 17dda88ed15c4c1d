/* fuzz_decomp.c - libFuzzer target: the gzip, xz and zstd decoders of -i fed arbitrary bytes. */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <unistd.h>
#include "common.h"
#include "decomp.h"

/* a zstd frame may expand a byte a thousandfold: stop where a real reader's line limit would */
#define OUT_MAX (64u << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[65536];
	int fd = memfd_create("fuzz", MFD_CLOEXEC);
	struct sg_decomp *d;
	const char *head;
	ssize_t peeked, k;
	size_t total = 0;

	FUZZ_ASSERT(fd >= 0 && write(fd, data, size) == (ssize_t) size &&
		    lseek(fd, 0, SEEK_SET) == 0);
	d = sg_decomp_new(fd, "fuzz");
	if (!d) {
		/* only bzip2 and lz4 are refused at the start */
		FUZZ_ASSERT(
		    strstr(sg_log_message(), "-compressed: surfgraph reads gzip, xz and zstd"));
		close(fd);
		return 0;
	}
	peeked = sg_decomp_peek(d, SG_DECOMP_SNIFF, &head);
	if (peeked >= 0) {
		char first[SG_DECOMP_SNIFF];

		memcpy(first, head, (size_t) peeked);
		(void) sg_decomp_binary(head, (size_t) peeked);
		/* what was peeked comes first again */
		for (size_t got = 0; got < (size_t) peeked; got += (size_t) k) {
			k = sg_decomp_read(d, buf, (size_t) peeked - got);
			FUZZ_ASSERT(k > 0 && memcmp(buf, first + got, (size_t) k) == 0);
		}
		while (total < OUT_MAX && (k = sg_decomp_read(d, buf, sizeof(buf))) > 0)
			total += (size_t) k;
		/* a plain file never fails; a failed stream says why, and stays failed */
		if (k < 0)
			FUZZ_ASSERT(sg_decomp_kind(d) != SG_DECOMP_NONE && sg_decomp_error(d) &&
				    sg_decomp_read(d, buf, 1) < 0);
		else if (sg_decomp_kind(d) == SG_DECOMP_NONE && total < OUT_MAX)
			FUZZ_ASSERT(total + (size_t) peeked == size);
	} else {
		FUZZ_ASSERT(sg_decomp_error(d));
	}
	sg_decomp_free(d);
	close(fd);
	return 0;
}
