/* render_top.c - the flat profile (-m top): calls, total, self, avg, max, % of root by function. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "fmt.h"
#include "log.h"
#include "render_top.h"

struct row {
	const char *name;
	uint64_t calls, total, self, max;
	int active; /* open occurrences on the current path: recursion is counted once */
};

struct table {
	struct row *rows;
	size_t cap, count;
};

static size_t slot_of(const struct row *rows, size_t cap, const char *name)
{
	size_t i = ((uintptr_t) name >> 4) & (cap - 1);

	while (rows[i].name && rows[i].name != name)
		i = (i + 1) & (cap - 1);
	return i;
}

static struct row *row_get(struct table *t, const char *name)
{
	if (t->cap) {
		size_t i = slot_of(t->rows, t->cap, name);

		if (t->rows[i].name)
			return &t->rows[i];
	}
	if ((t->count + 1) * 2 > t->cap) {
		size_t ncap = t->cap ? t->cap * 2 : 256;
		struct row *nr = calloc(ncap, sizeof(*nr));

		if (!nr)
			return NULL;
		for (size_t i = 0; i < t->cap; i++)
			if (t->rows[i].name)
				nr[slot_of(nr, ncap, t->rows[i].name)] = t->rows[i];
		free(t->rows);
		t->rows = nr;
		t->cap = ncap;
	}
	size_t i = slot_of(t->rows, t->cap, name);

	t->rows[i].name = name;
	t->count++;
	return &t->rows[i];
}

/* Larger first; 0 on a tie. */
static int desc(uint64_t x, uint64_t y)
{
	return x == y ? 0 : x > y ? -1 : 1;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct row *) a)->name, ((const struct row *) b)->name);
}

/* Each order breaks its ties by the default one's keys, then by name: the output is stable. */
static int cmp_self(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int c = desc(x->self, y->self);

	if (!c)
		c = desc(x->calls, y->calls);
	return c ? c : cmp_name(a, b);
}

static int cmp_total(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int c = desc(x->total, y->total);

	return c ? c : cmp_self(a, b);
}

static int cmp_calls(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int c = desc(x->calls, y->calls);

	return c ? c : cmp_self(a, b);
}

static struct row *enter(struct table *t, const struct sg_node *n)
{
	struct row *r = row_get(t, n->name);

	if (!r)
		return NULL;
	r->calls = sg_add_sat(r->calls, n->calls);
	r->self = sg_add_sat(r->self, n->self);
	if (n->max > r->max)
		r->max = n->max;
	if (!r->active++)
		r->total = sg_add_sat(r->total, n->total);
	return r;
}

int sg_render_top(FILE *out, struct sg_aggregate *agg, enum sg_top_order order)
{
	static int (*const cmp[])(const void *, const void *) = {[SG_TOP_SELF] = cmp_self,
								 [SG_TOP_TOTAL] = cmp_total,
								 [SG_TOP_CALLS] = cmp_calls,
								 [SG_TOP_NAME] = cmp_name};
	struct table t = { 0 };
	const struct sg_node *top = sg_tree_top(agg->merged), *n = top->child;
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN], d[SG_FMT_LEN];
	uint64_t root = 0;
	int ret = -1;

	/* % of root as -m tree gives it: of all the roots' time, each function's total */
	for (const struct sg_node *x = top->child; x; x = x->next)
		root = sg_add_sat(root, x->total);

	while (n) {
		if (!enter(&t, n))
			goto out;
		if (n->child) {
			n = n->child;
			continue;
		}
		/* leaving n and every ancestor that has no next sibling */
		for (;;) {
			row_get(&t, n->name)->active--;
			if (n->next || n->parent == top)
				break;
			n = n->parent;
		}
		n = n->next;
		if (!n) {
			/* n's parent is top: move to the next root */
			break;
		}
	}
	/* rows sorted into a dense array */
	size_t k = 0;

	for (size_t i = 0; i < t.cap; i++)
		if (t.rows[i].name)
			t.rows[k++] = t.rows[i];
	if (k)
		qsort(t.rows, k, sizeof(*t.rows), cmp[order]);
	if (agg->has_time)
		fprintf(out, "%10s %14s %14s %12s %12s %7s  %s\n", "calls", "total_us", "self_us",
			"avg_us", "max_us", "%root", "function");
	else
		fprintf(out, "%10s  %s\n", "calls", "function");
	for (size_t i = 0; i < k; i++) {
		const struct row *r = &t.rows[i];

		if (agg->has_time)
			fprintf(out, "%10" PRIu64 " %14s %14s %12s %12s %7.2f  ", r->calls,
				sg_fmt_us(a, r->total), sg_fmt_us(b, r->self),
				sg_fmt_us(c, r->calls ? r->total / r->calls : 0),
				sg_fmt_us(d, r->max),
				root ? 100.0 * (double) r->total / (double) root : 0.0);
		else
			fprintf(out, "%10" PRIu64 "  ", r->calls);
		sg_escape_put_name(out, r->name);
		fputc('\n', out);
	}
	ret = ferror(out) ? -1 : 0;
out:
	if (ret < 0 && !ferror(out))
		sg_log_error("out of memory");
	free(t.rows);
	return ret;
}
