/* strtab.h - interned strings: equal names share one pointer, so comparing is pointer equality. */
#ifndef SG_STRTAB_H
#define SG_STRTAB_H

#include <stddef.h>
#include <stdint.h>

struct sg_strtab;

struct sg_strtab *sg_strtab_new(void);
void sg_strtab_free(struct sg_strtab *st);

/*
 * Return the interned copy of s[0..len) (NUL-terminated, may contain any byte but NUL).
 * The pointer lives as long as the table. Returns NULL only when memory runs out.
 */
const char *sg_strtab_intern(struct sg_strtab *st, const char *s, size_t len);

/*
 * What strtab.c stores right before each interned string, read inline below: root matching asks
 * for a name's tag at every call.
 */
struct sg_strtab_head {
	uint64_t hash;
	int tag;
	unsigned len;
};

static inline struct sg_strtab_head *sg_strtab_head(const char *interned)
{
	return (struct sg_strtab_head *) (uintptr_t) (interned - sizeof(struct sg_strtab_head));
}

/* Length of an interned string, without strlen. */
static inline size_t sg_strtab_len(const char *interned)
{
	return sg_strtab_head(interned)->len;
}

/*
 * A small integer stored with each interned string, for caches keyed by name (root
 * matching). New strings start with tag SG_STRTAB_NOTAG.
 */
#define SG_STRTAB_NOTAG (-2)
static inline int sg_strtab_tag(const char *interned)
{
	return sg_strtab_head(interned)->tag;
}

/* Call fn for every interned string, in no particular order ("did you mean" over a trace's names).
 */
void sg_strtab_each(const struct sg_strtab *st, void (*fn)(void *ctx, const char *s, size_t len),
		    void *ctx);
static inline void sg_strtab_set_tag(const char *interned, int tag)
{
	sg_strtab_head(interned)->tag = tag;
}

#endif
