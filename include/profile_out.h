/* profile_out.h - a profile run's output: each invocation's as it completes, then the merged. */
#ifndef SG_PROFILE_OUT_H
#define SG_PROFILE_OUT_H

#include "aggregate.h"
#include "cmd_flame.h"
#include "export.h"
#include "live.h"
#include "options.h"
#include "render_text.h"
#include "tui.h"

/* What the output side of a run holds; cmd_profile.c fills it from the options. */
struct sg_profile_out {
	const struct sg_options *opt; /* the run's (its -f may be the guessed root) */
	struct sg_text_style style;
	int has_time;		   /* durations seen so far (per-invocation output) */
	int raw_tty;		   /* -m raw to a terminal: control bytes escaped */
	int page;		   /* text for a terminal: through the pager once it starts */
	struct sg_cmd_flame flame; /* -m svg, png, pdf: flame.ff */
	struct sg_export *ex;	   /* -m chrome, speedscope */
	unsigned kept_shown;	   /* invocations shown one by one from the kept ones only */
	const char *kept_which;	   /* which kept ones they are, for the line saying so */
	struct sg_tui_live *tui;   /* -m tui: the screen, from the capture's first tick */
	double tick_s;		   /* -m tui: when it was last redrawn (seconds traced) */
	uint64_t tick_events;	   /* and the events read by then */
};

/* Start the pager when the text goes through one (once, at the first line). 0 or -1. */
int sg_profile_out_start_text(struct sg_profile_out *po);

/*
 * inv's own output, as it completes (-m walk, replay, raw, tree --each, the exports, -s
 * graphs); saved: read from a saved trace, so the pager may start (live, the output comes
 * while tracing, under no pager). 0 or -1 with a message.
 */
int sg_profile_out_invocation(struct sg_profile_out *po, struct sg_invocation *inv, int saved);

/* The merged output once every invocation is in agg; from_tree: agg was loaded from a .tree. */
int sg_profile_out_final(struct sg_profile_out *po, struct sg_aggregate *agg, int from_tree);

/* Per-invocation modes on a loaded .tree, or --sort duration: the kept invocations, once each. */
int sg_profile_out_kept(struct sg_profile_out *po, struct sg_aggregate *agg);

/* Invocations shown from the kept ones: the run had more, and the output alone would not say. */
void sg_profile_out_note_kept(const struct sg_profile_out *po, const struct sg_aggregate *agg);

/*
 * -m tui, the capture loop's tick (live.h): the screen taken at the first, the tree redrawn
 * from agg as it grows, the keys read. 1: q asked to stop; 0: go on; -1 with a message.
 */
int sg_profile_out_tick(struct sg_profile_out *po, struct sg_aggregate *agg,
			const struct sg_live_tick *t);

/*
 * -m tui once the capture stopped (live says how; tracefs is restored already) and agg is
 * finished: the final run browsed until q or a stop signal, then the terminal given back.
 */
int sg_profile_out_browse(struct sg_profile_out *po, struct sg_aggregate *agg,
			  const struct sg_live_result *live);

/* What the output holds (the flame graph files, the export); po itself is the caller's. */
void sg_profile_out_release(struct sg_profile_out *po);

#endif
