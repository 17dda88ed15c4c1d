/* outfile.h - files written atomically: a temporary beside the target, renamed into place on commit. */
#ifndef SG_OUTFILE_H
#define SG_OUTFILE_H

#include <stdio.h>

struct sg_outfile;

/*
 * Start writing path ("-" is stdout, written directly). Its directory is opened once and held
 * (outdir.h: checked there, refused when another user could change it under us), and every
 * later step is taken relative to it, whatever its name leads to by then. A regular file or a
 * new one is written to a temporary (O_EXCL|O_NOFOLLOW, mode 0666 less the umask) and renamed;
 * an existing FIFO or character device is written in place, refused when another user could
 * have planted it, or it (or a chain of links to it, each judged, the end as a direct path)
 * leads anywhere else (block device, link made by someone else, FIFO with no reader). NULL
 * with a message on failure.
 */
struct sg_outfile *sg_outfile_open(const char *path);

/*
 * --outdir dir: made when missing, checked and held open (sg_outdir_open: refused, -1 with a
 * message, when it is a symbolic link, not a directory, or owned by another user who lets
 * others write it without the sticky bit); files later opened in it are written there.
 */
int sg_outfile_check_dir(const char *dir);

/*
 * Before a run: open and hold the directory path will be written in, as sg_outfile_open()
 * will, and check a file can be created there ("-": nothing to check), and that the file it
 * would replace may be replaced (outown.h). -1 with a message.
 */
int sg_outfile_prepare(const char *path);

/*
 * The same for path's directory alone, path a name standing for files named later (the flame
 * graphs): whatever a file of that name is, it is not judged. -1 with a message.
 */
int sg_outfile_prepare_dir(const char *path);

/*
 * Before committing: the file o replaces is kept as its name + suffix (*old: that path, to
 * free; NULL when o writes in place), a hard link so the file exists until the new one is
 * renamed over it (renamed where links cannot be made). 0, or -1 with a message.
 */
int sg_outfile_keep_previous(struct sg_outfile *o, const char *suffix, char **old);

/*
 * A private directory (0700) beside o's file for the pieces a writer assembles it from: its
 * descriptor, to create them relative to, and *path, a name libraries can open them by
 * (/proc/self/fd/N/PIECE: the directory made, whatever is renamed in its place). Removed with
 * what is in it by commit or abort. -1 with a message.
 */
int sg_outfile_scratch(struct sg_outfile *o, const char **path);

/* Whether path names the file input is ("-" is neither): an input is never overwritten. */
int sg_outfile_same(const char *path, const char *input);

/*
 * Whether o replaces an earlier output of surfgraph's, which commit keeps as its name + ".old"
 * unless sg_outfile_keep_previous() already did. A file surfgraph did not write (judged by its
 * content, outown.h) is refused by sg_outfile_open() and sg_outfile_prepare(), unless --force
 * (sg_outown_set_force).
 */
int sg_outfile_replaces_ours(const struct sg_outfile *o);

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

/* Close the output directories held open (at exit). */
void sg_outfile_close_dirs(void);

#endif
