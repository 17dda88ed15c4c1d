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
	const unsigned char *p = (const unsigned char *) s;

	putc('"', out);
	while (*p) {
		int n = utf8_len(p);

		if (*p == '"' || *p == '\\') {
			putc('\\', out);
			putc(*p, out);
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(out, "\\u%04x", *p);
		} else if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0) {
			/* a C1 control (U+0080-U+009F): escaped, the file may reach a terminal */
			fprintf(out, "\\u%04x", p[1]);
		} else if (!n) {
			fputs("\\ufffd", out);
			n = 1;
		} else {
			fwrite(p, 1, (size_t) n, out);
		}
		p += n ? n : 1;
	}
	putc('"', out);
	return ferror(out) ? -1 : 0;
}

int sg_json_us(FILE *out, uint64_t ns)
{
	return fprintf(out, "%" PRIu64 ".%03u", ns / 1000, (unsigned) (ns % 1000)) < 0 ? -1 : 0;
}
