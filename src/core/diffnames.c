/* diffnames.c - one function under two names across kernel versions: clones, _noprof, renames. */
#include <string.h>
#include "diffnames.h"
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
static size_t key_len(const char *name)
{
	size_t len = sg_match_base_len(name);
	static const char noprof[] = "_noprof";

	if (len > sizeof(noprof) - 1 &&
	    strncmp(name + len - (sizeof(noprof) - 1), noprof, sizeof(noprof) - 1) == 0)
		len -= sizeof(noprof) - 1;
	return len;
}

static int same_key(const char *a, const char *b)
{
	size_t la = key_len(a), lb = key_len(b);

	return la == lb && memcmp(a, b, la) == 0;
}

/* How many of p's children only in run side have the key of name. */
static int count_key(const struct sg_treediff_node *p, enum sg_treediff_state side,
		     const struct sg_treediff_options *o, const char *name)
{
	int k = 0;

	for (const struct sg_treediff_node *c = p->child; c; c = c->next)
		if (c->state == side &&
		    same_key(side == SG_TREEDIFF_GONE ? renamed(o, c->name) : c->name, name))
			k++;
	return k;
}

uint64_t sg_diffnames_match(struct sg_treediff_node *p, const struct sg_treediff_options *o)
{
	struct sg_treediff_node **link = &p->child;
	uint64_t matched = 0;

	for (struct sg_treediff_node *g = p->child; g; g = g->next)
		g->state = !g->src[0]	? SG_TREEDIFF_NEW
			   : !g->src[1] ? SG_TREEDIFF_GONE
					: SG_TREEDIFF_BOTH;
	while (*link) {
		struct sg_treediff_node *g = *link, *a = NULL;
		const char *name = renamed(o, g->name);

		if (g->state == SG_TREEDIFF_GONE && count_key(p, SG_TREEDIFF_NEW, o, name) == 1 &&
		    count_key(p, SG_TREEDIFF_GONE, o, name) == 1)
			for (a = p->child; a; a = a->next)
				if (a->state == SG_TREEDIFF_NEW && same_key(a->name, name))
					break;
		if (!a) {
			link = &g->next;
			continue;
		}
		a->src[0] = g->src[0];
		a->name_before = g->name;
		a->state = SG_TREEDIFF_BOTH;
		*link = g->next;
		matched++;
	}
	return matched;
}
