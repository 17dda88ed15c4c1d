/* input_dat.c - trace-cmd trace.dat files through libtracecmd, decoded like live records. */
#include <errno.h>
#include <string.h>
#include <trace-cmd.h>
#include "input_dat.h"
#include "log.h"

#define DAT_MAGIC "\x17\x08\x44tracing"

int sg_dat_sniff(const char *head, size_t len)
{
	return len >= sizeof(DAT_MAGIC) - 1 && memcmp(head, DAT_MAGIC, sizeof(DAT_MAGIC) - 1) == 0;
}

struct dat_ctx {
	struct sg_raw_decoder *dec;
	int failed;
};

static int on_record(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *vctx)
{
	struct dat_ctx *c = vctx;

	(void) h;
	rec->cpu = cpu;
	if (sg_raw_decoder_record(c->dec, rec) < 0) {
		c->failed = 1;
		return -1;
	}
	return 0;
}

int sg_dat_read(const char *path, struct sg_strtab *st, sg_event_fn fn, void *ctx, int lines,
		struct sg_raw_stats *stats)
{
	struct tracecmd_input *h;
	struct dat_ctx c = { 0 };
	int ret = -1;

	memset(stats, 0, sizeof(*stats));
	/* The library reports its own parse problems on stderr; inputs never print. */
	tracecmd_set_loglevel(TEP_LOG_NONE);
	errno = 0;
	h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!h) {
		sg_log_error("%s: not a readable trace.dat file%s%s", path, errno ? ": " : "",
			     errno ? strerror(errno) : "");
		return -1;
	}
	c.dec = sg_raw_decoder_new(tracecmd_get_tep(h), st, fn, ctx, lines);
	if (!c.dec)
		goto out;
	if (tracecmd_iterate_events(h, NULL, 0, on_record, &c) < 0 && !c.failed) {
		sg_log_error("%s: reading the trace data failed", path);
		goto out;
	}
	*stats = *sg_raw_decoder_stats(c.dec);
	ret = c.failed ? -1 : 0;
out:
	sg_raw_decoder_free(c.dec);
	tracecmd_close(h);
	return ret;
}
