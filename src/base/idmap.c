/* idmap.c - a small open-addressing map from a nonzero 64-bit key to an index (idmap.h). */
#include <stdlib.h>
#include "idmap.h"

int sg_idmap_init(struct sg_idmap *m, size_t most)
{
	size_t size = 16;

	while (size < 2 * most)
		size *= 2;
	m->key = calloc(size, sizeof(*m->key));
	m->val = malloc(size * sizeof(*m->val));
	m->mask = size - 1;
	m->n = 0;
	return m->key && m->val ? 0 : -1;
}

/* Fibonacci hashing: the keys are pointers and colours, whose low bits repeat. */
static size_t slot(const struct sg_idmap *m, uint64_t key)
{
	return (size_t) ((key * 0x9e3779b97f4a7c15ull) >> 17) & m->mask;
}

uint32_t sg_idmap_get(struct sg_idmap *m, uint64_t key, int *fresh)
{
	size_t i = slot(m, key);

	for (; m->key[i]; i = (i + 1) & m->mask)
		if (m->key[i] == key) {
			*fresh = 0;
			return m->val[i];
		}
	m->key[i] = key;
	m->val[i] = (uint32_t) m->n++;
	*fresh = 1;
	return m->val[i];
}

void sg_idmap_put(struct sg_idmap *m, uint64_t key, uint32_t val)
{
	size_t i = slot(m, key);

	while (m->key[i])
		i = (i + 1) & m->mask;
	m->key[i] = key;
	m->val[i] = val;
	m->n++;
}

long sg_idmap_find(const struct sg_idmap *m, uint64_t key)
{
	size_t i = slot(m, key);

	for (; m->key[i]; i = (i + 1) & m->mask)
		if (m->key[i] == key)
			return m->val[i];
	return -1;
}

void sg_idmap_free(struct sg_idmap *m)
{
	free(m->key);
	free(m->val);
	m->key = NULL;
	m->val = NULL;
}
