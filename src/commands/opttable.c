/* opttable.c - the options: names, codes, and which subcommand and mode reads each. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "closest.h"
#include "log.h"
#include "opttable.h"

const struct option sg_opttable_long[] = {
    {"function", required_argument, NULL, 'f'},
    {"mode", required_argument, NULL, 'm'},
    {"step", required_argument, NULL, 's'},
    {"output", required_argument, NULL, 'o'},
    {"input", required_argument, NULL, 'i'},
    {"no-save", no_argument, NULL, OPT_NO_SAVE},
    {"each", no_argument, NULL, OPT_EACH},
    {"keep", required_argument, NULL, OPT_KEEP},
    {"keep-slowest", required_argument, NULL, OPT_KEEP_SLOWEST},
    {"sort", required_argument, NULL, OPT_SORT},
    {"pick", required_argument, NULL, OPT_PICK},
    {"ascii", no_argument, NULL, OPT_ASCII},
    {"unicode", no_argument, NULL, OPT_UNICODE},
    {"unit", required_argument, NULL, OPT_UNIT},
    {"min-percent", required_argument, NULL, OPT_MIN_PERCENT},
    {"depth", required_argument, NULL, OPT_DEPTH},
    {"color", optional_argument, NULL, OPT_COLOR},
    {"colour", optional_argument, NULL, OPT_COLOR},
    {"no-pager", no_argument, NULL, OPT_NO_PAGER},
    {"pager", required_argument, NULL, OPT_PAGER},
    {"outdir", required_argument, NULL, OPT_OUTDIR},
    {"width", required_argument, NULL, OPT_WIDTH},
    {"minwidth", required_argument, NULL, OPT_MINWIDTH},
    {"title", required_argument, NULL, OPT_TITLE},
    {"subtitle", required_argument, NULL, OPT_SUBTITLE},
    {"inverted", no_argument, NULL, OPT_INVERTED},
    {"sort-name", no_argument, NULL, OPT_SORT_NAME},
    {"palette", required_argument, NULL, OPT_PALETTE},
    {"duration", required_argument, NULL, 'd'},
    {"count", required_argument, NULL, 'n'},
    {"pid", required_argument, NULL, 'p'},
    {"cpus", required_argument, NULL, 'C'},
    {"max-depth", required_argument, NULL, OPT_MAX_DEPTH},
    {"exclude", required_argument, NULL, 'x'},
    {"no-irqs", no_argument, NULL, OPT_NO_IRQS},
    {"no-sleep-time", no_argument, NULL, OPT_NO_SLEEP_TIME},
    {"no-off-cpu", no_argument, NULL, OPT_NO_OFF_CPU},
    {"buffer-size", required_argument, NULL, OPT_BUFFER_SIZE},
    {"text", no_argument, NULL, OPT_TEXT},
    {"force", no_argument, NULL, OPT_FORCE},
    {"args", no_argument, NULL, OPT_ARGS},
    {"retval", no_argument, NULL, OPT_RETVAL},
    {"write", required_argument, NULL, 'w'},
    {"narrow", no_argument, NULL, OPT_NARROW},
    {"narrow-learn", required_argument, NULL, OPT_NARROW_LEARN},
    {"narrow-from", required_argument, NULL, OPT_NARROW_FROM},
    {"total", no_argument, NULL, OPT_TOTAL},
    {"threshold", required_argument, NULL, OPT_THRESHOLD},
    {"negate", no_argument, NULL, OPT_NEGATE},
    {"fail-above", required_argument, NULL, OPT_FAIL_ABOVE},
    {"metric", required_argument, NULL, OPT_METRIC},
    {"slow", no_argument, NULL, OPT_SLOW},
    {"level", required_argument, NULL, OPT_LEVEL},
    {"all", no_argument, NULL, OPT_ALL},
    {"rename", required_argument, NULL, OPT_RENAME},
    {"exact-names", no_argument, NULL, OPT_EXACT_NAMES},
    {"min-delta", required_argument, NULL, OPT_MIN_DELTA},
    {"diff", no_argument, NULL, OPT_TUI_DIFF},
    {"quiet", no_argument, NULL, 'q'},
    {"verbose", no_argument, NULL, 'v'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

const char *const sg_opttable_modes[] = {"svg",    "tree",   "walk",	     "raw",  "folded",
					 "top",	   "png",    "pdf",	     "hist", "pprof",
					 "replay", "chrome", "speedscope", "json", "tui",
					 NULL};

#define FLAME_MODES (1u << SG_MODE_SVG | 1u << SG_MODE_PNG | 1u << SG_MODE_PDF)

/*
 * Options only some modes read: with another mode they would be accepted and do nothing.
 * --ascii and --unicode are not here: a choice of characters, harmless where none are drawn.
 */
static const struct {
	int code;
	const char *name;
	unsigned modes;
	const char *which;
} mode_only[] = {
    {'s', "-s", FLAME_MODES, "svg, png or pdf"},
    {OPT_WIDTH, "--width", FLAME_MODES, "svg, png or pdf"},
    {OPT_MINWIDTH, "--minwidth", FLAME_MODES, "svg, png or pdf"},
    {OPT_TITLE, "--title", FLAME_MODES, "svg, png or pdf"},
    {OPT_SUBTITLE, "--subtitle", FLAME_MODES, "svg, png or pdf"},
    {OPT_INVERTED, "--inverted", FLAME_MODES, "svg, png or pdf"},
    {OPT_SORT_NAME, "--sort-name", FLAME_MODES, "svg, png or pdf"},
    {OPT_PALETTE, "--palette", FLAME_MODES, "svg, png or pdf"},
    {OPT_EACH, "--each", 1u << SG_MODE_TREE, "tree"},
    {OPT_SORT, "--sort",
     1u << SG_MODE_TREE | 1u << SG_MODE_WALK | 1u << SG_MODE_REPLAY | 1u << SG_MODE_TOP,
     "tree --each, walk, replay or top"},
    {OPT_MIN_PERCENT, "--min-percent", 1u << SG_MODE_TREE, "tree"},
    {OPT_DEPTH, "--depth", 1u << SG_MODE_TREE, "tree"},
    {OPT_COLOR, "--color", 1u << SG_MODE_TREE | 1u << SG_MODE_TUI, "tree or tui"},
    {OPT_UNIT, "--unit", 1u << SG_MODE_FOLDED | 1u << SG_MODE_TREE, "folded or tree"},
    /* -m raw prints the trace's lines unchanged, -m replay the calls as recorded */
    {OPT_NO_OFF_CPU, "--no-off-cpu", ~(1u << SG_MODE_RAW | 1u << SG_MODE_REPLAY),
     "tree, walk, folded, top, hist, svg, png, pdf, pprof, chrome or speedscope"},
};

/* "-x" or "--name" for an option code, as the user may have typed it. */
const char *sg_opttable_name(int code, char *buf, size_t size)
{
	if (code < 256) {
		snprintf(buf, size, "-%c", code);
		return buf;
	}
	for (const struct option *l = sg_opttable_long; l->name; l++)
		if (l->val == code) {
			snprintf(buf, size, "--%s", l->name);
			return buf;
		}
	return "?";
}

/*
 * Whether an option may be given again: the lists (-f, -p, -x, --rename) grow, a flag says the
 * same twice; any other value would replace the first without a word (-m tree -m top).
 */
int sg_opttable_repeatable(int code)
{
	if (code == 'f' || code == 'p' || code == 'x' || code == OPT_RENAME)
		return 1;
	for (const struct option *l = sg_opttable_long; l->name; l++)
		if (l->val == code)
			return l->has_arg == no_argument;
	return 1; /* not an option: the parser refuses it as such */
}

/* What diff reads: the output, the root and filters of the runs it builds, its own options. */
static const int diff_takes[] = {'m',
				 'o',
				 'q',
				 'h',
				 'f',
				 'x',
				 'C',
				 'p',
				 OPT_MAX_DEPTH,
				 OPT_NO_IRQS,
				 OPT_NO_OFF_CPU,
				 OPT_FORCE,
				 OPT_ASCII,
				 OPT_UNICODE,
				 OPT_TOTAL,
				 OPT_THRESHOLD,
				 OPT_NEGATE,
				 OPT_FAIL_ABOVE,
				 OPT_METRIC,
				 OPT_SLOW,
				 OPT_LEVEL,
				 OPT_ALL,
				 OPT_RENAME,
				 OPT_EXACT_NAMES,
				 OPT_MIN_DELTA,
				 OPT_MIN_PERCENT,
				 OPT_DEPTH,
				 OPT_COLOR,
				 OPT_NO_PAGER,
				 OPT_PAGER};

/* What merge reads: where the result goes, and a trace's root (-f) as diff reads it. */
static const int merge_takes[] = {'o', 'q', 'h', 'f', OPT_FORCE};

/* What tui reads: the run it shows, built as -i would (root, filters, what is kept), and its look. */
static const int tui_takes[] = {'i', 'q', 'h', 'f', 'x', 'C', 'p', OPT_MAX_DEPTH, OPT_NO_IRQS,
				OPT_NO_OFF_CPU, OPT_KEEP, OPT_KEEP_SLOWEST, OPT_ASCII, OPT_UNICODE,
				OPT_COLOR, OPT_TUI_DIFF};

/* An option of the other subcommand would be accepted and do nothing: one line instead. */
int sg_opttable_check_subcommand(const struct sg_options *o, const unsigned char *seen)
{
	char name[32];

	for (int c = 0; c < SG_OPT_MAX_CODE; c++) {
		size_t i;

		if (!seen[c])
			continue;
		for (i = 0; i < sizeof(merge_takes) / sizeof(merge_takes[0]) && merge_takes[i] != c;
		     i++)
			;
		if (o->merge && i == sizeof(merge_takes) / sizeof(merge_takes[0])) {
			sg_log_error("merge: %s is not a merge option (see surfgraph merge --help)",
				     sg_opttable_name(c, name, sizeof(name)));
			return -1;
		}
		for (i = 0; i < sizeof(tui_takes) / sizeof(tui_takes[0]) && tui_takes[i] != c; i++)
			;
		if (o->tui && i == sizeof(tui_takes) / sizeof(tui_takes[0])) {
			sg_log_error("tui: %s is not a tui option (see surfgraph tui --help)",
				     sg_opttable_name(c, name, sizeof(name)));
			return -1;
		}
		for (i = 0; i < sizeof(diff_takes) / sizeof(diff_takes[0]) && diff_takes[i] != c;
		     i++)
			;
		if (o->diff && i == sizeof(diff_takes) / sizeof(diff_takes[0])) {
			sg_log_error("diff: %s is not a diff option (see surfgraph diff --help)",
				     sg_opttable_name(c, name, sizeof(name)));
			return -1;
		}
		if (!o->tui && c == OPT_TUI_DIFF) {
			sg_log_error("--diff is for surfgraph tui --diff BEFORE AFTER; to compare runs as "
				     "text: surfgraph diff BEFORE AFTER");
			return -1;
		}
		if (!o->diff && c >= OPT_TOTAL) {
			sg_log_error("%s is for surfgraph diff (see surfgraph diff --help)",
				     sg_opttable_name(c, name, sizeof(name)));
			return -1;
		}
	}
	if (!o->diff && o->mode == SG_MODE_JSON) {
		sg_log_error("-m json is surfgraph diff's (for one run: -m speedscope, chrome "
			     "or pprof)");
		return -1;
	}
	if (o->diff && o->mode != SG_MODE_TREE && o->mode != SG_MODE_SVG &&
	    o->mode != SG_MODE_FOLDED && o->mode != SG_MODE_PNG && o->mode != SG_MODE_PDF &&
	    o->mode != SG_MODE_JSON) {
		sg_log_error("diff: unknown mode '%s': use tree, svg, png, pdf, folded or json",
			     o->mode_name);
		return -1;
	}
	if (o->diff && o->negate && o->mode != SG_MODE_SVG && o->mode != SG_MODE_PNG &&
	    o->mode != SG_MODE_PDF) {
		sg_log_error("--negate only changes the flame graph: add -m svg or drop --negate");
		return -1;
	}
	return 0;
}

/* One line naming the first option given that the chosen mode would ignore. */
int sg_opttable_check_mode(const struct sg_options *o, const unsigned char *seen)
{
	for (size_t i = 0; i < sizeof(mode_only) / sizeof(mode_only[0]); i++) {
		if (!seen[mode_only[i].code] || (mode_only[i].modes & (1u << o->mode)))
			continue;
		sg_log_error("%s is for -m %s, not -m %s", mode_only[i].name, mode_only[i].which,
			     o->mode_name);
		return -1;
	}
	if (o->mode == SG_MODE_TREE && seen[OPT_UNIT] && !o->unit_us) {
		sg_log_error("-m tree --unit takes us (times in fixed microseconds, for scripts)");
		return -1;
	}
	/* every mode but the flame graphs' writes to stdout; -o - would put the .tree after it */
	if (!(FLAME_MODES & (1u << o->mode)) && o->output && strcmp(o->output, "-") == 0) {
		sg_log_error("-m %s writes to stdout: -o - would mix the .tree file into it (-o "
			     "FILE.tree saves it beside)",
			     o->mode_name);
		return -1;
	}
	if (o->keep_all && o->mode != SG_MODE_CHROME && o->mode != SG_MODE_SPEEDSCOPE) {
		sg_log_error("--keep all streams every invocation into -m chrome or speedscope; a "
			     ".tree file "
			     "keeps at most 65536");
		return -1;
	}
	/* one --sort, two things sorted: the invocations (duration) or -m top's rows */
	if (seen[OPT_SORT] && (o->mode == SG_MODE_TOP) == o->sort_duration) {
		if (o->sort_duration)
			sg_log_error("-m top --sort takes total, self, calls or name (its rows); "
				     "duration orders the invocations of -m tree --each and walk");
		else
			sg_log_error("--sort %s orders -m top's rows; -m %s takes --sort duration "
				     "(the kept invocations, longest first)",
				     o->sort_top, o->mode_name);
		return -1;
	}
	if ((seen[OPT_PICK] && (o->each || seen['s'] || o->keep_all)) ||
	    (seen[OPT_SORT] && o->mode == SG_MODE_TREE && !o->each)) {
		sg_log_error(seen[OPT_SORT]
				 ? "--sort orders the invocations of --each (-m tree --each)"
				 : "--pick shows one invocation: not with %s",
			     o->each	   ? "--each"
			     : o->keep_all ? "--keep all"
					   : "-s");
		return -1;
	}
	/* the timelines read --keep too: which invocations they show */
	if (o->no_save && (o->output || ((seen[OPT_KEEP] || seen[OPT_KEEP_SLOWEST]) &&
					 o->mode < SG_MODE_CHROME))) {
		sg_log_error("--no-save writes no .tree file: %s has nothing to do",
			     o->output ? "-o" : o->keep_opt);
		return -1;
	}
	/* -m tui is the live view: a saved run has its own subcommand, one screen shows one tree */
	if (o->mode == SG_MODE_TUI && !o->diff && (o->input || seen[OPT_PICK] ||
						    seen[OPT_PAGER] || seen[OPT_NO_PAGER])) {
		if (o->input)
			sg_log_error("-m tui shows a live run as it is traced: browse a saved one "
				     "with surfgraph tui %s",
				     o->input);
		else
			sg_log_error("-m tui shows the merged tree on its own screen: %s is for the "
				     "text modes (-m tree)",
				     seen[OPT_PICK] ? "--pick" : seen[OPT_PAGER] ? "--pager" : "--no-pager");
		return -1;
	}
	/*
	 * With -i, --no-save (and -o 0) state what happens anyway: nothing is saved unless -o asks.
	 * They stay valid there, as scripts written when -i saved by default pass them.
	 */
	return 0;
}

/* An unknown option, with the nearest long option when it looks like a typo of one. */
void sg_opttable_unknown(const struct sg_options *o, const char *arg)
{
	struct sg_closest c;
	char near[64] = "";

	if (strncmp(arg, "--", 2) == 0) {
		char typed[64];

		snprintf(typed, sizeof(typed), "%.*s", (int) strcspn(arg + 2, "="), arg + 2);
		sg_closest_init(&c, typed, strlen(typed) / 3 + 1);
		for (const struct option *l = sg_opttable_long; l->name; l++)
			sg_closest_offer(&c, l->name, strlen(l->name));
		sg_closest_list(&c, 1, near, sizeof(near));
	}
	sg_log_error("%sunknown option '%s' (see %s--help)%s%s%s",
		     o->diff	? "diff: "
		     : o->merge ? "merge: "
				: "",
		     arg,
		     o->diff	? "surfgraph diff "
		     : o->merge ? "surfgraph merge "
				: "",
		     *near ? ": did you mean --" : "", near, *near ? "?" : "");
}
