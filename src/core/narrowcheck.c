/* narrowcheck.c - what narrowing hid in a run: self time of functions whose callees changed. */
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "narrowcheck.h"
#include "narrowset.h"

/* "caller\tcallee" of a node under a caller, malloc'd; NULL: no memory. */
static char *edge(const struct sg_node *n)
{
	size_t a = strlen(n->parent->name), b = strlen(n->name);
	char *key = malloc(a + b + 2);

	if (key) {
		memcpy(key, n->parent->name, a);
		key[a] = '\t';
		memcpy(key + a + 1, n->name, b + 1);
	}
	return key;
}

/*
 * Every call of t into edges (other NULL), or into changed the callers of the calls of t that
 * other lacks. -1: no memory.
 */
static int walk(const struct sg_tree *t, struct sg_narrowset *edges,
		const struct sg_narrowset *other, struct sg_narrowset *changed)
{
	const struct sg_node *top = sg_tree_top((struct sg_tree *) t);

	for (const struct sg_node *n = top->child; n; n = sg_node_next(n, top)) {
		char *key;
		int r;

		if (!n->parent || n->parent == top)
			continue;
		key = edge(n);
		if (!key)
			return -1;
		if (!other)
			r = sg_narrowset_add_name(edges, key);
		else
			r = sg_narrowset_has_name(other, key)
				? 0
				: sg_narrowset_add_name(changed, n->parent->name);
		free(key);
		if (r < 0)
			return -1;
	}
	return 0;
}

int sg_narrowcheck_self(const struct sg_tree *learned, const struct sg_tree *narrowed,
			uint64_t *self, uint64_t *total)
{
	struct sg_narrowset *e0 = sg_narrowset_new(), *e1 = sg_narrowset_new();
	struct sg_narrowset *changed = sg_narrowset_new();
	const struct sg_node *top = sg_tree_top((struct sg_tree *) narrowed);
	int ret = -1;

	*self = *total = 0;
	if (!e0 || !e1 || !changed || walk(learned, e0, NULL, NULL) < 0 ||
	    walk(narrowed, e1, NULL, NULL) < 0 || walk(learned, NULL, e1, changed) < 0 ||
	    walk(narrowed, NULL, e0, changed) < 0)
		goto out;
	for (const struct sg_node *n = top->child; n; n = n->next)
		*total = sg_add_sat(*total, n->total);
	for (const struct sg_node *n = top->child; n; n = sg_node_next(n, top))
		if (sg_narrowset_has_name(changed, n->name))
			*self = sg_add_sat(*self, n->self);
	ret = 0;
out:
	if (ret < 0)
		sg_log_error("out of memory");
	sg_narrowset_free(e0);
	sg_narrowset_free(e1);
	sg_narrowset_free(changed);
	return ret;
}
