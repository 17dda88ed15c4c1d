/* input_dat.c - trace-cmd trace.dat files through libtracecmd, decoded like live records. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>
#include <stdlib.h>
#include <trace-cmd.h>
#include <kbuffer.h>
#include "btfargs.h"
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

size_t tracecmd_get_options_offset(struct tracecmd_input *handle);
unsigned long tracecmd_get_in_file_version(struct tracecmd_input *handle);

/* n bytes at off of fd, in the file's byte order. -1: past the end. */
static int read_num(int fd, struct tep_handle *tep, off_t off, int n, uint64_t *v)
{
	unsigned char b[8];

	if (pread(fd, b, (size_t) n, off) != n)
		return -1;
	*v = tep_read_number(tep, b, n);
	return 0;
}

/*
 * -w's --args BTF (btfargs.h), NULL when the file has none. libtracecmd 1.3 skips an option it
 * does not know and has no call that returns one, so the options are walked here: version 7's
 * sections (an uncompressed header, options, DONE with the next section's offset; trace-cmd
 * never compresses them) or version 6's list, every length checked against the file.
 */
static struct sg_btfargs *dat_btf(int fd, struct tracecmd_input *h)
{
	struct tep_handle *tep = tracecmd_get_tep(h);
	int v7 = tracecmd_get_in_file_version(h) >= 7;
	uint64_t off = tracecmd_get_options_offset(h), id, flags, size, len, end;
	struct sg_btfargs *b = NULL;
	char *data;

	for (int sections = 0; off && sections < 64; sections++) {
		end = UINT64_MAX;
		if (v7) {
			if (read_num(fd, tep, (off_t) off, 2, &id) < 0 || id != 0 ||
			    read_num(fd, tep, (off_t) off + 2, 2, &flags) < 0 || (flags & 1) ||
			    read_num(fd, tep, (off_t) off + 8, 8, &size) < 0 || size > (1ull << 40))
				return NULL;
			off += 16;
			end = off + size;
		}
		for (;;) {
			if (off + 6 > end || read_num(fd, tep, (off_t) off, 2, &id) < 0)
				return NULL;
			if (!v7 && id == 0)
				return NULL;
			if (read_num(fd, tep, (off_t) off + 2, 4, &len) < 0 || off + 6 + len > end)
				return NULL;
			off += 6;
			if (id == 0) { /* version 7's DONE: the next section's offset */
				if (len != 8 || read_num(fd, tep, (off_t) off, 8, &off) < 0)
					return NULL;
				break;
			}
			if (id == SG_BTFARGS_DAT_OPTION && len > sizeof(SG_BTFARGS_MAGIC) &&
			    len < (64u << 20) && (data = malloc(len))) {
				if (pread(fd, data, len, (off_t) off) == (ssize_t) len &&
				    memcmp(data, SG_BTFARGS_MAGIC, sizeof(SG_BTFARGS_MAGIC)) == 0)
					b = sg_btfargs_from_data(data + sizeof(SG_BTFARGS_MAGIC),
								 len - sizeof(SG_BTFARGS_MAGIC));
				free(data);
				return b;
			}
			off += len;
		}
	}
	return NULL;
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
 * Exported by libtracecmd (1.3) but not declared in its headers: the file's CPU count (the
 * bound tracecmd_iterate_events walks), its page size, and the mapped page a record is on.
 */
int tracecmd_cpus(struct tracecmd_input *handle);
int tracecmd_page_size(struct tracecmd_input *handle);
void *tracecmd_record_page(struct tracecmd_input *handle, struct tep_record *record);
struct tep_record *tracecmd_read_cpu_last(struct tracecmd_input *handle, int cpu);

/*
 * One CPU's data as it is walked. libtracecmd finds and maps each page (compressed or not),
 * one record per page; the events on it are read with a kbuffer of our own, in place, instead
 * of a record allocated, filled and freed for each (a third of reading a file went there).
 */
struct cpu_walk {
	struct tep_record *page; /* the library's record of the page's first event: maps it */
	struct kbuffer *kbuf;
	unsigned long long last_page; /* offset of the CPU's last page */
	unsigned long long shift;     /* the library's timestamp less the page's raw one */
	unsigned long long ts;	      /* of the event at the kbuffer's cursor */
	void *data;		      /* that event; NULL when the CPU is done */
	int first;		      /* it is the page's first: only it announces missed events */
};

/* Page of rec loaded, the cursor on rec's event; its raw timestamp in *raw. -1: no such event. */
static int walk_load(struct tracecmd_input *h, struct cpu_walk *w, struct tep_record *rec,
		     unsigned long long *raw)
{
	int ps = tracecmd_page_size(h);
	void *page = tracecmd_record_page(h, rec);
	int at = (int) (rec->offset & (unsigned long long) (ps - 1));

	tracecmd_free_record(w->page);
	w->page = rec;
	if (!page || kbuffer_load_subbuffer(w->kbuf, page) < 0)
		return -1;
	w->data = kbuffer_read_event(w->kbuf, raw);
	while (w->data && kbuffer_curr_offset(w->kbuf) < at)
		w->data = kbuffer_next_event(w->kbuf, raw);
	if (!w->data || kbuffer_curr_offset(w->kbuf) != at)
		return -1;
	w->shift = rec->ts - *raw;
	w->ts = rec->ts;
	w->first = 1;
	return 0;
}

/* The cursor on the CPU's next event, the next page loaded when this one is done. */
static int walk_next(struct tracecmd_input *h, struct cpu_walk *w, int cpu)
{
	unsigned long long raw, off;
	struct tep_record *rec;
	int ps, at = -1;

	w->data = kbuffer_next_event(w->kbuf, &raw);
	if (w->data) {
		w->ts = raw + w->shift;
		return 0;
	}
	ps = tracecmd_page_size(h);
	off = (w->page->offset & ~(unsigned long long) (ps - 1)) + (unsigned long long) ps;
	rec = off <= w->last_page ? tracecmd_read_at(h, off, &at) : NULL;
	/* forward only: a damaged file cannot send the walk round in circles */
	if (!rec || at != cpu || rec->offset < off) {
		tracecmd_free_record(rec);
		tracecmd_free_record(w->page);
		w->page = NULL;
		return 0;
	}
	return walk_load(h, w, rec, &raw);
}

static void walk_free(struct cpu_walk *w, int n)
{
	for (int i = 0; w && i < n; i++) {
		tracecmd_free_record(w[i].page);
		if (w[i].kbuf)
			kbuffer_free(w[i].kbuf);
	}
	free(w);
}

/*
 * Each CPU's first and last events: whether the library's timestamps are the raw ones moved
 * by one constant (the file's offset), so that a page's events can be timed from its first.
 * 0: they are not (a TSC multiplier, a guest's clock synchronised to its host's): the records
 * are read through the library instead. -1: no memory or a page that does not read back.
 */
static int walk_start(struct tracecmd_input *h, struct cpu_walk *w, int n)
{
	struct tep_handle *tep = tracecmd_get_tep(h);
	unsigned long long raw, shift;
	int ps = tracecmd_page_size(h);

	for (int i = 0; i < n; i++) {
		struct tep_record *last;

		w[i].kbuf = tep_kbuffer(tep);
		if (!w[i].kbuf)
			return -1;
		if (tep_is_old_format(tep))
			kbuffer_set_old_format(w[i].kbuf);
		last = tracecmd_read_cpu_last(h, i);
		if (!last) {
			/* no events on this CPU, or a last page the library cannot read */
			struct tep_record *first = tracecmd_read_cpu_first(h, i);

			tracecmd_free_record(first);
			if (first != NULL)
				return 0;
			continue;
		}
		if (walk_load(h, &w[i], last, &raw) < 0)
			return -1;
		shift = w[i].shift;
		w[i].last_page = last->offset & ~(unsigned long long) (ps - 1);
		last = tracecmd_read_cpu_first(h, i);
		if (!last || walk_load(h, &w[i], last, &raw) < 0)
			return -1;
		if (w[i].shift != shift)
			return 0;
	}
	return 1;
}

/*
 * The records of every CPU merged by timestamp, as tracecmd_iterate_events merges them (the
 * lowest CPU first among equal times), each given to the decoder. 0: done; 1: the file's
 * timestamps need the library (walk_start); -1: failed (the decoder's message, or none).
 */
static int dat_walk(struct tracecmd_input *h, struct sg_raw_decoder *dec, int *decoder_failed)
{
	int n = tracecmd_cpus(h), ret;
	struct cpu_walk *w = calloc(n > 0 ? (size_t) n : 1, sizeof(*w));
	struct tep_record rec = {0}; /* the fields the decoder reads set for each event */

	if (!w)
		return -1;
	ret = walk_start(h, w, n);
	if (ret <= 0) {
		walk_free(w, n);
		return ret < 0 ? -1 : 1;
	}
	for (;;) {
		int best = -1;

		for (int i = 0; i < n; i++)
			if (w[i].data && (best < 0 || w[i].ts < w[best].ts))
				best = i;
		if (best < 0)
			break;
		struct cpu_walk *c = &w[best];

		rec.ts = c->ts;
		rec.cpu = best;
		rec.data = c->data;
		rec.size = kbuffer_event_size(c->kbuf);
		rec.missed_events = c->first ? kbuffer_missed_events(c->kbuf) : 0;
		c->first = 0;
		if (sg_raw_decoder_record(dec, &rec) < 0) {
			*decoder_failed = 1;
			ret = -1;
			break;
		}
		if (walk_next(h, c, best) < 0) {
			ret = -1;
			break;
		}
	}
	walk_free(w, n);
	return ret < 0 ? -1 : 0;
}

/*
 * libtracecmd 1.3 crashes while giving up on a file whose page size is not a power of two: the
 * header is checked first. Layout: magic, version string, endian byte, long size, page size.
 */
int sg_dat_page_size_ok(const char *head, size_t n)
{
	const unsigned char *h = (const unsigned char *) head;
	size_t i = sizeof(DAT_MAGIC) - 1;
	uint32_t ps;

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
 * Exported by libtracecmd (1.3) but not declared in its headers: tracecmd_open_fd() in steps,
 * so the headers (kallsyms and event formats: nearly all of an open's time) are parsed once.
 */
struct tracecmd_input *tracecmd_alloc_fd(int fd, int flags);
int tracecmd_read_headers(struct tracecmd_input *handle, int state);

/*
 * libtraceevent and libtracecmd trust a trace.dat's bytes, and some damaged files crash them: an
 * event's print fmt nested deep enough overflows the stack in libtraceevent's format parser
 * (tracecmd_read_headers, even for formats surfgraph never reads), some damaged CPU data
 * sections crash tracecmd_init_data's failure path, and a CPU section at a wrong offset crashes
 * kbuffer_load_subbuffer in the first read of it (all found by fuzz_dat). A child does first
 * what the parent is about to do: parse the headers, prepare the data and read each CPU's first
 * and last record. Its signal, if one killed it, is returned (0: go on, the library refuses or
 * takes the file cleanly). The child shares the file offset, so the parent puts it back.
 */
static int dat_probe(int fd)
{
	off_t pos = lseek(fd, 0, SEEK_CUR);
	pid_t pid;
	int st = 0;

	if (pos < 0)
		return 0; /* no probe: go ahead */
	pid = fork();
	if (pid < 0)
		return 0;
	if (pid == 0) {
		/* a crash is the answer here, not something for a sanitizer's handler to report */
		static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
		/*
		 * Closed for the temporary files compressed data makes; the reference keeps the close
		 * from freeing the parsed headers, page by page, in a process about to exit (both
		 * held in statics, so a leak checker sees them reachable, not lost).
		 */
		static struct tep_handle *volatile headers;
		static struct tracecmd_input *volatile h;

		/* and no core file of a crash surfgraph expects and reports */
		const struct rlimit no_core = { 0, 0 };

		for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
			signal(fatal[i], SIG_DFL);
		setrlimit(RLIMIT_CORE, &no_core);
		h = tracecmd_alloc_fd(fd, TRACECMD_FL_LOAD_NO_PLUGINS);
		if (!h)
			_exit(2);
		if (tracecmd_read_headers(h, 0) < 0)
			_exit(2); /* the parent's own try says why */
		headers = tracecmd_get_tep(h);
		tep_ref(headers);
		if (tracecmd_init_data(h) == 0)
			for (int i = 0; i < tracecmd_cpus(h); i++) {
				tracecmd_free_record(tracecmd_read_cpu_first(h, i));
				tracecmd_free_record(tracecmd_read_cpu_last(h, i));
			}
		tracecmd_close(h);
		_exit(0);
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	lseek(fd, pos, SEEK_SET);
	return WIFSIGNALED(st) ? WTERMSIG(st) : 0;
}

/* The file (fd's copy, or path) parsed and ready to iterate, or NULL with a message. */
static struct tracecmd_input *dat_open(const char *path, int from)
{
	struct tracecmd_input *h;
	/* a copy: the library closes the fd it was given */
	int fd = from >= 0 ? fcntl(from, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC);
	int err;

	if (fd < 0) {
		sg_log_error("%s: not a readable trace.dat file: %s", path, strerror(errno));
		return NULL;
	}
	char head[64];
	ssize_t got = pread(fd, head, sizeof(head), 0);

	if (!sg_dat_page_size_ok(head, got > 0 ? (size_t) got : 0)) {
		close(fd);
		sg_log_error("%s: not a readable trace.dat file: bad page size in its header", path);
		return NULL;
	}
	int sig = dat_probe(fd);

	if (sig) {
		close(fd);
		sg_log_error("libtracecmd crashed reading %s (signal %d): damaged trace.dat, not read",
			     path, sig);
		return NULL;
	}
	errno = 0;
	h = tracecmd_alloc_fd(fd, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!h) {
		close(fd); /* the library closes it only once it has a handle */
		goto refused;
	}
	err = tracecmd_read_headers(h, 0);
	if (err < 0)
		goto refused_close;
	if (tracecmd_init_data(h) < 0)
		goto refused_close;
	return h;
refused_close:
	err = errno;
	tracecmd_close(h);
	errno = err;
refused:
	err = errno;
	sg_log_error("%s: not a readable trace.dat file%s%s", path, err ? ": " : "",
		     err ? strerror(err) : "");
	return NULL;
}

int sg_dat_read(const char *path, int fd, struct sg_strtab *st, sg_event_fn fn, void *ctx,
		int lines, struct sg_raw_stats *stats, char *kernel, size_t ksize)
{
	struct tracecmd_input *h;
	struct dat_ctx c = { 0 };
	struct sg_btfargs *btf = NULL;
	int ret = -1, bfd, walked;

	memset(stats, 0, sizeof(*stats));
	if (ksize)
		kernel[0] = '\0';
	/* The library reports its own parse problems on stderr; inputs never print. */
	tracecmd_set_loglevel(TEP_LOG_NONE);
	h = dat_open(path, fd);
	if (!h)
		return -1;
	uname_release(h, kernel, ksize);
	c.dec = sg_raw_decoder_new(tracecmd_get_tep(h), st, fn, ctx, lines);
	if (!c.dec)
		goto out;
	/* --args recorded by -w: the recording kernel's BTF for the functions seen names them */
	bfd = fd >= 0 ? fd : open(path, O_RDONLY | O_CLOEXEC);
	if (bfd >= 0) {
		btf = dat_btf(bfd, h);
		if (fd < 0)
			close(bfd);
	}
	sg_raw_decoder_set_btf(c.dec, btf);
	walked = dat_walk(h, c.dec, &c.failed);
	if (walked == 1 && tracecmd_iterate_events(h, NULL, 0, on_record, &c) < 0 && !c.failed)
		walked = -1;
	if (walked < 0 && !c.failed) {
		sg_log_error("%s: reading the trace data failed", path);
		goto out;
	}
	*stats = *sg_raw_decoder_stats(c.dec);
	ret = c.failed ? -1 : 0;
out:
	sg_raw_decoder_free(c.dec);
	sg_btfargs_free(btf);
	tracecmd_close(h);
	return ret;
}
