/* input_dat.c - trace-cmd trace.dat files through libtracecmd, decoded like live records. */
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>
#include <trace-cmd.h>
#include "input_dat.h"
#include "log.h"

#define DAT_MAGIC "\x17\x08\x44tracing"

/*
 * Exported by libtracecmd (1.3) but not declared in its headers: the recording machine's
 * "sysname nodename release machine", NULL when the file has no uname option.
 */
const char *tracecmd_get_uname(struct tracecmd_input *handle);

/* The release out of trace-cmd's uname string ("Linux host 6.1.0-56-amd64 x86_64"). */
static void uname_release(struct tracecmd_input *h, char *kernel, size_t size)
{
	const char *u = tracecmd_get_uname(h), *r;
	size_t n;

	kernel[0] = '\0';
	if (!u)
		return;
	r = strchr(u, ' ');
	r = r ? strchr(r + 1, ' ') : NULL;
	if (!r)
		return;
	n = strcspn(++r, " ");
	/* the .tree and the picture carry it: only a plain release string */
	if (n && n < size && strspn(r, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				       "0123456789._+-~") >= n)
		snprintf(kernel, size, "%.*s", (int) n, r);
}

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

/*
 * libtracecmd 1.3 crashes while giving up on a file whose page size is not a power of two: the
 * header is checked first. Layout: magic, version string, endian byte, long size, page size.
 */
static int page_size_ok(const char *path)
{
	unsigned char h[64];
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(h, 1, sizeof(h), f) : 0, i = sizeof(DAT_MAGIC) - 1;
	uint32_t ps;

	if (f)
		fclose(f);
	while (i < n && h[i])
		i++;
	if (i + 7 > n)
		return 1; /* too short: the library refuses it by itself */
	i += 3; /* NUL, endian, long size */
	ps = h[i - 2] ? (uint32_t) h[i] << 24 | h[i + 1] << 16 | h[i + 2] << 8 | h[i + 3]
		      : (uint32_t) h[i + 3] << 24 | h[i + 2] << 16 | h[i + 1] << 8 | h[i];
	return ps >= 4096 && ps <= (1u << 24) && !(ps & (ps - 1));
}

/*
 * libtracecmd also crashes while refusing some other damaged headers: a child opens the file
 * first, so such a file is refused with a message instead of killing surfgraph.
 */
static int open_survives(const char *path)
{
	pid_t pid = fork();
	int st = 0;

	if (pid < 0)
		return 1; /* no probe: go ahead */
	if (pid == 0) {
		/* a crash is the answer here, not something for a sanitizer's handler to report */
		static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

		for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
			signal(fatal[i], SIG_DFL);
		struct tracecmd_input *h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);

		if (h)
			tracecmd_close(h);
		_exit(0);
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

int sg_dat_read(const char *path, struct sg_strtab *st, sg_event_fn fn, void *ctx, int lines,
		struct sg_raw_stats *stats, char *kernel, size_t ksize)
{
	struct tracecmd_input *h;
	struct dat_ctx c = { 0 };
	int ret = -1;

	memset(stats, 0, sizeof(*stats));
	if (ksize)
		kernel[0] = '\0';
	/* The library reports its own parse problems on stderr; inputs never print. */
	tracecmd_set_loglevel(TEP_LOG_NONE);
	if (!page_size_ok(path)) {
		sg_log_error("%s: not a readable trace.dat file: bad page size in its header", path);
		return -1;
	}
	if (!open_survives(path)) {
		sg_log_error("%s: not a readable trace.dat file: its headers are damaged", path);
		return -1;
	}
	errno = 0;
	h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!h) {
		sg_log_error("%s: not a readable trace.dat file%s%s", path, errno ? ": " : "",
			     errno ? strerror(errno) : "");
		return -1;
	}
	uname_release(h, kernel, ksize);
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
