/* match.c - which function names are roots: exact names, compiler-suffixed variants, globs. */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include "match.h"
#include "strtab.h"

struct sg_match {
	char **patterns;
	int n;
};

struct sg_match *sg_match_new(void)
{
	return calloc(1, sizeof(struct sg_match));
}

void sg_match_free(struct sg_match *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->n; i++)
		free(m->patterns[i]);
	free(m->patterns);
	free(m);
}

int sg_match_add(struct sg_match *m, const char *pattern)
{
	char **n = realloc(m->patterns, (m->n + 1) * sizeof(*n));

	if (!n)
		return -1;
	m->patterns = n;
	m->patterns[m->n] = strdup(pattern);
	if (!m->patterns[m->n])
		return -1;
	m->n++;
	return 0;
}

int sg_match_count(const struct sg_match *m)
{
	return m->n;
}

const char *sg_match_pattern(const struct sg_match *m, int i)
{
	return m->patterns[i];
}

/* GCC clones: .isra.N .part.N .constprop.N .cold .lto_priv.N, possibly chained. */
static int is_clone_suffix(const char *s)
{
	static const char *const kinds[] = { "isra", "part", "constprop", "cold", "lto_priv", NULL };

	if (!*s)
		return 1;
	while (*s == '.') {
		size_t k;
		int ok = 0;

		s++;
		for (int i = 0; kinds[i]; i++) {
			k = strlen(kinds[i]);
			if (strncmp(s, kinds[i], k) == 0 && (s[k] == '.' || s[k] == '\0')) {
				s += k;
				ok = 1;
				break;
			}
		}
		if (!ok)
			return 0;
		if (*s == '.' && s[1] >= '0' && s[1] <= '9') {
			s++;
			while (*s >= '0' && *s <= '9')
				s++;
		}
	}
	return *s == '\0';
}

/* Length of name without a trailing " [module]". */
static size_t base_len(const char *name)
{
	const char *sp = strstr(name, " [");
	size_t len = strlen(name);

	if (sp && len > 2 && name[len - 1] == ']')
		return (size_t) (sp - name);
	return len;
}

size_t sg_match_base_len(const char *name)
{
	size_t len = base_len(name);
	char buf[256];

	/* the first '.' after which only clone suffixes follow */
	for (size_t i = 1; i < len; i++) {
		if (name[i] != '.' || len - i >= sizeof(buf))
			continue;
		memcpy(buf, name + i, len - i);
		buf[len - i] = '\0';
		if (is_clone_suffix(buf))
			return i;
	}
	return len;
}

static int match_one(const char *pattern, const char *name)
{
	size_t plen = strlen(pattern), blen = base_len(name);

	if (strcmp(pattern, name) == 0)
		return 1;
	if (strpbrk(pattern, "*?["))
		return fnmatch(pattern, name, 0) == 0;
	if (blen < plen || strncmp(name, pattern, plen) != 0)
		return 0;
	/* The name may carry a module: compare the clone suffix up to it. */
	char buf[256];
	size_t slen = blen - plen;

	if (slen >= sizeof(buf))
		return 0;
	memcpy(buf, name + plen, slen);
	buf[slen] = '\0';
	return is_clone_suffix(buf);
}

int sg_match_test(const struct sg_match *m, const char *name)
{
	for (int i = 0; i < m->n; i++)
		if (match_one(m->patterns[i], name))
			return i;
	return -1;
}

const char *sg_match_describe(const struct sg_match *m)
{
	static char buf[4096];
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < m->n && used < sizeof(buf) - 1; i++) {
		size_t k = strlen(m->patterns[i]);

		if (used + k + 2 >= sizeof(buf))
			break;
		if (i)
			buf[used++] = ',';
		memcpy(buf + used, m->patterns[i], k);
		used += k;
		buf[used] = '\0';
	}
	return buf;
}
