/* cmd_diff.c - `surfgraph diff BEFORE.tree AFTER.tree`: compare two saved runs; a CI gate. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd_diff.h"
#include "cmd_profile.h"
#include "diff_folded.h"
#include "diff_svg.h"
#include "diff_tail.h"
#include "diff_text.h"
#include "fmt.h"
#include "log.h"
#include "render_text.h"
#include "options.h"
#include "outfile.h"
#include "strtab.h"
#include "tailsplit.h"
#include "treediff.h"
#include "treefile.h"


static int render(const struct sg_options *o, const struct sg_treediff *d, FILE *out)
{
	struct sg_diff_text_style style = {
		.unicode = o->unicode || (!o->ascii && sg_text_utf8_terminal()),
	};

	switch (o->mode) {
	case SG_MODE_FOLDED:
		return sg_diff_folded_render(out, d);
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
		if (render(o, d, stdout) < 0 || fflush(stdout) != 0) {
			if (!*sg_log_message())
				sg_log_error("write to stdout failed: %s", strerror(errno));
			return -1;
		}
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
static int gate(const struct sg_options *o, const struct sg_treediff *d)
{
	const struct sg_treediff_root *w;
	enum sg_treediff_metric m = (enum sg_treediff_metric) o->metric;
	int tripped = sg_treediff_gate(d, m, o->limit_bp, &w);
	const char *metric = sg_treediff_metric_name(m);
	char g[48], lim[32], hb[SG_FMT_LEN], ha[SG_FMT_LEN];
	uint64_t need = sg_treediff_metric_needs(m);

	snprintf(lim, sizeof(lim), "%" PRIu32 ".%02" PRIu32 "%%", o->limit_bp / 100,
		 o->limit_bp % 100);
	/* a gate that cannot compare must not pass silently */
	if (!w) {
		sg_log_error("--fail-above: no root has complete invocations in both runs, so "
			     "nothing can be compared: check that both traces caught the function");
		return 1;
	}
	uint64_t b = sg_treediff_metric_value(&w->sum[0], m);
	uint64_t a = sg_treediff_metric_value(&w->sum[1], m);

	growth(g, sizeof(g), b, a);
	sg_fmt_human(hb, b);
	sg_fmt_human(ha, a);
	/* 6 against 10 calls once gave p50 -80% and avg +33%: say when the figure is that thin */
	if (!o->quiet && (w->sum[0].count < need || w->sum[1].count < need))
		fprintf(stderr,
			"surfgraph: warning: %s has %" PRIu64 " invocations before and %" PRIu64
			" after: its %s needs %" PRIu64 " of each to mean more than a few calls "
			"(trace longer, or -n %" PRIu64 ")\n",
			w->name[1], w->sum[0].count, w->sum[1].count, metric, need, need);
	if (tripped) {
		sg_log_error(
		    "%s %s grew by %s (%s -> %s), more than --fail-above %s: a regression, "
		    "or raise the limit",
		    w->name[1], metric, g, hb, ha, lim);
		return SG_CMD_DIFF_TRIPPED;
	}
	if (!o->quiet) {
		/* the root's name comes from the runs: escaped as in the tree */
		fputs("surfgraph: ", stderr);
		sg_fmt_put_name(stderr, w->name[1]);
		fprintf(stderr, " %s changed by %s (%s -> %s), within --fail-above %s\n", metric, g,
			hb, ha, lim);
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

	sg_fmt_put_name(stderr, file);
	if (!src)
		return;
	fputs(" (", stderr);
	sg_fmt_put_name(stderr, src);
	if (created) {
		fputs(", ", stderr);
		sg_fmt_put_name(stderr, created);
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
	sg_fmt_put_name(stderr, again ? src[0] : "the same capture");
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
	char *defname = NULL;
	const char *path;
	int rc = 1;

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
	/* each side as -i would read it: a .tree, or a trace with -f, both with the filters */
	for (int k = 0; k < o->nfiles; k++) {
		int ret = sg_cmd_profile_load(o, o->files[k], st, &run[k]);

		if (ret < 0) {
			rc = ret == -2 ? 2 : 1;
			goto out;
		}
	}
	if (o->old_file)
		say_pair(o, run);
	if (!o->slow)
		note_unlike(o, run);
	struct sg_treediff_options dopt = {
	    .totals = o->totals,
	    .force = o->force,
	    .threshold_bp = o->threshold_bp,
	    .label = {o->files[0], o->slow ? o->files[0] : o->files[1]},
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
	sg_aggregate_free(run[0]);
	sg_aggregate_free(run[1]);
	sg_strtab_free(st);
	return rc;
}
