/* runinfo.c - what a run says about itself: the stderr summary and the .tree file's metadata. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include "closest.h"
#include "log.h"
#include "match.h"
#include "fmt.h"
#include "runinfo.h"
#include "tasks.h"
#include "treefilter.h"

/* Why the incomplete invocations are: "2 started before the trace, 1 still open at its end". */
static const char *incomplete_why(const struct sg_aggregate *a, char *buf, size_t size)
{
	static const char *const why[] = {
	    "started before the trace", "still open at its end",
	    "cut by missing events (lost, or before a CPU's buffer began)", "return-stack overrun",
	    "in flight when tracing was narrowed"};
	size_t off = 0;

	buf[0] = '\0';
	for (int b = 0; b < SG_CUT_KINDS && off < size; b++)
		if (a->incomplete_by[b])
			off += (size_t) snprintf(buf + off, size - off, "%s%" PRIu64 " %s",
						 off ? ", " : "", a->incomplete_by[b], why[b]);
	return buf;
}


/*
 * -v: the calls whose callees outlast their own printed duration (kernel rounding, or an
 * interrupt the kernel left out of the interrupted call's time), each call on its own. The
 * call counts as its callees' sum, its callers at their printed durations where those hold
 * it (else they are raised in turn, and listed), the root always at its printed duration.
 */
static void report_anomalies(FILE *f, const struct sg_callstack_stats *cs)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN], c[SG_FMT_LEN];

	for (uint64_t i = 0; i < cs->anomalies && i < SG_ANOMALIES_KEPT; i++) {
		const struct sg_anomaly *x = &cs->anomaly[i];

		fputs("surfgraph: callees outlast ", f);
		sg_escape_put_name(f, x->func);
		if (x->caller) {
			fputs(" (called by ", f);
			sg_escape_put_name(f, x->caller);
			fputc(')', f);
		}
		fputs(" in ", f);
		sg_escape_put_name(f, x->root);
		if (x->pid >= 0) {
			fputs(" of ", f);
			sg_escape_put_name(f, x->comm ? x->comm : "?");
			fprintf(f, "-%d", x->pid);
		}
		if (x->has_ts)
			fprintf(f, " at %s", sg_fmt_ts(a, x->start_ts));
		fprintf(f, ": %s us printed, its callees %s us (%s us more)\n",
			sg_fmt_us(b, x->printed), sg_fmt_us(c, x->callees),
			sg_fmt_us(a, x->callees - x->printed));
	}
	if (cs->anomalies > SG_ANOMALIES_KEPT)
		fprintf(f, "surfgraph: ... and %" PRIu64 " more call%s whose callees outlast %s\n",
			cs->anomalies - SG_ANOMALIES_KEPT,
			sg_plural(cs->anomalies - SG_ANOMALIES_KEPT),
			cs->anomalies - SG_ANOMALIES_KEPT == 1 ? "it" : "them");
}

/*
 * The only totals surfgraph moves, said without -v: how many calls count as their callees' sum
 * rather than their own printed duration, and by how much in all. A root whose callees outlast
 * it keeps its printed duration (its self time is 0): counted apart.
 */
static void report_raised(FILE *f, const struct sg_callstack_stats *cs, int verbose)
{
	char a[SG_FMT_LEN];
	uint64_t roots = cs->anomalies - cs->raised;

	if (cs->raised)
		fprintf(f,
			"surfgraph: %" PRIu64 " call%s raised to the sum of %s callees' durations, "
			"%s us in all (the kernel left an interrupt out of the call's time, or "
			"rounded); totals above them stay as printed where they hold them%s\n",
			cs->raised, cs->raised == 1 ? "" : "s", cs->raised == 1 ? "its" : "their",
			sg_fmt_us(a, cs->raised_ns), verbose ? "" : ": -v names them");
	if (roots)
		fprintf(f,
			"surfgraph: %" PRIu64 " %s callees outlast the root's printed "
			"duration: the root keeps it, with no self time%s\n",
			roots, roots == 1 ? "invocation's" : "invocations'",
			verbose ? "" : " (-v names them)");
}

/*
 * The [off-cpu] frames (offcpu.c): what could not be placed is said, never shown; -v counts the
 * records and the intervals.
 */
static void report_offcpu(FILE *f, const struct sg_offcpu_stats *o, int verbose)
{
	char a[SG_FMT_LEN];

	if (o->capped)
		fprintf(f,
			"surfgraph: %" PRIu64 " call%s switched out longer than %s own time "
			"left (the records' times disagree with the printed durations: a trace "
			"taken with nosleep-time, or a clock that jumped): their [off-cpu] frames "
			"stop at it, %s us of switched-out time left out\n",
			o->capped, o->capped == 1 ? " was" : "s were",
			o->capped == 1 ? "its" : "their", sg_fmt_us(a, o->capped_ns));
	if (o->unmatched)
		fprintf(f,
			"surfgraph: %" PRIu64 " switch-out%s inside a root had no return to a CPU "
			"seen before the call went on (lost records?): that time stays the call's "
			"self time\n",
			o->unmatched, sg_plural(o->unmatched));
	if (verbose && o->records)
		fprintf(f,
			"surfgraph: %" PRIu64 " sched_switch record%s, %" PRIu64 " off-cpu "
			"interval%s inside the roots: %s us as [off-cpu] frames\n",
			o->records, sg_plural(o->records), o->intervals, sg_plural(o->intervals),
			sg_fmt_us(a, o->ns));
}

void sg_runinfo_print(FILE *f, const char *root, const struct sg_aggregate *a,
		      const struct sg_callstack_stats *cs, const struct sg_text_stats *ts,
		      int verbose, const char *saved)
{
	char why[256];

	fputs("surfgraph: ", f);
	sg_escape_put_name(f, root);
	fprintf(f, ": %" PRIu64 " complete invocation%s", a->complete, sg_plural(a->complete));
	if (a->incomplete)
		fprintf(f, ", %" PRIu64 " incomplete, not merged (%s)", a->incomplete,
			incomplete_why(a, why, sizeof(why)));
	fputc('\n', f);
	if (cs->lost_markers)
		fprintf(f,
			"surfgraph: the kernel lost %" PRIu64 " event%s (%" PRIu64
			" LOST record%s): the trees they cut are counted as incomplete\n",
			cs->lost_events, sg_plural(cs->lost_events), cs->lost_markers,
			sg_plural(cs->lost_markers));
	if (cs->threshold_mode)
		fprintf(f, "surfgraph: only returns in the input (tracing_thresh): trees show the "
				"calls longer than the threshold\n");
	if (!cs->has_dur && cs->events)
		fprintf(f, "surfgraph: no durations in the input (nofuncgraph-duration): "
				"structure and call counts only\n");
	if (ts->skipped) {
		fprintf(f,
			"surfgraph: skipped %" PRIu64 " unrecognised line%s (first, line %" PRIu64
			": \"",
			ts->skipped, sg_plural(ts->skipped), ts->first_skipped_lineno);
		sg_escape_put_name(f, ts->first_skipped);
		fputs("\")\n", f);
	}
	if (cs->refused_events)
		fprintf(f,
			"surfgraph: left out %" PRIu64
			" event%s of tasks that came while %u others "
			"each had a call open (the most tasks surfgraph follows at once)\n",
			cs->refused_events, sg_plural(cs->refused_events), SG_TASKS_MAX);
	if (cs->deep_events)
		fprintf(f,
			"surfgraph: left out %" PRIu64 " events of calls made while %u calls were "
			"open in their task or %u in all (the most surfgraph follows at once); "
			"their invocations are incomplete\n",
			cs->deep_events, SG_TASK_FRAMES_MAX, SG_FRAMES_MAX);
	report_raised(f, cs, verbose);
	if (verbose)
		fprintf(
		    f,
		    "surfgraph: %" PRIu64 " line%s, %" PRIu64 " call event%s, %" PRIu64
		    " return%s without entry, %" PRIu64 " entr%s without return (%" PRIu64
		    " at the end), %" PRIu64 " call%s whose callees outlast %s\n",
		    ts->lines, sg_plural(ts->lines), cs->events, sg_plural(cs->events),
		    cs->orphan_closes, sg_plural(cs->orphan_closes), cs->abandoned + cs->unclosed,
		    cs->abandoned + cs->unclosed == 1 ? "y" : "ies", cs->unclosed, cs->anomalies,
		    sg_plural(cs->anomalies), cs->anomalies == 1 ? "it" : "them");
	if (verbose)
		report_anomalies(f, cs);
	report_offcpu(f, &cs->offcpu, verbose);
	if (saved)
		fprintf(f, "surfgraph: wrote %s\n", saved);
}

void sg_runinfo_print_no_irqs(FILE *f, int from_tree)
{
	/*
	 * The interrupt ran inside its callers: every kernel counts it in their printed
	 * durations (6.1 in the call it came in too, 6.12 on leaves it out of that one), and
	 * nothing of it can be moved elsewhere without inventing numbers.
	 */
	fputs("surfgraph: --no-irqs: interrupts left out; every call at the duration the kernel "
	      "printed, which includes the interrupts that came during it (from 6.12 on, not in "
	      "the interrupted call itself, only in its callers): their time is self time there\n",
	      f);
	if (from_tree)
		fputs("surfgraph: --no-irqs on a .tree: a call raised for an interrupt the kernel "
		      "left out of its time (6.12 on) stays raised; the trace, or a .tree written "
		      "with --no-irqs, has it at its printed duration\n",
		      f);
}

/* What --narrow or --narrow-from patched, and what narrowing hides. */
static void print_narrow(FILE *f, const struct sg_live_result *l)
{
	const struct sg_narrow_info *n = &l->narrow;

	if (l->learning) {
		fprintf(f,
			"surfgraph: not narrowed: the run ended while learning (%" PRIu64
			" complete invocation%s)\n",
			l->narrow_learned, sg_plural(l->narrow_learned));
		return;
	}
	if (!l->narrowed)
		return;
	fprintf(f,
		"surfgraph: narrowed to %d function%s (%d patched in the kernel: every clone, "
		"roots included)",
		n->functions, sg_plural((uint64_t) n->functions), n->patched);
	if (l->narrow_learn_s > 0)
		fprintf(f,
			" after learning from %" PRIu64 " complete invocation%s in %.1f s; "
			"tracing was off %.3f s for the switch",
			l->narrow_learned, sg_plural(l->narrow_learned), l->narrow_learn_s,
			l->narrow_gap_s);
	fputc('\n', f);
	if (n->unknown)
		fprintf(f, "surfgraph: %d function%s not traceable on this kernel: not patched\n",
			n->unknown, n->unknown == 1 ? " is" : "s are");
	if (l->narrow_learn_s > 0 && l->narrow_root)
		fprintf(f, "surfgraph: %.2f%% of the narrowed invocations' root time is self time of "
			   "functions whose callees differ from the learned ones\n",
			100.0 * (double) l->narrow_self / (double) l->narrow_root);
	fprintf(f, "surfgraph: a function not seen while learning is not patched afterwards: its "
		   "time shows as its caller's self time\n");
}

/*
 * What reading cost this process, per million records taken from the kernel's buffers: the
 * same unit for both readers, as a text leaf line is an entry and an exit record.
 */
static void print_cpu(FILE *f, const struct sg_live_result *l)
{
	double cpu = l->cpu_user + l->cpu_sys;

	fprintf(f,
		"surfgraph: reading used %.2f s of CPU (%.2f user, %.2f system) for %" PRIu64
		" record%s from the kernel's buffers",
		cpu, l->cpu_user, l->cpu_sys, l->consumed, sg_plural(l->consumed));
	if (l->consumed)
		fprintf(f, ": %.2f s per million", cpu * 1e6 / (double) l->consumed);
	fputc('\n', f);
}

void sg_runinfo_print_live(FILE *f, const struct sg_live_result *l, char **command, int verbose)
{
	double s = l->seconds > 0 ? l->seconds : 1e-9;

	fprintf(f, "surfgraph: traced %.1f s on %s: %" PRIu64 " %s%s (%.0f/s) from %s%s\n",
		l->seconds, l->kernel, l->records, l->text ? "line" : "record",
		sg_plural(l->records), (double) l->records / s,
		l->text ? "trace_pipe" : "the binary buffers",
		l->instance ? " of instance surfgraph" : "");
	/* the text reader does not read the per-CPU stats: no figures are made up for it */
	if (l->text && l->lost_markers)
		fprintf(f,
			"surfgraph: lost events: %" PRIu64 " announced in trace_pipe (%" PRIu64
			" marker%s)\n",
			l->lost_events, l->lost_markers, sg_plural(l->lost_markers));
	else if (l->lost_markers || l->overrun || l->dropped)
		fprintf(f,
			"surfgraph: lost events: %" PRIu64 " announced in the buffers (%" PRIu64
			" marker%s%s), kernel stats: %" PRIu64 " overrun, %" PRIu64 " dropped\n",
			l->lost_events, l->lost_markers, sg_plural(l->lost_markers),
			l->lost_unknown ? ", some uncounted" : "", l->overrun, l->dropped);
	else
		fprintf(f, "surfgraph: no events lost\n");
	if (verbose && l->began)
		print_cpu(f, l);
	if (l->dat)
		fprintf(f, "surfgraph: wrote %s (%" PRIu64 " bytes of pages, as read): trace-cmd "
			   "report and surfgraph -i read it\n",
			l->dat, l->dat_bytes);
	print_narrow(f, l);
	if (l->stop == SG_STOP_COMMAND && WIFEXITED(l->cmd_status))
		fprintf(f, "surfgraph: %s exited with status %d\n", command[0],
			WEXITSTATUS(l->cmd_status));
	else if (l->stop == SG_STOP_COMMAND && WIFSIGNALED(l->cmd_status))
		fprintf(f, "surfgraph: %s was killed by signal %d\n", command[0],
			WTERMSIG(l->cmd_status));
}

/*
 * "2026-11-22T05:31:02Z", from SOURCE_DATE_EPOCH when set (reproducible output). A value that
 * is not seconds since 1970 as decimal digits, or a date gmtime cannot give (beyond year 2^31),
 * is ignored with a warning, once: the clock's time instead.
 */
static void iso_now(char *buf, size_t size)
{
	static int warned;
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = time(NULL);
	struct tm tm;

	if (sde && *sde) {
		char *end;
		long long v;

		errno = 0;
		v = strtoll(sde, &end, 10);
		t = (time_t) v;
		if (*sde < '0' || *sde > '9' || errno || *end || !gmtime_r(&t, &tm)) {
			if (!warned++) {
				fputs("surfgraph: warning: SOURCE_DATE_EPOCH=", stderr);
				sg_escape_put_name(stderr, sde);
				fputs(" is not a date in seconds since 1970: ignored\n", stderr);
			}
			t = time(NULL);
		}
	}
	if (!gmtime_r(&t, &tm))
		memset(&tm, 0, sizeof(tm));
	if (!strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, size, "unknown");
}

int sg_runinfo_describe(struct sg_aggregate *a, const char *root, const char *input,
			const struct sg_callstack_stats *cs, const struct sg_text_stats *ts)
{
	char now[32], num[32];
	const char *src = !input			? "live"
			  : strcmp(input, "-") == 0 ? "stdin"
							   : input;

	iso_now(now, sizeof(now));
	a->lost_events = cs->lost_events;
	snprintf(num, sizeof(num), "%" PRIu64, ts->skipped);
	if (sg_aggregate_set_meta(a, "root", root) < 0 ||
	    sg_aggregate_set_meta(a, "source", src) < 0 ||
	    (ts->kernel[0] && sg_aggregate_set_meta(a, "kernel", ts->kernel) < 0) ||
	    sg_aggregate_set_meta(a, "created", now) < 0 ||
	    sg_aggregate_set_meta(a, "skipped_lines", num) < 0 ||
	    (cs->threshold_mode && sg_aggregate_set_meta(a, "threshold_mode", "1") < 0)) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

int sg_runinfo_describe_live(struct sg_aggregate *a, const struct sg_live_result *l)
{
	char v[64];
	struct utsname u;
	int ret = 0;

	/* the machine traced is this one: pprof's host label, the flame graph's caption */
	if (uname(&u) == 0 && u.nodename[0])
		ret |= sg_aggregate_set_meta(a, "host", u.nodename);
	snprintf(v, sizeof(v), "%.3f", l->seconds);
	ret |= sg_aggregate_set_meta(a, "seconds", v);
	ret |= sg_aggregate_set_meta(a, "reader", l->text ? "trace_pipe" : "trace_pipe_raw");
	/* the losses themselves are the fixed lost_events field (sg_runinfo_describe) */
	snprintf(v, sizeof(v), "%" PRIu64, l->overrun);
	ret |= sg_aggregate_set_meta(a, "kernel_overrun", v);
	snprintf(v, sizeof(v), "%" PRIu64, l->dropped);
	ret |= sg_aggregate_set_meta(a, "kernel_dropped", v);
	if (l->narrowed) {
		snprintf(v, sizeof(v), "%d", l->narrow.functions);
		ret |= sg_aggregate_set_meta(a, "narrowed", v);
		snprintf(v, sizeof(v), "%d", l->narrow.patched);
		ret |= sg_aggregate_set_meta(a, "narrow_patched", v);
		snprintf(v, sizeof(v), "%d", l->narrow.unknown);
		ret |= sg_aggregate_set_meta(a, "narrow_unknown", v);
		if (l->narrow_learn_s > 0) {
			snprintf(v, sizeof(v), "%" PRIu64 " invocation%s in %.3f s",
				 l->narrow_learned, sg_plural(l->narrow_learned),
				 l->narrow_learn_s);
			ret |= sg_aggregate_set_meta(a, "narrow_learned", v);
			snprintf(v, sizeof(v), "%.3f", l->narrow_gap_s);
			ret |= sg_aggregate_set_meta(a, "narrow_gap_seconds", v);
			snprintf(v, sizeof(v), "%" PRIu64, a->incomplete_by[4]);
			ret |= sg_aggregate_set_meta(a, "incomplete_narrowed", v);
			snprintf(v, sizeof(v), "%" PRIu64 "/%" PRIu64, l->narrow_self,
				 l->narrow_root);
			ret |= sg_aggregate_set_meta(a, "narrow_changed_self_ns", v);
		}
	}
	if (ret) {
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}

/*
 * A name this run read (its matcher tagged it: a table shared by diff's two runs holds the other
 * trace's names too, untagged), never the name typed: "did you mean vfs_read" for vfs_read.
 */
struct offer {
	struct sg_closest *c;
	const char *typed;
};

static void offer_name(void *ctx, const char *s, size_t len)
{
	const struct offer *o = ctx;

	if (sg_strtab_tag(s) != SG_STRTAB_NOTAG && strcmp(s, o->typed) != 0)
		sg_closest_offer(o->c, s, len);
}

/* A line from the input, for a message: at most 60 bytes of it (main escapes the message). */
static const char *shortened(char *s)
{
	if (strlen(s) > 60)
		strcpy(s + 57, "...");
	return s;
}

/*
 * No complete invocation: say why in terms of what was read. An empty file, a file with no
 * function_graph call, a root not among the trace's names (the nearest ones suggested), or
 * calls that were all cut: each gets its own line, never an empty picture.
 */
void sg_runinfo_explain(const struct sg_aggregate *a, const char *root, const char *pattern,
			const char *input, struct sg_text_stats *ts, uint64_t events,
			const struct sg_strtab *st)
{
	const char *src = input ? input : "the live trace";
	char why[256], near[400];

	if (a->incomplete) {
		sg_log_error("no complete call of %s in %s: %" PRIu64
			     " incomplete (%s), so nothing to "
			     "merge or draw: %s",
			     root, src, a->incomplete, incomplete_why(a, why, sizeof(why)),
			     a->incomplete_by[2] ? "the kernel lost events inside them (a larger "
						   "--buffer-size, or fewer traced functions)"
						 : "trace for longer");
	} else if (input && !ts->lines && !ts->bytes) {
		sg_log_error("%s is empty", src);
	} else if (input && !events) {
		sg_log_error("%s is not a function_graph trace: %" PRIu64
			     " lines, no function call "
			     "in them%s%s%s",
			     src, ts->lines, ts->first_skipped[0] ? " (first: \"" : "",
			     shortened(ts->first_skipped), ts->first_skipped[0] ? "\")" : "");
	} else {
		struct sg_closest c;
		struct offer of = {&c, pattern};

		/* the trace's own names: offline there is no available_filter_functions to ask */
		sg_closest_init(&c, pattern, strlen(pattern) / 2 + 1);
		sg_strtab_each(st, offer_name, &of);
		sg_closest_list(&c, 3, near, sizeof(near));
		sg_log_error("no call of %s in %s (%" PRIu64 " line%s, %" PRIu64
			     " call event%s)%s%s%s",
			     root, src, ts->lines, sg_plural(ts->lines), events, sg_plural(events),
			     *near ? ": did you mean " : "", near,
			     *near ? "?" : ": is it the traced function?");
	}
}

void sg_runinfo_print_flames(FILE *f, const struct sg_flamefiles *ff, int step)
{
	uint64_t first, last, n = sg_flamefiles_count(ff, &first, &last);

	if (n)
		fprintf(f,
			"surfgraph: wrote %" PRIu64
			" per-invocation flame graph%s (invocations %" PRIu64 " to %" PRIu64
			", every %d) and %s\n",
			n, n == 1 ? "" : "s", first, last, step, sg_flamefiles_path(ff));
	if (sg_flamefiles_capped(ff))
		fprintf(f,
			"surfgraph: %" PRIu64 " more were due but not written: at most %d a run (a "
			"larger -s STEP, or --pick N)\n",
			sg_flamefiles_capped(ff), SG_FLAMEFILES_CAP);
}

/* Every name of the tree below its top, offered as a suggestion. */
static void offer_tree(struct sg_closest *c, struct sg_node *top)
{
	for (struct sg_node *n = top->child; n; n = sg_node_next(n, top))
		sg_closest_offer(c, n->name, strlen(n->name));
}

void sg_runinfo_warn_excludes(FILE *f, const struct sg_options *o,
			      const struct sg_treefilter *filter, struct sg_tree *merged,
			      const char *root)
{
	char near[400];

	for (int i = 0; i < o->nexcludes; i++) {
		int is_root;
		struct sg_closest c;

		if (sg_treefilter_excluded(filter, i, &is_root))
			continue;
		fputs("surfgraph: warning: -x ", f);
		sg_escape_put_name(f, o->excludes[i]);
		if (is_root) {
			fputs(" names the root, which stays: -x leaves out calls under it\n", f);
			continue;
		}
		sg_closest_init(&c, o->excludes[i], strlen(o->excludes[i]) / 2 + 1);
		offer_tree(&c, sg_tree_top(merged));
		sg_closest_list(&c, 3, near, sizeof(near));
		fputs(" matched no call under ", f);
		sg_escape_put_name(f, root);
		fputs(": nothing was left out", f);
		if (*near) {
			fputs("; did you mean ", f);
			sg_escape_put_name(f, near);
			fputc('?', f);
		}
		fputc('\n', f);
	}
}

/* Whether pattern i has invocations of its own among a's roots. */
static int has_own(const struct sg_match *m, const struct sg_aggregate *a, int i)
{
	for (int j = 0; j < a->nroots; j++)
		if (sg_match_test(m, a->roots[j].root) == i &&
		    (a->roots[j].sum.count || a->roots[j].incomplete))
			return 1;
	return 0;
}

void sg_runinfo_warn_nested(FILE *f, const struct sg_match *m, const struct sg_aggregate *a)
{
	const struct sg_node *top = sg_tree_top(a->merged);

	for (int i = 0; i < sg_match_count(m); i++) {
		const char *in = NULL;
		uint64_t calls = 0;
		int own = has_own(m, a, i);

		for (const struct sg_node *n = top->child; n; n = sg_node_next(n, top)) {
			const struct sg_node *up = n;

			if (n->parent == top || sg_match_test(m, n->name) != i)
				continue;
			calls += n->calls;
			while (up->parent != top)
				up = up->parent;
			in = in ? in : up->name;
		}
		if (!calls)
			continue;
		fputs("surfgraph: ", f);
		sg_escape_put_name(f, sg_match_pattern(m, i));
		fprintf(f, ": %s%" PRIu64 " call%s ran inside the invocations of ",
			own ? "" : "all its ", calls, calls == 1 ? "" : "s");
		sg_escape_put_name(f, in);
		fputs(", as part of their trees: ", f);
		fputs(own ? "not in its own statistics and histogram"
			  : "no invocations or histogram "
			    "of its own",
		      f);
		fputs(" (-f ", f);
		sg_escape_put_name(f, sg_match_pattern(m, i));
		fputs(" alone counts them all)\n", f);
	}
}
