/* cmd_diff.c - `surfgraph diff BEFORE.tree AFTER.tree`: compare two saved runs; a CI gate. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd_diff.h"
#include "diff_folded.h"
#include "diff_svg.h"
#include "diff_text.h"
#include "fmt.h"
#include "log.h"
#include "render_text.h"
#include "options.h"
#include "outfile.h"
#include "strtab.h"
#include "treediff.h"
#include "treefile.h"

/* clang-format off: one source line per help line */
static const char usage[] =
	"Usage: surfgraph diff [options] BEFORE.tree AFTER.tree\n"
	"\n"
	"Compare two runs saved with -o (same root function): for each call path, the time per\n"
	"invocation of the root and the calls per invocation, before and after, and the change.\n"
	"\n"
	"Output:\n"
	"  -m, --mode MODE       tree (default on a terminal): the latency distributions (avg,\n"
	"                        p50, p99, max), the 10 paths whose self time changed most, and\n"
	"                        AFTER's call tree with before, after, delta in us and %;\n"
	"                        svg (default otherwise): a differential flame graph, AFTER's\n"
	"                        shape, red where a frame got slower, blue where faster;\n"
	"                        folded: 'a;b;c BEFORE AFTER' self times in ns, for\n"
	"                        flamegraph.pl and inferno\n"
	"  -o, --output FILE     write there (default: stdout; svg: ROOT.diff.svg; '-' stdout)\n"
	"      --total           compare totals over all invocations, not averages per invocation\n"
	"      --threshold PCT   hide paths whose time changed by less than PCT percent\n"
	"      --negate          svg: draw BEFORE's shape, so paths that are gone show\n"
	"      --force           compare runs of different root functions\n"
	"      --ascii           tree: draw with ASCII (the default when not on a UTF-8 terminal)\n"
	"      --unicode         tree: draw with box-drawing characters\n"
	"\n"
	"Regression gate:\n"
	"      --fail-above PCT  exit with status 3 when the root's METRIC grew by more than PCT\n"
	"                        percent from BEFORE to AFTER\n"
	"      --metric METRIC   avg (default: the mean time per invocation), p50, p99 or max\n"
	"\n"
	"  -q, --quiet           no notes on stderr\n"
	"  -h, --help            this help\n"
	"\n"
	"Examples:\n"
	"  surfgraph -f __do_fault -i before.txt -o before.tree\n"
	"  surfgraph -f __do_fault -i after.txt -o after.tree\n"
	"  surfgraph diff before.tree after.tree -m tree --threshold 5\n"
	"  surfgraph diff before.tree after.tree --fail-above 10 --metric p99 -m svg\n"
	"\n"
	"Exit status: 0 success, 1 runtime error (unreadable file, different roots),\n"
	"2 usage error, 3 the --fail-above limit was passed.\n";
/* clang-format on */

enum mode { MODE_DEFAULT, MODE_TREE, MODE_SVG, MODE_FOLDED };

struct diff_opts {
	enum mode mode;
	const char *output;
	int totals, negate, force, ascii, unicode, quiet;
	int gate;
	uint32_t threshold_bp, limit_bp;
	enum sg_treediff_metric metric;
	const char *file[2];
};

enum {
	OPT_TOTAL = 256,
	OPT_THRESHOLD,
	OPT_NEGATE,
	OPT_FORCE,
	OPT_ASCII,
	OPT_UNICODE,
	OPT_FAIL_ABOVE,
	OPT_METRIC,
};

static const struct option longopts[] = {
	{ "mode", required_argument, NULL, 'm' },
	{ "output", required_argument, NULL, 'o' },
	{ "total", no_argument, NULL, OPT_TOTAL },
	{ "threshold", required_argument, NULL, OPT_THRESHOLD },
	{ "negate", no_argument, NULL, OPT_NEGATE },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "unicode", no_argument, NULL, OPT_UNICODE },
	{ "fail-above", required_argument, NULL, OPT_FAIL_ABOVE },
	{ "metric", required_argument, NULL, OPT_METRIC },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse(struct diff_opts *o, int argc, char **argv)
{
	int c;

	memset(o, 0, sizeof(*o));
	o->metric = SG_TREEDIFF_AVG;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":m:o:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (strcmp(optarg, "tree") == 0)
				o->mode = MODE_TREE;
			else if (strcmp(optarg, "svg") == 0)
				o->mode = MODE_SVG;
			else if (strcmp(optarg, "folded") == 0)
				o->mode = MODE_FOLDED;
			else {
				sg_log_error("diff: unknown mode '%s': use tree, svg or folded",
					     optarg);
				return -1;
			}
			break;
		case 'o':
			o->output = optarg;
			break;
		case OPT_TOTAL:
			o->totals = 1;
			break;
		case OPT_THRESHOLD:
			if (sg_options_pct("--threshold", optarg, &o->threshold_bp) < 0)
				return -1;
			break;
		case OPT_NEGATE:
			o->negate = 1;
			break;
		case OPT_FORCE:
			o->force = 1;
			break;
		case OPT_ASCII:
			o->ascii = 1;
			break;
		case OPT_UNICODE:
			o->unicode = 1;
			break;
		case OPT_FAIL_ABOVE:
			if (sg_options_pct("--fail-above", optarg, &o->limit_bp) < 0)
				return -1;
			o->gate = 1;
			break;
		case OPT_METRIC:
			if (sg_treediff_metric_parse(optarg, &o->metric) < 0)
				return -1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'h':
			fputs(usage, stdout);
			return 1;
		case ':':
			sg_log_error("diff: option '%s' needs a value (see surfgraph diff --help)",
				     argv[optind - 1]);
			return -1;
		default:
			sg_log_error("diff: unknown option '%s' (see surfgraph diff --help)",
				     argv[optind - 1]);
			return -1;
		}
	}
	if (argc - optind != 2) {
		sg_log_error("diff wants two .tree files, BEFORE and AFTER, not %d: surfgraph diff "
			     "BEFORE.tree AFTER.tree (see --help)",
			     argc - optind);
		return -1;
	}
	o->file[0] = argv[optind];
	o->file[1] = argv[optind + 1];
	if (o->negate && o->mode != MODE_SVG && o->mode != MODE_DEFAULT) {
		sg_log_error("--negate only changes the flame graph: add -m svg or drop --negate");
		return -1;
	}
	return 0;
}

/* Reads a run; a file that is not a .tree says how to make one. */
static struct sg_aggregate *load(const char *path, struct sg_strtab *st)
{
	char head[32];
	size_t n;
	struct sg_aggregate *agg;
	FILE *in = fopen(path, "r");

	if (!in) {
		sg_log_error("cannot open %s: %s: give two .tree files saved with -o", path,
			     strerror(errno));
		return NULL;
	}
	n = fread(head, 1, sizeof(head), in);
	if (!sg_treefile_sniff(head, n)) {
		sg_log_error("%s is not a .tree file: save a run with surfgraph -f FUNC -i "
			     "TRACE -o FILE.tree and compare those",
			     path);
		fclose(in);
		return NULL;
	}
	rewind(in);
	agg = sg_treefile_read(in, path, st);
	fclose(in);
	return agg;
}

static int render(const struct diff_opts *o, const struct sg_treediff *d, FILE *out)
{
	struct sg_diff_text_style style = {
		.unicode = o->unicode || (!o->ascii && sg_text_utf8_terminal()),
	};

	switch (o->mode) {
	case MODE_FOLDED:
		return sg_diff_folded_render(out, d);
	case MODE_SVG:
		return sg_diff_svg_render(out, d, o->negate);
	default:
		return sg_diff_text_render(out, d, &style);
	}
}

/* Render to a file written atomically, or straight to stdout. */
static int write_output(const struct diff_opts *o, const struct sg_treediff *d, const char *path)
{
	struct sg_outfile *f;

	if (!path || strcmp(path, "-") == 0) {
		if (render(o, d, stdout) < 0 || fflush(stdout) != 0) {
			if (!*sg_log_message())
				sg_log_error("write to stdout failed: %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	f = sg_outfile_open(path);
	if (!f)
		return -1;
	if (render(o, d, sg_outfile_stream(f)) < 0) {
		sg_outfile_abort(f);
		return -1;
	}
	if (sg_outfile_commit(f) < 0)
		return -1;
	if (!o->quiet)
		fprintf(stderr, "surfgraph: wrote %s\n", path);
	return 0;
}

/* "+33.08%" of b to a, or "+inf%" from zero. */
static void growth(char *buf, size_t size, uint64_t b, uint64_t a)
{
	int64_t bp;

	char p[SG_FMT_LEN];

	if (sg_treediff_ratio((int64_t) (a - b), b, &bp) < 0)
		snprintf(buf, size, "%s", a ? "+inf%" : "0.00%");
	else
		snprintf(buf, size, "%s", sg_fmt_delta_pct(p, bp));
}

/* Returns 0, 1 when there is nothing to compare, or SG_CMD_DIFF_TRIPPED (message set). */
static int gate(const struct diff_opts *o, const struct sg_treediff *d)
{
	const struct sg_treediff_root *w;
	int tripped = sg_treediff_gate(d, o->metric, o->limit_bp, &w);
	const char *metric = sg_treediff_metric_name(o->metric);
	char g[48], lim[32];

	snprintf(lim, sizeof(lim), "%" PRIu32 ".%02" PRIu32 "%%", o->limit_bp / 100,
		 o->limit_bp % 100);
	/* a gate that cannot compare must not pass silently */
	if (!w) {
		sg_log_error("--fail-above: no root has complete invocations in both runs, so "
			     "nothing can be compared: check that both traces caught the function");
		return 1;
	}
	uint64_t b = sg_treediff_metric_value(&w->sum[0], o->metric);
	uint64_t a = sg_treediff_metric_value(&w->sum[1], o->metric);

	growth(g, sizeof(g), b, a);
	if (tripped) {
		sg_log_error("%s %s grew by %s (%" PRIu64 " ns -> %" PRIu64 " ns), more than "
			     "--fail-above %s: a regression, or raise the limit",
			     w->name[1], metric, g, b, a, lim);
		return SG_CMD_DIFF_TRIPPED;
	}
	if (!o->quiet)
		fprintf(stderr, "surfgraph: %s %s changed by %s (%" PRIu64 " ns -> %" PRIu64
				" ns), within --fail-above %s\n",
			w->name[1], metric, g, b, a, lim);
	return 0;
}

int sg_cmd_diff_run(int argc, char **argv)
{
	struct diff_opts o;
	struct sg_strtab *st = NULL;
	struct sg_aggregate *run[2] = { NULL, NULL };
	struct sg_treediff *d = NULL;
	char *defname = NULL;
	const char *path;
	int parsed, rc = 1;

	parsed = parse(&o, argc, argv);
	if (parsed)
		return parsed > 0 ? 0 : 2;
	if (o.mode == MODE_DEFAULT)
		o.mode = isatty(STDOUT_FILENO) ? MODE_TREE : MODE_SVG;
	st = sg_strtab_new();
	if (!st) {
		sg_log_error("out of memory");
		goto out;
	}
	for (int k = 0; k < 2; k++)
		if (!(run[k] = load(o.file[k], st)))
			goto out;
	struct sg_treediff_options dopt = {
		.totals = o.totals,
		.force = o.force,
		.threshold_bp = o.threshold_bp,
		.label = { o.file[0], o.file[1] },
	};

	d = sg_treediff_new(run[0], run[1], &dopt);
	if (!d)
		goto out;
	path = o.output;
	if (!path && o.mode == MODE_SVG) {
		/* ROOT.diff.svg, named by the same rule as ROOT.tree */
		const char *root = d->root_pattern[1];

		defname = sg_outfile_name(NULL, *root ? root : "diff", *root ? ".diff.svg" : ".svg");
		if (!defname)
			goto out;
		path = defname;
	}
	if (write_output(&o, d, path) < 0)
		goto out;
	rc = o.gate ? gate(&o, d) : 0;
out:
	free(defname);
	sg_treediff_free(d);
	sg_aggregate_free(run[0]);
	sg_aggregate_free(run[1]);
	sg_strtab_free(st);
	return rc;
}
