/* diffrename.c - a renamed call found by what it calls: a gone and a new sibling, alike below. */
#include <stdlib.h>
#include <string.h>
#include "diffnames.h"
#include "diffrename.h"
#include "log.h"
#include "tree.h"

/* One function of a profile: its key (sg_diffnames_key) and the self time under it. */
struct entry {
	const char *key;
	size_t len;
	uint64_t self;
};

/* A candidate: its node, and its descendants' self time per function, in key order. */
struct cand {
	struct sg_treediff_node *n;
	const struct sg_node *src;
	struct entry *e;
	size_t ne;
	double sum;
	int best; /* the index of its only best match on the other side, or -1 */
};

static int cmp_entry(const void *x, const void *y)
{
	const struct entry *a = x, *b = y;
	size_t len = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->key, b->key, len);

	if (c)
		return c;
	return (a->len > b->len) - (a->len < b->len);
}

/*
 * c's profile: its subtree walked once (without c itself, whose name is what differs), then
 * sorted by key and each key's entries summed. -1 when out of memory, 1 when the walk would
 * pass the budget (nothing kept), else 0.
 */
static int profile(struct cand *c, int side, const struct sg_treediff_options *o, uint64_t *walked)
{
	size_t cap = 0, n = 0;
	struct entry *e = NULL;

	for (const struct sg_node *x = c->src->child; x; x = sg_node_next(x, c->src)) {
		if (++*walked > SG_DIFFRENAME_BUDGET) {
			free(e);
			*walked = SG_DIFFRENAME_BUDGET;
			return 1;
		}
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 64;
			struct entry *ne = realloc(e, ncap * sizeof(*e));

			if (!ne) {
				free(e);
				return -1;
			}
			e = ne;
			cap = ncap;
		}
		e[n].key = sg_diffnames_key(o, x->name, side, &e[n].len);
		e[n++].self = x->self;
	}
	qsort(e, n, sizeof(*e), cmp_entry);
	size_t k = 0;

	c->sum = 0;
	for (size_t i = 0; i < n; i++) {
		c->sum += (double) e[i].self;
		if (k && cmp_entry(&e[k - 1], &e[i]) == 0)
			e[k - 1].self += e[i].self;
		else
			e[k++] = e[i];
	}
	c->e = e;
	c->ne = k;
	return 0;
}

/*
 * The share of each one's time spent in functions the other calls too, the smaller of the two:
 * 1 when both call the same functions (whatever their proportions), 0 when none in common.
 */
static double similarity(const struct cand *a, const struct cand *b)
{
	double x = 0, y = 0;

	for (size_t i = 0, j = 0; i < a->ne && j < b->ne;) {
		int c = cmp_entry(&a->e[i], &b->e[j]);

		if (c < 0) {
			i++;
		} else if (c > 0) {
			j++;
		} else {
			x += (double) a->e[i++].self;
			y += (double) b->e[j++].self;
		}
	}
	x /= a->sum;
	y /= b->sum;
	return x < y ? x : y;
}

/* Keep the SG_DIFFRENAME_CANDIDATES largest by total, ties by name: an insertion, n*K. */
static void keep_largest(struct cand *v, int *nv, struct sg_treediff_node *n, int side)
{
	const struct sg_node *s = n->src[side];
	int i = *nv;

	while (i > 0 &&
	       (v[i - 1].src->total < s->total ||
		(v[i - 1].src->total == s->total && strcmp(v[i - 1].src->name, s->name) > 0)))
		i--;
	if (i >= SG_DIFFRENAME_CANDIDATES)
		return;
	if (*nv < SG_DIFFRENAME_CANDIDATES)
		(*nv)++;
	memmove(&v[i + 1], &v[i], (size_t) (*nv - 1 - i) * sizeof(*v));
	v[i] = (struct cand){.n = n, .src = s, .best = -1};
}

/* Each row's only best column at SG_DIFFRENAME_MIN or more, or -1 (none, or a tie). */
static void best_of(double m[][SG_DIFFRENAME_CANDIDATES], int rows, int cols, int transpose,
		    struct cand *c)
{
	for (int i = 0; i < rows; i++) {
		double top = -1;
		int at = -1, ties = 0;

		for (int j = 0; j < cols; j++) {
			double s = transpose ? m[j][i] : m[i][j];

			if (s > top) {
				top = s;
				at = j;
				ties = 0;
			} else if (s == top) {
				ties++;
			}
		}
		c[i].best = top >= SG_DIFFRENAME_MIN && !ties ? at : -1;
	}
}

int sg_diffrename_match(struct sg_treediff_node *p, const struct sg_treediff_options *o,
			uint64_t *walked, int *stopped, uint64_t *matched)
{
	struct cand g[SG_DIFFRENAME_CANDIDATES], a[SG_DIFFRENAME_CANDIDATES];
	double m[SG_DIFFRENAME_CANDIDATES][SG_DIFFRENAME_CANDIDATES];
	int ng = 0, na = 0, rc = 0;

	*matched = 0;
	if (*stopped)
		return 0;
	for (struct sg_treediff_node *c = p->child; c; c = c->next) {
		/* a leaf has nothing below it to be known by */
		if (c->src[0] && !c->src[1] && c->src[0]->child)
			keep_largest(g, &ng, c, SG_TREEDIFF_BEFORE);
		else if (!c->src[0] && c->src[1] && c->src[1]->child)
			keep_largest(a, &na, c, SG_TREEDIFF_AFTER);
	}
	if (!ng || !na)
		return 0;
	for (int i = 0; i < ng && rc == 0; i++)
		rc = profile(&g[i], SG_TREEDIFF_BEFORE, o, walked);
	for (int j = 0; j < na && rc == 0; j++)
		rc = profile(&a[j], SG_TREEDIFF_AFTER, o, walked);
	if (rc)
		goto out;
	for (int i = 0; i < ng; i++)
		for (int j = 0; j < na; j++)
			m[i][j] = g[i].sum > 0 && a[j].sum > 0 ? similarity(&g[i], &a[j]) : 0;
	best_of(m, ng, na, 0, g);
	best_of(m, na, ng, 1, a);
	for (int i = 0; i < ng; i++) {
		int j = g[i].best;

		if (j < 0 || a[j].best != i)
			continue;
		struct sg_treediff_node *gone = g[i].n, *n = a[j].n;

		n->src[0] = gone->src[0];
		n->name_before = gone->name;
		n->how = SG_TREEDIFF_SUBTREE;
		n->similarity = m[i][j];
		n->state = SG_TREEDIFF_BOTH;
		gone->src[0] = NULL; /* no source in either run: unlinked below */
		(*matched)++;
	}
	for (struct sg_treediff_node **link = &p->child; *link;)
		if (!(*link)->src[0] && !(*link)->src[1])
			*link = (*link)->next;
		else
			link = &(*link)->next;
out:
	/* a profile not built, or whose walk failed, is NULL */
	for (int i = 0; i < ng; i++)
		free(g[i].e);
	for (int j = 0; j < na; j++)
		free(a[j].e);
	if (rc < 0) {
		sg_log_error("diff: out of memory comparing the subtrees under %s",
			     p->name ? p->name : "the roots");
		return -1;
	}
	if (rc > 0)
		*stopped = 1;
	return 0;
}
