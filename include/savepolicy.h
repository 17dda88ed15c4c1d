/* savepolicy.h - when a run writes its .tree: live by default, reading a trace when -o asks. */
#ifndef SG_SAVEPOLICY_H
#define SG_SAVEPOLICY_H

#include "aggregate.h"
#include "options.h"

/*
 * A live run cannot be taken again, so it is saved as ROOT.tree unless --no-save; reading a
 * saved trace or .tree (-i) writes a .tree only when -o asks (-o FILE, or surfGraph's -o 1 for
 * ROOT.tree), so looking at other traces never replaces a saved run. A run with no complete
 * invocation writes nothing, and replaces nothing.
 */
struct sg_savepolicy {
	const char *path; /* the .tree to write; NULL: none */
	char *made;	  /* path when named here (ROOT.tree), to free */
	int soft;	  /* ROOT.tree: a failure to write it is a warning after the output */
	char *blocked;	  /* why ROOT.tree cannot be written, said after the output */
	char *old;	  /* where the .tree it replaced was kept */
	const struct sg_pick *pick; /* --pick with -o FILE: the file holds that invocation alone */
	int quiet;
};

/* Whether a run with these options writes a .tree, if it has a complete invocation. */
int sg_savepolicy_wanted(const struct sg_options *o);

/*
 * Where the run's .tree goes, checked before anything is read or traced: root names ROOT.tree
 * (NULL for a .tree input, which has no default name). -1 with a message: a -o that cannot be
 * written, or that is stdout for a text mode (*usage set: exit 2).
 */
int sg_savepolicy_prepare(struct sg_savepolicy *p, const struct sg_options *o, const char *root,
			  int *usage);

/*
 * Write agg as the policy says: nothing without a path or a complete invocation. ROOT.tree that
 * cannot be written is kept for sg_savepolicy_warn, 0; a -o file that cannot, -1 with a
 * message. *saved: the path written, or NULL.
 */
int sg_savepolicy_write(struct sg_savepolicy *p, const char *input, struct sg_aggregate *agg,
			const char **saved);

/*
 * The run is not saved, said last on stderr, after its output and summary (not with -q);
 * agg NULL: before a live capture, that it will not be.
 */
void sg_savepolicy_warn(const struct sg_savepolicy *p, const struct sg_aggregate *agg, int quiet);

/* Frees what p holds; p itself is the caller's. */
void sg_savepolicy_release(struct sg_savepolicy *p);

#endif
