/* difffmt.c - a comparison's numbers for people: a path's delta% (the text diff and the TUI's). */
#include "difffmt.h"

const char *sg_difffmt_pct(char buf[SG_FMT_LEN], int64_t d, uint64_t before,
			   enum sg_treediff_state state)
{
	int64_t bp;

	if (state == SG_TREEDIFF_NEW)
		return "new";
	if (state == SG_TREEDIFF_GONE)
		return "gone";
	if (sg_treediff_ratio(d, before, &bp) < 0)
		return d ? "n/a" : "0.00%";
	return sg_fmt_delta_pct(buf, bp);
}
