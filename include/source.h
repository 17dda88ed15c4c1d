/* source.h - a run's saved input by its content: a text trace, a trace.dat or a .tree file. */
#ifndef SG_SOURCE_H
#define SG_SOURCE_H

#include "decomp.h"

enum sg_source_kind { SG_SOURCE_TEXT, SG_SOURCE_DAT, SG_SOURCE_TREE };

struct sg_source {
	const char *path;	  /* as given: "-" is stdin */
	struct sg_decomp *in;	  /* the byte stream, decompressed as read */
	enum sg_source_kind kind; /* by its first bytes once decompressed */
	int dat_fd;		  /* a trace.dat's seekable copy (sg_source_seekable); -1 none */
};

/*
 * Open path (a file or "-") and tell its kind by content: binary data that is none, or a
 * trace.dat whose header's page size is wrong, refused before anything is copied. 0, or -1 with
 * a message; sg_source_close either way.
 */
int sg_source_open(struct sg_source *s, const char *path);

/*
 * libtracecmd seeks in a trace.dat: a compressed one, or one on stdin, copied to an unlinked
 * temporary file (dat_fd; bounded by SURFGRAPH_TMP_MAX, else 16 GB, and a tenth of the file
 * system left free). 0, or -1 with a message.
 */
int sg_source_seekable(struct sg_source *s);

void sg_source_close(struct sg_source *s);

#endif
