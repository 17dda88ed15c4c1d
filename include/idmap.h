/* idmap.h - a small open-addressing map from a nonzero 64-bit key (a pointer, a colour) to an index. */
#ifndef SG_IDMAP_H
#define SG_IDMAP_H

#include <stddef.h>
#include <stdint.h>

/* Sized once for at most `most` keys (the table is kept at least half empty); never grows. */
struct sg_idmap {
	uint64_t *key;
	uint32_t *val;
	size_t mask, n;
};

/* 0, or -1 when out of memory (the caller says so); m is then safe to give to _free. */
int sg_idmap_init(struct sg_idmap *m, size_t most);

/* The key's index, the next new one (*fresh set) when first seen. key is never 0. */
uint32_t sg_idmap_get(struct sg_idmap *m, uint64_t key, int *fresh);

/* key, not yet in the map, to val. */
void sg_idmap_put(struct sg_idmap *m, uint64_t key, uint32_t val);

/* The key's index; -1: not in the map. */
long sg_idmap_find(const struct sg_idmap *m, uint64_t key);

/* Frees what _init allocated (accepts a zeroed map). */
void sg_idmap_free(struct sg_idmap *m);

#endif
