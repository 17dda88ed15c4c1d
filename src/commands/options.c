/* options.c - the command line: what to trace or read, how to render, where to write. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "log.h"
#include "options.h"
#include "render_top.h"
#include "opttable.h"
#include "optvalue.h"
#include "diffgate.h"
#include "outname.h"
#include "treediff.h"
#include "usage.h"

/* --narrow's learning budget unless --narrow-learn says otherwise (docs/narrowing.md) */
#define NARROW_COUNT   1000
#define NARROW_SECONDS 3.0

/*
 * A percentage as hundredths of a percent: "5", "2.5", "0.25", "10%". Two decimals are the
 * precision of every percentage surfgraph prints, so the limit is compared exactly.
 */
static int parse_pct(const char *opt, const char *s, uint32_t *out)
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

/*
 * --sort: one option, two kinds of thing sorted. duration orders the kept invocations of -m tree
 * --each and -m walk; total, self, calls and name order -m top's rows (sg_opttable_check_mode
 * refuses either where the other is meant).
 */
static int parse_sort(struct sg_options *o, const char *s)
{
	static const char *const top[] = {[SG_TOP_SELF] = "self",
					  [SG_TOP_TOTAL] = "total",
					  [SG_TOP_CALLS] = "calls",
					  [SG_TOP_NAME] = "name"};

	o->sort_duration = 0;
	o->top_order = SG_TOP_SELF;
	if (strcmp(s, "duration") == 0) {
		o->sort_duration = 1;
		return 0;
	}
	for (int i = 0; i < (int) (sizeof(top) / sizeof(top[0])); i++)
		if (strcmp(s, top[i]) == 0) {
			o->top_order = i;
			o->sort_top = s;
			return 0;
		}
	sg_log_error("--sort takes duration (the kept invocations of -m tree --each or walk, "
		     "longest first) or total, self, calls or name (-m top's rows), not '%.40s'",
		     s);
	return -1;
}

int sg_options_parse(struct sg_options *o, int argc, char **argv)
{
	int c;
	long v;
	unsigned char seen[SG_OPT_MAX_CODE] = { 0 }; /* option codes given */
	const char *given[SG_OPT_MAX_CODE] = { NULL }; /* and the value each was given */

	memset(o, 0, sizeof(*o));
	o->step = -1; /* not given: ROOT.svg, the slowest and a typical one */
	o->keep = 32;
	o->keep_slowest = 8;
	o->width = 1200;
	o->minwidth = 0.1;
	o->mode_name = "svg";
	o->min_percent_bp = -1;
	o->narrow_count = NARROW_COUNT;
	o->narrow_seconds = NARROW_SECONDS;
	opterr = 0;
	optind = 1;
	/* a subcommand shares the options; from here argv[0] is "diff" */
	if (argc > 1 && strcmp(argv[1], "diff") == 0) {
		o->diff = 1;
		o->mode = SG_MODE_TREE;
		o->mode_name = "tree";
		argc--;
		argv++;
	} else if (argc > 1 && strcmp(argv[1], "merge") == 0) {
		o->merge = 1;
		argc--;
		argv++;
	} else if (argc > 1 && strcmp(argv[1], "tui") == 0) {
		o->tui = 1;
		o->mode_name = "tui";
		argc--;
		argv++;
	}
	/* Everything after "--" is the command to trace; getopt never sees it. */
	for (int i = 1; i < argc && !o->diff && !o->merge && !o->tui; i++) {
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
	while ((c = getopt_long(argc, argv, ":f:m:s:o:i:d:n:p:C:x:w:qvhV", sg_opttable_long,
				NULL)) != -1) {
		int live = sg_optvalue_live(o, c, optarg);

		if (c >= 0 && c < (int) sizeof(seen) && c != '?' && c != ':') {
			char name[48];

			if (seen[c] && !sg_opttable_repeatable(c)) {
				sg_opttable_name(c, name, sizeof(name));
				sg_log_error("%s%s given twice (%s%.40s%s, then %s%.40s%s): it takes "
					     "one value, and the second would silently replace the "
					     "first; give it once",
					     o->diff ? "diff: " : o->merge ? "merge: " : o->tui ? "tui: " : "",
					     name, given[c] ? "'" : "", given[c] ? given[c] : "alone",
					     given[c] ? "'" : "", optarg ? "'" : "",
					     optarg ? optarg : "alone", optarg ? "'" : "");
				return -1;
			}
			seen[c] = 1;
			given[c] = optarg;
		}

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

			for (i = 0; sg_opttable_modes[i] && strcmp(sg_opttable_modes[i], optarg); i++)
				;
			if (!sg_opttable_modes[i]) {
				sg_log_error("unknown mode '%s': use svg, png, pdf, tree, walk, "
					     "raw, folded, "
					     "top, hist, pprof, replay, chrome, speedscope or tui",
					     optarg);
				return -1;
			}
			o->mode = (enum sg_mode) i;
			o->mode_name = sg_opttable_modes[i];
			break;
		}
		case 's':
			if (sg_optvalue_count("-s", optarg, 1000000000, &v) < 0)
				return -1;
			o->step = (int) v;
			break;
		case 'o':
			o->output = optarg;
			/* surfGraph's -o 0 / -o 1: do not save / save (under the default name) */
			if (!o->diff && !o->merge && (strcmp(optarg, "0") == 0 || strcmp(optarg, "1") == 0)) {
				o->no_save = strcmp(optarg, "0") == 0;
				o->no_save_opt = "-o 0";
				o->save_default = !o->no_save;
				o->output = NULL;
			}
			break;
		case 'i':
			o->input = optarg;
			break;
		case OPT_NO_SAVE:
			o->no_save = 1;
			o->no_save_opt = "--no-save";
			o->save_default = 0;
			break;
		case OPT_EACH:
			o->each = 1;
			break;
		case OPT_KEEP:
			o->keep_opt = "--keep";
			/* all: every invocation into the timeline as it completes (export.h) */
			o->keep_all = strcmp(optarg, "all") == 0;
			if (o->keep_all)
				break;
			/* fallthrough */
		case OPT_KEEP_SLOWEST:
			if (!o->keep_opt)
				o->keep_opt = "--keep-slowest";
			if (sg_optvalue_count(c == OPT_KEEP ? "--keep" : "--keep-slowest", optarg, 65536,
					&v) < 0)
				return -1;
			*(c == OPT_KEEP ? &o->keep : &o->keep_slowest) = (unsigned) v;
			break;
		case OPT_SORT:
			if (parse_sort(o, optarg) < 0)
				return -1;
			break;
		case OPT_PICK:
			if (sg_pick_parse(optarg, &o->pick) < 0)
				return -1;
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

			if (parse_pct("--min-percent", optarg, &bp) < 0)
				return -1;
			if (bp > 10000) {
				sg_log_error(
				    "--min-percent %s would hide even the root: give 0 to 100",
				    optarg);
				return -1;
			}
			o->min_percent_bp = (int) bp;
			break;
		}
		case OPT_DEPTH:
			if (sg_optvalue_count("--depth", optarg, 1000000, &v) < 0)
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
				sg_log_error("--color takes auto, always or never, not '%s'",
					     optarg);
				return -1;
			}
			break;
		case OPT_NO_PAGER:
			o->no_pager = 1;
			break;
		case OPT_PAGER:
			if (!*optarg) {
				sg_log_error("--pager wants a command (--no-pager for none)");
				return -1;
			}
			o->pager = optarg;
			break;
		case OPT_OUTDIR:
			/* '' would be the root for the .tree file and the current directory for the
			 * graphs: no directory is meant */
			if (!*optarg) {
				sg_log_error("--outdir wants a directory name, not ''");
				return -1;
			}
			o->outdir = optarg;
			break;
		case OPT_WIDTH:
			if (sg_optvalue_count("--width", optarg, 100000, &v) < 0)
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
		case OPT_TOTAL:
			o->totals = 1;
			break;
		case OPT_THRESHOLD:
			if (parse_pct("--threshold", optarg, &o->threshold_bp) < 0)
				return -1;
			break;
		case OPT_SLOW:
			o->slow = 1;
			break;
		case OPT_LEVEL:
			if (parse_pct("--level", optarg, &o->level_bp) < 0)
				return -1;
			/* an interval that holds everything, or nothing, tests nothing */
			if (o->level_bp < 5000 || o->level_bp >= 10000) {
				sg_log_error("--level is a confidence level from 50 to below 100 "
					     "(99, 95, 99.9), not '%s'",
					     optarg);
				return -1;
			}
			break;
		case OPT_ALL:
			o->all = 1;
			break;
		case OPT_RENAME:
			if (!*optarg || *optarg == '=' ||
			    (strchr(optarg, '=') && !strchr(optarg, '=')[1])) {
				sg_log_error(
				    "--rename wants OLD=NEW (or a file of such lines), not "
				    "'%s'",
				    optarg);
				return -1;
			}
			if (sg_optvalue_push(&o->renames, &o->nrenames, sizeof(optarg), &optarg) < 0)
				return -1;
			break;
		case OPT_EXACT_NAMES:
			o->exact_names = 1;
			break;
		case OPT_MIN_DELTA:
			if (sg_optvalue_time("--min-delta", optarg, &o->min_delta_ns) < 0)
				return -1;
			break;
		case OPT_TUI_DIFF:
			o->tui_diff = 1;
			break;
		case OPT_NEGATE:
			o->negate = 1;
			break;
		case OPT_FAIL_ABOVE:
			if (parse_pct("--fail-above", optarg, &o->limit_bp) < 0)
				return -1;
			o->gate = 1;
			break;
		case OPT_METRIC: {
			enum sg_diffgate_metric m;

			if (sg_diffgate_metric_parse(optarg, &m) < 0)
				return -1;
			o->metric = (int) m;
			break;
		}
		case 'q':
			o->quiet = 1;
			break;
		case 'v':
			o->verbose++;
			break;
		case 'h':
			fputs(o->diff	 ? sg_usage_diff
			      : o->merge ? sg_usage_merge
			      : o->tui	 ? sg_usage_tui
					 : sg_usage_profile,
			      stdout);
			return 1;
		case 'V':
			printf("surfgraph %s\n", SG_VERSION);
			return 1;
		case ':':
			sg_log_error("%soption '%s' needs a value (see %s--help)",
				     o->diff ? "diff: " : o->merge ? "merge: " : "", argv[optind - 1],
				     o->diff ? "surfgraph diff " : o->merge ? "surfgraph merge " : "");
			return -1;
		default:
			sg_opttable_unknown(o, argv[optind - 1]);
			return -1;
		}
	}
	/* before the checks of what each mode reads: -o d.svg may choose the mode */
	if (sg_outname_check(o, seen['m']) < 0 || sg_opttable_check_subcommand(o, seen) < 0)
		return -1;
	if (o->pager && o->no_pager) {
		sg_log_error("--pager and --no-pager contradict each other: give one");
		return -1;
	}
	if (o->merge) {
		o->files = argv + optind;
		o->nfiles = argc - optind;
		if (!o->nfiles || !o->output) {
			sg_log_error("merge wants the runs' .tree files and -o ALL.tree for the "
				     "result (see surfgraph merge --help)");
			return -1;
		}
		return 0;
	}
	if (o->tui) {
		o->files = argv + optind;
		o->nfiles = argc - optind;
		if (o->input && !o->nfiles) {
			o->files = (char **) &o->input;
			o->nfiles = 1;
		}
		if (o->tui_diff && (o->nfiles != 2 || o->input)) {
			sg_log_error("tui --diff wants two runs, BEFORE and AFTER, not %d: .tree "
				     "files, or traces with -f ROOT",
				     o->nfiles + !!o->input);
			return -1;
		}
		if (!o->tui_diff &&
		    (o->nfiles != 1 || (o->input && o->files != (char **) &o->input))) {
			sg_log_error("tui wants one run to show, not %d: a .tree file, or a trace "
				     "(text or trace.dat) with -f ROOT; two with --diff (see surfgraph "
				     "tui --help)",
				     o->nfiles + (o->input && o->files != (char **) &o->input));
			return -1;
		}
		return 0;
	}
	if (o->diff) {
		o->files = argv + optind;
		o->nfiles = argc - optind;
		if (o->slow && (o->nfiles != 1 || o->gate || o->totals || o->level_bp || o->all)) {
			/* its sides are chosen by duration: nothing to test for significance */
			sg_log_error("diff --slow compares one run's slow calls with its typical "
				     "ones: one RUN (.tree, or a trace with -f), without %s",
				     o->nfiles != 1 ? "a second"
				     : o->gate	    ? "--fail-above"
				     : o->totals    ? "--total"
				     : o->all	    ? "--all"
						    : "--level");
			return -1;
		}
		if (o->nfiles == 1 && !o->slow) {
			/* diff ROOT.tree: the run before it, kept as ROOT.tree.old, against it */
			size_t n = strlen(o->files[0]);

			o->old_file = malloc(n + 5);
			if (!o->old_file) {
				sg_log_error("out of memory");
				return -1;
			}
			memcpy(o->old_file, o->files[0], n);
			memcpy(o->old_file + n, ".old", 5);
			o->pair[0] = o->old_file;
			o->pair[1] = o->files[0];
			o->files = o->pair;
			o->nfiles = 2;
		}
		if (o->nfiles != 2 && !o->slow) {
			sg_log_error(
			    "diff wants two runs, BEFORE and AFTER, not %d: .tree files, or "
			    "traces with -f ROOT; or one ROOT.tree to compare with the run "
			    "before it, ROOT.tree.old (see surfgraph diff --help)",
			    o->nfiles);
			return -1;
		}
		return 0;
	}
	if (optind < argc) {
		sg_log_error("unexpected argument '%s' (see --help)", argv[optind]);
		return -1;
	}
	if (sg_opttable_check_mode(o, seen) < 0)
		return -1;
	if (o->write_dat && (o->input || o->text)) {
		sg_log_error("-w saves a live capture's binary pages: not with %s",
			     o->input ? "-i (the input is already a file)" : "--text");
		return -1;
	}
	/* live --text reads trace_pipe, whose lines carry no time: it makes no [off-cpu] frames */
	if (o->no_off_cpu && !o->input && (o->text || o->no_sleep_time)) {
		sg_log_error("--no-off-cpu: live %s makes no [off-cpu] frames to leave out",
			     o->text ? "--text" : "--no-sleep-time");
		return -1;
	}
	if (o->narrow_from && o->narrow) {
		sg_log_error("--narrow-from narrows from the start to an earlier run's functions; "
			     "--narrow%s learns first: one or the other",
			     seen[OPT_NARROW_LEARN] ? "-learn" : "");
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
	free(o->pnames);
	o->pnames = NULL;
	free(o->excludes);
	free(o->renames);
	o->excludes = NULL;
	free(o->old_file);
	o->old_file = NULL;
}
