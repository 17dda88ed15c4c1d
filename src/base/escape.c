/* escape.c - the one escaping of input bytes for a terminal: controls (C0, DEL, C1) as '?'.
 * Below every stage that prints (log messages, renderers, the TUI), so none calls up into another.
 */
#include <stdio.h>
#include <string.h>
#include "escape.h"

/*
 * The character at s[0..avail): its length in bytes, and whether a terminal would take it as a
 * control. C0 and DEL are; so are the C1 controls (CSI 0x9b, OSC 0x9d, ...), whether raw, as a
 * byte outside a valid UTF-8 sequence (8-bit terminals act on those), or UTF-8 encoded
 * (U+0080-U+009F, 0xc2 0x80-0x9f: UTF-8 terminals act on these). Any other byte of invalid
 * UTF-8 is no control in any encoding and goes as it is, one byte at a time.
 */
static size_t char_len(const unsigned char *s, size_t avail, int *control)
{
	unsigned cp;
	size_t len;

	*control = s[0] < 0x20 || s[0] == 0x7f || (s[0] >= 0x80 && s[0] <= 0x9f);
	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 1;
	len = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	cp = s[0] & (0x7f >> len);
	if (len > avail)
		return 1;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 1;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and beyond Unicode are bytes, checked one by one */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 1;
	*control = cp <= 0x9f;
	return len;
}

/* printable ASCII: never a control, one byte a character; the common name is all of these */
static inline int plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

int sg_escape_put_text(FILE *out, const char *text, size_t len, const char *keep)
{
	const unsigned char *s = (const unsigned char *) text;
	size_t i = 0, run = 0;

	/*
	 * Runs of bytes that go as they are written with one call each, not a call a byte: a
	 * folded stack is a whole path of names. The stream is ours alone (no other thread writes
	 * it), so the unlocked calls.
	 */
	while (i < len) {
		size_t n;
		int control;

		if (plain(s[i])) {
			i++;
			continue;
		}
		n = char_len(s + i, len - i, &control);
		if (!control || (s[i] && keep && n == 1 && strchr(keep, s[i]))) {
			i += n;
			continue;
		}
		if (i > run && fwrite_unlocked(s + run, 1, i - run, out) != i - run)
			return -1;
		if (putc_unlocked('?', out) == EOF)
			return -1;
		i += n;
		run = i;
	}
	if (len > run && fwrite_unlocked(s + run, 1, len - run, out) != len - run)
		return -1;
	return 0;
}

int sg_escape_put_name(FILE *out, const char *name)
{
	return sg_escape_put_text(out, name, strlen(name), NULL);
}

size_t sg_escape_name_buf(char *buf, size_t size, const char *name)
{
	const unsigned char *s = (const unsigned char *) name;
	size_t k = 0, len = strlen(name);

	if (!size)
		return 0;
	/* the same rule as sg_escape_put_text(); a character that does not fit whole ends it */
	for (size_t i = 0, n; i < len; i += n) {
		int control;

		n = char_len(s + i, len - i, &control);
		if (k + (control ? 1 : n) + 1 > size)
			break;
		if (control) {
			buf[k++] = '?';
		} else {
			memcpy(buf + k, s + i, n);
			k += n;
		}
	}
	buf[k] = '\0';
	return k;
}
