/* render_raw.c - raw output (-m raw): the input lines of each complete invocation, unchanged. */
#include "fmt.h"
#include "render_raw.h"

int sg_render_raw(FILE *out, const struct sg_invocation *inv, int escape)
{
	if (!escape && inv->raw_len)
		fwrite(inv->raw, 1, inv->raw_len, out);
	if (escape)
		sg_escape_put_text(out, inv->raw, inv->raw_len, "\t\n");
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
