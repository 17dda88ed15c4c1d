/* decomp.c - input by content: gzip, xz and zstd decompressed as read; binary data told apart. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include "decomp.h"
#include "log.h"

#define IN_CAP (64u << 10)
/* xz -9 needs 65 MiB to decompress; a header asking for more is a crafted file's, not ours */
#define XZ_MEMLIMIT	(128u << 20)
#define SPILL_BUF	(1u << 20)
#define SPILL_KEEP_FREE (64ull << 20)
/* free space looked at again after this many bytes (a multiple of SPILL_BUF) */
#define SPILL_CHECK_EVERY (16ull << 20)

struct sg_decomp {
	int fd, own_fd;
	char *name;
	enum sg_decomp_kind kind;
	unsigned char *in;
	const unsigned char *next_in;
	size_t avail_in;
	int in_eof;
	int between; /* after a whole gzip member or zstd frame: the stream may end here */
	int done;    /* xz: the last stream ended */
	char *peek;  /* bytes produced for sg_decomp_peek(), handed out again by read */
	size_t peek_pos, peek_len, peek_cap;
	z_stream z;
	lzma_stream x;
	ZSTD_DStream *zs;
	uint64_t total_out;
	int failed;
	char err[320];
};

static const char *const kind_names[] = {NULL, "gzip", "xz", "zstd"};

/* The stream is broken for good: later reads give the same message. */
static int fail(struct sg_decomp *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct sg_decomp *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d->err, sizeof(d->err), fmt, ap);
	va_end(ap);
	d->failed = 1;
	sg_log_error("%s", d->err);
	return -1;
}

/* One read() from the file: bytes, 0 at its end (noted), -1 with a message. */
static ssize_t raw_read(struct sg_decomp *d, void *buf, size_t n)
{
	ssize_t k;

	do
		k = read(d->fd, buf, n);
	while (k < 0 && errno == EINTR);
	if (k < 0)
		return fail(d, "%s: read failed: %s", d->name, strerror(errno));
	d->in_eof = k == 0;
	return k;
}

static int refill(struct sg_decomp *d)
{
	ssize_t n = raw_read(d, d->in, IN_CAP);

	if (n < 0)
		return -1;
	d->next_in = d->in;
	d->avail_in = (size_t) n;
	return 0;
}

/* The magic numbers of the formats (gzip's with its one method, deflate). */
static enum sg_decomp_kind detect(const unsigned char *s, size_t n, const char **other)
{
	*other = NULL;
	if (n >= 3 && s[0] == 0x1f && s[1] == 0x8b && s[2] == 8)
		return SG_DECOMP_GZIP;
	if (n >= 6 && memcmp(s, "\xfd\x37\x7a\x58\x5a\x00", 6) == 0)
		return SG_DECOMP_XZ;
	if (n >= 4 && memcmp(s, "\x28\xb5\x2f\xfd", 4) == 0)
		return SG_DECOMP_ZSTD;
	/* "BZh" and a block size, then a block's or the end's binary magic */
	if (n >= 5 && memcmp(s, "BZh", 3) == 0 && s[3] >= '1' && s[3] <= '9' &&
	    (s[4] == 0x31 || s[4] == 0x17))
		*other = "bzip2";
	else if (n >= 4 && memcmp(s, "\x04\x22\x4d\x18", 4) == 0)
		*other = "lz4";
	return SG_DECOMP_NONE;
}

static int start_decoder(struct sg_decomp *d)
{
	switch (d->kind) {
	case SG_DECOMP_GZIP:
		/* gzip wrapper only: the magic said so */
		return inflateInit2(&d->z, 16 + MAX_WBITS) == Z_OK ? 0 : -1;
	case SG_DECOMP_XZ:
		/* concatenated streams, as xz -d reads them */
		if (lzma_stream_decoder(&d->x, XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK)
			return -1;
		return 0;
	case SG_DECOMP_ZSTD:
		/* the default window limit (128 MiB, ZSTD_WINDOWLOG_LIMIT_DEFAULT) bounds memory */
		d->zs = ZSTD_createDStream();
		return d->zs && !ZSTD_isError(ZSTD_initDStream(d->zs)) ? 0 : -1;
	default:
		return 0;
	}
}

struct sg_decomp *sg_decomp_new(int fd, const char *name)
{
	struct sg_decomp *d = calloc(1, sizeof(*d));
	const char *other;
	size_t have = 0;

	if (!d || !(d->name = strdup(name)) || !(d->in = malloc(IN_CAP))) {
		sg_decomp_free(d);
		sg_log_error("out of memory");
		return NULL;
	}
	d->fd = fd;
	d->own_fd = -1;
	d->x = (lzma_stream) LZMA_STREAM_INIT;
	/* a pipe gives what it has: gather enough for the longest magic */
	while (have < 16) {
		ssize_t n = read(fd, d->in + have, IN_CAP - have);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			sg_log_error("cannot read %s: %s", name, strerror(errno));
			sg_decomp_free(d);
			return NULL;
		}
		if (n == 0) {
			d->in_eof = 1;
			break;
		}
		have += (size_t) n;
	}
	d->next_in = d->in;
	d->avail_in = have;
	d->kind = detect(d->in, have, &other);
	if (other) {
		sg_log_error("%s is %s-compressed: surfgraph reads gzip, xz and zstd (%s -dc %s | "
			     "surfgraph -i - ...)",
			     name, other, other, name);
		sg_decomp_free(d);
		return NULL;
	}
	if (start_decoder(d) < 0) {
		sg_log_error("%s: cannot start the %s decoder (out of memory)", name,
			     kind_names[d->kind]);
		sg_decomp_free(d);
		return NULL;
	}
	return d;
}

struct sg_decomp *sg_decomp_open(const char *path)
{
	int std = strcmp(path, "-") == 0;
	int fd = std ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	struct sg_decomp *d;

	if (fd < 0) {
		sg_log_error("cannot open %s: %s", path, strerror(errno));
		return NULL;
	}
	d = sg_decomp_new(fd, std ? "stdin" : path);
	if (!d) {
		if (!std)
			close(fd);
		return NULL;
	}
	d->own_fd = std ? -1 : fd;
	return d;
}

void sg_decomp_free(struct sg_decomp *d)
{
	if (!d)
		return;
	if (d->kind == SG_DECOMP_GZIP)
		inflateEnd(&d->z);
	lzma_end(&d->x);
	ZSTD_freeDStream(d->zs);
	if (d->own_fd >= 0)
		close(d->own_fd);
	free(d->peek);
	free(d->in);
	free(d->name);
	free(d);
}

enum sg_decomp_kind sg_decomp_kind(const struct sg_decomp *d)
{
	return d->kind;
}

const char *sg_decomp_kind_name(const struct sg_decomp *d)
{
	return kind_names[d->kind];
}

int sg_decomp_fd(const struct sg_decomp *d)
{
	return d->fd;
}

const char *sg_decomp_error(const struct sg_decomp *d)
{
	return d && d->failed ? d->err : NULL;
}

static int corrupt(struct sg_decomp *d, const char *why)
{
	return fail(d, "%s: corrupt %s data (%s) after %llu bytes decompressed", d->name,
		    kind_names[d->kind], why, (unsigned long long) d->total_out);
}

/* One call of the decoder: input used, output made, and whether a member, frame or stream ended. */
static int step(struct sg_decomp *d, char *dst, size_t n, size_t *used, size_t *out, int *end)
{
	if (d->kind == SG_DECOMP_GZIP) {
		uInt ai = (uInt) d->avail_in, ao = n > UINT_MAX ? UINT_MAX : (uInt) n;
		int r;

		d->z.next_in = (Bytef *) d->next_in;
		d->z.avail_in = ai;
		d->z.next_out = (Bytef *) dst;
		d->z.avail_out = ao;
		r = inflate(&d->z, Z_NO_FLUSH);
		*used = ai - d->z.avail_in;
		*out = ao - d->z.avail_out;
		if (r == Z_STREAM_END) {
			*end = 1;
			/* another member may follow (gzip -c a b > ab.gz), as gzip -d reads them */
			return inflateReset(&d->z) == Z_OK ? 0 : corrupt(d, "reset");
		}
		if (r == Z_MEM_ERROR)
			return fail(d, "%s: out of memory decompressing", d->name);
		if (r != Z_OK && r != Z_BUF_ERROR)
			return corrupt(d, d->z.msg ? d->z.msg : "bad data");
		return 0;
	}
	if (d->kind == SG_DECOMP_XZ) {
		lzma_ret r;

		d->x.next_in = d->next_in;
		d->x.avail_in = d->avail_in;
		d->x.next_out = (uint8_t *) dst;
		d->x.avail_out = n;
		r = lzma_code(&d->x, !d->avail_in && d->in_eof ? LZMA_FINISH : LZMA_RUN);
		*used = d->avail_in - d->x.avail_in;
		*out = n - d->x.avail_out;
		switch (r) {
		case LZMA_OK:
		case LZMA_BUF_ERROR: /* no progress: the caller tells a cut stream */
			return 0;
		case LZMA_STREAM_END:
			*end = 1;
			d->done = 1;
			return 0;
		case LZMA_MEMLIMIT_ERROR:
			return fail(d, "%s: the xz data needs more than %u MiB to decompress",
				    d->name, XZ_MEMLIMIT >> 20);
		case LZMA_MEM_ERROR:
			return fail(d, "%s: out of memory decompressing", d->name);
		case LZMA_OPTIONS_ERROR:
			return corrupt(d, "unsupported options");
		default:
			return corrupt(d, "bad data");
		}
	}
	ZSTD_inBuffer ib = {d->next_in, d->avail_in, 0};
	ZSTD_outBuffer ob = {dst, n, 0};
	size_t r = ZSTD_decompressStream(d->zs, &ob, &ib);

	if (ZSTD_isError(r))
		return corrupt(d, ZSTD_getErrorName(r));
	*used = ib.pos;
	*out = ob.pos;
	*end = r == 0; /* a frame decoded and flushed; another may follow */
	return 0;
}

/* Up to n bytes of output, at least one unless the stream ended; -1 with a message. */
static ssize_t produce(struct sg_decomp *d, char *dst, size_t n)
{
	if (d->failed) {
		sg_log_error("%s", d->err);
		return -1;
	}
	if (n > SSIZE_MAX)
		n = SSIZE_MAX;
	for (;;) {
		size_t used = 0, out = 0;
		int end = 0;

		if (d->kind == SG_DECOMP_NONE && !d->avail_in) {
			/* a plain file: straight into the reader's buffer, no copy */
			ssize_t k = d->in_eof ? 0 : raw_read(d, dst, n);

			if (k > 0)
				d->total_out += (uint64_t) k;
			return k;
		}
		if (!d->avail_in && !d->in_eof && refill(d) < 0)
			return -1;
		if (d->kind == SG_DECOMP_NONE) {
			out = d->avail_in < n ? d->avail_in : n;
			memcpy(dst, d->next_in, out);
			d->next_in += out;
			d->avail_in -= out;
			d->total_out += out;
			return (ssize_t) out;
		}
		if (d->done || (!d->avail_in && d->in_eof && d->between))
			return 0;
		if (step(d, dst, n, &used, &out, &end) < 0)
			return -1;
		d->next_in += used;
		d->avail_in -= used;
		d->total_out += out;
		if (used)
			d->between = 0;
		if (end)
			d->between = 1;
		if (out)
			return (ssize_t) out;
		if (end)
			continue;
		/* a partial read would pass for a short trace: a cut stream is an error */
		if (!d->avail_in && d->in_eof)
			return fail(d,
				    "%s: the %s data is cut short (a truncated file?) after %llu "
				    "bytes decompressed",
				    d->name, kind_names[d->kind],
				    (unsigned long long) d->total_out);
		if (!used)
			return corrupt(d, "the decoder made no progress");
	}
}

ssize_t sg_decomp_peek(struct sg_decomp *d, size_t want, const char **head)
{
	if (d->peek_pos) {
		memmove(d->peek, d->peek + d->peek_pos, d->peek_len - d->peek_pos);
		d->peek_len -= d->peek_pos;
		d->peek_pos = 0;
	}
	if (want > d->peek_cap) {
		char *p = realloc(d->peek, want);

		if (!p) {
			sg_log_error("out of memory");
			return -1;
		}
		d->peek = p;
		d->peek_cap = want;
	}
	while (d->peek_len < want) {
		ssize_t k = produce(d, d->peek + d->peek_len, want - d->peek_len);

		if (k < 0)
			return -1;
		if (k == 0)
			break;
		d->peek_len += (size_t) k;
	}
	*head = d->peek;
	return (ssize_t) d->peek_len;
}

ssize_t sg_decomp_read(struct sg_decomp *d, char *buf, size_t n)
{
	if (d->peek_pos < d->peek_len) {
		size_t k = d->peek_len - d->peek_pos;

		if (k > n)
			k = n;
		memcpy(buf, d->peek + d->peek_pos, k);
		d->peek_pos += k;
		return (ssize_t) k;
	}
	return produce(d, buf, n);
}

static ssize_t cookie_read(void *c, char *buf, size_t n)
{
	ssize_t k = sg_decomp_read(c, buf, n);

	if (k < 0)
		errno = EIO; /* the cause is in sg_decomp_error() */
	return k;
}

FILE *sg_decomp_stdio(struct sg_decomp *d)
{
	FILE *f = fopencookie(d, "r", (cookie_io_functions_t){.read = cookie_read});

	if (!f)
		sg_log_error("out of memory");
	return f;
}

/* Bytes after a UTF-8 lead byte, 0 for one that cannot start a sequence. */
static size_t utf8_tail(unsigned c)
{
	if (c >= 0xc2 && c <= 0xdf)
		return 1;
	if (c >= 0xe0 && c <= 0xef)
		return 2;
	if (c >= 0xf0 && c <= 0xf4)
		return 3;
	return 0;
}

int sg_decomp_binary(const char *head, size_t len)
{
	const unsigned char *s = (const unsigned char *) head;
	size_t bad = 0, i = 0;

	/*
	 * The kernel prints text; only task names (any bytes a task gives prctl, at most 15 in a
	 * line of 40 and more) bring others. A NUL byte no text trace holds.
	 */
	while (i < len) {
		unsigned c = s[i++];
		size_t k, j;

		if (c == 0)
			return 1;
		if (c < 0x80) {
			if ((c < 0x20 && !strchr("\t\n\v\f\r\b\033", (int) c)) || c == 0x7f)
				bad++;
			continue;
		}
		k = utf8_tail(c);
		for (j = 0; j < k && i + j < len && (s[i + j] & 0xc0) == 0x80; j++)
			;
		if (!k || (j < k && i + j < len))
			bad++;
		else
			i += j;
	}
	return bad * 4 > len;
}

int sg_decomp_spill(struct sg_decomp *d, const char *dir, uint64_t max)
{
	uint64_t total = 0, checked = 0;
	char *buf = malloc(SPILL_BUF);
	int fd = -1;

	if (!buf) {
		sg_log_error("out of memory");
		return -1;
	}
	fd = open(dir, O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600); /* O_EXCL: never linked in */
	if (fd < 0) {
		sg_log_error("%s: no unnamed temporary file in %s to copy it to: %s", d->name, dir,
			     strerror(errno));
		goto fail;
	}
	for (;;) {
		ssize_t n = sg_decomp_read(d, buf, SPILL_BUF);
		struct statvfs vs;

		if (n < 0)
			goto fail;
		if (n == 0)
			break;
		if (total + (uint64_t) n > max) {
			sg_log_error("%s: more than %llu MB to copy to %s (SURFGRAPH_TMP_MAX): too "
				     "large",
				     d->name, (unsigned long long) (max >> 20), dir);
			goto fail;
		}
		/*
		 * root may fill the blocks kept for it: leave the others room, a tenth of the file
		 * system (at least 64 MB), so that a small crafted stream cannot fill it (issue
		 * 37.8: 246 KB of zstd made 7.2 GB)
		 */
		if (total == 0 || total - checked >= SPILL_CHECK_EVERY) {
			uint64_t keep = 0;

			if (fstatvfs(fd, &vs) == 0) {
				keep = (uint64_t) vs.f_blocks / 10 * vs.f_frsize;
				if (keep < SPILL_KEEP_FREE)
					keep = SPILL_KEEP_FREE;
			}
			/* room for what comes before the next look */
			if (keep &&
			    (uint64_t) vs.f_bavail * vs.f_frsize < keep + SPILL_CHECK_EVERY) {
				sg_log_error("%s: copying it to %s would leave less than %llu MB "
					     "free there (a tenth of it, at least 64 MB): stopped "
					     "after %llu MB",
					     d->name, dir, (unsigned long long) (keep >> 20),
					     (unsigned long long) (total >> 20));
				goto fail;
			}
			checked = total;
		}
		for (ssize_t off = 0; off < n;) {
			ssize_t w = write(fd, buf + off, (size_t) (n - off));

			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0) {
				sg_log_error("%s: cannot copy it to %s: %s", d->name, dir,
					     strerror(errno));
				goto fail;
			}
			off += w;
		}
		total += (uint64_t) n;
	}
	if (lseek(fd, 0, SEEK_SET) != 0) {
		sg_log_error("%s: cannot rewind its copy in %s: %s", d->name, dir, strerror(errno));
		goto fail;
	}
	free(buf);
	return fd;
fail:
	free(buf);
	if (fd >= 0)
		close(fd);
	return -1;
}
