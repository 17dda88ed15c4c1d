/* narrowset.c - the functions a narrowed run patches: those seen under the roots, with their
 * clones. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "match.h"
#include "narrowset.h"

/* An open-addressing table of base names; hit marks the ones available_filter_functions has. */
struct slot {
	char *name;
	int hit;
};

struct sg_narrowset {
	struct slot *slots;
	size_t cap, n; /* cap a power of two, kept at most half full */
};

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

static uint64_t hash(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char) s[i]) * 1099511628211ull;
	return h;
}

static struct slot *find(const struct sg_narrowset *n, const char *base, size_t len)
{
	size_t i = (size_t) hash(base, len) & (n->cap - 1);

	while (n->slots[i].name &&
	       (strlen(n->slots[i].name) != len || memcmp(n->slots[i].name, base, len) != 0))
		i = (i + 1) & (n->cap - 1);
	return &n->slots[i];
}

static int grow(struct sg_narrowset *n)
{
	struct sg_narrowset bigger = {calloc(n->cap * 2, sizeof(struct slot)), n->cap * 2, n->n};

	if (!bigger.slots)
		return oom();
	for (size_t i = 0; i < n->cap; i++)
		if (n->slots[i].name)
			*find(&bigger, n->slots[i].name, strlen(n->slots[i].name)) = n->slots[i];
	free(n->slots);
	*n = bigger;
	return 0;
}

struct sg_narrowset *sg_narrowset_new(void)
{
	struct sg_narrowset *n = calloc(1, sizeof(*n));

	if (n) {
		n->cap = 256;
		n->slots = calloc(n->cap, sizeof(*n->slots));
	}
	if (!n || !n->slots) {
		free(n);
		oom();
		return NULL;
	}
	return n;
}

void sg_narrowset_free(struct sg_narrowset *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->cap; i++)
		free(n->slots[i].name);
	free(n->slots);
	free(n);
}

/* Add the len bytes of name unless there: 1 added, 0 there already, -1 no memory. */
static int insert(struct sg_narrowset *n, const char *name, size_t len)
{
	struct slot *s;

	if (2 * (n->n + 1) > n->cap && grow(n) < 0)
		return -1;
	s = find(n, name, len);
	if (s->name)
		return 0;
	s->name = strndup(name, len);
	if (!s->name)
		return oom();
	n->n++;
	return 1;
}

int sg_narrowset_add(struct sg_narrowset *n, const char *name)
{
	size_t len = sg_match_base_len(name);

	return len && insert(n, name, len) < 0 ? -1 : 0;
}

int sg_narrowset_add_tree(struct sg_narrowset *n, const struct sg_node *top)
{
	for (const struct sg_node *x = top->child; x; x = sg_node_next(x, top))
		if (sg_narrowset_add(n, x->name) < 0)
			return -1;
	return 0;
}

int sg_narrowset_add_name(struct sg_narrowset *n, const char *name)
{
	return insert(n, name, strlen(name));
}

int sg_narrowset_has_name(const struct sg_narrowset *n, const char *name)
{
	return find(n, name, strlen(name))->name != NULL;
}

int sg_narrowset_count(const struct sg_narrowset *n)
{
	return (int) n->n;
}

static void names_free(char **names)
{
	for (int i = 0; names && names[i]; i++)
		free(names[i]);
	free(names);
}

void sg_narrowset_match_free(struct sg_narrowset_match *m)
{
	names_free(m->names);
	memset(m, 0, sizeof(*m));
}

/* Room for one more entry in an array of cap elements of size bytes. */
static int room(void *arrp, int n, int *cap, size_t size)
{
	char **arr = arrp, *v;
	int ncap;

	if (n + 2 <= *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 64;
	v = realloc(*arr, (size_t) ncap * size);
	if (!v)
		return oom();
	*arr = v;
	*cap = ncap;
	return 0;
}

int sg_narrowset_resolve(struct sg_narrowset *n, char *list, struct sg_narrowset_match *m)
{
	struct sg_narrowset *written = sg_narrowset_new();
	int ncap = 0;
	char *next;

	memset(m, 0, sizeof(*m));
	if (!written)
		return -1;
	for (size_t i = 0; i < n->cap; i++)
		n->slots[i].hit = 0;
	for (char *line = list; *line; line = next) {
		size_t len = strcspn(line, " \t\n");
		char *eol = line + strcspn(line, "\n");
		struct slot *s = NULL;
		int added;

		next = *eol ? eol + 1 : eol;
		/* "name [mod]" is looked up by its name alone */
		*eol = '\0';
		line[len] = '\0';
		if (len)
			s = find(n, line, sg_match_base_len(line));
		if (!s || !s->name)
			continue;
		s->hit = 1;
		m->nlines++;
		/* a name listed twice (static functions of one name, or in two modules) is
		 * written once: the kernel patches every function of that name for it */
		added = insert(written, line, len);
		if (added < 0)
			goto fail;
		if (!added)
			continue;
		if (room(&m->names, m->nnames, &ncap, sizeof(*m->names)) < 0)
			goto fail;
		m->names[m->nnames] = strndup(line, len);
		if (!m->names[m->nnames])
			goto fail;
		m->names[++m->nnames] = NULL;
	}
	for (size_t i = 0; i < n->cap; i++)
		if (n->slots[i].name && !n->slots[i].hit)
			m->unknown++;
	sg_narrowset_free(written);
	return 0;
fail:
	sg_narrowset_free(written);
	sg_narrowset_match_free(m);
	return oom();
}
