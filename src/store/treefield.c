/* treefield.c - the fields of a `.tree` line: tabs, decimal numbers, %XX-escaped names. */
#include <stdlib.h>
#include "log.h"
#include "pathbuf.h"
#include "treefield.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int sg_treefield_unescape(const char *s, size_t len, char *out, size_t *n)
{
	size_t k = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] != '%') {
			out[k++] = s[i];
			continue;
		}
		int hi = i + 2 < len ? hexval(s[i + 1]) : -1, lo = hi >= 0 ? hexval(s[i + 2]) : -1;

		if (hi < 0 || lo < 0 || (hi == 0 && lo == 0))
			return -1;
		out[k++] = (char) (hi * 16 + lo);
		i += 2;
	}
	*n = k;
	return 0;
}

int sg_treefield_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (v > (UINT64_MAX - (uint64_t) (*s - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t) (*s - '0');
	}
	*out = v;
	return 0;
}

int sg_treefield_u128(const char *s, unsigned __int128 *out)
{
	const unsigned __int128 max = ~(unsigned __int128) 0;
	unsigned __int128 v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (v > (max - (unsigned) (*s - '0')) / 10)
			return -1;
		v = v * 10 + (unsigned) (*s - '0');
	}
	*out = v;
	return 0;
}

void sg_treefield_put_u128(FILE *out, unsigned __int128 v)
{
	char buf[40];
	int i = sizeof(buf);

	buf[--i] = '\0';
	do {
		buf[--i] = (char) ('0' + (int) (v % 10));
		v /= 10;
	} while (v);
	fputs(&buf[i], out);
}

int sg_treefield_split(char *line, char **f, int max)
{
	int n = 0;

	f[n++] = line;
	for (char *p = line; *p && n < max; p++) {
		if (*p == '\t') {
			*p = '\0';
			f[n++] = p + 1;
		}
	}
	return n;
}

void sg_treefield_put_name(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char) *s;

		if (sg_pathbuf_escapes(c))
			fprintf(out, "%%%02X", c);
		else
			fputc(c, out);
	}
}

void sg_treefield_put_key(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char) *s;

		if (sg_pathbuf_escapes(c) || c == '=')
			fprintf(out, "%%%02X", c);
		else
			fputc(c, out);
	}
}

int sg_treefield_fail(const struct sg_treefield_at *at, const char *fmt, const char *arg)
{
	char msg[256];

	snprintf(msg, sizeof(msg), fmt, arg);
	sg_log_error("%s:%lu: %s", at->name, at->lineno, msg);
	return -1;
}

const char *sg_treefield_intern(struct sg_treefield_at *at, const char *s, size_t len)
{
	size_t n;

	if (len + 1 > at->bufcap) {
		char *b = realloc(at->buf, len + 1);

		if (!b)
			return NULL;
		at->buf = b;
		at->bufcap = len + 1;
	}
	if (sg_treefield_unescape(s, len, at->buf, &n) < 0)
		return NULL;
	return sg_strtab_intern(at->st, at->buf, n);
}

int sg_treefield_number(const struct sg_treefield_at *at, const char *s, const char *what,
			uint64_t *out)
{
	if (sg_treefield_u64(s, out) < 0) {
		sg_log_error("%s:%lu: bad number in column %s: '%.40s'", at->name, at->lineno, what,
			     s);
		return -1;
	}
	return 0;
}
