/* cmd_profile.c - profiling a function: wires input, call stacks, aggregate and renderers. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "aggregate.h"
#include "callstack.h"
#include "cmd_flame.h"
#include "cmd_read.h"
#include "cmd_profile.h"
#include "decomp.h"
#include "live.h"
#include "input_text.h"
#include "narrowcheck.h"
#include "pipeline.h"
#include "log.h"
#include "match.h"
#include "options.h"
#include "pager.h"
#include "profile_out.h"
#include "outfile.h"
#include "outname.h"
#include "export.h"
#include "render_text.h"
#include "rootguess.h"
#include "runinfo.h"
#include "savepolicy.h"
#include "source.h"
#include "strtab.h"
#include "treeread.h"
#include "treefilter.h"
#include "treesave.h"

struct run {
	struct sg_options opt;	       /* a profile run's command line; zeroed for a load */
	const char *path;	       /* -i's input; NULL: live */
	const char *const *roots;      /* -f, or the root guessed */
	int nroots;
	int guess;		       /* no root given: the trace's guessed */
	int quiet;		       /* the guess not said */
	struct sg_filter_settings fs;  /* how a saved trace is sliced; filtered: any */
	int filtered;
	struct sg_stack_settings ss;   /* the call stacks' settings */
	struct sg_aggregate_settings as; /* what the aggregate keeps */
	struct sg_pipeline pl;	       /* names, roots, call stacks, filter, aggregate (pipeline.h) */
	struct sg_raw_stats raw; /* binary inputs' counts */
	struct sg_live_result live; /* live tracing's counts */
	int exit2; /* the failure is a usage problem: exit status 2 */
	struct sg_savepolicy save; /* whether and where the .tree goes (savepolicy.h) */
	int load;		      /* only build the aggregate (for diff): no output, no .tree */
	struct sg_profile_out out;    /* what is printed and drawn (profile_out.h) */
	const char *guessed;	      /* no -f: the trace's one top-level function (rootguess.h) */
};

/* The pipeline's sink: each invocation's output as it completes, so a long trace streams. */
static int show_invocation(void *ctx, struct sg_invocation *inv)
{
	struct run *r = ctx;

	if (inv->has_dur)
		r->out.has_time = 1;
	/* --pick and --sort duration choose among the kept invocations once all are in */
	if (!inv->cut && !r->load && !r->opt.pick.kind && !r->opt.sort_duration) {
		/* numbered as the aggregate will number it */
		inv->seq = r->pl.agg->complete + 1;
		return sg_profile_out_invocation(&r->out, inv, r->path != NULL);
	}
	return 0;
}

/* -m tui: the capture loop's tick, for the screen to follow the aggregate as it grows. */
static int on_tick(void *ctx, const struct sg_live_tick *t)
{
	struct run *r = ctx;

	return sg_profile_out_tick(&r->out, r->pl.agg, t);
}

/*
 * Where the run's files go, checked before a trace is read or the kernel traced: a -o or
 * --outdir that cannot be written is said at once, not after the whole profile was printed.
 */
static int prepare_save(struct run *r, int trace)
{
	/*
	 * --outdir, in every mode that writes there (the graphs, ROOT.tree): made when missing,
	 * checked and opened now, once; every file of the run goes into the directory opened here.
	 * Refused, it is an error even where ROOT.tree alone would only be warned about.
	 */
	if (r->opt.outdir &&
	    ((trace && sg_savepolicy_wanted(&r->opt) && !r->opt.output) ||
	     sg_cmd_flame_mode(r->opt.mode)) &&
	    sg_outfile_check_dir(r->opt.outdir) < 0)
		return -1;
	if (sg_savepolicy_prepare(&r->save, &r->opt, trace ? r->roots[0] : NULL,
				  &r->exit2) < 0)
		return -1;
	if (sg_cmd_flame_mode(r->opt.mode)) {
		/*
		 * -o NAME.svg or NAME.tree: NAME.svg itself, judged now, before a capture; else
		 * the graphs' directory, their names known later (a root guessed, a glob)
		 */
		const char *ext = r->opt.mode == SG_MODE_PNG	 ? ".png"
				  : r->opt.mode == SG_MODE_PDF ? ".pdf"
							       : ".svg";
		char *dir, *base, *probe;
		int ret;

		if (sg_outname_graph_base(&r->opt, &dir, &base) < 0)
			return -1;
		probe = base ? sg_outfile_name(dir, base, ext) : sg_outfile_name(r->opt.outdir, "x", "");
		ret = !probe ? -1 : base ? sg_outfile_prepare(probe) : sg_outfile_prepare_dir(probe);
		free(probe);
		free(dir);
		free(base);
		return ret;
	}
	return 0;
}

/* -p and -C that leave nothing: say why, rather than "no call of ROOT". */
static int check_selected(struct run *r)
{
	uint64_t dropped, no_pid, no_cpu;

	sg_treefilter_counts(r->pl.filter, &dropped, &no_pid, &no_cpu);
	if (r->pl.agg->complete || r->pl.agg->incomplete || !dropped)
		return 0;
	if (dropped > no_pid + no_cpu) {
		const char *pt = r->fs.npids || r->fs.npnames ? "in the -p tasks" : "";
		const char *and = (r->fs.npids || r->fs.npnames) && r->fs.cpus ? " and " : "";
		const char *on = r->fs.cpus ? "on CPUs " : "",
			   *cpus = r->fs.cpus ? r->fs.cpus : "";

		/* not "none of the 1 calls": the one call did not run there */
		if (dropped == 1)
			sg_log_error("the one call of %s in %s did not run %s%s%s%s",
				     sg_match_describe(r->pl.match), r->path, pt, and, on,
				     cpus);
		else
			sg_log_error("none of the %" PRIu64 " calls of %s in %s ran %s%s%s%s%s",
				     dropped, sg_match_describe(r->pl.match), r->path, pt, and,
				     on, cpus, r->fs.cpus ? " only" : "");
	} else if (no_pid) {
		sg_log_error("-p: %s does not say which task made the calls (trace with "
			     "funcgraph-proc, or use trace-cmd)",
			     r->path);
	} else {
		sg_log_error("-C: %s does not say which CPU ran the calls (trace with "
			     "funcgraph-cpu)",
			     r->path);
	}
	/* the command line was right: the trace holds no such calls (exit 1, as no call of ROOT) */
	return -1;
}

/*
 * A .tree holds merged trees: -x, --no-irqs and --max-depth cut them as they cut a trace, but
 * its calls no longer carry CPUs or tasks, and its roots are fixed.
 */
static int filter_treefile(struct run *r)
{
	r->exit2 = 1;
	if (r->fs.cpus || r->fs.npids || r->fs.npnames) {
		sg_log_error("%s: a .tree file keeps no CPU or task of each call: give %s with the "
			     "trace it was made from",
			     r->path, r->fs.cpus ? "-C" : "-p");
		return -1;
	}
	for (int i = 0; i < r->pl.agg->nroots; i++) {
		if (r->nroots && sg_match_test(r->pl.match, r->pl.agg->roots[i].root) < 0) {
			sg_log_error(
			    "%s holds the calls of %s, not %s: a .tree cannot be re-rooted; "
			    "give -f with the trace it was made from",
			    r->path, r->pl.agg->roots[i].root, sg_match_describe(r->pl.match));
			return -1;
		}
	}
	r->exit2 = 0;
	if (r->pl.filter && sg_treefilter_prunes(r->pl.filter))
		sg_treefilter_prune_all(r->pl.filter, r->pl.agg);
	return 0;
}

/*
 * Whether the run's output reads the invocations' calls as recorded (callrec.h): replay, the
 * timelines, the SVG's time view, the TUI and the .tree do; the text modes do not.
 */
static int reads_calls(const struct sg_options *o)
{
	switch (o->mode) {
	case SG_MODE_TREE:
	case SG_MODE_WALK:
	case SG_MODE_RAW:
	case SG_MODE_FOLDED:
	case SG_MODE_TOP:
	case SG_MODE_HIST:
	case SG_MODE_PPROF:
		return sg_savepolicy_wanted(o) || o->diff || o->merge || o->tui;
	default:
		return 1;
	}
}

/* Read the trace, live (src NULL) or saved, through the pipeline, and show what it made. */
static int run_trace(struct run *r, struct sg_source *src)
{
	struct sg_text_stats ts;
	const char *saved = NULL;
	int cut_only;

	if (!r->load)
		r->pl.sink = (struct sg_pipeline_sink){show_invocation, r};
	if (sg_pipeline_stacks(&r->pl, &r->ss) < 0)
		return -1;
	if (!r->path) {
		int tui = r->opt.mode == SG_MODE_TUI;
		int ret = sg_cmd_read_live(&r->opt, r->pl.st, r->pl.cs, &r->live, &ts,
					   tui ? on_tick : NULL, tui ? r : NULL);

		r->exit2 = ret == -2;
		if (ret < 0)
			return -1;
	} else if ((src->kind == SG_SOURCE_DAT
			? sg_cmd_read_dat(r->path, r->ss.keep_raw, src->dat_fd, r->pl.st, r->pl.cs,
					  &r->raw, &ts)
			: sg_cmd_read_text(r->pl.st, r->pl.cs, src->in, &ts)) < 0) {
		return -1;
	}
	if (sg_aggregate_finish(r->pl.agg) < 0)
		return -1;
	/* the final view before the summary: the terminal is the screen's until q */
	if (r->opt.mode == SG_MODE_TUI && r->live.began &&
	    sg_profile_out_browse(&r->out, r->pl.agg, &r->live) < 0)
		return -1;
	/* what narrowing hid: self time of functions whose callees changed at the switch */
	if (r->pl.agg->phase[0] &&
	    sg_narrowcheck_self(r->pl.agg->phase[0], r->pl.agg->phase[1], &r->live.narrow_self,
				&r->live.narrow_root) < 0)
		return -1;
	if (sg_runinfo_describe(r->pl.agg, sg_match_describe(r->pl.match), r->path,
				sg_callstack_stats(r->pl.cs), &ts) < 0 ||
	    (!r->path && sg_runinfo_describe_live(r->pl.agg, &r->live) < 0))
		return -1;
	if (r->pl.filter && check_selected(r) < 0)
		return -1;
	if (!r->path && !r->live.began && r->live.stop == SG_STOP_SIGNAL) {
		/* as an interrupted run: not an error, but nothing to show or save */
		fprintf(stderr,
			"surfgraph: stopped by signal %d before tracing began (function_graph "
			"was still being set up): nothing traced, nothing written\n",
			r->live.signal);
		return 0;
	}
	/* calls that were all cut: counted in the .tree and the summary, but nothing to draw */
	cut_only = !r->pl.agg->complete && r->pl.agg->incomplete && !r->load;
	if (!r->pl.agg->complete && !cut_only) {
		sg_runinfo_explain(r->pl.agg, sg_match_describe(r->pl.match), r->roots[0],
				   r->path, &ts, sg_callstack_stats(r->pl.cs)->events,
				   r->pl.st);
		return -1;
	}
	if (r->load)
		return 0;
	if (!cut_only && ((r->opt.sort_duration && sg_profile_out_kept(&r->out, r->pl.agg) < 0) ||
			  sg_profile_out_final(&r->out, r->pl.agg, 0) < 0))
		return -1;
	/* the summary after the text, once the pager is closed, not under it */
	sg_pager_finish();
	if (sg_savepolicy_write(&r->save, r->path, r->pl.agg, &saved) < 0)
		return -1;
	if (!r->opt.quiet)
		sg_runinfo_print(stderr, sg_match_describe(r->pl.match), r->pl.agg,
				 sg_callstack_stats(r->pl.cs), &ts, r->opt.verbose, saved);
	if (!r->opt.quiet && r->opt.no_irqs)
		sg_runinfo_print_no_irqs(stderr, 0);
	if (!r->opt.quiet && r->save.old && saved)
		fprintf(stderr,
			"surfgraph: the previous run is %s: surfgraph diff %s compares them\n",
			r->save.old, saved);
	if (!r->opt.quiet && r->nroots > 1)
		sg_runinfo_warn_nested(stderr, r->pl.match, r->pl.agg);
	if (!r->opt.quiet && !r->path)
		sg_runinfo_print_live(stderr, &r->live, r->opt.command, r->opt.verbose);
	if (!r->opt.quiet && r->pl.filter && sg_treefilter_selects(r->pl.filter)) {
		uint64_t dropped, no_pid, no_cpu;

		sg_treefilter_counts(r->pl.filter, &dropped, &no_pid, &no_cpu);
		fprintf(stderr,
			"surfgraph: left out %" PRIu64 " call%s of other tasks or CPUs (-p, -C)",
			dropped, dropped == 1 ? "" : "s");
		if (no_pid + no_cpu)
			fprintf(stderr, ", %" PRIu64 " of them of an unknown one", no_pid + no_cpu);
		fputc('\n', stderr);
	}
	if (!r->opt.quiet && r->out.flame.ff && !cut_only)
		sg_runinfo_print_flames(stderr, r->out.flame.ff, r->opt.step);
	if (r->pl.filter)
		sg_runinfo_warn_excludes(stderr, &r->opt, r->pl.filter, r->pl.agg->merged,
					 sg_match_describe(r->pl.match));
	sg_profile_out_note_kept(&r->out, r->pl.agg);
	sg_savepolicy_warn(&r->save, r->pl.agg, r->opt.quiet);
	if (cut_only) {
		sg_runinfo_explain(r->pl.agg, sg_match_describe(r->pl.match), r->roots[0],
				   r->path, &ts, sg_callstack_stats(r->pl.cs)->events,
				   r->pl.st);
		return -1;
	}
	return 0;
}

static int run_treefile(struct run *r, struct sg_decomp *in)
{
	FILE *f = sg_decomp_stdio(in);
	const char *saved;

	sg_aggregate_free(r->pl.agg);
	/* streamed, decompressed as read: a .tree.gz as a .tree */
	r->pl.agg = f ? sg_treeread_file(f, r->path, r->pl.st) : NULL;
	if (f)
		fclose(f);
	if (!r->pl.agg && sg_decomp_error(in))
		sg_log_error("%s", sg_decomp_error(in)); /* the cause, not its read error */
	if (!r->pl.agg)
		return -1;
	/* what a run keeps is chosen while it reads the trace: a .tree holds what its run kept */
	if (r->opt.keep_opt && !r->load) {
		sg_log_error(
		    "%s chooses what a run keeps while it reads a trace: %s holds what its "
		    "run kept (-m tree --each lists them); keep more when tracing, or in "
		    "the run's trace with -i TRACE",
		    r->opt.keep_opt, r->path);
		r->exit2 = 1;
		return -1;
	}
	if (filter_treefile(r) < 0)
		return -1;
	if (r->load)
		return 0;
	if (r->opt.mode == SG_MODE_RAW) {
		sg_log_error("-m raw needs a trace: a .tree file keeps no trace lines");
		return -1;
	}
	if (sg_cmd_flame_mode(r->opt.mode) &&
	    sg_cmd_flame_open_tree(&r->out.flame, r->pl.agg, r->path) < 0)
		return -1;
	if (sg_profile_out_start_text(&r->out) < 0 || sg_profile_out_kept(&r->out, r->pl.agg) < 0 ||
	    sg_profile_out_final(&r->out, r->pl.agg, 1) < 0)
		return -1;
	sg_pager_finish();
	if (sg_savepolicy_write(&r->save, r->path, r->pl.agg, &saved) < 0)
		return -1;
	if (!r->opt.quiet && r->opt.no_irqs)
		sg_runinfo_print_no_irqs(stderr, 1);
	if (!r->opt.quiet && r->out.flame.ff)
		sg_runinfo_print_flames(stderr, r->out.flame.ff, r->opt.step);
	if (r->pl.filter) {
		const char *root = sg_aggregate_meta(r->pl.agg, "root");

		sg_runinfo_warn_excludes(stderr, &r->opt, r->pl.filter, r->pl.agg->merged,
					 root ? root : "the root");
	}
	sg_profile_out_note_kept(&r->out, r->pl.agg);
	sg_savepolicy_warn(&r->save, r->pl.agg, r->opt.quiet);
	return 0;
}

/*
 * No -f: the trace read once with every function a root, so that its top-level calls are the
 * invocations; their one function is the root. A pipe cannot be read twice.
 */
static int guess_root(struct run *r, int fd)
{
	static const char *const every[] = {"*"};
	/* its filters, every function a root; nothing else kept */
	struct sg_profile_load req = {.roots = every, .nroots = 1, .filter = r->fs,
				      .filtered = r->filtered, .keep = r->as.keep,
				      .keep_slowest = r->as.keep_slowest};
	struct sg_aggregate *all = NULL;
	struct stat st;
	int ret;

	r->exit2 = 1;
	if (fd == STDIN_FILENO || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		sg_log_error("which function? give the root with -f FUNC (%s is read once: it "
			     "cannot be looked through for its top-level function first)",
			     fd == STDIN_FILENO ? "stdin" : r->path);
		return -1;
	}
	ret = sg_cmd_profile_load(&req, r->path, r->pl.st, &all);
	if (ret < 0) {
		r->exit2 = ret == -2;
		return -1;
	}
	/* every name read was matched by "*": the run's own matcher must ask again */
	sg_pipeline_untag(r->pl.st);
	r->guessed = sg_rootguess_pick(all, r->path);
	if (r->guessed) {
		r->exit2 = 0;
		r->opt.functions = &r->guessed; /* for the outputs' names */
		r->opt.nfunctions = 1;
		r->roots = &r->guessed;
		r->nroots = 1;
		if (!r->quiet)
			sg_rootguess_say(all, r->guessed);
		if (sg_pipeline_add_root(&r->pl, r->guessed) < 0)
			r->guessed = NULL;
	}
	sg_aggregate_free(all);
	return r->guessed ? 0 : -1;
}

/* -i: the options of live tracing refused, and the filters that cut trees with -m raw, replay. */
static int check_input_options(const struct sg_options *o)
{
	if (o->command || o->duration > 0 || o->count || o->no_sleep_time || o->buffer_kb ||
	    o->text || o->args || o->retval || o->narrow || o->narrow_from) {
		sg_log_error("-d, -n, -- CMD, --no-sleep-time, --buffer-size, --text, --args, "
			     "--retval and --narrow* are for live tracing, not with -i (a "
			     "saved trace shows the arguments and return values it has)");
		return -1;
	}
	if ((o->mode == SG_MODE_RAW || o->mode == SG_MODE_REPLAY) &&
	    (o->nexcludes || o->no_irqs || o->max_depth)) {
		sg_log_error("-m %s prints the %s unchanged: -x, --no-irqs and --max-depth cut "
			     "trees (use -m tree, walk or folded)",
			     o->mode_name,
			     o->mode == SG_MODE_RAW ? "trace lines" : "calls as recorded");
		return -1;
	}
	return 0;
}

/* Read the saved trace or .tree named by -i through the stages; the caller owns what r holds. */
static int run_input(struct run *r)
{
	struct sg_source src = {.dat_fd = -1};
	int ret = -1;

	r->exit2 = 1; /* a bad -C list */
	if (r->filtered && sg_pipeline_filter(&r->pl, &r->fs) < 0)
		return -1;
	r->exit2 = 0;
	if (sg_source_open(&src, r->path) < 0)
		goto out;
	if (src.kind == SG_SOURCE_TREE) {
		if (r->load || prepare_save(r, 0) == 0)
			ret = run_treefile(r, src.in);
		goto out;
	}
	/* diff, merge and tui guess a trace's root as -i does */
	if (!r->nroots && r->guess &&
	    guess_root(r, sg_decomp_fd(src.in)) < 0)
		goto out;
	if (!r->nroots) {
		if (r->load)
			sg_log_error(
			    "%s is not a .tree file: give the root with -f ROOT to compare "
			    "traces, or compare runs saved with -o",
			    r->path);
		else
			sg_log_error("which function? give the root with -f FUNC (see --help)");
		r->exit2 = !r->load;
		goto out;
	}
	if (!r->load && prepare_save(r, 1) < 0)
		goto out;
	/* libtracecmd seeks in a trace.dat (docs/input.md) */
	if (sg_source_seekable(&src) < 0)
		goto out;
	/* a saved trace's capture date is unknown: the graphs carry none */
	if (!r->load && sg_cmd_flame_mode(r->opt.mode) &&
	    sg_cmd_flame_open(&r->out.flame, r->pl.agg, r->roots[0], 0) < 0)
		goto out;
	ret = run_trace(r, &src);
out:
	sg_source_close(&src);
	return ret;
}

/* The pipeline and outputs of a run; st is the caller's when given. */
static int run_setup(struct run *r, struct sg_strtab *st)
{
	r->out.opt = &r->opt;
	r->out.flame.opt = &r->opt;
	r->out.flame.style = &r->out.style;
	r->out.flame.raw_tty = r->out.raw_tty;
	if (sg_pipeline_open(&r->pl, st, r->roots, r->nroots, &r->as) < 0)
		return -1;
	if (!r->load && (r->opt.mode == SG_MODE_CHROME || r->opt.mode == SG_MODE_SPEEDSCOPE) &&
	    !(r->out.ex = sg_export_new(r->opt.mode, stdout, r->opt.keep_all)))
		return -1;
	return 0;
}

/* A profile run's stages as its options say (pipeline.h): the run the command line asks for. */
static void run_settings(struct run *r)
{
	const struct sg_options *o = &r->opt;
	/* bucket trees feed the .tree, the SVG's selection, diff --slow and tui; nothing else */
	int kept = sg_savepolicy_wanted(o) || o->diff || o->merge || o->tui ||
		   o->mode == SG_MODE_TUI;

	r->path = o->input;
	r->roots = o->functions;
	r->nroots = o->nfunctions;
	r->guess = 1;
	r->quiet = o->quiet;
	r->filtered = sg_cmd_read_filter_settings(o, &r->fs);
	r->ss = (struct sg_stack_settings){
	    .keep_raw = o->mode == SG_MODE_RAW,
	    /* the latter's durations hold no wait */
	    .no_offcpu = o->no_off_cpu || o->no_sleep_time,
	    .no_irqs = o->no_irqs,
	    .no_calls = !reads_calls(o),
	};
	r->as = (struct sg_aggregate_settings){
	    .keep = o->keep,
	    .keep_slowest = o->keep_slowest,
	    .no_bucket_trees = !kept && o->mode != SG_MODE_SVG && o->mode != SG_MODE_PNG &&
			       o->mode != SG_MODE_PDF,
	    /* the per-path statistics feed the .tree and diff alone (a .tree read replaces agg) */
	    .no_pathstat = !kept,
	    /* only the live TUI reads the bucket trees before the run's end */
	    .bucket_lazy = !o->tui && o->mode != SG_MODE_TUI,
	    .narrow = o->narrow,
	    .pin_seq = o->pick.kind == SG_PICK_SEQ ? o->pick.seq : 0,
	};
}

static void run_free(struct run *r)
{
	sg_pager_finish();
	sg_profile_out_release(&r->out);
	sg_pipeline_close(&r->pl);
	sg_savepolicy_release(&r->save);
}

int sg_cmd_profile_run(const struct sg_options *o)
{
	struct run r = { .opt = *o };
	int rc = 1, tty;

	sg_log_set_verbose(r.opt.verbose);
	r.out.style.unicode = r.opt.unicode || (!r.opt.ascii && sg_text_utf8_terminal());
	/* on a terminal the tree is read, not diffed: hide the crumbs, colour the hot paths */
	tty = isatty(STDOUT_FILENO);
	r.out.raw_tty = tty;
	r.out.style.min_bp =
	    r.opt.min_percent_bp >= 0 ? (uint32_t) r.opt.min_percent_bp : tty ? 50 : 0;
	r.out.style.depth = r.opt.depth;
	r.out.style.fixed_us = r.opt.unit_us;
	r.out.style.color = r.opt.color == SG_COLOR_ALWAYS || (r.opt.color == SG_COLOR_AUTO && tty);
	r.out.page = tty && !r.opt.no_pager && !sg_cmd_flame_mode(r.opt.mode) &&
		     r.opt.mode != SG_MODE_TUI &&
		 !(r.opt.output && strcmp(r.opt.output, "-") == 0);
	/* refused before tracing: the screen's escape sequences in a file help no one */
	if (r.opt.mode == SG_MODE_TUI && (!tty || !isatty(STDIN_FILENO))) {
		sg_log_error("-m tui draws on a terminal and reads its keys, and %s is not one: "
			     "run it in a terminal (ssh -t), or trace with -m tree",
			     tty ? "stdin" : "stdout");
		rc = 2;
		goto out;
	}
	if (r.opt.mode == SG_MODE_PPROF && tty) {
		sg_log_error("-m pprof writes a gzipped profile: redirect stdout to a file "
			     "(> %s.pb.gz)", r.opt.nfunctions ? r.opt.functions[0] : "profile");
		rc = 2;
		goto out;
	}
	run_settings(&r);
	if (run_setup(&r, NULL) < 0)
		goto out;
	if (r.path) {
		if (check_input_options(&r.opt) < 0) {
			rc = 2;
			goto out;
		}
		if (run_input(&r) < 0)
			goto fail;
	} else {
		if (!r.opt.nfunctions) {
			sg_log_error("which function? give the root with -f FUNC (see --help)");
			rc = 2;
			goto out;
		}
		if (prepare_save(&r, 1) < 0)
			goto fail;
		/* live, also before: the capture may be long, and cannot be taken again */
		sg_savepolicy_warn(&r.save, NULL, r.opt.quiet);
		if (sg_cmd_flame_mode(r.opt.mode) &&
		    sg_cmd_flame_open(&r.out.flame, r.pl.agg, r.opt.functions[0], 1) < 0)
			goto fail;
		if (run_trace(&r, NULL) < 0)
			goto fail;
	}
	rc = 0;
	goto out;
fail:
	rc = r.exit2 ? 2 : 1;
out:
	run_free(&r);
	return rc;
}

void sg_cmd_profile_load_as_input(const struct sg_options *o, struct sg_profile_load *req)
{
	*req = (struct sg_profile_load){
	    .roots = o->functions,
	    .nroots = o->nfunctions,
	    .guess = 1,
	    .keep = o->keep,
	    .keep_slowest = o->keep_slowest,
	    .whole = 1,
	    .quiet = o->quiet,
	};
	req->filtered = sg_cmd_read_filter_settings(o, &req->filter);
}

int sg_cmd_profile_load(const struct sg_profile_load *req, const char *path, struct sg_strtab *st,
			struct sg_aggregate **out)
{
	struct run r = {
	    .load = 1,
	    .path = path,
	    .roots = req->roots,
	    .nroots = req->nroots,
	    .guess = req->guess,
	    .quiet = req->quiet,
	    .fs = req->filter,
	    .filtered = req->filtered,
	    .ss = {.no_offcpu = req->filter.no_off_cpu,
		   .no_irqs = req->filter.no_irqs,
		   .no_calls = !req->whole},
	    .as = {.keep = req->keep,
		   .keep_slowest = req->keep_slowest,
		   .no_bucket_trees = !req->whole,
		   /* a load is finished before anyone reads its buckets */
		   .bucket_lazy = 1,
		   .no_pathstat = !req->whole},
	};
	int rc = -1;

	if (run_setup(&r, st) == 0 && run_input(&r) == 0) {
		*out = r.pl.agg;
		r.pl.agg = NULL;
		rc = 0;
	} else if (r.exit2) {
		rc = -2;
	}
	run_free(&r);
	return rc;
}
