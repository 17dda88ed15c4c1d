/* render_raw.c - raw output (-m raw): the input lines of each complete invocation, unchanged. */
#include "render_raw.h"

int sg_render_raw(FILE *out, const struct sg_invocation *inv, int escape)
{
	if (!escape && inv->raw_len)
		fwrite(inv->raw, 1, inv->raw_len, out);
	for (size_t i = 0; escape && i < inv->raw_len; i++) {
		unsigned char c = (unsigned char) inv->raw[i];

		putc((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f ? '?' : c, out);
	}
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
