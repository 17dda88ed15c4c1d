/* narrowset.h - the functions a narrowed run patches: those seen under the roots, with their
 * clones. */
#ifndef SG_NARROWSET_H
#define SG_NARROWSET_H

#include "tree.h"

/*
 * set_graph_function only filters what function_graph records; set_ftrace_filter decides what
 * is patched. A narrowed run writes set_ftrace_filter with the functions seen under the roots
 * (and the roots: a root not patched never starts an invocation). A name is kept by its base,
 * clone suffixes and module left out, so every compiler clone of it is patched too.
 */
struct sg_narrowset;

struct sg_narrowset *sg_narrowset_new(void);
void sg_narrowset_free(struct sg_narrowset *n);

/* A function as traced ("name", "name.isra.0", "name [mod]"); copied. -1: no memory. */
int sg_narrowset_add(struct sg_narrowset *n, const char *name);

/* Every function of the tree under top (top's own children and below). -1: no memory. */
int sg_narrowset_add_tree(struct sg_narrowset *n, const struct sg_node *top);

/* Add name exactly as it is, no clone folded (a set of names written): 1 new, 0 there, -1. */
int sg_narrowset_add_name(struct sg_narrowset *n, const char *name);

/* Whether name, exactly as it is, was added with sg_narrowset_add_name(). */
int sg_narrowset_has_name(const struct sg_narrowset *n, const char *name);

/* How many distinct functions (base names) the set holds. */
int sg_narrowset_count(const struct sg_narrowset *n);

/* What of available_filter_functions a set names (sg_narrowset_resolve). */
struct sg_narrowset_match {
	char **names; /* each function name once, in the list's order; NULL-terminated */
	int nnames;
	int nlines;  /* lines naming one: the records the kernel patches for them */
	int unknown; /* functions of the set no line names (another kernel's, not traceable) */
};

/*
 * The lines of list (the text of available_filter_functions, "name [mod]" per line; modified
 * while read) whose function is in the set: the names to write to set_ftrace_filter. (Not the
 * line numbers, which later kernels take as record indices: 6.1 leaves records out of the
 * list, so they are not the indices there.) -1: no memory (m emptied).
 */
int sg_narrowset_resolve(struct sg_narrowset *n, char *list, struct sg_narrowset_match *m);

void sg_narrowset_match_free(struct sg_narrowset_match *m);

#endif
