/* decomp.h - input by content: gzip, xz and zstd decompressed as read; binary data told apart. */
#ifndef SG_DECOMP_H
#define SG_DECOMP_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* What the first bytes of a file say it is compressed with. */
enum sg_decomp_kind { SG_DECOMP_NONE, SG_DECOMP_GZIP, SG_DECOMP_XZ, SG_DECOMP_ZSTD };

/* How many decompressed bytes sg_decomp_binary() judges. */
#define SG_DECOMP_SNIFF 512

struct sg_decomp;

/*
 * A byte stream over fd (not closed by sg_decomp_free; name in messages): its first bytes are
 * read at once and decide whether it is decompressed (gzip, xz, zstd) or passed as it is. A
 * bzip2 or lz4 file is refused with the tool to use. NULL with a message.
 */
struct sg_decomp *sg_decomp_new(int fd, const char *name);

/* The same on the file at path ("-": stdin), which sg_decomp_free then closes. */
struct sg_decomp *sg_decomp_open(const char *path);
void sg_decomp_free(struct sg_decomp *d);

enum sg_decomp_kind sg_decomp_kind(const struct sg_decomp *d);
/* "gzip", "xz", "zstd", or NULL for a plain file. */
const char *sg_decomp_kind_name(const struct sg_decomp *d);
int sg_decomp_fd(const struct sg_decomp *d);

/*
 * The first bytes of the (decompressed) stream, up to want, without taking them: the next read
 * returns them again. Fewer only at the stream's end. -1 with a message (a cut or corrupt
 * stream, a read error).
 */
ssize_t sg_decomp_peek(struct sg_decomp *d, size_t want, const char **head);

/* Up to n bytes of the stream: 0 at its end, -1 with a message (also kept, see below). */
ssize_t sg_decomp_read(struct sg_decomp *d, char *buf, size_t n);

/*
 * Why the stream failed (cut short, corrupt, a read error), or NULL: for a reader that saw the
 * failure only as a read error or a truncated file, to report the cause.
 */
const char *sg_decomp_error(const struct sg_decomp *d);

/* A stdio stream over d for readers of FILE * (the .tree reader); fclose() leaves d. */
FILE *sg_decomp_stdio(struct sg_decomp *d);

/*
 * Whether the stream's first bytes (head, from sg_decomp_peek) are binary data rather than
 * text: a NUL byte, or a quarter of them control bytes or broken UTF-8.
 */
int sg_decomp_binary(const char *head, size_t len);

/*
 * The rest of the stream written to an unlinked temporary file in dir (O_TMPFILE: it has no
 * name anyone could open or replace), for a reader that must seek; stopped past max bytes or
 * when the file system would be left with less than a tenth of it (at least 64 MB) free. The
 * file's fd at offset 0, or -1 with a message.
 */
int sg_decomp_spill(struct sg_decomp *d, const char *dir, uint64_t max);

#endif
