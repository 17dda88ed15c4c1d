/* strtab.c - interned strings in an open-addressing hash table; entries live in arena blocks. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "strtab.h"

/* The head strtab.h reads inline, then the string: the string's address less the head's size. */
struct entry {
	struct sg_strtab_head h;
	char s[];
};

_Static_assert(offsetof(struct entry, s) == sizeof(struct sg_strtab_head),
	       "an interned string follows its head directly");

struct block {
	struct block *next;
	size_t used, size;
	char data[];
};

struct sg_strtab {
	struct entry **slots;
	size_t cap, count;
	struct block *blocks;
};

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

/* Eight bytes a step: names are hashed once per trace line, so this is on the hot path. */
static uint64_t hash_bytes(const char *s, size_t len)
{
	uint64_t h = 0x9E3779B97F4A7C15ULL ^ len, w;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ mix(w)) * 0xc4ceb9fe1a85ec53ULL;
	}
	if (i < len) {
		w = 0;
		memcpy(&w, s + i, len - i);
		h = (h ^ mix(w)) * 0xc4ceb9fe1a85ec53ULL;
	}
	return mix(h);
}

struct sg_strtab *sg_strtab_new(void)
{
	struct sg_strtab *st = calloc(1, sizeof(*st));

	if (!st)
		return NULL;
	st->cap = 1024;
	st->slots = calloc(st->cap, sizeof(*st->slots));
	if (!st->slots) {
		free(st);
		return NULL;
	}
	return st;
}

void sg_strtab_free(struct sg_strtab *st)
{
	if (!st)
		return;
	while (st->blocks) {
		struct block *b = st->blocks;

		st->blocks = b->next;
		free(b);
	}
	free(st->slots);
	free(st);
}

static struct entry *entry_alloc(struct sg_strtab *st, size_t len)
{
	size_t need = (sizeof(struct entry) + len + 1 + 7) & ~(size_t) 7;
	struct block *b = st->blocks;

	if (!b || b->size - b->used < need) {
		size_t size = need > 60000 ? need : 65536 - sizeof(struct block);

		b = malloc(sizeof(*b) + size);
		if (!b)
			return NULL;
		b->size = size;
		b->used = 0;
		b->next = st->blocks;
		st->blocks = b;
	}
	struct entry *e = (struct entry *) (b->data + b->used);

	b->used += need;
	return e;
}

static int grow(struct sg_strtab *st)
{
	size_t ncap = st->cap * 2;
	struct entry **ns = calloc(ncap, sizeof(*ns));

	if (!ns)
		return -1;
	for (size_t i = 0; i < st->cap; i++) {
		struct entry *e = st->slots[i];

		if (!e)
			continue;
		size_t j = e->h.hash & (ncap - 1);

		while (ns[j])
			j = (j + 1) & (ncap - 1);
		ns[j] = e;
	}
	free(st->slots);
	st->slots = ns;
	st->cap = ncap;
	return 0;
}

const char *sg_strtab_intern(struct sg_strtab *st, const char *s, size_t len)
{
	uint64_t h = hash_bytes(s, len);
	size_t i = h & (st->cap - 1);
	struct entry *e;

	while ((e = st->slots[i])) {
		if (e->h.hash == h && e->h.len == len && memcmp(e->s, s, len) == 0)
			return e->s;
		i = (i + 1) & (st->cap - 1);
	}
	if ((st->count + 1) * 2 > st->cap) {
		if (grow(st) < 0)
			return NULL;
		i = h & (st->cap - 1);
		while (st->slots[i])
			i = (i + 1) & (st->cap - 1);
	}
	e = entry_alloc(st, len);
	if (!e)
		return NULL;
	e->h.hash = h;
	e->h.tag = SG_STRTAB_NOTAG;
	e->h.len = (unsigned) len;
	memcpy(e->s, s, len);
	e->s[len] = '\0';
	st->slots[i] = e;
	st->count++;
	return e->s;
}

void sg_strtab_each(const struct sg_strtab *st, void (*fn)(void *ctx, const char *s, size_t len),
		    void *ctx)
{
	for (size_t i = 0; i < st->cap; i++)
		if (st->slots[i])
			fn(ctx, st->slots[i]->s, st->slots[i]->h.len);
}
