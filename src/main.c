/* main.c - surfgraph: wires input, call stacks, aggregate and renderers; the only place that exits. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "aggregate.h"
#include "callstack.h"
#include "cmd_diff.h"
#include "flamefiles.h"
#include "fmt.h"
#include "input_dat.h"
#include "live.h"
#include "input_text.h"
#include "log.h"
#include "match.h"
#include "options.h"
#include "outfile.h"
#include "render_folded.h"
#include "render_raw.h"
#include "render_text.h"
#include "render_top.h"
#include "render_walk.h"
#include "strtab.h"
#include "treefile.h"

struct run {
	struct sg_options opt;
	struct sg_strtab *st;
	struct sg_match *match;
	struct sg_aggregate *agg;
	struct sg_callstack *cs;
	struct sg_text_style style;
	int has_time; /* durations seen so far (per-invocation output) */
	int dat;      /* the input is a trace.dat file */
	struct sg_raw_stats raw; /* binary inputs' counts */
	struct sg_live_result live; /* live tracing's counts */
	int exit2; /* the failure is a usage problem: exit status 2 */
	struct sg_flamefiles *ff; /* -m svg, png, pdf */
	char *tree_path;	  /* the default .tree file's name */
	int raw_tty;		  /* -m raw to a terminal: control bytes escaped */
};

/* Messages quote names and lines from the input: escaped as the tree's names are. */
static int die(int code)
{
	fputs("surfgraph: ", stderr);
	sg_fmt_put_name(stderr, sg_log_message());
	fputc('\n', stderr);
	return code;
}

static int is_flame_mode(enum sg_mode m)
{
	return m == SG_MODE_SVG || m == SG_MODE_PNG || m == SG_MODE_PDF;
}

/* The flame graph files' policy lives in flamefiles.c; their base name and date come from here. */
static int open_flamefiles(struct run *r, const char *base, int dated)
{
	struct sg_flamefiles_opts fo = { 0 };

	sg_flame_opts_init(&fo.flame);
	fo.format = r->opt.mode == SG_MODE_PNG ? SG_FLAME_PNG :
		    r->opt.mode == SG_MODE_PDF ? SG_FLAME_PDF : SG_FLAME_SVG;
	fo.outdir = r->opt.outdir;
	fo.base = base;
	fo.step = r->opt.step;
	fo.title = r->opt.title;
	fo.subtitle = r->opt.subtitle;
	fo.dated = dated;
	fo.flame.width = r->opt.width;
	fo.flame.minwidth = r->opt.minwidth;
	fo.flame.order = r->opt.sort_name ? SG_ORDER_NAME : SG_ORDER_TOTAL;
	fo.flame.inverted = r->opt.inverted;
	fo.flame.palette = r->opt.palette_subsys ? SG_PALETTE_SUBSYS : SG_PALETTE_HOT;
	r->ff = sg_flamefiles_new(&fo);
	return r->ff ? 0 : -1;
}

/* The save and write lines go to stdout, unless the .tree file goes there (-o -). */
static FILE *flame_log(const struct run *r)
{
	return r->opt.output && strcmp(r->opt.output, "-") == 0 ? stderr : stdout;
}

/* ROOT-N.svg when -s says so, announced as surfGraph did. */
static int flame_invocation(struct run *r, const struct sg_invocation *inv, int has_time)
{
	int ret = sg_flamefiles_invocation(r->ff, inv, r->agg, has_time);

	if (ret > 0 && fprintf(flame_log(r), "save %s\n", sg_flamefiles_path(r->ff)) < 0) {
		sg_log_error("write to stdout failed: %s", strerror(errno));
		return -1;
	}
	return ret < 0 ? -1 : 0;
}

static int flame_merged(struct run *r)
{
	if (sg_flamefiles_merged(r->ff, r->agg) < 0)
		return -1;
	fprintf(flame_log(r), "write %s\n", sg_flamefiles_path(r->ff));
	return 0;
}

/* With thousands of invocations the save lines scroll away: count them. */
static void flame_summary(struct run *r)
{
	uint64_t first, last, n = sg_flamefiles_count(r->ff, &first, &last);

	if (n)
		fprintf(stderr,
			"surfgraph: wrote %" PRIu64 " per-invocation flame graph%s (invocations %" PRIu64
			" to %" PRIu64 ", every %d) and %s\n",
			n, n == 1 ? "" : "s", first, last, r->opt.step, sg_flamefiles_path(r->ff));
}

/* Per-invocation output happens as invocations complete, so a long trace streams. */
static int on_invocation(void *ctx, struct sg_invocation *inv)
{
	struct run *r = ctx;
	int rc = 0;

	if (inv->has_dur)
		r->has_time = 1;
	if (!inv->cut) {
		/* numbered as the aggregate will number it */
		inv->seq = r->agg->complete + 1;
		switch (r->opt.mode) {
		case SG_MODE_WALK:
			rc = sg_render_walk(stdout, inv, r->has_time);
			break;
		case SG_MODE_RAW:
			rc = sg_render_raw(stdout, inv, r->raw_tty);
			/* printed: the kept copy needs only its tree */
			free(inv->raw);
			inv->raw = NULL;
			inv->raw_len = inv->raw_cap = 0;
			break;
		case SG_MODE_TREE:
			if (r->opt.each)
				rc = sg_render_text_invocation(stdout, inv, r->has_time, &r->style);
			break;
		case SG_MODE_SVG:
		case SG_MODE_PNG:
		case SG_MODE_PDF:
			if (flame_invocation(r, inv, r->has_time) < 0) {
				sg_invocation_free(inv);
				return -1;
			}
			break;
		default:
			break;
		}
		if (rc < 0) {
			sg_log_error("write to stdout failed: %s", strerror(errno));
			sg_invocation_free(inv);
			return -1;
		}
	}
	if (sg_aggregate_add(r->agg, inv) < 0) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

/* "2026-11-22T05:31:02Z", from SOURCE_DATE_EPOCH when set (reproducible output). */
static void iso_now(char *buf, size_t size)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = sde && *sde ? (time_t) strtoll(sde, NULL, 10) : time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Read a text trace from the open fd (head already read) through the call stacks. */
static int read_text(struct run *r, int fd, const char *head, size_t head_len,
		     struct sg_text_stats *stats)
{
	struct sg_text_parser *p = sg_text_parser_new(r->st, sg_callstack_feed, r->cs);
	int ret;

	if (!p) {
		sg_log_error("out of memory");
		return -1;
	}
	ret = sg_text_parser_read_fd(p, fd, head, head_len);
	if (ret == 0)
		ret = sg_callstack_finish(r->cs);
	*stats = *sg_text_parser_stats(p);
	sg_text_parser_free(p);
	return ret;
}

/* A trace.dat through the binary decoder; the text counts stay zero. */
static int read_dat(struct run *r, struct sg_text_stats *stats)
{
	memset(stats, 0, sizeof(*stats));
	if (sg_dat_read(r->opt.input, r->st, sg_callstack_feed, r->cs, r->opt.mode == SG_MODE_RAW,
			&r->raw) < 0)
		return -1;
	stats->lines = r->raw.records;
	stats->has_dur = 1;
	return sg_callstack_finish(r->cs);
}

/* The live kernel, through live.c; tracefs is restored when it returns. */
static int read_live(struct run *r, struct sg_text_stats *stats)
{
	int ret = sg_live_run(&r->opt, r->st, r->cs, &r->live);

	memset(stats, 0, sizeof(*stats));
	if (r->live.text)
		*stats = r->live.text_stats;
	snprintf(stats->kernel, sizeof(stats->kernel), "%s", r->live.kernel);
	if (!r->live.text)
		stats->lines = r->live.records;
	r->exit2 = ret == -2;
	return ret < 0 ? -1 : 0;
}

/* What only a live run knows: how long, how fast, what the kernel lost, how it stopped. */
static void summarize_live(struct run *r)
{
	const struct sg_live_result *l = &r->live;
	double s = l->seconds > 0 ? l->seconds : 1e-9;

	fprintf(stderr, "surfgraph: traced %.1f s on %s: %" PRIu64 " %s (%.0f/s) from %s%s\n",
		l->seconds, l->kernel, l->records, l->text ? "lines" : "records",
		(double) l->records / s, l->text ? "trace_pipe" : "the binary buffers",
		l->instance ? " of instance surfgraph" : "");
	if (l->lost_markers || l->overrun || l->dropped)
		fprintf(stderr, "surfgraph: lost events: %" PRIu64 " announced in the buffers (%" PRIu64
				" markers%s), kernel stats: %" PRIu64 " overrun, %" PRIu64
				" dropped\n",
			l->lost_events, l->lost_markers, l->lost_unknown ? ", some uncounted" : "",
			l->overrun, l->dropped);
	else
		fprintf(stderr, "surfgraph: no events lost\n");
	if (l->stop == SG_STOP_COMMAND && WIFEXITED(l->cmd_status))
		fprintf(stderr, "surfgraph: %s exited with status %d\n", r->opt.command[0],
			WEXITSTATUS(l->cmd_status));
	else if (l->stop == SG_STOP_COMMAND && WIFSIGNALED(l->cmd_status))
		fprintf(stderr, "surfgraph: %s was killed by signal %d\n", r->opt.command[0],
			WTERMSIG(l->cmd_status));
}

/* Live metadata for the .tree file: the numbers a later reader needs to trust it. */
static int describe_live(struct run *r)
{
	const struct sg_live_result *l = &r->live;
	char v[64];
	int ret = 0;

	snprintf(v, sizeof(v), "%.3f", l->seconds);
	ret |= sg_aggregate_set_meta(r->agg, "seconds", v);
	ret |= sg_aggregate_set_meta(r->agg, "reader", l->text ? "trace_pipe" : "trace_pipe_raw");
	snprintf(v, sizeof(v), "%" PRIu64, l->lost_events);
	ret |= sg_aggregate_set_meta(r->agg, "lost_events", v);
	snprintf(v, sizeof(v), "%" PRIu64, l->overrun);
	ret |= sg_aggregate_set_meta(r->agg, "kernel_overrun", v);
	snprintf(v, sizeof(v), "%" PRIu64, l->dropped);
	ret |= sg_aggregate_set_meta(r->agg, "kernel_dropped", v);
	if (ret) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

static int render_final(struct run *r)
{
	int rc = 0;

	switch (r->opt.mode) {
	case SG_MODE_TREE:
		rc = sg_render_text(stdout, r->agg, &r->style);
		break;
	case SG_MODE_FOLDED:
		rc = sg_render_folded(stdout, r->agg, r->opt.unit_us ? SG_FOLDED_US : SG_FOLDED_NS);
		break;
	case SG_MODE_TOP:
		rc = sg_render_top(stdout, r->agg);
		break;
	case SG_MODE_SVG:
	case SG_MODE_PNG:
	case SG_MODE_PDF:
		rc = flame_merged(r);
		break;
	default:
		break;
	}
	if (fflush(stdout) != 0 || rc < 0) {
		if (!*sg_log_message())
			sg_log_error("write to stdout failed: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Per-invocation modes on a loaded .tree: its kept invocations. */
static int render_kept(struct run *r)
{
	for (unsigned i = 0; i < r->agg->nring; i++) {
		struct sg_invocation *inv = sg_aggregate_kept(r->agg, i);
		int rc = 0;

		if (r->opt.mode == SG_MODE_WALK)
			rc = sg_render_walk(stdout, inv, r->agg->has_time);
		else if (r->opt.mode == SG_MODE_TREE && r->opt.each)
			rc = sg_render_text_invocation(stdout, inv, r->agg->has_time, &r->style);
		else if (r->ff)
			rc = flame_invocation(r, inv, r->agg->has_time);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/*
 * Whether writing a .tree to path is safe: -1 (message set) when path is the input itself,
 * 1 when it replaces a file of another kind (the caller says so), 0 otherwise.
 */
static int check_overwrite(const char *path, const char *input)
{
	struct stat st;
	char head[32];
	ssize_t n = 0;
	int fd;

	/* lstat: a link is not read through here; sg_outfile_open() judges it */
	if (strcmp(path, "-") == 0 || lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	if (sg_outfile_same(path, input)) {
		sg_log_error("%s is the input: not overwritten (choose another -o)", path);
		return -1;
	}
	if (!st.st_size)
		return 0;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
	if (fd >= 0) {
		n = read(fd, head, sizeof(head));
		close(fd);
	}
	return n > 0 && sg_treefile_sniff(head, (size_t) n) ? 0 : 1;
}

static int save_tree(struct run *r, const char *path)
{
	struct sg_outfile *o;
	int kind = check_overwrite(path, r->opt.input);

	if (kind < 0)
		return -1;
	if (kind > 0)
		fprintf(stderr, "surfgraph: replacing %s, which was not a .tree file\n", path);
	o = sg_outfile_open(path);
	if (!o)
		return -1;
	if (sg_treefile_write(sg_outfile_stream(o), r->agg) < 0) {
		sg_outfile_abort(o);
		return -1;
	}
	return sg_outfile_commit(o);
}

/*
 * -v: the calls whose callees' printed durations outlast their own (kernel rounding, or an
 * interrupt the kernel left out of the interrupted call's time). Totals stay the kernel's:
 * the call stands at its callees' sum, its callers and the root at their printed durations.
 */
static void report_anomalies(const struct sg_callstack_stats *cs)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN];

	for (uint64_t i = 0; i < cs->anomalies && i < SG_ANOMALIES_KEPT; i++) {
		const struct sg_anomaly *x = &cs->anomaly[i];

		fputs("surfgraph: callees outlast ", stderr);
		sg_fmt_put_name(stderr, x->func);
		if (x->caller) {
			fputs(" (called by ", stderr);
			sg_fmt_put_name(stderr, x->caller);
			fputc(')', stderr);
		}
		fputs(" in ", stderr);
		sg_fmt_put_name(stderr, x->root);
		if (x->pid >= 0) {
			fputs(" of ", stderr);
			sg_fmt_put_name(stderr, x->comm ? x->comm : "?");
			fprintf(stderr, "-%d", x->pid);
		}
		if (x->has_ts)
			fprintf(stderr, " at %s", sg_fmt_ts(a, x->start_ts));
		fprintf(stderr, ": %s us printed, its callees %s us (%s us more)\n",
			sg_fmt_us(b, x->printed), sg_fmt_us(c, x->callees),
			sg_fmt_us(a, x->callees - x->printed));
	}
	if (cs->anomalies > SG_ANOMALIES_KEPT)
		fprintf(stderr, "surfgraph: ... and %" PRIu64 " more calls whose callees outlast them\n",
			cs->anomalies - SG_ANOMALIES_KEPT);
}

static void summarize(struct run *r, const struct sg_text_stats *ts, const char *saved)
{
	const struct sg_callstack_stats *cs = sg_callstack_stats(r->cs);
	struct sg_aggregate *a = r->agg;

	fprintf(stderr, "surfgraph: %s: %" PRIu64 " complete invocations", sg_match_describe(r->match),
		a->complete);
	if (a->incomplete) {
		static const char *const why[] = { "started before the trace", "still open at its end",
						   "cut by missing events (lost, or before a CPU's buffer began)", "return-stack overrun" };
		const char *sep = " (";

		fprintf(stderr, ", %" PRIu64 " incomplete, not merged", a->incomplete);
		for (int b = 0; b < 4; b++) {
			if (a->incomplete_by[b]) {
				fprintf(stderr, "%s%" PRIu64 " %s", sep, a->incomplete_by[b], why[b]);
				sep = ", ";
			}
		}
		fputc(')', stderr);
	}
	fputc('\n', stderr);
	if (cs->lost_markers)
		fprintf(stderr, "surfgraph: the kernel lost %" PRIu64 " events (%" PRIu64
				" LOST records): the trees they cut are counted as incomplete\n",
			cs->lost_events, cs->lost_markers);
	if (cs->threshold_mode)
		fprintf(stderr, "surfgraph: only returns in the input (tracing_thresh): trees show the "
				"calls longer than the threshold\n");
	if (!cs->has_dur && cs->events)
		fprintf(stderr, "surfgraph: no durations in the input (nofuncgraph-duration): "
				"structure and call counts only\n");
	if (ts->skipped)
		fprintf(stderr, "surfgraph: skipped %" PRIu64 " unrecognised lines (first, line %" PRIu64
				": \"%s\")\n",
			ts->skipped, ts->first_skipped_lineno, ts->first_skipped);
	if (r->opt.verbose)
		fprintf(stderr,
			"surfgraph: %" PRIu64 " lines, %" PRIu64 " call events, %" PRIu64
			" returns without entry, %" PRIu64 " entries without return (%" PRIu64
			" at the end), %" PRIu64 " calls whose callees outlast them\n",
			ts->lines, cs->events, cs->orphan_closes, cs->abandoned + cs->unclosed,
			cs->unclosed, cs->anomalies);
	if (r->opt.verbose)
		report_anomalies(cs);
	if (saved)
		fprintf(stderr, "surfgraph: wrote %s\n", saved);
}

/* Fill the aggregate's metadata for the .tree file. */
static int describe_run(struct run *r, const struct sg_text_stats *ts)
{
	char now[32], num[32];
	const struct sg_callstack_stats *cs = sg_callstack_stats(r->cs);
	const char *src = !r->opt.input			? "live"
			  : strcmp(r->opt.input, "-") == 0 ? "stdin"
							   : r->opt.input;

	iso_now(now, sizeof(now));
	r->agg->lost_events = cs->lost_events;
	snprintf(num, sizeof(num), "%" PRIu64, ts->skipped);
	if (sg_aggregate_set_meta(r->agg, "root", sg_match_describe(r->match)) < 0 ||
	    sg_aggregate_set_meta(r->agg, "source", src) < 0 ||
	    (ts->kernel[0] && sg_aggregate_set_meta(r->agg, "kernel", ts->kernel) < 0) ||
	    sg_aggregate_set_meta(r->agg, "created", now) < 0 ||
	    sg_aggregate_set_meta(r->agg, "skipped_lines", num) < 0 ||
	    (cs->threshold_mode && sg_aggregate_set_meta(r->agg, "threshold_mode", "1") < 0)) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

static int run_trace(struct run *r, int fd, const char *head, size_t head_len)
{
	struct sg_text_stats ts;
	const char *saved = NULL;

	r->cs = sg_callstack_new(r->st, r->match, on_invocation, r, r->opt.mode == SG_MODE_RAW);
	if (!r->cs) {
		sg_log_error("out of memory");
		return -1;
	}
	if ((!r->opt.input ? read_live(r, &ts)
	     : r->dat	   ? read_dat(r, &ts)
			   : read_text(r, fd, head, head_len, &ts)) < 0)
		return -1;
	sg_aggregate_finish(r->agg);
	if (describe_run(r, &ts) < 0 || (!r->opt.input && describe_live(r) < 0))
		return -1;
	if (!r->agg->complete && !r->agg->incomplete) {
		sg_log_error("no call of %s in %s (%" PRIu64 " lines, %" PRIu64
			     " call events): is it the traced function?",
			     sg_match_describe(r->match), r->opt.input ? r->opt.input : "the live trace",
			     ts.lines,
			     sg_callstack_stats(r->cs)->events);
		return -1;
	}
	if (render_final(r) < 0)
		return -1;
	if (!r->opt.no_save) {
		/* ROOT.tree beside the flame graphs */
		if (!r->opt.output) {
			r->tree_path = sg_outfile_name(r->opt.outdir, r->opt.functions[0], ".tree");
			if (!r->tree_path)
				return -1;
			r->opt.output = r->tree_path;
		}
		if (save_tree(r, r->opt.output) < 0)
			return -1;
		saved = strcmp(r->opt.output, "-") == 0 ? NULL : r->opt.output;
	}
	if (!r->opt.quiet)
		summarize(r, &ts, saved);
	if (!r->opt.quiet && !r->opt.input)
		summarize_live(r);
	if (!r->opt.quiet && r->ff)
		flame_summary(r);
	return 0;
}

static int run_treefile(struct run *r, int fd, const char *head, size_t head_len)
{
	/* The head was consumed: reopen by name, or give the rest of stdin after the head. */
	FILE *in;
	char *all = NULL;
	size_t len = head_len, cap = head_len + 65536;

	all = malloc(cap);
	if (!all) {
		sg_log_error("out of memory");
		return -1;
	}
	memcpy(all, head, head_len);
	for (;;) {
		if (len == cap) {
			char *n = realloc(all, cap * 2);

			if (!n) {
				free(all);
				sg_log_error("out of memory");
				return -1;
			}
			all = n;
			cap *= 2;
		}
		ssize_t got = read(fd, all + len, cap - len);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			sg_log_error("%s: read failed: %s", r->opt.input, strerror(errno));
			free(all);
			return -1;
		}
		if (got == 0)
			break;
		len += (size_t) got;
	}
	in = fmemopen(all, len ? len : 1, "r");
	if (!in) {
		free(all);
		sg_log_error("out of memory");
		return -1;
	}
	sg_aggregate_free(r->agg);
	r->agg = sg_treefile_read(in, r->opt.input, r->st);
	fclose(in);
	free(all);
	if (!r->agg)
		return -1;
	if (r->opt.mode == SG_MODE_RAW) {
		sg_log_error("-m raw needs a trace: a .tree file keeps no trace lines");
		return -1;
	}
	if (is_flame_mode(r->opt.mode)) {
		/* graphs of x.tree are x.svg and x-N.svg; a .tree keeps its capture's date */
		char base[256];
		const char *slash = strrchr(r->opt.input, '/'), *name = slash ? slash + 1 : r->opt.input;
		size_t len = strlen(name);

		if (strcmp(r->opt.input, "-") == 0) {
			name = sg_aggregate_meta(r->agg, "root");
			name = name ? name : "surfgraph";
			len = strlen(name);
		} else if (len > 5 && strcmp(name + len - 5, ".tree") == 0) {
			len -= 5;
		}
		snprintf(base, sizeof(base), "%.*s", (int) len, name);
		if (open_flamefiles(r, base, 1) < 0)
			return -1;
	}
	if (render_kept(r) < 0 || render_final(r) < 0)
		return -1;
	if (r->opt.output && !r->opt.no_save && save_tree(r, r->opt.output) < 0)
		return -1;
	if (!r->opt.quiet && r->ff)
		flame_summary(r);
	return 0;
}

/* Killed while writing: no temporary output file is left behind; then die of the signal. */
static void on_fatal_signal(int sig)
{
	sg_outfile_remove_temporaries();
	signal(sig, SIG_DFL);
	raise(sig);
}

int main(int argc, char **argv)
{
	struct run r = { 0 };
	char head[64];
	ssize_t head_len = 0;
	int fd = -1, rc = 1, parsed;

	for (int sig = 1; sig < NSIG; sig++)
		if (sg_live_is_stop_signal(sig))
			signal(sig, on_fatal_signal);
	/* a subcommand has its own options */
	if (argc > 1 && strcmp(argv[1], "diff") == 0) {
		rc = sg_cmd_diff_run(argc - 1, argv + 1);
		return rc ? die(rc) : 0;
	}
	parsed = sg_options_parse(&r.opt, argc, argv);
	if (parsed != 0) {
		rc = parsed > 0 ? 0 : die(2);
		sg_options_free(&r.opt);
	free(r.tree_path);
		return rc;
	}
	sg_log_set_verbose(r.opt.verbose);
	r.style.unicode = r.opt.unicode || (!r.opt.ascii && sg_text_utf8_terminal());
	r.raw_tty = isatty(STDOUT_FILENO);
	r.st = sg_strtab_new();
	r.match = sg_match_new();
	r.agg = sg_aggregate_new(r.opt.keep);
	if (!r.st || !r.match || !r.agg) {
		sg_log_error("out of memory");
		goto fail;
	}
	for (int i = 0; i < r.opt.nfunctions; i++)
		if (sg_match_add(r.match, r.opt.functions[i]) < 0) {
			sg_log_error("out of memory");
			goto fail;
		}
	if (!r.opt.input) {
		if (!r.opt.nfunctions) {
			sg_log_error("which function? give the root with -f FUNC (see --help)");
			rc = die(2);
			goto out;
		}
		if (is_flame_mode(r.opt.mode) && open_flamefiles(&r, r.opt.functions[0], 1) < 0)
			goto fail;
		if (run_trace(&r, -1, NULL, 0) < 0)
			goto fail;
		rc = 0;
		goto out;
	}
	if (r.opt.command || r.opt.duration > 0 || r.opt.count || r.opt.npids) {
		sg_log_error("-d, -n, -p and -- CMD are for live tracing, not with -i");
		rc = die(2);
		goto out;
	}
	fd = strcmp(r.opt.input, "-") == 0 ? STDIN_FILENO : open(r.opt.input, O_RDONLY);
	if (fd < 0) {
		sg_log_error("cannot open %s: %s", r.opt.input, strerror(errno));
		goto fail;
	}
	/* Sniff the format from the first bytes; they are handed on, not re-read. */
	while (head_len < (ssize_t) sizeof(head)) {
		ssize_t n = read(fd, head + head_len, sizeof(head) - (size_t) head_len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			sg_log_error("cannot read %s: %s", r.opt.input, strerror(errno));
			goto fail;
		}
		if (n == 0)
			break;
		head_len += n;
	}
	if (sg_treefile_sniff(head, (size_t) head_len)) {
		if (run_treefile(&r, fd, head, (size_t) head_len) < 0)
			goto fail;
	} else {
		if (!r.opt.nfunctions) {
			sg_log_error("which function? give the root with -f FUNC (see --help)");
			rc = die(2);
			goto out;
		}
		r.dat = sg_dat_sniff(head, (size_t) head_len);
		if (r.dat && fd == STDIN_FILENO) {
			sg_log_error("a trace.dat file cannot be read from stdin: give its path to -i");
			goto fail;
		}
		/* a saved trace's capture date is unknown: the graphs carry none */
		if (is_flame_mode(r.opt.mode) && open_flamefiles(&r, r.opt.functions[0], 0) < 0)
			goto fail;
		if (run_trace(&r, fd, head, (size_t) head_len) < 0)
			goto fail;
	}
	rc = 0;
	goto out;
fail:
	rc = die(r.exit2 ? 2 : 1);
out:
	if (fd > STDIN_FILENO)
		close(fd);
	sg_callstack_free(r.cs);
	sg_flamefiles_free(r.ff);
	sg_aggregate_free(r.agg);
	sg_match_free(r.match);
	sg_strtab_free(r.st);
	sg_options_free(&r.opt);
	free(r.tree_path);
	return rc;
}
