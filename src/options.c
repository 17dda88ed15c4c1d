/* options.c - the command line: what to trace or read, how to render, where to write. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "log.h"
#include "options.h"

static const char usage[] =
	"Usage: surfgraph -f FUNC [-m MODE] [-i INPUT] [-o FILE.tree] [options]\n"
	"       surfgraph diff [options] BEFORE.tree AFTER.tree   (compare two runs: diff --help)\n"
	"\n"
	"Profile a kernel function with the ftrace function_graph tracer: every call of FUNC\n"
	"becomes a call tree with the time spent in each callee; the trees are merged and\n"
	"rendered as a flame graph, a text tree, walk lines, folded stacks or a flat profile.\n"
	"\n"
	"Input:\n"
	"  -f, --function FUNC   the root function (repeatable; globs and .isra/.part/.constprop/\n"
	"                        .cold variants match: -f __do_fault also matches __do_fault.isra.0)\n"
	"  -i, --input FILE      read a saved trace instead of the live kernel: `trace` or\n"
	"                        `trace_pipe` text (any funcgraph-* options), `trace-cmd report`\n"
	"                        text, or a .tree file written by -o ('-' reads stdin)\n"
	"\n"
	"Filters (live, or on a saved trace as if it had been traced so; -x, --no-irqs and\n"
	"--max-depth also on .tree files; the time cut off stays in the caller's self time):\n"
	"  -p PID                only this task's calls (repeatable)\n"
	"  -C CPULIST            only calls on these CPUs (e.g. 0-3,6)\n"
	"      --max-depth N     keep N levels of calls, the root's included\n"
	"  -x, --exclude FUNC    leave out FUNC and what it calls (repeatable)\n"
	"      --no-irqs         leave interrupts out of the trees\n"
	"\n"
	"Live tracing (root; without -i):\n"
	"  -d SECONDS            stop after this long (default: Ctrl-C)\n"
	"  -n N                  stop after N complete invocations\n"
	"  -- CMD [ARGS]         run CMD and trace only it and its children, until it exits\n"
	"      --no-sleep-time   durations without the time spent asleep\n"
	"      --buffer-size KB  per-CPU ring buffer size\n"
	"      --text            read the text trace_pipe instead of the binary buffers\n"
	"      --force           take over tracefs even when another tracer is active\n"
	"  The kernel's tracing settings are saved first and restored at exit, also on Ctrl-C,\n"
	"  SIGTERM and SIGHUP, or at the next start after a crash. -v shows every tracefs write.\n"
	"\n"
	"Output:\n"
	"  -m, --mode MODE       svg (default: flame graph), tree (indented call tree), walk (one\n"
	"                        line per node per invocation), raw (the trace lines of each\n"
	"                        invocation), folded (flamegraph.pl stacks), top (flat profile),\n"
	"                        png or pdf (the flame graph drawn through cairo)\n"
	"  -o, --output FILE     save the merged tree and the last invocations to FILE\n"
	"                        (default ROOT.tree for traces; '-' is stdout); reload with -i.\n"
	"                        Not the flame graph: that is ROOT.svg (see --outdir)\n"
	"      --no-save         do not write the .tree file\n"
	"  -s, --step N          svg: also draw invocation N, 2N, ... (default 1; 0: none)\n"
	"      --outdir DIR      svg/png/pdf: write ROOT.svg and ROOT-N.svg into DIR\n"
	"      --width PX        svg/png/pdf: image width (default 1200)\n"
	"      --minwidth PX     svg/png/pdf: leave out frames narrower than PX (default 0.1)\n"
	"      --title TEXT      svg/png/pdf: title instead of the root's name\n"
	"      --subtitle TEXT   svg/png/pdf: a line under the title, before the run's facts\n"
	"      --inverted        svg/png/pdf: icicle graph, the root at the top\n"
	"      --sort-name       svg/png/pdf: callees in name order (default: widest first)\n"
	"      --palette P       svg/png/pdf: hot (default: warm colours hashed from the name)\n"
	"                        or subsys (hue by subsystem: mm, fs, sched, irq, locking)\n"
	"      --each            tree: also print every invocation's own tree, in call order\n"
	"      --keep N          invocations kept whole in the .tree file (default 32)\n"
	"      --ascii           tree: draw with ASCII (the default when not on a UTF-8 terminal)\n"
	"      --unicode         tree: draw with box-drawing characters\n"
	"      --min-percent P   tree: hide calls under P% of the root, and say how many\n"
	"                        (default 0.5 on a terminal, 0 otherwise)\n"
	"      --depth N         tree: show N levels, the root's included (default: all)\n"
	"      --color[=WHEN]    tree: colour the hot paths, red from 5% of the root, green\n"
	"                        from 0.5%: auto (default: on a terminal), always, never\n"
	"      --no-pager        do not page text on a terminal (default: $PAGER, or less -FRX)\n"
	"      --unit ns|us      folded: weight unit (default ns: weights add up to the total);\n"
	"                        tree: us gives every time in microseconds (default: scaled)\n"
	"  -q, --quiet           no summary on stderr\n"
	"  -v, --verbose         more detail in the summary; show tracefs writes\n"
	"  -h, --help            this help\n"
	"  -V, --version         the version\n"
	"\n"
	"Examples:\n"
	"  surfgraph -f __do_fault -i trace.txt -m tree       merged call tree of a saved trace\n"
	"  surfgraph -f __do_fault -i trace.txt -m folded | flamegraph.pl > f.svg\n"
	"  surfgraph -i __do_fault.tree -m top                 flat profile of a saved run\n"
	"  cat /sys/kernel/tracing/trace_pipe | surfgraph -f vfs_read -i - -m walk\n"
	"\n"
	"Times are the kernel's (sleep included unless sleep-time is off). Exit status: 0 success,\n"
	"1 runtime error, 2 usage error. Formats: docs/tree-format.md; design: docs/architecture.md.\n";

enum { OPT_NO_SAVE = 256, OPT_EACH, OPT_KEEP, OPT_ASCII, OPT_UNICODE, OPT_UNIT, OPT_MIN_PERCENT,
       OPT_DEPTH, OPT_COLOR, OPT_NO_PAGER };

/* flame graph options */
enum { OPT_OUTDIR = 768, OPT_WIDTH, OPT_MINWIDTH, OPT_TITLE, OPT_SUBTITLE, OPT_INVERTED,
       OPT_SORT_NAME, OPT_PALETTE };

enum { OPT_MAX_DEPTH = 512, OPT_NO_IRQS, OPT_NO_SLEEP_TIME, OPT_BUFFER_SIZE, OPT_TEXT, OPT_FORCE };

static const struct option longopts[] = {
	{ "function", required_argument, NULL, 'f' },
	{ "mode", required_argument, NULL, 'm' },
	{ "step", required_argument, NULL, 's' },
	{ "output", required_argument, NULL, 'o' },
	{ "input", required_argument, NULL, 'i' },
	{ "no-save", no_argument, NULL, OPT_NO_SAVE },
	{ "each", no_argument, NULL, OPT_EACH },
	{ "keep", required_argument, NULL, OPT_KEEP },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "unicode", no_argument, NULL, OPT_UNICODE },
	{ "unit", required_argument, NULL, OPT_UNIT },
	{ "min-percent", required_argument, NULL, OPT_MIN_PERCENT },
	{ "depth", required_argument, NULL, OPT_DEPTH },
	{ "color", optional_argument, NULL, OPT_COLOR },
	{ "colour", optional_argument, NULL, OPT_COLOR },
	{ "no-pager", no_argument, NULL, OPT_NO_PAGER },
	{ "outdir", required_argument, NULL, OPT_OUTDIR },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "minwidth", required_argument, NULL, OPT_MINWIDTH },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "subtitle", required_argument, NULL, OPT_SUBTITLE },
	{ "inverted", no_argument, NULL, OPT_INVERTED },
	{ "sort-name", no_argument, NULL, OPT_SORT_NAME },
	{ "palette", required_argument, NULL, OPT_PALETTE },
	{ "duration", required_argument, NULL, 'd' },
	{ "count", required_argument, NULL, 'n' },
	{ "pid", required_argument, NULL, 'p' },
	{ "cpus", required_argument, NULL, 'C' },
	{ "max-depth", required_argument, NULL, OPT_MAX_DEPTH },
	{ "exclude", required_argument, NULL, 'x' },
	{ "no-irqs", no_argument, NULL, OPT_NO_IRQS },
	{ "no-sleep-time", no_argument, NULL, OPT_NO_SLEEP_TIME },
	{ "buffer-size", required_argument, NULL, OPT_BUFFER_SIZE },
	{ "text", no_argument, NULL, OPT_TEXT },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static const char *const modes[] = { "svg", "tree", "walk", "raw",
				      "folded", "top", "png", "pdf", NULL };

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
	{ 's', "-s", FLAME_MODES, "svg, png or pdf" },
	{ OPT_WIDTH, "--width", FLAME_MODES, "svg, png or pdf" },
	{ OPT_MINWIDTH, "--minwidth", FLAME_MODES, "svg, png or pdf" },
	{ OPT_TITLE, "--title", FLAME_MODES, "svg, png or pdf" },
	{ OPT_SUBTITLE, "--subtitle", FLAME_MODES, "svg, png or pdf" },
	{ OPT_INVERTED, "--inverted", FLAME_MODES, "svg, png or pdf" },
	{ OPT_SORT_NAME, "--sort-name", FLAME_MODES, "svg, png or pdf" },
	{ OPT_PALETTE, "--palette", FLAME_MODES, "svg, png or pdf" },
	{ OPT_EACH, "--each", 1u << SG_MODE_TREE, "tree" },
	{ OPT_MIN_PERCENT, "--min-percent", 1u << SG_MODE_TREE, "tree" },
	{ OPT_DEPTH, "--depth", 1u << SG_MODE_TREE, "tree" },
	{ OPT_COLOR, "--color", 1u << SG_MODE_TREE, "tree" },
	{ OPT_UNIT, "--unit", 1u << SG_MODE_FOLDED | 1u << SG_MODE_TREE, "folded or tree" },
};

/* One line naming the first option given that the chosen mode would ignore. */
static int check_mode_only(const struct sg_options *o, const unsigned char *seen)
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
	if (o->no_save && (o->output || seen[OPT_KEEP])) {
		sg_log_error("--no-save writes no .tree file: %s has nothing to do",
			     o->output ? "-o" : "--keep");
		return -1;
	}
	return 0;
}

/* A whole non-negative number no larger than max. */
static int parse_count(const char *opt, const char *s, long max, long *out)
{
	char *end;
	long v;

	if (!*s || *s == '-' || *s == '+')
		goto bad;
	v = strtol(s, &end, 10);
	if (*end || v > max)
		goto bad;
	*out = v;
	return 0;
bad:
	sg_log_error("%s wants a whole number from 0 to %ld, not '%s'", opt, max, s);
	return -1;
}

/*
 * A percentage as hundredths of a percent: "5", "2.5", "0.25", "10%". Two decimals are the
 * precision of every percentage surfgraph prints, so the limit is compared exactly.
 */
int sg_options_pct(const char *opt, const char *s, uint32_t *out)
{
	uint64_t v = 0;
	int decimals = -1;
	const char *p = s;

	for (; *p && *p != '%'; p++) {
		if (*p == '.' && decimals < 0) {
			decimals = 0;
			continue;
		}
		if (*p < '0' || *p > '9' || decimals == 2)
			goto bad;
		v = v * 10 + (uint64_t) (*p - '0');
		if (decimals >= 0)
			decimals++;
		if (v > 100000000)
			goto bad;
	}
	if (p == s || (*p == '%' && p[1]) || (decimals == 0 && p[-1] == '.' && p - 1 == s))
		goto bad;
	for (int d = decimals < 0 ? 0 : decimals; d < 2; d++)
		v *= 10;
	*out = (uint32_t) v;
	return 0;
bad:
	sg_log_error("%s wants a percentage such as 5 or 2.5 (at most 2 decimals), not '%s'", opt,
		     s);
	return -1;
}

/* Append to a growing array of pointers or ints. */
static int push(void *arrp, int *n, size_t size, const void *elem)
{
	char **arr = arrp;
	char *nv = realloc(*arr, (size_t) (*n + 1) * size);

	if (!nv) {
		sg_log_error("out of memory");
		return -1;
	}
	memcpy(nv + (size_t) *n * size, elem, size);
	*arr = nv;
	(*n)++;
	return 0;
}

/* Live-tracing options: 0 handled, 1 not one of them, -1 error. */
static int parse_live(struct sg_options *o, int c, const char *arg)
{
	long v;
	char *end;

	switch (c) {
	case 'd':
		o->duration = strtod(arg, &end);
		if (end == arg || *end || !(o->duration > 0) || o->duration > 1e7) {
			sg_log_error("-d wants a number of seconds, not '%s'", arg);
			return -1;
		}
		return 0;
	case 'n':
		if (parse_count("-n", arg, 1000000000, &v) < 0)
			return -1;
		o->count = (unsigned long) v;
		return 0;
	case 'p': {
		int pid;

		if (parse_count("-p", arg, 1 << 22, &v) < 0 || v == 0) {
			sg_log_error("-p wants a process id, not '%s'", arg);
			return -1;
		}
		pid = (int) v;
		return push(&o->pids, &o->npids, sizeof(pid), &pid);
	}
	case 'C':
		if (!*arg || strspn(arg, "0123456789,-") != strlen(arg)) {
			sg_log_error("-C wants a CPU list like 0-3,6, not '%s'", arg);
			return -1;
		}
		o->cpus = arg;
		return 0;
	case OPT_MAX_DEPTH:
		if (parse_count("--max-depth", arg, 1000000, &v) < 0)
			return -1;
		o->max_depth = (int) v;
		return 0;
	case 'x':
		if (!*arg) {
			sg_log_error("-x wants a function name");
			return -1;
		}
		return push(&o->excludes, &o->nexcludes, sizeof(arg), &arg);
	case OPT_NO_IRQS:
		o->no_irqs = 1;
		return 0;
	case OPT_NO_SLEEP_TIME:
		o->no_sleep_time = 1;
		return 0;
	case OPT_BUFFER_SIZE:
		if (parse_count("--buffer-size", arg, 1L << 30, &v) < 0 || v == 0) {
			sg_log_error("--buffer-size wants a size in KB, not '%s'", arg);
			return -1;
		}
		o->buffer_kb = (unsigned long) v;
		return 0;
	case OPT_TEXT:
		o->text = 1;
		return 0;
	case OPT_FORCE:
		o->force = 1;
		return 0;
	default:
		return 1;
	}
}

/* A .tree written under a picture's name would only be found by surprise. */
static int names_picture(const char *path)
{
	static const char *const exts[] = { ".svg", ".png", ".pdf", ".html", ".htm", NULL };
	size_t n = strlen(path);

	for (int i = 0; exts[i]; i++) {
		size_t e = strlen(exts[i]);

		if (n > e && strcasecmp(path + n - e, exts[i]) == 0)
			return 1;
	}
	return 0;
}

int sg_options_parse(struct sg_options *o, int argc, char **argv)
{
	int c;
	long v;
	unsigned char seen[1024] = { 0 }; /* option codes given */

	memset(o, 0, sizeof(*o));
	o->step = 1;
	o->keep = 32;
	o->width = 1200;
	o->minwidth = 0.1;
	o->mode_name = "svg";
	o->min_percent_bp = -1;
	opterr = 0;
	/* Everything after "--" is the command to trace; getopt never sees it. */
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			if (i + 1 == argc) {
				sg_log_error("'--' wants a command after it");
				return -1;
			}
			o->command = &argv[i + 1];
			argc = i;
			break;
		}
	}
	while ((c = getopt_long(argc, argv, ":f:m:s:o:i:d:n:p:C:x:qvhV", longopts, NULL)) != -1) {
		int live = parse_live(o, c, optarg);

		if (c >= 0 && c < (int) sizeof(seen))
			seen[c] = 1;

		if (live < 0)
			return -1;
		if (live == 0)
			continue;
		switch (c) {
		case 'f': {
			const char **n = realloc(o->functions, (o->nfunctions + 1) * sizeof(*n));

			if (!n) {
				sg_log_error("out of memory");
				return -1;
			}
			o->functions = n;
			if (!*optarg) {
				sg_log_error("-f wants a function name");
				return -1;
			}
			o->functions[o->nfunctions++] = optarg;
			break;
		}
		case 'm': {
			int i;

			for (i = 0; modes[i] && strcmp(modes[i], optarg); i++)
				;
			if (!modes[i]) {
				sg_log_error("unknown mode '%s': use svg, png, pdf, tree, walk, raw, folded "
					     "or top",
					     optarg);
				return -1;
			}
			o->mode = (enum sg_mode) i;
			o->mode_name = modes[i];
			break;
		}
		case 's':
			if (parse_count("-s", optarg, 1000000000, &v) < 0)
				return -1;
			o->step = (int) v;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'i':
			o->input = optarg;
			break;
		case OPT_NO_SAVE:
			o->no_save = 1;
			break;
		case OPT_EACH:
			o->each = 1;
			break;
		case OPT_KEEP:
			if (parse_count("--keep", optarg, 65536, &v) < 0)
				return -1;
			o->keep = (unsigned) v;
			break;
		case OPT_ASCII:
			o->ascii = 1;
			break;
		case OPT_UNICODE:
			o->unicode = 1;
			break;
		case OPT_UNIT:
			if (strcmp(optarg, "ns") && strcmp(optarg, "us")) {
				sg_log_error("--unit takes ns or us, not '%s'", optarg);
				return -1;
			}
			o->unit_us = strcmp(optarg, "us") == 0;
			break;
		case OPT_MIN_PERCENT: {
			uint32_t bp;

			if (sg_options_pct("--min-percent", optarg, &bp) < 0)
				return -1;
			if (bp > 10000) {
				sg_log_error("--min-percent %s would hide even the root: give 0 to 100",
					     optarg);
				return -1;
			}
			o->min_percent_bp = (int) bp;
			break;
		}
		case OPT_DEPTH:
			if (parse_count("--depth", optarg, 1000000, &v) < 0)
				return -1;
			o->depth = (int) v;
			break;
		case OPT_COLOR:
			/* as git: --color alone means always */
			if (!optarg || strcmp(optarg, "always") == 0) {
				o->color = SG_COLOR_ALWAYS;
			} else if (strcmp(optarg, "auto") == 0) {
				o->color = SG_COLOR_AUTO;
			} else if (strcmp(optarg, "never") == 0) {
				o->color = SG_COLOR_NEVER;
			} else {
				sg_log_error("--color takes auto, always or never, not '%s'", optarg);
				return -1;
			}
			break;
		case OPT_NO_PAGER:
			o->no_pager = 1;
			break;
		case OPT_OUTDIR:
			o->outdir = optarg;
			break;
		case OPT_WIDTH:
			if (parse_count("--width", optarg, 100000, &v) < 0)
				return -1;
			if (v < 200) {
				sg_log_error("--width %ld leaves no room for the graph: give 200 or more",
					     v);
				return -1;
			}
			o->width = (int) v;
			break;
		case OPT_MINWIDTH: {
			char *end;

			o->minwidth = strtod(optarg, &end);
			if (!*optarg || *end || !(o->minwidth >= 0 && o->minwidth <= 100000)) {
				sg_log_error("--minwidth wants pixels from 0 to 100000, not '%s'",
					     optarg);
				return -1;
			}
			break;
		}
		case OPT_TITLE:
			o->title = optarg;
			break;
		case OPT_SUBTITLE:
			o->subtitle = optarg;
			break;
		case OPT_INVERTED:
			o->inverted = 1;
			break;
		case OPT_SORT_NAME:
			o->sort_name = 1;
			break;
		case OPT_PALETTE:
			if (strcmp(optarg, "hot") && strcmp(optarg, "subsys")) {
				sg_log_error("--palette takes hot or subsys, not '%s'", optarg);
				return -1;
			}
			o->palette_subsys = strcmp(optarg, "subsys") == 0;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'v':
			o->verbose++;
			break;
		case 'h':
			fputs(usage, stdout);
			return 1;
		case 'V':
			printf("surfgraph %s\n", SG_VERSION);
			return 1;
		case ':':
			sg_log_error("option '%s' needs a value (see --help)", argv[optind - 1]);
			return -1;
		default:
			sg_log_error("unknown option '%s' (see --help)", argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc) {
		sg_log_error("unexpected argument '%s' (see --help)", argv[optind]);
		return -1;
	}
	if (check_mode_only(o, seen) < 0)
		return -1;
	if (o->output && names_picture(o->output)) {
		sg_log_error("-o %s: -o names the .tree file (reload it with -i); flame graphs are "
			     "named after the root (ROOT.svg, ROOT-N.svg): --outdir chooses where",
			     o->output);
		return -1;
	}
	return 0;
}

void sg_options_free(struct sg_options *o)
{
	free(o->functions);
	o->functions = NULL;
	free(o->pids);
	o->pids = NULL;
	free(o->excludes);
	o->excludes = NULL;
}
