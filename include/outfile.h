/* outfile.h - files written atomically: a temporary beside the target, renamed into place on commit. */
#ifndef SG_OUTFILE_H
#define SG_OUTFILE_H

#include <stdio.h>

struct sg_outfile;

/* Start writing path ("-" is stdout, written directly). NULL with a message on failure. */
struct sg_outfile *sg_outfile_open(const char *path);

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
