/* closest.c - the names nearest to a mistyped one, by edit distance, for "did you mean". */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <string.h>
#include "closest.h"

/* Levenshtein distance; b is cut at 63 bytes, enough to rank kernel symbols. */
static size_t edit_distance(const char *a, const char *b, size_t lb)
{
	size_t la = strlen(a), row[64];

	if (lb >= 64)
		lb = 63;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

void sg_closest_init(struct sg_closest *c, const char *typed, size_t max)
{
	memset(c, 0, sizeof(*c));
	c->typed = typed;
	c->max = max;
}

void sg_closest_offer(struct sg_closest *c, const char *name, size_t len)
{
	size_t base = strcspn(name, "."), d;
	int i;

	if (!len || len >= sizeof(c->best[0].name))
		return;
	if (base > len)
		base = len;
	d = edit_distance(c->typed, name, base);
	if (d > c->max)
		return;
	/* in half steps: a name holding what was typed (__do_fault for do_fault) wins a tie */
	d = 2 * d + !memmem(name, base, c->typed, strlen(c->typed));
	if (c->n == SG_CLOSEST_N && d >= c->best[SG_CLOSEST_N - 1].d)
		return;
	for (i = 0; i < c->n; i++)
		if (strlen(c->best[i].name) == len && memcmp(c->best[i].name, name, len) == 0)
			return;
	i = c->n < SG_CLOSEST_N ? c->n++ : SG_CLOSEST_N - 1;
	while (i > 0 && c->best[i - 1].d > d) {
		c->best[i] = c->best[i - 1];
		i--;
	}
	c->best[i].d = d;
	memcpy(c->best[i].name, name, len);
	c->best[i].name[len] = '\0';
}

const char *sg_closest_list(const struct sg_closest *c, int limit, char *buf, size_t size)
{
	size_t off = 0;

	buf[0] = '\0';
	for (int i = 0; i < c->n && i < limit && off < size; i++)
		off += (size_t) snprintf(buf + off, size - off, "%s%s", i ? ", " : "",
					 c->best[i].name);
	return buf;
}
