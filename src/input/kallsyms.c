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

/*
 * One line "ADDR TYPE NAME" or "ADDR TYPE NAME\t[MODULE]" registered as tep_parse_kallsyms does
 * (absolute symbols, type A or a, and ARM's '$' mapping symbols left out), without its sscanf
 * per line: 120,000 lines and more at every live start. s..e is the line, written on (NULs).
 */
static int kallsyms_line(struct tep_handle *tep, char *s, char *e)
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
	return tep_register_function(tep, name, addr, mod) < 0 ? -1 : 0;
}

/* Lines registered up to the first one the strict parser refuses: its offset, or len. */
static size_t parse_lines(struct tep_handle *tep, char *buf, size_t len)
{
	char *e = buf + len;

	for (char *s = buf; s < e;) {
		char *nl = memchr(s, '\n', (size_t) (e - s)), *le = nl ? nl : e;

		if (le > s && kallsyms_line(tep, s, le) < 0)
			return (size_t) (s - buf);
		s = le + 1;
	}
	return len;
}

int sg_kallsyms_parse(struct tep_handle *tep, char *buf, size_t len)
{
	return parse_lines(tep, buf, len) < len ? -1 : 0;
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
 * libtracecmd parses a trace.dat's kallsyms (4 MB, 100,000 lines and more) with libtraceevent's
 * tep_parse_kallsyms, one sscanf a line: 15% of reading a 40 MB file, and libtracecmd offers
 * no other way in. This definition in the executable takes the library's place (the dynamic
 * linker resolves libtracecmd's call to it) and registers the same functions through
 * tep_register_function; from the first line it does not know to be plain, the rest of the text
 * goes to libtraceevent's own parser, so an odd or damaged section is read exactly as before.
 */
int tep_parse_kallsyms(struct tep_handle *tep, const char *kallsyms)
{
	size_t len = strlen(kallsyms), done;
	char *copy = malloc(len + 1);

	if (!copy)
		return sg_kallsyms_parse_library(tep, kallsyms);
	memcpy(copy, kallsyms, len + 1);
	done = parse_lines(tep, copy, len);
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
	if (sg_kallsyms_parse(tep, buf, len) < 0) {
		sg_log_error("cannot parse /proc/kallsyms");
		goto out;
	}
	/*
	 * libtraceevent sorts its function table on the first look-up: done now, in the set-up,
	 * rather than in the first record read, where it stalled the live reader (about 100
	 * million instructions: half a second and more in a TCG guest) while the buffers filled.
	 */
	tep_find_function(tep, 0);
	ret = 0;
out:
	free(line);
	free(buf);
	fclose(f);
	return ret;
}
