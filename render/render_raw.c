/* render_raw.c - raw output (-m raw): the input lines of each complete invocation, unchanged. */
#include "render_raw.h"

int sg_render_raw(FILE *out, const struct sg_invocation *inv)
{
	if (inv->raw_len)
		fwrite(inv->raw, 1, inv->raw_len, out);
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
