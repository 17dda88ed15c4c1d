/* treecalls.h - a kept invocation's calls as recorded, in a `.tree` file (version 5, optional):
 * its recs and rec lines. */
#ifndef SG_TREECALLS_H
#define SG_TREECALLS_H

#include <stdint.h>
#include <stdio.h>
#include "invocation.h"
#include "strtab.h"

/* The recs line and the rec lines of inv's calls; nothing when they were not recorded. */
void sg_treecalls_write(FILE *out, const struct sg_invocation *inv);

/* What a reader keeps between the rec lines of one invocation. */
struct sg_treecalls_reader {
	struct sg_invocation *inv; /* receiving rec lines; NULL: none may come */
	uint64_t expect;	   /* the recs line's count of kept calls */
	int cpu, pid;		   /* the previous record's, which an empty field repeats */
	const char *comm;
};

/*
 * One "recs" or "rec" line split into nf fields f (f[0] the kind); inv is the invocation whose
 * nodes were read last (NULL: none, or a slowinv line standing for an inv). NULL, or why the
 * line is refused.
 */
const char *sg_treecalls_read(struct sg_treecalls_reader *r, struct sg_invocation *inv,
			      struct sg_strtab *st, char **f, int nf);

/* Any other line, or the end: NULL, or why the rec lines before it are refused. */
const char *sg_treecalls_done(struct sg_treecalls_reader *r);

#endif
