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

/* How many distinct functions (base names) the set holds. */
int sg_narrowset_count(const struct sg_narrowset *n);

/*
 * The lines of list (the text of available_filter_functions, "name [mod]" per line; modified
 * while read) whose function is in the set, as the names to write to set_ftrace_filter, each
 * once, in the list's order. Returns how many, *names a NULL-terminated array
 * (sg_narrowset_names_free); *unknown counts the set's functions no line names (traced on
 * another kernel, or not traceable): they are skipped, the caller says so. -1: no memory.
 */
int sg_narrowset_resolve(struct sg_narrowset *n, char *list, char ***names, int *unknown);

void sg_narrowset_names_free(char **names);

#endif
