/* json.c - JSON output shared by the exports: strings escaped in one place, times in microseconds.
 */
#include <inttypes.h>
#include "json.h"

/* Length of the valid UTF-8 sequence at s (1 to 4), or 0 when it is not one. */
static int utf8_len(const unsigned char *s)
{
	int n;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and code points past U+10FFFF are not UTF-8 */
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

int sg_json_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *) s, *run;

	putc_unlocked('"', out);
	for (run = p; *p;) {
		int n;

		/* printable ASCII but the quote and the backslash: as they are, a run at a time */
		if (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\') {
			p++;
			continue;
		}
		n = utf8_len(p);
		if (n > 1 && !(n == 2 && p[0] == 0xc2 && p[1] < 0xa0)) {
			p += n;
			continue;
		}
		if (p > run)
			fwrite_unlocked(run, 1, (size_t) (p - run), out);
		if (*p == '"' || *p == '\\') {
			putc_unlocked('\\', out);
			putc_unlocked(*p, out);
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(out, "\\u%04x", *p);
		} else if (n == 2) {
			/* a C1 control (U+0080-U+009F): escaped, the file may reach a terminal */
			fprintf(out, "\\u%04x", p[1]);
		} else {
			fputs("\\ufffd", out);
			n = 1;
		}
		p += n;
		run = p;
	}
	if (p > run)
		fwrite_unlocked(run, 1, (size_t) (p - run), out);
	putc_unlocked('"', out);
	return ferror(out) ? -1 : 0;
}

/* the string built from the right, ending at end - 1 */
static int put_tail(FILE *out, const char *p, const char *end)
{
	size_t n = (size_t) (end - p);

	return fwrite_unlocked(p, 1, n, out) == n ? 0 : -1;
}

int sg_json_us(FILE *out, uint64_t ns)
{
	char buf[24], *end = buf + sizeof(buf), *p = end;
	uint64_t frac = ns % 1000;

	/* "%" PRIu64 ".%03u" without stdio's formatting: an export has millions */
	*--p = (char) ('0' + frac % 10);
	*--p = (char) ('0' + frac / 10 % 10);
	*--p = (char) ('0' + frac / 100);
	*--p = '.';
	ns /= 1000;
	do
		*--p = (char) ('0' + ns % 10);
	while (ns /= 10);
	return put_tail(out, p, end);
}

int sg_json_u64(FILE *out, uint64_t v)
{
	char buf[24], *end = buf + sizeof(buf), *p = end;

	do
		*--p = (char) ('0' + v % 10);
	while (v /= 10);
	return put_tail(out, p, end);
}
