/* tuimodel.c - the TUI's call tree as rows: expanded nodes, sort keys, search, the hottest path. */
#define _GNU_SOURCE /* qsort_r */
#include <inttypes.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fmt.h"
#include "log.h"
#include "tuimodel.h"

/* Deeper than this the drawing gives way to "[depth N]", as -m tree's. */
#define MAX_DRAWN_DEPTH 64

static void rebuild_rows(struct sg_tuimodel *m);

struct sg_tuimodel *sg_tuimodel_new(const struct sg_node *top)
{
	struct sg_tuimodel *m = calloc(1, sizeof(*m));
	unsigned *stack = NULL, *fill = NULL;
	size_t cap = 0;
	int depth = 1; /* from the sentinel: a root is 1 */

	if (!m)
		goto oom;
	/* count, then index every node in the tree's pre-order */
	for (const struct sg_node *n = top->child; n; n = sg_node_next(n, top))
		m->nv++;
	m->v = calloc(m->nv ? m->nv : 1, sizeof(*m->v));
	m->kids = calloc(m->nv ? m->nv : 1, sizeof(*m->kids));
	m->roots = calloc(m->nv ? m->nv : 1, sizeof(*m->roots));
	m->order = calloc(m->nv ? m->nv : 1, sizeof(*m->order));
	m->pos = calloc(m->nv ? m->nv : 1, sizeof(*m->pos));
	m->rows = calloc(m->nv ? m->nv : 1, sizeof(*m->rows));
	fill = calloc(m->nv ? m->nv : 1, sizeof(*fill));
	if (!m->v || !m->kids || !m->roots || !m->order || !m->pos || !m->rows || !fill)
		goto oom;
	unsigned i = 0;

	for (const struct sg_node *n = top->child; n; n = sg_node_next_depth(n, top, &depth), i++) {
		if ((size_t) depth >= cap) {
			size_t ncap = cap ? cap * 2 : 64;
			unsigned *s;

			while (ncap <= (size_t) depth)
				ncap *= 2;
			s = realloc(stack, ncap * sizeof(*s));
			if (!s)
				goto oom;
			stack = s;
			cap = ncap;
		}
		stack[depth] = i;
		m->v[i].node = n;
		m->v[i].depth = depth - 1;
		m->v[i].parent = depth > 1 ? (int) stack[depth - 1] : -1;
		if (depth > 1)
			m->v[stack[depth - 1]].nkids++;
		else
			m->roots[m->nroots++] = i;
	}
	/* each node's children, contiguous */
	unsigned off = 0;

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
		m->all_total = sg_add_sat(m->all_total, m->v[m->roots[i]].node->total);
		m->v[m->roots[i]].expanded = 1;
	}
	free(stack);
	free(fill);
	if (sg_tuimodel_sort(m, SG_TUI_SORT_TOTAL) < 0) {
		sg_tuimodel_free(m);
		return NULL;
	}
	return m;
oom:
	free(stack);
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
	const struct sg_node *a = m->v[*(const unsigned *) pa].node;
	const struct sg_node *b = m->v[*(const unsigned *) pb].node;
	int c = 0;

	switch (m->sort) {
	case SG_TUI_SORT_TOTAL:
		c = cmp_u64_desc(a->total, b->total);
		break;
	case SG_TUI_SORT_SELF:
		c = cmp_u64_desc(a->self, b->self);
		break;
	case SG_TUI_SORT_CALLS:
		c = cmp_u64_desc(a->calls, b->calls);
		break;
	case SG_TUI_SORT_NAME:
		break;
	}
	if (!c)
		c = strcmp(a->name, b->name);
	if (!c)
		c = cmp_u64_desc(a->total, b->total);
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
		for (unsigned k = m->pos[i] + 1; k < m->nv && m->v[m->order[k]].depth > m->v[i].depth;
		     k++)
			m->v[m->order[k]].expanded = 1;
	rebuild_rows(m);
}

void sg_tuimodel_collapse(struct sg_tuimodel *m, unsigned i, int all)
{
	m->v[i].expanded = 0;
	if (all)
		for (unsigned k = m->pos[i] + 1; k < m->nv && m->v[m->order[k]].depth > m->v[i].depth;
		     k++)
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

			if (!found || m->v[k].node->total > m->v[best].node->total) {
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

int sg_tuimodel_search(struct sg_tuimodel *m, const char *re)
{
	regex_t rx;
	unsigned char *inside = NULL;
	int rc;

	m->nmatch = 0;
	m->match_total = 0;
	for (unsigned i = 0; i < m->nv; i++)
		m->v[i].match = 0;
	if (!re || !*re)
		return 0;
	rc = regcomp(&rx, re, REG_EXTENDED | REG_NOSUB);
	if (rc) {
		char why[128];

		regerror(rc, &rx, why, sizeof(why));
		sg_log_error("bad regular expression: %s", why);
		return -1;
	}
	inside = calloc(m->nv ? m->nv : 1, 1);
	if (!inside) {
		regfree(&rx);
		sg_log_error("out of memory");
		return -1;
	}
	/* in the tree's pre-order a parent comes first: whether a match is inside another is known */
	for (unsigned i = 0; i < m->nv; i++) {
		struct sg_tuimodel_node *v = &m->v[i];
		int p = v->parent;

		v->match = regexec(&rx, v->node->name, 0, NULL, 0) == 0;
		inside[i] = p >= 0 && (inside[p] || m->v[p].match);
		if (!v->match)
			continue;
		m->nmatch++;
		if (!inside[i])
			m->match_total = sg_add_sat(m->match_total, v->node->total);
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

int sg_tuimodel_is_last(const struct sg_tuimodel *m, unsigned i)
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

/* Append s to buf at *k, cut at size - 1. */
static void put(char *buf, size_t size, size_t *k, const char *s)
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
static void put_prefix(const struct sg_tuimodel *m, unsigned i, int unicode, int skip, char *buf,
		       size_t size, size_t *k)
{
	int depth = m->v[i].depth;
	unsigned char last[MAX_DRAWN_DEPTH + 1];
	unsigned j = i;

	if (depth > MAX_DRAWN_DEPTH) {
		char d[32];

		snprintf(d, sizeof(d), "[depth %d] ", depth);
		put(buf, size, k, d);
		return;
	}
	for (int d = depth; d >= 1; d--) {
		last[d] = (unsigned char) sg_tuimodel_is_last(m, j);
		j = (unsigned) m->v[j].parent;
	}
	if (skip > depth - 1)
		skip = depth - 1;
	if (skip > 0)
		put(buf, size, k, "<  ");
	for (int d = skip > 0 ? skip + 2 : 1; d < depth; d++)
		put(buf, size, k, last[d] ? "   " : (unicode ? "\u2502  " : "|  "));
	if (depth)
		put(buf, size, k,
		    last[depth] ? (unicode ? "\u2514\u2500 " : "`- ")
				: (unicode ? "\u251c\u2500 " : "|- "));
}

const char *sg_tuimodel_line(const struct sg_tuimodel *m, unsigned i, int has_time, int unicode,
			     int skip, char *buf, size_t size)
{
	const struct sg_tuimodel_node *v = &m->v[i];
	const struct sg_node *n = v->node, *root = m->v[sg_tuimodel_root_of(m, i)].node;
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN], errs[256], name[512];
	size_t k;

	if (has_time)
		snprintf(buf, size, "%11s %11s %8" PRIu64 " %7s %7s  ", sg_fmt_human(a, n->total),
			 sg_fmt_human(b, n->self), n->calls, sg_fmt_pct(c, n->total, root->total),
			 sg_fmt_pct(d, n->total, v->parent >= 0 ? m->v[v->parent].node->total
								 : n->total));
	else
		snprintf(buf, size, "%8" PRIu64 "  ", n->calls);
	k = strlen(buf);
	put_prefix(m, i, unicode, skip, buf, size, &k);
	/* the one escaping of input strings (fmt.c) */
	sg_fmt_name_buf(name, sizeof(name), n->name);
	put(buf, size, &k, name);
	if (*sg_fmt_errors(errs, sizeof(errs), n)) {
		put(buf, size, &k, "  (");
		put(buf, size, &k, errs);
		put(buf, size, &k, ")");
	}
	return buf;
}
