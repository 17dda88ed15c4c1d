/* outspecial.h - an existing output that is no regular file: links judged, written in place. */
#ifndef SG_OUTSPECIAL_H
#define SG_OUTSPECIAL_H

#include <sys/stat.h>

/* sg_outspecial_open(): the path, its links judged, is standard output (/dev/stdout). */
#define SG_OUTSPECIAL_STDOUT (-2)

/*
 * An existing target that is not a regular file: written in place, never created or truncated,
 * and only when it is a FIFO or a character device someone who may write there put there. A
 * link is followed only when root or we made it where nobody else can replace it; its end is
 * judged as a direct path is: another user's FIFO or device in a directory others can write
 * would hand root's writes to a reader or device of their choosing. O_NONBLOCK: a FIFO with no
 * reader is refused at once, rather than holding a live capture with the tracer on. name is
 * path's file in dirfd (outfile.c holds it), lst its lstat. -1 with a message,
 * SG_OUTSPECIAL_STDOUT when the path (its links judged) is standard output, else the
 * descriptor.
 */
int sg_outspecial_open(const char *path, int dirfd, const char *name, struct stat *lst);

#endif
