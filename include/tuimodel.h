/* tuimodel.h - the TUI's call tree as rows: expanded nodes, sort keys, search, the hottest path. */
#ifndef SG_TUIMODEL_H
#define SG_TUIMODEL_H

#include <stddef.h>
#include <regex.h>
#include <stdint.h>

enum sg_tuimodel_sort { SG_TUI_SORT_TOTAL, SG_TUI_SORT_SELF, SG_TUI_SORT_CALLS, SG_TUI_SORT_NAME };
/* ops->value's tie-breaker among equal totals (a diff: BEFORE's total), before the name */
#define SG_TUI_SORT_TIE SG_TUI_SORT_NAME

/*
 * How the model reads a tree: a call tree (struct sg_node) and a comparison's tree
 * (struct sg_treediff_node) alike. top, given to sg_tuimodel_new, is a sentinel whose
 * children are the roots.
 */
struct sg_tuimodel_ops {
	const void *(*child)(const void *n);
	const void *(*next)(const void *n);
	const char *(*name)(const void *n);
	uint64_t (*value)(const void *n, enum sg_tuimodel_sort key); /* TOTAL, SELF, CALLS, TIE */
};

/* One node of the tree, in the model: its place among its siblings as sorted now. */
struct sg_tuimodel_node {
	const void *node;
	int parent;		 /* index, -1 for a root */
	int depth;		 /* 0 for a root */
	unsigned kid_off, nkids; /* its children: kids[kid_off .. kid_off + nkids) */
	unsigned char expanded, match;
};

struct sg_tuimodel {
	const struct sg_tuimodel_ops *ops;
	struct sg_tuimodel_node *v; /* every node, in the tree's own pre-order */
	unsigned nv;
	unsigned *kids;		 /* children indices, per node, in the current sort */
	unsigned *roots, nroots; /* the top nodes, in the current sort */
	unsigned *order, *pos;	 /* every node in the displayed pre-order, and its place there */
	unsigned *rows, nrows;	 /* the visible rows: nodes whose ancestors are all expanded */
	enum sg_tuimodel_sort sort;
	uint64_t all_total;   /* the roots' totals added: what a match's share is of */
	unsigned nmatch;      /* nodes matching the search */
	uint64_t match_total; /* their totals, a match inside another counted once */
};

/*
 * The model of the trees under top (a tree's sentinel: one child per root), its roots
 * expanded one level, sorted by total. NULL: no memory (message set).
 */
struct sg_tuimodel *sg_tuimodel_new(const void *top, const struct sg_tuimodel_ops *ops);
void sg_tuimodel_free(struct sg_tuimodel *m);

/* Sort every node's children (and the roots) by key; the rows follow. -1: no memory. */
int sg_tuimodel_sort(struct sg_tuimodel *m, enum sg_tuimodel_sort key);

/* Expand or collapse node i; all: its whole subtree too. */
void sg_tuimodel_expand(struct sg_tuimodel *m, unsigned i, int all);
void sg_tuimodel_collapse(struct sg_tuimodel *m, unsigned i, int all);

/*
 * Expand from i down the child with the largest total at each level, to a leaf: where the
 * time goes. Returns that leaf's index.
 */
unsigned sg_tuimodel_hot_path(struct sg_tuimodel *m, unsigned i);

/* Expand i's ancestors, so that it is a row. */
void sg_tuimodel_reveal(struct sg_tuimodel *m, unsigned i);

/* The row showing node i, or -1 when it is hidden. */
int sg_tuimodel_row_of(const struct sg_tuimodel *m, unsigned i);

/* re compiled as the TUI's searches take it (extended, match or not); -1 with a message. */
int sg_tuimodel_regcomp(regex_t *rx, const char *re);

/*
 * Mark the nodes whose name matches the POSIX extended regular expression re (NULL or "":
 * none); counts and their share set. -1 with a message when re is not a valid expression.
 */
int sg_tuimodel_search(struct sg_tuimodel *m, const char *re);

/*
 * The next (dir 1) or previous (dir -1) match after node i in the displayed order, wrapping
 * around; -1 when nothing matches.
 */
int sg_tuimodel_next_match(const struct sg_tuimodel *m, unsigned i, int dir);

/*
 * The drawing before node i's name as -m tree draws it ("|  |- "), appended to buf at *k (cut
 * at size - 1). skip > 0: the skip + 1 outermost levels' drawing is one "<  " (a deep name kept
 * on a narrow screen).
 */
void sg_tuimodel_prefix(const struct sg_tuimodel *m, unsigned i, int unicode, int skip, char *buf,
			size_t size, size_t *k);

/* Append s to buf at *k, cut at size - 1. */
void sg_tuimodel_put(char *buf, size_t size, size_t *k, const char *s);

/* The root above node i (its own index for a root). */
unsigned sg_tuimodel_root_of(const struct sg_tuimodel *m, unsigned i);

#endif
