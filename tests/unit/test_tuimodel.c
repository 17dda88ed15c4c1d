/* test_tuimodel.c - the TUI's rows: expanding, sorting, the hottest path, search and its share. */
#include "check.h"
#include "strtab.h"
#include "tree.h"
#include "tuinode.h"

/* a node of t under parent named name, with calls, total and self */
static struct sg_node *add(struct sg_tree *t, struct sg_strtab *st, struct sg_node *parent,
			   const char *name, uint64_t calls, uint64_t total, uint64_t self)
{
	struct sg_node *n = sg_tree_child(t, parent, sg_strtab_intern(st, name, strlen(name)));

	n->calls = calls;
	n->total = total;
	n->self = self;
	return n;
}

/* The names of the rows, joined by spaces. */
static const char *rows(const struct sg_tuimodel *m)
{
	static char buf[256];
	size_t k = 0;

	buf[0] = '\0';
	for (unsigned r = 0; r < m->nrows; r++)
		k += (size_t) snprintf(buf + k, sizeof(buf) - k, "%s%s", r ? " " : "",
				       m->ops->name(m->v[m->rows[r]].node));
	return buf;
}

static unsigned find(const struct sg_tuimodel *m, const char *name)
{
	for (unsigned i = 0; i < m->nv; i++)
		if (strcmp(m->ops->name(m->v[i].node), name) == 0)
			return i;
	return 0;
}

int main(void)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_tree *t = sg_tree_new();
	struct sg_node *top = sg_tree_top(t);
	/* r(100) -> a(60) -> x(50) -> y(5); a -> z(10, many calls); r -> b(30, the most self) */
	struct sg_node *r = add(t, st, top, "r", 1, 100, 10);
	struct sg_node *a = add(t, st, r, "a", 2, 60, 0);
	struct sg_node *x = add(t, st, a, "x", 1, 50, 45);

	add(t, st, x, "y", 1, 5, 5);
	add(t, st, a, "z", 9, 10, 10);
	add(t, st, r, "b", 1, 30, 30);

	struct sg_tuimodel *m = sg_tuimodel_new(top, sg_tuinode_timed.ops);

	CHECK(m != NULL);
	CHECK_U64(m->nv, 6);
	CHECK(strcmp(rows(m), "r a b") == 0);
	sg_tuimodel_expand(m, find(m, "a"), 0);
	CHECK(strcmp(rows(m), "r a x z b") == 0);
	sg_tuimodel_collapse(m, find(m, "a"), 0);
	CHECK(strcmp(rows(m), "r a b") == 0);
	/* collapsing a subtree collapses what was open inside it */
	sg_tuimodel_expand(m, find(m, "a"), 1);
	CHECK(strcmp(rows(m), "r a x y z b") == 0);
	sg_tuimodel_collapse(m, find(m, "a"), 1);
	sg_tuimodel_expand(m, find(m, "a"), 0);
	CHECK(strcmp(rows(m), "r a x z b") == 0);
	sg_tuimodel_collapse(m, find(m, "a"), 0);

	/* sorts: self puts b first, calls z before x, name alphabetical */
	CHECK(sg_tuimodel_sort(m, SG_TUI_SORT_SELF) == 0);
	CHECK(strcmp(rows(m), "r b a") == 0);
	sg_tuimodel_expand(m, find(m, "a"), 0);
	CHECK(sg_tuimodel_sort(m, SG_TUI_SORT_CALLS) == 0);
	CHECK(strcmp(rows(m), "r a z x b") == 0);
	CHECK(sg_tuimodel_sort(m, SG_TUI_SORT_NAME) == 0);
	CHECK(strcmp(rows(m), "r a x z b") == 0);
	CHECK(sg_tuimodel_sort(m, SG_TUI_SORT_TOTAL) == 0);
	sg_tuimodel_collapse(m, find(m, "a"), 1);

	/* the hottest path: r, a, x, y, whatever the sort */
	CHECK(sg_tuimodel_sort(m, SG_TUI_SORT_SELF) == 0);
	CHECK_U64(sg_tuimodel_hot_path(m, find(m, "r")), find(m, "y"));
	CHECK(strcmp(rows(m), "r b a x y z") == 0);
	CHECK_U64(sg_tuimodel_row_of(m, find(m, "y")), 4);
	CHECK(sg_tuimodel_sort(m, SG_TUI_SORT_TOTAL) == 0);

	/* search: a match inside a match counts once; the share is of all roots */
	CHECK(sg_tuimodel_search(m, "^[axy]$") == 0);
	CHECK_U64(m->nmatch, 3);
	CHECK_U64(m->match_total, 60);
	CHECK(sg_tuimodel_search(m, "^[xb]$") == 0);
	CHECK_U64(m->match_total, 80);
	/* next and previous in the displayed order, wrapping */
	CHECK_U64(sg_tuimodel_next_match(m, find(m, "r"), 1), find(m, "x"));
	CHECK_U64(sg_tuimodel_next_match(m, find(m, "x"), 1), find(m, "b"));
	CHECK_U64(sg_tuimodel_next_match(m, find(m, "b"), 1), find(m, "x"));
	CHECK_U64(sg_tuimodel_next_match(m, find(m, "r"), -1), find(m, "b"));
	CHECK(sg_tuimodel_search(m, "(") < 0);
	CHECK(sg_tuimodel_search(m, "") == 0 && m->nmatch == 0);

	/* the drawing, as -m tree's: y is the last under x, x not the last under a */
	char buf[64];
	size_t k = 0;

	buf[0] = '\0';
	sg_tuimodel_prefix(m, find(m, "y"), 0, 0, buf, sizeof(buf), &k);
	CHECK(strcmp(buf, "|  |  `- ") == 0);
	k = 0;
	buf[0] = '\0';
	sg_tuimodel_prefix(m, find(m, "y"), 0, 1, buf, sizeof(buf), &k);
	CHECK(strcmp(buf, "<  `- ") == 0);
	/* its own line among the levels "<" stands for: "<" alone, not its line a level right */
	k = 0;
	buf[0] = '\0';
	sg_tuimodel_prefix(m, find(m, "y"), 0, 2, buf, sizeof(buf), &k);
	CHECK(strcmp(buf, "<  ") == 0);

	sg_tuimodel_free(m);
	sg_tuimodel_free(NULL);
	sg_tree_free(t);
	sg_strtab_free(st);
	return check_report("tuimodel");
}
