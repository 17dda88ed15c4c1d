/* profile_out.c - a profile run's output: each invocation's as it completes, then the merged. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd_pick.h"
#include "log.h"
#include "pager.h"
#include "pick.h"
#include "profile_out.h"
#include "render_folded.h"
#include "render_hist.h"
#include "render_pprof.h"
#include "render_raw.h"
#include "render_replay.h"
#include "render_top.h"
#include "render_walk.h"

/* The pager starts with the first line of text, so a live run's status line is not under it. */
int sg_profile_out_start_text(struct sg_profile_out *po)
{
	if (!po->page)
		return 0;
	po->page = 0;
	return sg_pager_start(po->opt->pager);
}

int sg_profile_out_invocation(struct sg_profile_out *po, struct sg_invocation *inv, int saved)
{
	int rc = 0;

	/* live, this output comes while tracing: no pager under the status line */
	if (saved && sg_profile_out_start_text(po) < 0)
		return -1;
	switch (po->opt->mode) {
	case SG_MODE_WALK:
		rc = sg_render_walk(stdout, inv, po->has_time);
		break;
	case SG_MODE_REPLAY:
		rc = sg_render_replay(stdout, inv);
		break;
	case SG_MODE_RAW:
		rc = sg_render_raw(stdout, inv, po->raw_tty);
		/* printed: the kept copy needs only its tree */
		free(inv->raw);
		inv->raw = NULL;
		inv->raw_len = inv->raw_cap = 0;
		break;
	case SG_MODE_TREE:
		if (po->opt->each)
			rc = sg_render_text_invocation(stdout, inv, po->has_time, &po->style);
		break;
	case SG_MODE_CHROME:
	case SG_MODE_SPEEDSCOPE:
		rc = sg_export_invocation(po->ex, inv);
		break;
	case SG_MODE_SVG:
	case SG_MODE_PNG:
	case SG_MODE_PDF:
		return sg_cmd_flame_invocation(&po->flame, inv, po->has_time) < 0 ? -1 : 0;
	default:
		break;
	}
	if (rc < 0) {
		sg_log_error("write to stdout failed: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int sg_profile_out_final(struct sg_profile_out *po, struct sg_aggregate *agg, int from_tree)
{
	const struct sg_options *opt = po->opt;
	int rc = 0;

	if (sg_profile_out_start_text(po) < 0)
		return -1;
	if (opt->pick.kind) {
		struct sg_cmd_pick p = {opt, &po->style, po->raw_tty, sg_cmd_flame_pick,
					&po->flame};

		return sg_cmd_pick_render(&p, agg) < 0 || fflush(stdout) != 0 ? -1 : 0;
	}
	switch (opt->mode) {
	case SG_MODE_TREE:
		rc = sg_render_text(stdout, agg, &po->style);
		break;
	case SG_MODE_FOLDED:
		rc = sg_render_folded(stdout, agg, opt->unit_us ? SG_FOLDED_US : SG_FOLDED_NS);
		break;
	case SG_MODE_TOP:
		rc = sg_render_top(stdout, agg, opt->top_order);
		break;
	case SG_MODE_PPROF:
		rc = sg_render_pprof(stdout, agg);
		break;
	case SG_MODE_CHROME:
	case SG_MODE_SPEEDSCOPE:
		rc = sg_export_finish(po->ex, agg);
		/* the timelines hold the last --keep, unless every one was streamed */
		if (!opt->keep_all) {
			po->kept_shown = agg->nring;
			/* no call stacks: a .tree, whose run chose them */
			po->kept_which =
			    from_tree ? "the last ones the run kept"
				      : "the last ones (--keep N; --keep all streams every one)";
		}
		break;
	case SG_MODE_HIST:
		rc = sg_render_hist(stdout, agg, po->style.unicode);
		break;
	case SG_MODE_SVG:
	case SG_MODE_PNG:
	case SG_MODE_PDF:
		rc = sg_cmd_flame_merged(&po->flame);
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

int sg_profile_out_kept(struct sg_profile_out *po, struct sg_aggregate *agg)
{
	const struct sg_options *opt = po->opt;
	unsigned n;
	struct sg_invocation **v = sg_pick_kept(agg, opt->sort_duration, &n);

	/* the per-invocation outputs: only the kept ones can be shown, said after them */
	if (!opt->pick.kind &&
	    (opt->mode == SG_MODE_WALK || (opt->mode == SG_MODE_TREE && opt->each) ||
	     (po->flame.ff && opt->step > 0)))
		po->kept_shown = n;
	po->kept_which = "the ones the run kept (the last --keep and the --keep-slowest)";
	for (unsigned i = 0; i < n && !opt->pick.kind; i++) {
		struct sg_invocation *inv = v[i];
		int rc = 0;

		if (opt->mode == SG_MODE_WALK)
			rc = sg_render_walk(stdout, inv, agg->has_time);
		else if (opt->mode == SG_MODE_REPLAY)
			rc = sg_render_replay(stdout, inv);
		else if (opt->mode == SG_MODE_TREE && opt->each)
			rc = sg_render_text_invocation(stdout, inv, agg->has_time, &po->style);
		else if (po->flame.ff)
			rc = sg_cmd_flame_invocation(&po->flame, inv, agg->has_time);
		if (rc < 0) {
			free(v);
			return -1;
		}
	}
	free(v);
	return n || !*sg_log_message() ? 0 : -1;
}

void sg_profile_out_note_kept(const struct sg_profile_out *po, const struct sg_aggregate *agg)
{
	if (po->opt->quiet || !po->kept_shown || po->kept_shown >= agg->complete)
		return;
	fprintf(stderr,
		"surfgraph: %u of %" PRIu64
		" invocations shown, %s; the rest are in the merged tree "
		"and statistics only\n",
		po->kept_shown, agg->complete, po->kept_which);
}

/* -m tui's final view: a stop signal leaves it (the capture's handlers are gone by then). */
static volatile sig_atomic_t tui_stop;

static void on_tui_stop(int sig)
{
	tui_stop = sig;
}

/* The screen, taken when first needed: the capture's set-up may still print its notes. */
static int tui_open(struct sg_profile_out *po, struct sg_aggregate *agg)
{
	struct sg_tui_options to = {
	    .name = "live",
	    .unicode = po->style.unicode,
	    .color = po->opt->color != SG_COLOR_NEVER,
	    .stop = &tui_stop,
	};

	if (!po->tui)
		po->tui = sg_tui_live_new(agg, &to);
	return po->tui ? 0 : -1;
}

int sg_profile_out_tick(struct sg_profile_out *po, struct sg_aggregate *agg,
			const struct sg_live_tick *t)
{
	char status[256];
	int refresh = !po->tui || t->elapsed - po->tick_s >= 1;

	if (!po->tui && tui_open(po, agg) < 0)
		return -1;
	/* about once a second, as perf top: the rate over that second */
	if (refresh) {
		double span = t->elapsed - po->tick_s;

		snprintf(status, sizeof(status),
			 "tracing %.0f s, %.0f events/s, %" PRIu64 " lost (q stops)", t->elapsed,
			 span > 0 ? (double) (t->events - po->tick_events) / span : 0.0, t->lost);
		po->tick_s = t->elapsed;
		po->tick_events = t->events;
	}
	return sg_tui_live_tick(po->tui, refresh ? status : NULL, refresh);
}

int sg_profile_out_browse(struct sg_profile_out *po, struct sg_aggregate *agg,
			  const struct sg_live_result *live)
{
	struct sigaction sa = {.sa_handler = on_tui_stop}, old[NSIG];
	unsigned char caught[NSIG] = {0};
	char status[256], why[64];
	int rc;

	if (!po->tui && tui_open(po, agg) < 0)
		return -1;
	switch (live->stop) {
	case SG_STOP_TICK:
		snprintf(why, sizeof(why), "q");
		break;
	case SG_STOP_SIGNAL:
		snprintf(why, sizeof(why), "signal %d", live->signal);
		break;
	case SG_STOP_DURATION:
		snprintf(why, sizeof(why), "-d");
		break;
	case SG_STOP_COUNT:
		snprintf(why, sizeof(why), "-n");
		break;
	default:
		snprintf(why, sizeof(why), "the command's end");
	}
	snprintf(status, sizeof(status),
		 "stopped by %s after %.1f s, tracefs restored; q quits", why, live->seconds);
	/* no SA_RESTART: a signal ends the wait for a key, and the loop sees tui_stop */
	tui_stop = 0;
	sigemptyset(&sa.sa_mask);
	for (int sig = 1; sig < NSIG; sig++)
		if (sg_live_is_stop_signal(sig))
			caught[sig] = sigaction(sig, &sa, &old[sig]) == 0;
	rc = sg_tui_live_browse(po->tui, status);
	sg_tui_live_free(po->tui);
	po->tui = NULL;
	for (int sig = 1; sig < NSIG; sig++)
		if (caught[sig])
			sigaction(sig, &old[sig], NULL);
	return rc;
}

void sg_profile_out_release(struct sg_profile_out *po)
{
	sg_tui_live_free(po->tui);
	po->tui = NULL;
	sg_cmd_flame_release(&po->flame);
	sg_export_free(po->ex);
	po->ex = NULL;
}
