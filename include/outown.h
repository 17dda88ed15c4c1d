/* outown.h - whose file an output would replace: one surfgraph wrote, or someone else's. */
#ifndef SG_OUTOWN_H
#define SG_OUTOWN_H

#include <stddef.h>

enum sg_outown {
	SG_OUTOWN_NONE,	   /* nothing there, or an empty file: nothing to lose */
	SG_OUTOWN_OURS,	   /* an output of surfgraph's: replaced, the old one kept as .old */
	SG_OUTOWN_FOREIGN, /* anything else (a trace, a capture, a picture): kept unless --force */
};

/*
 * What a file's first head_len and last tail_len bytes say it is (tail may repeat head for a
 * small file). Ours: a .tree (its header), an SVG with surfgraph's comment, a PNG with its
 * "Software surfgraph" text chunk, a PDF whose creator is surfgraph, a text or JSON diff (their
 * first lines), a folded diff (every line "STACK BEFORE AFTER"). The content decides, never the
 * name: a capture named .tree is someone else's. *what: a few words for the foreign kind.
 */
enum sg_outown sg_outown_recognise(const char *head, size_t head_len, const char *tail,
				   size_t tail_len, const char **what);

/* --force: a file surfgraph did not write may be replaced (no .old is kept of it). */
void sg_outown_set_force(int force);

/*
 * The regular file name in dirfd that path would replace: someone else's is refused (unless
 * --force), and so is ours when its .old is someone else's, which keeping it would replace.
 * 1: ours, to keep as .old; 0: nothing to keep; -1 with a message.
 */
int sg_outown_check(int dirfd, const char *name, const char *path);

/*
 * Before a run writes its first graph named base in dirfd: the graphs of the run before it,
 * base.ext, base-N.ext and base-slowest/typical.ext (those surfgraph wrote), move to .old together,
 * the .old of the run before that removed, so one run's per-invocation graphs never sit beside
 * another's. 0, or -1 with a message.
 */
int sg_outown_rotate_set(int dirfd, const char *base, const char *ext);

#endif
