/* xmlcheck.h - a strict little well-formedness check for the SVG the flame graph writers produce. */
#ifndef SG_FUZZ_XMLCHECK_H
#define SG_FUZZ_XMLCHECK_H

#include <stddef.h>
#include <string.h>

/* Bytes of the valid UTF-8 character at s (no overlongs, surrogates or > U+10FFFF), or 0. */
static inline size_t xc_utf8(const unsigned char *s, size_t avail)
{
	unsigned cp;
	size_t n;

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
	if (n > avail)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff)
		return 0;
	return n;
}

/*
 * NULL when doc[0..len) is well-formed as far as the writers go: valid UTF-8 without control
 * characters but '\n', tags balanced, no '<' or stray '&' in text or attribute values, the
 * script's CDATA closed once. Otherwise a static string saying what is wrong; *at is the offset.
 */
static inline const char *xc_check(const char *doc, size_t len, size_t *at)
{
	static const char *const ents[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", NULL };
	const unsigned char *s = (const unsigned char *) doc;
	char stack[64][16];
	int depth = 0, roots = 0;
	size_t i = 0;

	for (size_t k = 0; k < len;) {
		size_t n = xc_utf8(s + k, len - k);

		*at = k;
		if (!n)
			return "invalid UTF-8";
		if (n == 1 && ((s[k] < 0x20 && s[k] != '\n') || s[k] == 0x7f))
			return "control character";
		k += n;
	}
	while (i < len) {
		*at = i;
		if (s[i] == '&') {
			int ok = 0;

			for (int e = 0; ents[e]; e++)
				if (!strncmp(doc + i, ents[e], strlen(ents[e])))
					ok = 1;
			if (!ok)
				return "bare '&'";
			i++;
			continue;
		}
		if (s[i] == '>')
			return "'>' in text";
		if (s[i] != '<') {
			if (!depth && s[i] != '\n')
				return "text outside the root element";
			i++;
			continue;
		}
		if (!strncmp(doc + i, "<?xml", 5) || !strncmp(doc + i, "<!--", 4)) {
			const char *term = !strncmp(doc + i, "<?", 2) ? "?>" : "-->";
			const char *end = strstr(doc + i, term);

			if (!end)
				return "unclosed declaration or comment";
			i = (size_t) (end - doc) + strlen(term);
			continue;
		}
		if (!strncmp(doc + i, "<![CDATA[", 9)) {
			const char *end = strstr(doc + i, "]]>");

			if (!end)
				return "unclosed CDATA";
			i = (size_t) (end - doc) + 3;
			continue;
		}
		int closing = s[i + 1] == '/';
		size_t j = i + 1 + (size_t) closing, nlen = 0;
		char name[16];

		while (j < len && ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= 'A' && s[j] <= 'Z'))) {
			if (nlen + 1 < sizeof(name))
				name[nlen++] = (char) s[j];
			j++;
		}
		name[nlen] = '\0';
		if (!nlen)
			return "'<' not starting a tag";
		/* attributes: name="value" with no '<', '"' or bare '&' inside */
		while (j < len && s[j] != '>' && !(s[j] == '/' && s[j + 1] == '>')) {
			if (s[j] == '"') {
				for (j++; j < len && s[j] != '"'; j++) {
					if (s[j] == '<')
						return "'<' in an attribute value";
					if (s[j] == '&' && strncmp(doc + j, "&amp;", 5) &&
					    strncmp(doc + j, "&quot;", 6) && strncmp(doc + j, "&lt;", 4) &&
					    strncmp(doc + j, "&gt;", 4) && strncmp(doc + j, "&#39;", 5))
						return "bare '&' in an attribute value";
				}
			} else if (s[j] == '<') {
				return "'<' inside a tag";
			}
			j++;
		}
		if (j >= len)
			return "unclosed tag";
		if (closing) {
			if (!depth || strcmp(stack[depth - 1], name))
				return "closing tag does not match";
			depth--;
		} else if (s[j] == '>') {
			if (depth == 64)
				return "too deep";
			if (!depth && roots++)
				return "two root elements";
			memcpy(stack[depth++], name, nlen + 1);
		}
		i = j + (s[j] == '>' ? 1 : 2);
	}
	*at = len;
	if (depth)
		return "unclosed element";
	if (!roots)
		return "no root element";
	return NULL;
}

#endif
