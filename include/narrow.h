/* narrow.h - --narrow and --narrow-from: set_ftrace_filter written with only what runs under the
 * roots. */
#ifndef SG_NARROW_H
#define SG_NARROW_H

#include "narrowset.h"
#include "strtab.h"
#include "tracefs_session.h"

/* What a narrowing wrote, for the summary and the .tree metadata. */
struct sg_narrow_info {
	int functions; /* distinct functions (base names) of the set, roots included */
	int patched;   /* names written to set_ftrace_filter: every clone the kernel lists */
	int unknown;   /* functions of the set this kernel does not list: skipped */
};

/*
 * The functions of a saved run (--narrow-from FILE.tree): every name of its merged tree,
 * interned in st. NULL with a message when the file cannot be read or is no .tree file.
 */
struct sg_narrowset *sg_narrow_load(const char *path, struct sg_strtab *st);

/*
 * What set_ftrace_filter is to hold for set and the roots (as written to set_graph_function:
 * an unpatched root never starts an invocation): resolved against the kernel's
 * available_filter_functions, every clone included, unknown functions counted in info and
 * skipped. -1 with a message.
 */
int sg_narrow_plan(struct sg_narrowset *set, const char *const *roots, int nroots,
		   struct sg_narrowset_match *m, struct sg_narrow_info *info);

/*
 * Write m (and the roots that are globs) to set_ftrace_filter of the session's instance, or
 * the top level, saved first like every file: from now on only those functions are patched.
 * The functions go by record index (one line number each, no name looked up in every record)
 * and the file is read back; if it does not hold exactly those functions (a kernel without
 * index writes, or whose list skips records) they are written again by name. -1 with a
 * message.
 */
int sg_narrow_write(struct sg_tracefs_session *s, const struct sg_narrowset_match *m,
		    const char *const *roots, int nroots);

/*
 * --narrow-learn N[,SECONDS]: N complete invocations (0: any number) or SECONDS (0: no limit),
 * whichever comes first; N alone has no time limit. -1 with a message.
 */
int sg_narrow_parse_learn(const char *arg, unsigned long *count, double *seconds);

#endif
