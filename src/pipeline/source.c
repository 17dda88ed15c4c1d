/* source.c - a run's saved input by its content: a text trace, a trace.dat or a .tree file. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "input_dat.h"
#include "log.h"
#include "source.h"
#include "treefile.h"

/*
 * A compressed trace.dat is copied where /tmp's tmpfs would not hold it in memory, up to a size
 * no capture of ours reaches; beyond, decompressing it is the user's call.
 */
#define DAT_COPY_DIR "/var/tmp"
#define DAT_COPY_MAX (16ull << 30)

/*
 * The copy's bound: SURFGRAPH_TMP_MAX (bytes, or with K, M or G) when set, else DAT_COPY_MAX.
 * 0 with a message: not a size. Past it, or below 10% free (decomp.c), the copy stops.
 */
static uint64_t copy_max(void)
{
	const char *s = getenv("SURFGRAPH_TMP_MAX");
	static const char units[] = "KMG";
	const char *u;
	char *end;
	unsigned long long v;

	if (!s)
		return DAT_COPY_MAX;
	errno = 0;
	v = strtoull(s, &end, 10);
	u = *end ? strchr(units, *end) : NULL;
	if (u && v <= (UINT64_MAX >> 30)) {
		v <<= 10 * (u - units + 1);
		end++;
	}
	if (!isdigit((unsigned char) *s) || errno || *end || !v) {
		sg_log_error("SURFGRAPH_TMP_MAX=%.40s: not a size (bytes, or a number with K, M or "
			     "G)",
			     s);
		return 0;
	}
	return v;
}

int sg_source_open(struct sg_source *s, const char *path)
{
	const char *head;
	ssize_t head_len;

	*s = (struct sg_source){.path = path, .dat_fd = -1};
	/* the format by content: compressed or not, then the first bytes it decompresses to */
	s->in = sg_decomp_open(path);
	if (!s->in)
		return -1;
	head_len = sg_decomp_peek(s->in, SG_DECOMP_SNIFF, &head);
	if (head_len < 0)
		return -1;
	if (sg_treefile_sniff(head, (size_t) head_len)) {
		s->kind = SG_SOURCE_TREE;
		return 0;
	}
	s->kind = sg_dat_sniff(head, (size_t) head_len) ? SG_SOURCE_DAT : SG_SOURCE_TEXT;
	/* before a compressed one is copied whole: 246 KB of zstd made 7.2 GB (issue 37.8) */
	if (s->kind == SG_SOURCE_DAT && !sg_dat_page_size_ok(head, (size_t) head_len)) {
		sg_log_error("%s: not a readable trace.dat file: bad page size in its header",
			     strcmp(path, "-") ? path : "stdin");
		return -1;
	}
	if (s->kind == SG_SOURCE_TEXT && sg_decomp_binary(head, (size_t) head_len)) {
		const char *kind = sg_decomp_kind_name(s->in);

		sg_log_error("%s: binary data, not a function_graph trace, trace.dat or .tree "
			     "file%s%s%s",
			     strcmp(path, "-") ? path : "stdin",
			     kind ? " (once decompressed from " : "", kind ? kind : "",
			     kind ? ")" : "");
		return -1;
	}
	return 0;
}

int sg_source_seekable(struct sg_source *s)
{
	uint64_t max = 0;

	if (s->kind != SG_SOURCE_DAT ||
	    (sg_decomp_kind(s->in) == SG_DECOMP_NONE && sg_decomp_fd(s->in) != STDIN_FILENO))
		return 0;
	if ((max = copy_max()) && (s->dat_fd = sg_decomp_spill(s->in, DAT_COPY_DIR, max)) >= 0)
		return 0;
	/* no room for the copy, not a broken stream */
	if (max && !sg_decomp_error(s->in)) {
		char why[512];

		snprintf(why, sizeof(why), "%s", sg_log_message());
		sg_log_error("%s (a trace.dat must be a file libtracecmd can seek in: "
			     "decompress it to one and give its path to -i)",
			     why);
	}
	return -1;
}

void sg_source_close(struct sg_source *s)
{
	if (s->dat_fd >= 0)
		close(s->dat_fd);
	sg_decomp_free(s->in);
	s->in = NULL;
	s->dat_fd = -1;
}
