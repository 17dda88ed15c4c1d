/* difffmt.h - a comparison's numbers for people: a path's delta% (the text diff and the TUI's). */
#ifndef SG_DIFFFMT_H
#define SG_DIFFFMT_H

#include <stdint.h>
#include "fmt.h"
#include "treediff.h"

/*
 * A diff's delta% (text and TUI alike): "+33.08%", "-0.50%", "0.00%"; "new"/"gone" for a path
 * in one run only; "n/a" from zero.
 */
const char *sg_difffmt_pct(char buf[SG_FMT_LEN], int64_t d, uint64_t before,
			   enum sg_treediff_state state);

#endif
