/* outdir.h - the directories outputs go into: opened once past no untrusted link, checked, held. */
#ifndef SG_OUTDIR_H
#define SG_OUTDIR_H

#include <sys/stat.h>
#include <sys/types.h>

/*
 * The directory dir, opened O_DIRECTORY|O_NOFOLLOW the first time it is named and held until
 * sg_outdir_close_all(): every later call with the same name returns the same descriptor, and
 * every output is created, renamed and removed relative to it, so a directory renamed away and
 * replaced (by a link, or another directory) during the run does not move the outputs. On the
 * way to it a symbolic link is followed only when root or we made it in a directory nobody
 * else can change (sg_outdir_link_trusted). Refused, judged by fstat: another user's directory
 * others can write without the sticky bit.
 * option: the option naming dir ("--outdir"): dir is then made when missing (0777 less the
 * umask, its parent must exist), may not be a link itself, and messages name the option; NULL
 * for the directory of a file (-o, -w), whose name may end in a link root made, and file, to
 * be written there, is what messages name (NULL: the directory).
 * The descriptor (O_PATH: for the *at calls only; not to be closed), or -1 with a message.
 */
int sg_outdir_open(const char *dir, const char *option, const char *file);

/*
 * The directory path names, from at (a directory descriptor, or AT_FDCWD), every component
 * opened O_NOFOLLOW and links followed only as sg_outdir_open() says; *links counts the links
 * followed (at most 40, as the kernel). A new descriptor the caller closes, or -1 with a
 * message that begins with label ("cannot write FILE").
 */
int sg_outdir_walk(int at, const char *path, int *links, const char *label);

/* Whether uid is root or us: nobody else made what it owns. */
int sg_outdir_ours(uid_t uid);

/*
 * Whether only root or we can change the entries of directory dirfd: owned by one of us and
 * not writable by others, or sticky (others cannot replace our entries there) unless
 * own_entries (others may not even add one).
 */
int sg_outdir_safe(int dirfd, int own_entries);

/* Whether the link lst, in directory dirfd, may be followed: root or we made it, where nobody
 * else could replace it. */
int sg_outdir_link_trusted(int dirfd, const struct stat *lst);

/* Close every directory held (at exit; accepts being called twice). */
void sg_outdir_close_all(void);

#endif
