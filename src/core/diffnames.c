/* diffnames.c - one function under two names across kernel versions: clones, _noprof, renames. */
#include <stdlib.h>
#include <string.h>
#include "diffnames.h"
#include "log.h"
#include "match.h"

/* BEFORE's name as AFTER would call it: --rename's NEW for OLD. */
static const char *renamed(const struct sg_treediff_options *o, const char *name)
{
	for (int i = 0; i < o->nrenames; i++)
		if (strcmp(o->rename_old[i], name) == 0)
			return o->rename_new[i];
	return name;
}

/* The function a name stands for: without clone suffixes, module and _noprof. */
static size_t key_len(const struct sg_treediff_options *o, const char *name)
{
	if (o->exact_names)
		return strlen(name);
	size_t len = sg_match_base_len(name);
	static const char noprof[] = "_noprof";

	if (len > sizeof(noprof) - 1 &&
	    strncmp(name + len - (sizeof(noprof) - 1), noprof, sizeof(noprof) - 1) == 0)
		len -= sizeof(noprof) - 1;
	return len;
}

const char *sg_diffnames_key(const struct sg_treediff_options *o, const char *name, int side,
			     size_t *len)
{
	const char *key = side == SG_TREEDIFF_BEFORE ? renamed(o, name) : name;

	*len = key_len(o, key);
	return key;
}

/* A child only in one run, under the key it is matched by (BEFORE's name as AFTER would call it).
 */
struct keyed {
	const char *key;
	size_t len;
	struct sg_treediff_node *n;
};

/* By key, then BEFORE's before AFTER's: a key's entries are adjacent, its gone one first. */
static int cmp_keyed(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;
	size_t len = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->key, b->key, len);

	if (c)
		return c;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return (int) (a->n->state == SG_TREEDIFF_NEW) - (int) (b->n->state == SG_TREEDIFF_NEW);
}

/*
 * The children only in one run are sorted once by key (issue 37.4: counting each gone child's
 * key among all siblings was quadratic, 77 s at 40,000 siblings); a key held by exactly one gone
 * and one new child pairs them. A pair takes its key's only gone child, so pairs never compete
 * and the list order they are made in changes nothing.
 */
int sg_diffnames_match(struct sg_treediff_node *p, const struct sg_treediff_options *o,
		       uint64_t *matched)
{
	struct keyed *v;
	size_t n = 0, k = 0;

	*matched = 0;
	for (struct sg_treediff_node *g = p->child; g; g = g->next) {
		g->state = !g->src[0]	? SG_TREEDIFF_NEW
			   : !g->src[1] ? SG_TREEDIFF_GONE
					: SG_TREEDIFF_BOTH;
		n += g->state != SG_TREEDIFF_BOTH;
	}
	if (n < 2)
		return 0;
	v = malloc(n * sizeof(*v));
	if (!v) {
		sg_log_error("diff: out of memory matching %zu names", n);
		return -1;
	}
	for (struct sg_treediff_node *g = p->child; g; g = g->next)
		if (g->state != SG_TREEDIFF_BOTH) {
			size_t len;
			const char *key = sg_diffnames_key(
			    o, g->name, g->state == SG_TREEDIFF_GONE ? SG_TREEDIFF_BEFORE
								  : SG_TREEDIFF_AFTER,
			    &len);

			v[k++] = (struct keyed){key, len, g};
		}
	qsort(v, n, sizeof(*v), cmp_keyed);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;

		while (j < n && v[j].len == v[i].len && memcmp(v[j].key, v[i].key, v[i].len) == 0)
			j++;
		if (j - i == 2 && v[i].n->state == SG_TREEDIFF_GONE &&
		    v[i + 1].n->state == SG_TREEDIFF_NEW) {
			struct sg_treediff_node *g = v[i].n, *a = v[i + 1].n;

			a->src[0] = g->src[0];
			a->name_before = g->name;
			a->how = renamed(o, g->name) != g->name ? SG_TREEDIFF_RENAME
								: SG_TREEDIFF_CLONE;
			a->state = SG_TREEDIFF_BOTH;
			g->src[0] = NULL; /* no source in either run: unlinked below */
			(*matched)++;
		}
		i = j;
	}
	free(v);
	for (struct sg_treediff_node **link = &p->child; *link;)
		if (!(*link)->src[0] && !(*link)->src[1])
			*link = (*link)->next;
		else
			link = &(*link)->next;
	return 0;
}
