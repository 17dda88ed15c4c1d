/* cmd_diff.c - `surfgraph diff BEFORE.tree AFTER.tree`: compare two saved runs; a CI gate. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cmd_diff.h"
#include "cmd_profile.h"
#include "cmd_read.h"
#include "diffgate.h"
#include "diff_folded.h"
#include "diff_json.h"
#include "diff_svg.h"
#include "diff_tail.h"
#include "diff_text.h"
#include "fmt.h"
#include "log.h"
#include "render_text.h"
#include "options.h"
#include "outfile.h"
#include "pager.h"
#include "strtab.h"
#include "tailsplit.h"
#include "treediff.h"
#include "treefile.h"

/* The default confidence level: hundreds of paths at 95% would mark a dozen unchanged ones. */
#define SG_DIFF_LEVEL 0.99

/* Whether stdout is a terminal, known before a pager takes it. */
static int stdout_tty;

/* tty: stdout was a terminal (before the pager took it) and out is stdout */
static int render(const struct sg_options *o, const struct sg_treediff *d, FILE *out, int tty)
{
	/* as -m tree: on a terminal, read rather than diffed: crumbs hidden, colours */
	struct sg_diff_text_style style = {
	    .unicode = o->unicode || (!o->ascii && sg_text_utf8_terminal()),
	    .color = o->color == SG_COLOR_ALWAYS || (o->color == SG_COLOR_AUTO && tty),
	    .min_bp = o->min_percent_bp >= 0 ? (uint32_t) o->min_percent_bp
		      : tty		     ? 50
					     : 0,
	    .depth = o->depth,
	};

	switch (o->mode) {
	case SG_MODE_FOLDED:
		return sg_diff_folded_render(out, d);
	case SG_MODE_JSON:
		return sg_diff_json_render(out, d);
	case SG_MODE_SVG:
		return sg_diff_svg_render(out, d, o->negate);
	case SG_MODE_PNG:
	case SG_MODE_PDF:
		return sg_diff_cairo_render(out, d, o->negate, o->mode == SG_MODE_PDF);
	default:
		return sg_diff_text_render(out, d, &style);
	}
}

/* Render to a file written atomically, or straight to stdout. */
static int write_output(const struct sg_options *o, const struct sg_treediff *d, const char *path)
{
	struct sg_outfile *f;

	if (!path || strcmp(path, "-") == 0) {
		int tty = stdout_tty;

		/* long text on a terminal through the pager, as -m tree (not json or folded) */
		if (o->mode == SG_MODE_TREE && !o->no_pager && tty && sg_pager_start(o->pager) < 0)
			return -1;
		if (render(o, d, stdout, tty) < 0 || fflush(stdout) != 0) {
			sg_pager_finish();
			if (!*sg_log_message())
				sg_log_error("write to stdout failed: %s", strerror(errno));
			return -1;
		}
		sg_pager_finish();
		return 0;
	}
	for (int k = 0; k < o->nfiles; k++) {
		if (sg_outfile_same(path, o->files[k])) {
			sg_log_error("%s is an input: not overwritten (choose another -o)", path);
			return -1;
		}
	}
	f = sg_outfile_open(path);
	if (!f)
		return -1;
	if (render(o, d, sg_outfile_stream(f), 0) < 0) {
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
static int gate(const struct sg_options *o, const struct sg_treediff *d)
{
	const struct sg_treediff_root *w;
	enum sg_diffgate_metric m = (enum sg_diffgate_metric) o->metric;
	int tripped = sg_diffgate_check(d, m, o->limit_bp, &w);
	const char *metric = sg_diffgate_metric_name(m);
	char g[48], lim[32], hb[SG_FMT_LEN], ha[SG_FMT_LEN];
	uint64_t need = sg_diffgate_metric_needs(m);

	snprintf(lim, sizeof(lim), "%" PRIu32 ".%02" PRIu32 "%%", o->limit_bp / 100,
		 o->limit_bp % 100);
	/* a gate that cannot compare must not pass silently */
	if (!w) {
		sg_log_error("--fail-above: no root has complete invocations in both runs, so "
			     "nothing can be compared: check that both traces caught the function");
		return 1;
	}
	uint64_t b = sg_diffgate_metric_value(&w->sum[0], m);
	uint64_t a = sg_diffgate_metric_value(&w->sum[1], m);

	growth(g, sizeof(g), b, a);
	sg_fmt_human(hb, b);
	sg_fmt_human(ha, a);
	/* 6 against 10 calls once gave p50 -80% and avg +33%: say when the figure is that thin */
	if (!o->quiet && (w->sum[0].count < need || w->sum[1].count < need)) {
		fputs("surfgraph: warning: ", stderr);
		sg_escape_put_name(stderr, w->name[1]);
		fprintf(stderr,
			" has %" PRIu64 " invocations before and %" PRIu64
			" after: its %s needs %" PRIu64 " of each to mean more than a few calls "
			"(trace longer, or -n %" PRIu64 ")\n",
			w->sum[0].count, w->sum[1].count, metric, need, need);
	}
	double lvl = sg_diffgate_level(d, m) * 100;

	if (tripped) {
		char sig[160] = "", how[64];
		double p;

		if (sg_diffgate_tests(d, m)) {
			if (sg_diffgate_root_test(d, w, m, &p) < 0)
				snprintf(sig, sizeof(sig),
					 " (not tested: a run has no latency histogram)");
			else
				snprintf(sig, sizeof(sig),
					 ", a significant change%s (p=%.2g at %g%%)",
					 sg_diffgate_samples(d, m, how, sizeof(how)), p, lvl);
		}
		sg_log_error(
		    "%s %s grew by %s (%s -> %s), more than --fail-above %s%s: a regression, "
		    "or raise the limit",
		    w->name[1], metric, g, hb, ha, lim, sig);
		return SG_CMD_DIFF_TRIPPED;
	}
	/* past the limit, but the test cannot tell it from the variation between invocations */
	struct sg_treediff any = *d;
	const struct sg_treediff_root *wa;

	any.all = 1;
	if (sg_diffgate_tests(d, m) && sg_diffgate_check(&any, m, o->limit_bp, &wa)) {
		double pa;
		char how[64];
		int v = sg_diffgate_root_test(d, wa, m, &pa);

		growth(g, sizeof(g), sg_diffgate_metric_value(&wa->sum[0], m),
		       sg_diffgate_metric_value(&wa->sum[1], m));
		if (o->quiet)
			return 0;
		fputs("surfgraph: ", stderr);
		sg_escape_put_name(stderr, wa->name[1]);
		fprintf(stderr, " %s grew by %s, more than --fail-above %s ", metric, g, lim);
		if (v != SG_WELCH_FEW)
			fprintf(stderr, "but within the noise%s (p=%.2g, not significant at %g%%)",
				sg_diffgate_samples(d, m, how, sizeof(how)), pa, lvl);
		else if (wa->sum[0].count < SG_WELCH_MIN_INV || wa->sum[1].count < SG_WELCH_MIN_INV)
			fprintf(stderr,
				"but %" PRIu64 " and %" PRIu64
				" invocations are too few to tell it "
				"from the noise (fewer than %d in a run)",
				wa->sum[0].count, wa->sum[1].count, SG_WELCH_MIN_INV);
		else
			fprintf(stderr,
				"but only %" PRIu64
				" calls of both runs are in its tail (past %s), "
				"too few for any test at %g%% to tell a change from the noise",
				wa->p99.k[0] + wa->p99.k[1], sg_fmt_human(hb, wa->p99.at), lvl);
		fputs(": passes; --all gates on any growth\n", stderr);
		return 0;
	}
	if (!o->quiet) {
		/* the root's name comes from the runs: escaped as in the tree */
		fputs("surfgraph: ", stderr);
		sg_escape_put_name(stderr, w->name[1]);
		fprintf(stderr, " %s changed by %s (%s -> %s), within --fail-above %s\n", metric, g,
			hb, ha, lim);
	}
	return 0;
}

/* A --rename FILE's bound: some 15,000 pairs of kernel names. */
#define RENAME_FILE_MAX (1 << 20)

/* --rename's pairs: OLD=NEW, or a file of such lines ('#' comments, blank lines). */
struct renames {
	const char **old, **new;
	int n;
	char *text[64]; /* the files' contents, which the pairs point into */
	int ntext;
};

static void renames_free(struct renames *r)
{
	free(r->old);
	free(r->new);
	for (int i = 0; i < r->ntext; i++)
		free(r->text[i]);
}

static int rename_add(struct renames *r, char *pair, const char *where)
{
	char *eq = strchr(pair, '=');
	const char **o, **n;

	if (!eq || eq == pair || !eq[1] || strchr(eq + 1, '=')) {
		sg_log_error("--rename: %s: '%.60s' is not OLD=NEW", where, pair);
		return -1;
	}
	*eq = '\0';
	o = realloc(r->old, (size_t) (r->n + 1) * sizeof(*o));
	if (o)
		r->old = o;
	n = realloc(r->new, (size_t) (r->n + 1) * sizeof(*n));
	if (n)
		r->new = n;
	if (!o || !n) {
		sg_log_error("out of memory");
		return -1;
	}
	r->old[r->n] = pair;
	r->new[r->n++] = eq + 1;
	return 0;
}

/*
 * A --rename FILE's text, NUL-terminated, as other inputs are read: a regular file or "-"
 * (stdin, when no input took it), at most RENAME_FILE_MAX bytes, opened O_NONBLOCK so that a
 * FIFO is refused at once rather than waited on (and another user's fed without end by yes).
 * NULL with a message.
 */
static char *rename_file_read(const struct sg_options *o, const char *arg)
{
	int std = strcmp(arg, "-") == 0, fd = -1;
	size_t len = 0;
	char *text = NULL;
	struct stat st;

	for (int k = 0; std && k < o->nfiles; k++) {
		if (strcmp(o->files[k], "-") == 0) {
			sg_log_error(
			    "--rename -: stdin is already an input: give the renames as a file");
			return NULL;
		}
	}
	fd = std ? STDIN_FILENO : open(arg, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		sg_log_error("--rename %s: %s (OLD=NEW, or a file of such lines)", arg,
			     strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0) {
		sg_log_error("--rename %s: %s", arg, strerror(errno));
		goto fail;
	}
	/* judged before a byte is read: a FIFO or a device could block or never end */
	if (!std && !S_ISREG(st.st_mode)) {
		sg_log_error("--rename %s: not a regular file (a file of OLD=NEW lines, or - for "
			     "stdin)",
			     arg);
		goto fail;
	}
	if (!std && (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0)) {
		sg_log_error("--rename %s: %s", arg, strerror(errno));
		goto fail;
	}
	text = malloc(RENAME_FILE_MAX + 1);
	if (!text) {
		sg_log_error("out of memory");
		goto fail;
	}
	/* one byte past the bound read, to tell a file of exactly the bound from a longer one */
	while (len <= RENAME_FILE_MAX) {
		ssize_t n = read(fd, text + len, RENAME_FILE_MAX + 1 - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			sg_log_error("--rename %s: %s", arg, strerror(errno));
			goto fail;
		}
		if (n == 0)
			break;
		len += (size_t) n;
	}
	if (len > RENAME_FILE_MAX) {
		sg_log_error("--rename %s: larger than %d MiB: not a list of renames", arg,
			     RENAME_FILE_MAX >> 20);
		goto fail;
	}
	if (memchr(text, '\0', len)) {
		sg_log_error("--rename %s: holds a NUL byte: not a text file of OLD=NEW lines",
			     arg);
		goto fail;
	}
	text[len] = '\0';
	if (!std)
		close(fd);
	return text;
fail:
	free(text);
	if (fd >= 0 && !std)
		close(fd);
	return NULL;
}

static int renames_load(struct renames *r, const struct sg_options *o)
{
	for (int i = 0; i < o->nrenames; i++) {
		const char *arg = o->renames[i];
		char *text;

		if (strchr(arg, '=')) {
			if (r->ntext == 64 || !(text = strdup(arg))) {
				sg_log_error("--rename: too many, or out of memory");
				return -1;
			}
			r->text[r->ntext++] = text;
			if (rename_add(r, text, "the option") < 0)
				return -1;
			continue;
		}
		/* a file of OLD=NEW lines */
		text = rename_file_read(o, arg);
		if (!text)
			return -1;
		if (r->ntext == 64) {
			free(text);
			sg_log_error("--rename: at most 64 of them");
			return -1;
		}
		r->text[r->ntext++] = text;
		int line = 0;

		for (char *p = text, *nl; p && *p; p = nl ? nl + 1 : NULL) {
			char where[64];

			nl = strchr(p, '\n');
			if (nl)
				*nl = '\0';
			line++;
			if (!*p || *p == '#')
				continue;
			snprintf(where, sizeof(where), "line %d", line);
			if (rename_add(r, p, where) < 0)
				return -1;
		}
	}
	return 0;
}

/* Does run hold [off-cpu] frames (a trace with sched_switch records, or a live run)? */
static int has_offcpu(const struct sg_aggregate *run)
{
	const struct sg_node *top = sg_tree_top(run->merged);

	for (const struct sg_node *n = top->child; n; n = sg_node_next(n, top))
		if (strcmp(n->name, SG_OFFCPU_NAME) == 0)
			return 1;
	return 0;
}

/*
 * Two runs measured differently compare what differs in the measuring, not in the kernel: a
 * narrowed run against a fully patched one (narrowing moves unpatched callees into self time
 * and lowers root totals, docs/narrowing.md, docs/benchmarks.md), or a run with [off-cpu] frames
 * against one without (the other's waits are self time of its callers). Said, not refused: it may
 * be meant.
 */
static void note_unlike(const struct sg_options *o, struct sg_aggregate *const run[2])
{
	const char *nar[2] = {sg_aggregate_meta(run[0], "narrowed"),
			      sg_aggregate_meta(run[1], "narrowed")};
	int off[2] = {has_offcpu(run[0]), has_offcpu(run[1])};

	if (o->quiet)
		return;
	if (!nar[0] != !nar[1])
		fprintf(stderr,
			"surfgraph: warning: %s is narrowed (--narrow), %s is fully patched: root "
			"totals and self times differ by how they were traced; compare runs narrowed "
			"the same way (--narrow-from the same .tree)\n",
			nar[0] ? o->files[0] : o->files[1], nar[0] ? o->files[1] : o->files[0]);
	if (off[0] != off[1])
		fprintf(stderr,
			"surfgraph: warning: only %s has [off-cpu] frames (sched_switch): the other's "
			"waits are self time of the calls that waited; --no-off-cpu compares like "
			"with like\n",
			off[0] ? o->files[0] : o->files[1]);
}

/* "FILE (SOURCE, CREATED)" on stderr, escaped: both come from the run files. */
static void put_run(const char *file, const struct sg_aggregate *run)
{
	const char *src = sg_aggregate_meta(run, "source");
	const char *created = sg_aggregate_meta(run, "created");

	sg_escape_put_name(stderr, file);
	if (!src)
		return;
	fputs(" (", stderr);
	sg_escape_put_name(stderr, src);
	if (created) {
		fputs(", ", stderr);
		sg_escape_put_name(stderr, created);
	}
	fputc(')', stderr);
}

/*
 * `diff ROOT.tree` compares two files it chose itself: say which, and warn when both are runs of
 * the same trace (an earlier look at it replaced the run meant), whose 0.00% would mean nothing.
 * Two live runs, or two reads of stdin, are different captures unless made at the same moment.
 */
static void say_pair(const struct sg_options *o, struct sg_aggregate *const run[2])
{
	const char *src[2] = {sg_aggregate_meta(run[0], "source"),
			      sg_aggregate_meta(run[1], "source")};
	const char *at[2] = {sg_aggregate_meta(run[0], "created"),
			     sg_aggregate_meta(run[1], "created")};
	int again;

	if (o->quiet)
		return;
	fputs("surfgraph: comparing ", stderr);
	put_run(o->files[0], run[0]);
	fputs(" with ", stderr);
	put_run(o->files[1], run[1]);
	fputc('\n', stderr);
	if (!src[0] || !src[1] || strcmp(src[0], src[1]) != 0)
		return;
	again = strcmp(src[0], "live") != 0 && strcmp(src[0], "stdin") != 0;
	if (!again && !(at[0] && at[1] && strcmp(at[0], at[1]) == 0))
		return;
	fputs("surfgraph: warning: both runs were made from ", stderr);
	sg_escape_put_name(stderr, again ? src[0] : "the same capture");
	fputs(": the difference is only in how they were read, not in the kernel (give BEFORE "
	      "and AFTER)\n",
	      stderr);
}

int sg_cmd_diff_run(const struct sg_options *o)
{
	struct sg_strtab *st = NULL;
	struct sg_aggregate *run[2] = { NULL, NULL };
	struct sg_treediff *d = NULL;
	struct sg_tailsplit tail = {0};
	struct renames ren = {0};
	char *defname = NULL;
	const char *path;
	int rc = 1;
	/*
	 * each side as -i would read it: a .tree, or a trace with -f (or its root guessed), both
	 * with the filters; whole, for the per-path statistics and --slow's bucket trees
	 */
	struct sg_profile_load req;

	sg_cmd_profile_load_as_input(o, &req);
	stdout_tty = isatty(STDOUT_FILENO);

	st = sg_strtab_new();
	if (!st) {
		sg_log_error("out of memory");
		goto out;
	}
	if (o->old_file && access(o->old_file, F_OK) < 0) {
		sg_log_error("no %s to compare %s with: a run that replaces a .tree keeps the "
			     "previous one there; or give BEFORE and AFTER",
			     o->old_file, o->files[1]);
		goto out;
	}
	for (int k = 0; k < o->nfiles; k++) {
		int ret = sg_cmd_profile_load(&req, o->files[k], st, &run[k]);

		if (ret < 0) {
			rc = ret == -2 ? 2 : 1;
			goto out;
		}
	}
	if (o->old_file)
		say_pair(o, run);
	if (!o->slow)
		note_unlike(o, run);
	if (renames_load(&ren, o) < 0)
		goto out;
	struct sg_treediff_options dopt = {
	    .totals = o->totals,
	    .force = o->force,
	    .threshold_bp = o->threshold_bp,
	    .min_delta = o->min_delta_ns,
	    .label = {o->files[0], o->slow ? o->files[0] : o->files[1]},
	    /* slow and typical calls are chosen by their duration: no sample to test */
	    .level = o->slow	   ? 0
		     : o->level_bp ? o->level_bp / 10000.0
				   : SG_DIFF_LEVEL,
	    .all = o->all,
	    /* --slow's two sides are one run's, one kernel's names: no rename to find */
	    .exact_names = o->exact_names || o->slow,
	    .rename_old = ren.old,
	    .rename_new = ren.new,
	    .nrenames = ren.n,
	};

	/* --slow: one run's typical calls are BEFORE, its slow ones AFTER */
	if (o->slow && sg_tailsplit_new(run[0], &tail) < 0)
		goto out;
	if (o->slow) {
		dopt.label[0] = "typical";
		dopt.label[1] = "slow";
	}
	d = o->slow ? sg_treediff_new(tail.typical, tail.slow, &dopt)
		    : sg_treediff_new(run[0], run[1], &dopt);
	if (!d)
		goto out;
	/* the pager, before --slow's account of the sides, which goes first on stdout */
	if (o->slow && o->mode == SG_MODE_TREE && !o->output && !o->no_pager && stdout_tty &&
	    sg_pager_start(o->pager) < 0)
		goto out;
	if (o->slow && (o->mode == SG_MODE_TREE || !o->quiet) &&
	    sg_diff_tail_render(o->mode == SG_MODE_TREE ? stdout : stderr, d, &tail,
				o->unicode || (!o->ascii && sg_text_utf8_terminal())) < 0)
		goto out;
	path = o->output;
	if (!path && (o->mode == SG_MODE_SVG || o->mode == SG_MODE_PNG || o->mode == SG_MODE_PDF)) {
		/* ROOT.diff.svg (.png, .pdf), named by the same rule as ROOT.tree */
		const char *root = d->root_pattern[1];
		const char *ext = o->mode == SG_MODE_PNG   ? ".png"
				  : o->mode == SG_MODE_PDF ? ".pdf"
							   : ".svg";
		char suffix[16];

		snprintf(suffix, sizeof(suffix), "%s%s", o->slow ? ".slow" : ".diff", ext);
		defname = sg_outfile_name(NULL, *root ? root : "diff", *root ? suffix : ext);
		if (!defname)
			goto out;
		path = defname;
	}
	if (write_output(o, d, path) < 0)
		goto out;
	rc = o->gate ? gate(o, d) : 0;
out:
	free(defname);
	sg_treediff_free(d);
	sg_tailsplit_free(&tail);
	renames_free(&ren);
	sg_aggregate_free(run[0]);
	sg_aggregate_free(run[1]);
	sg_strtab_free(st);
	return rc;
}
