/* tuimodel.c - the TUI's call tree as rows: expanded nodes, sort keys, search, the hottest path. */
#define _GNU_SOURCE /* qsort_r */
#include <inttypes.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tree.h"
#include "log.h"
#include "tuimodel.h"

/* Deeper than this the drawing gives way to "[depth N]", as -m tree's. */
#define MAX_DRAWN_DEPTH 64

static void rebuild_rows(struct sg_tuimodel *m);
/*
 * Walk the tree under top in pre-order without recursion; with m->v allocated, record each node,
 * its depth and its parent. Returns the number of nodes, or -1: no memory.
 */
static long walk(struct sg_tuimodel *m, const void *top)
{
	const struct sg_tuimodel_ops *ops = m->ops;
	const void **up = NULL, *n = ops->child(top), *nx;
	unsigned *upi = NULL;
	size_t sp = 0, cap = 0;
	long k = 0;

	while (n) {
		if (m->v) {
			m->v[k].node = n;
			m->v[k].depth = (int) sp;
			m->v[k].parent = sp ? (int) upi[sp - 1] : -1;
			if (sp)
				m->v[upi[sp - 1]].nkids++;
			else
				m->roots[m->nroots++] = (unsigned) k;
		}
		if (ops->child(n)) {
			if (sp == cap) {
				size_t ncap = cap ? cap * 2 : 64;
				const void **u = realloc(up, ncap * sizeof(*u));
				unsigned *ui = u ? realloc(upi, ncap * sizeof(*ui)) : NULL;

				if (u)
					up = u;
				if (!ui) {
					free(up);
					free(upi);
					return -1;
				}
				upi = ui;
				cap = ncap;
			}
			up[sp] = n;
			upi[sp++] = (unsigned) k++;
			n = ops->child(n);
			continue;
		}
		k++;
		while (!(nx = ops->next(n)) && sp)
			n = up[--sp];
		n = nx;
	}
	free(up);
	free(upi);
	return k;
}

struct sg_tuimodel *sg_tuimodel_new(const void *top, const struct sg_tuimodel_ops *ops)
{
	struct sg_tuimodel *m = calloc(1, sizeof(*m));
	unsigned *fill = NULL;
	long nv;

	if (!m)
		goto oom;
	m->ops = ops;
	nv = walk(m, top);
	if (nv < 0)
		goto oom;
	m->nv = (unsigned) nv;
	m->v = calloc(m->nv ? m->nv : 1, sizeof(*m->v));
	m->kids = calloc(m->nv ? m->nv : 1, sizeof(*m->kids));
	m->roots = calloc(m->nv ? m->nv : 1, sizeof(*m->roots));
	m->order = calloc(m->nv ? m->nv : 1, sizeof(*m->order));
	m->pos = calloc(m->nv ? m->nv : 1, sizeof(*m->pos));
	m->rows = calloc(m->nv ? m->nv : 1, sizeof(*m->rows));
	fill = calloc(m->nv ? m->nv : 1, sizeof(*fill));
	if (!m->v || !m->kids || !m->roots || !m->order || !m->pos || !m->rows || !fill ||
	    walk(m, top) < 0)
		goto oom;
	/* each node's children, contiguous */
	unsigned off = 0, i;

	for (i = 0; i < m->nv; i++) {
		m->v[i].kid_off = off;
		off += m->v[i].nkids;
	}
	for (i = 0; i < m->nv; i++)
		if (m->v[i].parent >= 0) {
			struct sg_tuimodel_node *p = &m->v[m->v[i].parent];

			m->kids[p->kid_off + fill[m->v[i].parent]++] = i;
		}
	for (i = 0; i < m->nroots; i++) {
		m->all_total =
		    sg_add_sat(m->all_total, ops->value(m->v[m->roots[i]].node, SG_TUI_SORT_TOTAL));
		m->v[m->roots[i]].expanded = 1;
	}
	free(fill);
	if (sg_tuimodel_sort(m, SG_TUI_SORT_TOTAL) < 0) {
		sg_tuimodel_free(m);
		return NULL;
	}
	return m;
oom:
	free(fill);
	sg_tuimodel_free(m);
	sg_log_error("out of memory");
	return NULL;
}

void sg_tuimodel_free(struct sg_tuimodel *m)
{
	if (!m)
		return;
	free(m->v);
	free(m->kids);
	free(m->roots);
	free(m->order);
	free(m->pos);
	free(m->rows);
	free(m);
}

static int cmp_u64_desc(uint64_t a, uint64_t b)
{
	return a > b ? -1 : a < b;
}

/* Children by the chosen key, largest first (names in byte order); ties by name, then total. */
static int cmp_nodes(const void *pa, const void *pb, void *ctx)
{
	const struct sg_tuimodel *m = ctx;
	const struct sg_tuimodel_ops *ops = m->ops;
	const void *a = m->v[*(const unsigned *) pa].node;
	const void *b = m->v[*(const unsigned *) pb].node;
	int c = 0;

	if (m->sort != SG_TUI_SORT_NAME)
		c = cmp_u64_desc(ops->value(a, m->sort), ops->value(b, m->sort));
	if (!c && m->sort == SG_TUI_SORT_TOTAL)
		c = cmp_u64_desc(ops->value(a, SG_TUI_SORT_TIE), ops->value(b, SG_TUI_SORT_TIE));
	if (!c)
		c = strcmp(ops->name(a), ops->name(b));
	if (!c)
		c = cmp_u64_desc(ops->value(a, SG_TUI_SORT_TOTAL),
				 ops->value(b, SG_TUI_SORT_TOTAL));
	return c;
}

/* The displayed pre-order of every node, expanded or not: what n and N step through. */
static int rebuild_order(struct sg_tuimodel *m)
{
	unsigned *stack = malloc((m->nv ? m->nv : 1) * sizeof(*stack));
	unsigned sp = 0, k = 0;

	if (!stack) {
		sg_log_error("out of memory");
		return -1;
	}
	for (unsigned r = m->nroots; r-- > 0;)
		stack[sp++] = m->roots[r];
	while (sp) {
		unsigned i = stack[--sp];
		const struct sg_tuimodel_node *v = &m->v[i];

		m->pos[i] = k;
		m->order[k++] = i;
		for (unsigned c = v->nkids; c-- > 0;)
			stack[sp++] = m->kids[v->kid_off + c];
	}
	free(stack);
	return 0;
}

int sg_tuimodel_sort(struct sg_tuimodel *m, enum sg_tuimodel_sort key)
{
	m->sort = key;
	qsort_r(m->roots, m->nroots, sizeof(*m->roots), cmp_nodes, m);
	for (unsigned i = 0; i < m->nv; i++)
		if (m->v[i].nkids > 1)
			qsort_r(m->kids + m->v[i].kid_off, m->v[i].nkids, sizeof(*m->kids),
				cmp_nodes, m);
	if (rebuild_order(m) < 0)
		return -1;
	rebuild_rows(m);
	return 0;
}

/* The rows: the displayed order, skipping the subtrees of collapsed nodes. */
static void rebuild_rows(struct sg_tuimodel *m)
{
	unsigned k = 0;

	m->nrows = 0;
	while (k < m->nv) {
		unsigned i = m->order[k];

		m->rows[m->nrows++] = i;
		if (m->v[i].expanded) {
			k++;
			continue;
		}
		/* past i's subtree: the next node no deeper than i */
		for (k++; k < m->nv && m->v[m->order[k]].depth > m->v[i].depth; k++)
			;
	}
}

void sg_tuimodel_expand(struct sg_tuimodel *m, unsigned i, int all)
{
	m->v[i].expanded = 1;
	if (all)
		for (unsigned k = m->pos[i] + 1;
		     k < m->nv && m->v[m->order[k]].depth > m->v[i].depth; k++)
			m->v[m->order[k]].expanded = 1;
	rebuild_rows(m);
}

void sg_tuimodel_collapse(struct sg_tuimodel *m, unsigned i, int all)
{
	m->v[i].expanded = 0;
	if (all)
		for (unsigned k = m->pos[i] + 1;
		     k < m->nv && m->v[m->order[k]].depth > m->v[i].depth; k++)
			m->v[m->order[k]].expanded = 0;
	rebuild_rows(m);
}

unsigned sg_tuimodel_hot_path(struct sg_tuimodel *m, unsigned i)
{
	for (;;) {
		const struct sg_tuimodel_node *v = &m->v[i];
		unsigned best = 0;
		int found = 0;

		/* the largest total whatever the sort; the first in the sort among equals */
		for (unsigned c = 0; c < v->nkids; c++) {
			unsigned k = m->kids[v->kid_off + c];

			if (!found || m->ops->value(m->v[k].node, SG_TUI_SORT_TOTAL) >
					  m->ops->value(m->v[best].node, SG_TUI_SORT_TOTAL)) {
				best = k;
				found = 1;
			}
		}
		if (!found)
			break;
		m->v[i].expanded = 1;
		i = best;
	}
	rebuild_rows(m);
	return i;
}

void sg_tuimodel_reveal(struct sg_tuimodel *m, unsigned i)
{
	for (int p = m->v[i].parent; p >= 0; p = m->v[p].parent)
		m->v[p].expanded = 1;
	rebuild_rows(m);
}

int sg_tuimodel_row_of(const struct sg_tuimodel *m, unsigned i)
{
	unsigned lo = 0, hi = m->nrows;

	/* rows are in the displayed order: search by place */
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (m->pos[m->rows[mid]] < m->pos[i])
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->nrows && m->rows[lo] == i ? (int) lo : -1;
}

int sg_tuimodel_regcomp(regex_t *rx, const char *re)
{
	int rc = regcomp(rx, re, REG_EXTENDED | REG_NOSUB);

	if (rc) {
		char why[128];

		regerror(rc, rx, why, sizeof(why));
		sg_log_error("bad regular expression: %s", why);
		return -1;
	}
	return 0;
}

int sg_tuimodel_search(struct sg_tuimodel *m, const char *re)
{
	regex_t rx;
	unsigned char *inside = NULL;

	m->nmatch = 0;
	m->match_total = 0;
	for (unsigned i = 0; i < m->nv; i++)
		m->v[i].match = 0;
	if (!re || !*re)
		return 0;
	if (sg_tuimodel_regcomp(&rx, re) < 0)
		return -1;
	inside = calloc(m->nv ? m->nv : 1, 1);
	if (!inside) {
		regfree(&rx);
		sg_log_error("out of memory");
		return -1;
	}
	/* in the tree's pre-order a parent comes first: whether a match is inside another is known
	 */
	for (unsigned i = 0; i < m->nv; i++) {
		struct sg_tuimodel_node *v = &m->v[i];
		int p = v->parent;

		v->match = regexec(&rx, m->ops->name(v->node), 0, NULL, 0) == 0;
		inside[i] = p >= 0 && (inside[p] || m->v[p].match);
		if (!v->match)
			continue;
		m->nmatch++;
		if (!inside[i])
			m->match_total =
			    sg_add_sat(m->match_total, m->ops->value(v->node, SG_TUI_SORT_TOTAL));
	}
	free(inside);
	regfree(&rx);
	return 0;
}

int sg_tuimodel_next_match(const struct sg_tuimodel *m, unsigned i, int dir)
{
	unsigned at = m->pos[i];

	if (!m->nmatch)
		return -1;
	for (unsigned step = 1; step <= m->nv; step++) {
		unsigned k = dir > 0 ? (at + step) % m->nv : (at + m->nv - step % m->nv) % m->nv;

		if (m->v[m->order[k]].match)
			return (int) m->order[k];
	}
	return -1;
}

/* Whether node i is the last of its siblings in the current sort. */
static int is_last(const struct sg_tuimodel *m, unsigned i)
{
	int p = m->v[i].parent;

	if (p < 0)
		return 1;
	return m->kids[m->v[p].kid_off + m->v[p].nkids - 1] == i;
}

unsigned sg_tuimodel_root_of(const struct sg_tuimodel *m, unsigned i)
{
	while (m->v[i].parent >= 0)
		i = (unsigned) m->v[i].parent;
	return i;
}

void sg_tuimodel_put(char *buf, size_t size, size_t *k, const char *s)
{
	size_t n = strlen(s);

	if (*k + 1 >= size)
		return;
	if (n > size - 1 - *k)
		n = size - 1 - *k;
	memcpy(buf + *k, s, n);
	*k += n;
	buf[*k] = '\0';
}

/* The drawing before a name: one piece per ancestor below the root, then the node's own. */
void sg_tuimodel_prefix(const struct sg_tuimodel *m, unsigned i, int unicode, int skip, char *buf,
			size_t size, size_t *k)
{
	int depth = m->v[i].depth;
	unsigned char last[MAX_DRAWN_DEPTH + 1];
	unsigned j = i;

	if (depth > MAX_DRAWN_DEPTH) {
		char d[32];

		snprintf(d, sizeof(d), "[depth %d] ", depth);
		sg_tuimodel_put(buf, size, k, d);
		return;
	}
	for (int d = depth; d >= 1; d--) {
		last[d] = (unsigned char) is_last(m, j);
		j = (unsigned) m->v[j].parent;
	}
	/*
	 * "<" stands for levels 1 to skip + 1: a row whose own line is among them shows "<" and
	 * its name, not its line drawn a level to the right of where its siblings' are.
	 */
	if (skip > 0 && depth >= 1 && depth <= skip + 1) {
		sg_tuimodel_put(buf, size, k, "<  ");
		return;
	}
	if (skip > depth - 1)
		skip = depth - 1;
	if (skip > 0)
		sg_tuimodel_put(buf, size, k, "<  ");
	for (int d = skip > 0 ? skip + 2 : 1; d < depth; d++)
		sg_tuimodel_put(buf, size, k, last[d] ? "   " : (unicode ? "\u2502  " : "|  "));
	if (depth)
		sg_tuimodel_put(buf, size, k,
				last[depth] ? (unicode ? "\u2514\u2500 " : "`- ")
					    : (unicode ? "\u251c\u2500 " : "|- "));
}
