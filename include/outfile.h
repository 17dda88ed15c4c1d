/* outfile.h - files written atomically: a temporary beside the target, renamed into place on commit. */
#ifndef SG_OUTFILE_H
#define SG_OUTFILE_H

#include <stdio.h>

struct sg_outfile;

/*
 * Start writing path ("-" is stdout, written directly). A regular file or a new one is written
 * to a temporary (mode 0666 less the umask) and renamed; an existing FIFO or character device
 * is written in place, refused when another user could have planted it, or it (or a link to
 * it) leads anywhere else (block device, link made by someone else, FIFO with no reader).
 * NULL with a message on failure.
 */
struct sg_outfile *sg_outfile_open(const char *path);

/*
 * Whether dir may take output files: refused (-1, message) when it is a symbolic link, not a
 * directory, or owned by another user who lets others write it without the sticky bit.
 */
int sg_outfile_check_dir(const char *dir);

/* Whether path names the file input is ("-" is neither): an input is never overwritten. */
int sg_outfile_same(const char *path, const char *input);

FILE *sg_outfile_stream(struct sg_outfile *o);

/* Flush, sync and rename into place; frees o. -1 with a message (the temporary is removed). */
int sg_outfile_commit(struct sg_outfile *o);

/* Drop the temporary; frees o. Accepts NULL. */
void sg_outfile_abort(struct sg_outfile *o);

/*
 * "DIR/NAME" + suffix (dir may be NULL), malloc'd. In name, anything but [A-Za-z0-9_.-], and a
 * leading '.', becomes '_': a root pattern like "../x" or "*" never picks where a file goes.
 * NULL with a message when out of memory.
 */
char *sg_outfile_name(const char *dir, const char *name, const char *suffix);

/* Unlink every temporary still being written; async-signal-safe, for a dying process. */
void sg_outfile_remove_temporaries(void);

#endif
