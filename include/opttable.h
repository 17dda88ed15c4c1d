/* opttable.h - the options: names, codes, and which subcommand and mode reads each. */
#ifndef SG_OPTTABLE_H
#define SG_OPTTABLE_H

#include <getopt.h>
#include <stddef.h>
#include "options.h"

/* Option codes beyond the short options' characters, grouped as the checks read them. */
enum {
	OPT_NO_SAVE = 256,
	OPT_EACH,
	OPT_KEEP,
	OPT_ASCII,
	OPT_UNICODE,
	OPT_UNIT,
	OPT_MIN_PERCENT,
	OPT_DEPTH,
	OPT_COLOR,
	OPT_NO_PAGER,
	OPT_KEEP_SLOWEST,
	OPT_SORT,
	OPT_PICK,
	OPT_PAGER
};

/* flame graph options */
enum {
	OPT_OUTDIR = 768,
	OPT_WIDTH,
	OPT_MINWIDTH,
	OPT_TITLE,
	OPT_SUBTITLE,
	OPT_INVERTED,
	OPT_SORT_NAME,
	OPT_PALETTE
};

/* surfgraph diff */
enum {
	OPT_TOTAL = 1024,
	OPT_THRESHOLD,
	OPT_NEGATE,
	OPT_FAIL_ABOVE,
	OPT_METRIC,
	OPT_SLOW,
	OPT_LEVEL,
	OPT_ALL,
	OPT_RENAME,
	OPT_EXACT_NAMES,
	OPT_MIN_DELTA
};

enum { OPT_MAX_DEPTH = 512, OPT_NO_IRQS, OPT_NO_SLEEP_TIME, OPT_BUFFER_SIZE, OPT_TEXT, OPT_FORCE };
/* below OPT_TOTAL: options of the main command */
enum {
	OPT_ARGS = OPT_FORCE + 1,
	OPT_RETVAL,
	OPT_NARROW,
	OPT_NARROW_LEARN,
	OPT_NARROW_FROM,
	OPT_NO_OFF_CPU,
	OPT_TUI_DIFF /* tui --diff BEFORE AFTER */
};

/* The largest option code + 1: the size of a "seen" array indexed by code. */
#define SG_OPT_MAX_CODE 1100

/* getopt_long's table, and the -m names in enum sg_mode's order (NULL-terminated). */
extern const struct option sg_opttable_long[];
extern const char *const sg_opttable_modes[];

/* "-x" or "--name" for an option code, as the user may have typed it. */
const char *sg_opttable_name(int code, char *buf, size_t size);

/* Whether the option may be given more than once: the list-growing ones and the flags. */
int sg_opttable_repeatable(int code);

/*
 * An option of the other subcommand, or that diff/merge do not read, would be accepted and do
 * nothing: -1 with one line naming it. seen: SG_OPT_MAX_CODE flags, by code.
 */
int sg_opttable_check_subcommand(const struct sg_options *o, const unsigned char *seen);

/* The first option given that the chosen mode would ignore, or a pair that conflicts: -1. */
int sg_opttable_check_mode(const struct sg_options *o, const unsigned char *seen);

/* The message for an unknown option, with the nearest long option when it looks like a typo. */
void sg_opttable_unknown(const struct sg_options *o, const char *arg);

#endif
