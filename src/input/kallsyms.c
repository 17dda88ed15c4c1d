/* kallsyms.c - /proc/kallsyms text into libtraceevent's function table, without sscanf a line. */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kallsyms.h"
#include "log.h"

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
				      : -1;
}

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/* One symbol of a kallsyms line. */
struct ksym {
	unsigned long long addr;
	char *name, *mod;
	size_t line; /* its place among the symbols registered: ties in the sort */
};

/*
 * One line "ADDR TYPE NAME" or "ADDR TYPE NAME\t[MODULE]" read as tep_parse_kallsyms reads it,
 * without its sscanf per line: 120,000 lines and more at every live start. s..e is the line,
 * written on (NULs). 1: a symbol to register in *k; 0: one tep_parse_kallsyms leaves out
 * (absolute symbols, type A or a, and ARM's '$' mapping symbols); -1: not a plain line.
 */
static int kallsyms_line(char *s, char *e, struct ksym *k)
{
	unsigned long long addr = 0;
	char *name, *mod = NULL, type;
	int digits = 0, h;

	while (s < e && blank(*s))
		s++;
	for (; s < e && digits < 16 && (h = hexval(*s)) >= 0; s++, digits++)
		addr = addr << 4 | (unsigned long long) h;
	if (!digits || s == e || !blank(*s))
		return -1;
	while (s < e && blank(*s))
		s++;
	if (s == e)
		return -1;
	type = *s++;
	while (s < e && blank(*s))
		s++;
	name = s;
	while (s < e && !blank(*s))
		s++;
	if (s == name)
		return -1;
	if (s + 2 < e && s[0] == '\t' && s[1] == '[') {
		char *m = s + 2, *me = m;

		while (me < e && !blank(*me))
			me++;
		if (me > m) {
			mod = m;
			me[-1] = '\0'; /* the closing ']' */
		}
	}
	*s = '\0';
	if (name[0] == '$' || type == 'A' || type == 'a')
		return 0;
	k->addr = addr;
	k->name = name;
	k->mod = mod;
	return 1;
}

/*
 * The symbols of buf's lines (written on) given to fn, up to the first line the strict parser
 * refuses: its offset, or len when every line was read; (size_t) -1 when fn failed.
 */
static size_t each_line(char *buf, size_t len, int (*fn)(void *ctx, struct ksym *k), void *ctx)
{
	char *e = buf + len;
	struct ksym k;

	for (char *s = buf; s < e;) {
		char *nl = memchr(s, '\n', (size_t) (e - s)), *le = nl ? nl : e;
		int r = le > s ? kallsyms_line(s, le, &k) : 0;

		if (r < 0)
			return (size_t) (s - buf);
		if (r > 0 && fn(ctx, &k) < 0)
			return (size_t) -1;
		s = le + 1;
	}
	return len;
}

static int put_tep(void *ctx, struct ksym *k)
{
	return tep_register_function(ctx, k->name, k->addr, k->mod) < 0 ? -1 : 0;
}

int sg_kallsyms_parse(struct tep_handle *tep, char *buf, size_t len)
{
	return each_line(buf, len, put_tep, tep) != len ? -1 : 0;
}

int sg_kallsyms_parse_library(struct tep_handle *tep, const char *text)
{
	static int (*lib)(struct tep_handle *, const char *);

	if (!lib)
		lib = (int (*)(struct tep_handle *, const char *)) dlsym(RTLD_NEXT,
									 "tep_parse_kallsyms");
	return lib ? lib(tep, text) : -1;
}

/*
 * A trace.dat's symbols as libtraceevent would hold them, looked up through its function
 * resolver hook: libtraceevent registers each with two allocations and sorts them all with
 * qsort on the first look-up (100 million instructions for a 4 MB kallsyms), where most of a
 * kallsyms text is in address order already.
 */
struct ktab {
	struct tep_handle *tep;
	char *text; /* the names, in place */
	struct ksym *v;
	size_t n, cap;
	struct ktab *next;
};

/* Every table a tep holds (until sg_kallsyms_release), reachable for leak checkers. */
static struct ktab *tables;

static int put_tab(void *ctx, struct ksym *k)
{
	struct ktab *t = ctx;

	if (t->n == t->cap) {
		size_t ncap = t->cap ? t->cap * 2 : 4096;
		struct ksym *v = realloc(t->v, ncap * sizeof(*v));

		if (!v)
			return -1;
		t->v = v;
		t->cap = ncap;
	}
	k->line = t->n;
	t->v[t->n++] = *k;
	return 0;
}

/*
 * libtraceevent's order: by address, a later line first among equal addresses (its list is
 * built newest first and glibc's qsort is a stable merge sort).
 */
static int ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->line > y->line ? -1 : x->line < y->line;
}

static void tab_sort(struct ktab *t)
{
	size_t i, j;

	for (i = 1; i < t->n && t->v[i - 1].addr <= t->v[i].addr; i++)
		;
	if (i < t->n) {
		qsort(t->v, t->n, sizeof(*t->v), ksym_cmp);
		return;
	}
	/* in address order already: only runs of one address turned round */
	for (i = 0; i < t->n; i = j) {
		for (j = i + 1; j < t->n && t->v[j].addr == t->v[i].addr; j++)
			;
		for (size_t a = i, b = j - 1; a < b; a++, b--) {
			struct ksym x = t->v[a];

			t->v[a] = t->v[b];
			t->v[b] = x;
		}
	}
}

/*
 * libtraceevent's look-up, step for step (glibc's bsearch with its func_bcmp): the symbol at
 * the address, or the one whose start is below it and the next one's above; the last symbol
 * names only its own address.
 */
static char *tab_resolve(void *priv, unsigned long long *addrp, char **modp)
{
	const struct ktab *t = priv;
	unsigned long long addr = *addrp;
	size_t l = 0, u = t->n;

	while (l < u) {
		size_t i = (l + u) / 2;
		const struct ksym *p = &t->v[i];
		unsigned long long next = i + 1 < t->n ? p[1].addr : 0;

		if (addr == p->addr || (addr > p->addr && addr < next)) {
			*addrp = p->addr;
			*modp = p->mod;
			return p->name;
		}
		if (addr < p->addr)
			u = i;
		else
			l = i + 1;
	}
	return NULL;
}

static void tab_free(struct ktab *t)
{
	if (!t)
		return;
	free(t->text);
	free(t->v);
	free(t);
}

void sg_kallsyms_release(struct tep_handle *tep)
{
	for (struct ktab **p = &tables; *p; p = &(*p)->next)
		if ((*p)->tep == tep) {
			struct ktab *t = *p;

			*p = t->next;
			tep_reset_function_resolver(tep);
			tab_free(t);
			return;
		}
}

/*
 * libtracecmd parses a trace.dat's kallsyms (4 MB, 100,000 lines and more) with libtraceevent's
 * tep_parse_kallsyms, one sscanf a line, and libtraceevent sorts what it registered on the first
 * look-up: a fifth of reading a 40 MB file, and libtracecmd offers no other way in. This
 * definition in the executable takes the library's place (the dynamic linker resolves
 * libtracecmd's call to it): a text of plain lines becomes a table behind libtraceevent's
 * function resolver hook, answering every look-up as libtraceevent would; a text with a line it
 * does not know to be plain, or a second one for a tep, is registered line by line, the odd line
 * and the rest by libtraceevent's own parser, so it is read exactly as before.
 */
/*
 * text (len bytes) as tep's table behind the resolver hook: 0, or -1 when a line is not plain,
 * tep has a table already, or memory ran out (tep untouched).
 */
static int tab_build(struct tep_handle *tep, const char *text, size_t len)
{
	struct ktab *t;

	for (struct ktab *o = tables; o; o = o->next)
		if (o->tep == tep)
			return -1;
	t = calloc(1, sizeof(*t));
	if (t && (t->text = malloc(len + 1))) {
		memcpy(t->text, text, len);
		t->text[len] = '\0';
		if (each_line(t->text, len, put_tab, t) == len &&
		    tep_set_function_resolver(tep, tab_resolve, t) == 0) {
			tab_sort(t);
			t->tep = tep;
			t->next = tables;
			tables = t;
			return 0;
		}
	}
	tab_free(t);
	return -1;
}

int tep_parse_kallsyms(struct tep_handle *tep, const char *kallsyms)
{
	size_t len = strlen(kallsyms), done;
	char *copy;

	if (tab_build(tep, kallsyms, len) == 0)
		return 0;
	copy = malloc(len + 1);
	if (!copy)
		return sg_kallsyms_parse_library(tep, kallsyms);
	memcpy(copy, kallsyms, len + 1);
	done = each_line(copy, len, put_tep, tep);
	free(copy);
	return done < len ? sg_kallsyms_parse_library(tep, kallsyms + done) : 0;
}

int sg_kallsyms_load(struct tep_handle *tep)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char *buf = NULL, *line = NULL;
	size_t len = 0, cap = 0, lcap = 0;
	int ret = -1, nonzero = 0;
	ssize_t n;

	if (!f) {
		sg_log_error("cannot read /proc/kallsyms: %s", strerror(errno));
		return -1;
	}
	while ((n = getline(&line, &lcap, f)) > 0) {
		if (len + (size_t) n + 1 > cap) {
			size_t ncap = cap ? cap * 2 : 1 << 22;
			char *nb;

			while (ncap < len + (size_t) n + 1)
				ncap *= 2;
			nb = realloc(buf, ncap);
			if (!nb) {
				oom();
				goto out;
			}
			buf = nb;
			cap = ncap;
		}
		if (!nonzero && strspn(line, "0") < 16)
			nonzero = 1;
		memcpy(buf + len, line, (size_t) n);
		len += (size_t) n;
	}
	if (!buf || !nonzero) {
		sg_log_error(
		    "/proc/kallsyms shows no addresses (kptr_restrict?): functions cannot be "
		    "named");
		goto out;
	}
	buf[len] = '\0';
	/*
	 * The table, sorted now (libtraceevent's own list would be sorted by the first look-up,
	 * in the first record read, where it stalled the live reader: about 100 million
	 * instructions, half a second and more in a TCG guest, while the buffers filled). It
	 * replaces the one libtracefs's tracefs_local_events_system made through
	 * tep_parse_kallsyms moments before: this read is the one checked.
	 */
	sg_kallsyms_release(tep);
	if (tab_build(tep, buf, len) < 0) {
		sg_log_error("cannot parse /proc/kallsyms");
		goto out;
	}
	ret = 0;
out:
	free(line);
	free(buf);
	fclose(f);
	return ret;
}
