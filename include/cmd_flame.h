/* cmd_flame.h - a profile run's flame graph files (-m svg, png, pdf): opened from the options,
 * each invocation's graph, the merged one and the default picks, each announced. */
#ifndef SG_CMD_FLAME_H
#define SG_CMD_FLAME_H

#include "aggregate.h"
#include "flamefiles.h"
#include "options.h"
#include "render_text.h"

struct sg_cmd_flame {
	const struct sg_options *opt;	   /* -s, -o, -q, the drawing options */
	const struct sg_text_style *style; /* for --pick's announcement */
	int raw_tty;
	struct sg_aggregate *agg; /* the run's, once opened */
	struct sg_flamefiles *ff; /* NULL: the run draws no flame graphs */
	char *dir, *base;	  /* as -o names the graphs (outname.c), held for ff */
};

/* -m svg, png or pdf */
int sg_cmd_flame_mode(enum sg_mode m);

/* The files named base (and base-N), dated or not, for agg's run. 0 or -1 with a message. */
int sg_cmd_flame_open(struct sg_cmd_flame *f, struct sg_aggregate *agg, const char *base,
		      int dated);

/* The same for a run loaded from the .tree file input ("-": stdin): x.tree draws x.svg. */
int sg_cmd_flame_open_tree(struct sg_cmd_flame *f, struct sg_aggregate *agg, const char *input);

/* ROOT-N.svg when -s says so, announced on stderr ("surfgraph: wrote PATH"). */
int sg_cmd_flame_invocation(struct sg_cmd_flame *f, const struct sg_invocation *inv, int has_time);

/* ROOT.svg, then without -s the slowest and a typical invocation's graphs. */
int sg_cmd_flame_merged(struct sg_cmd_flame *f);

/* --pick's graph (struct sg_cmd_pick's flame callback; ctx is the struct sg_cmd_flame). */
int sg_cmd_flame_pick(void *ctx, const struct sg_invocation *inv, int has_time, const char *why,
		      const char *role);

void sg_cmd_flame_release(struct sg_cmd_flame *f);

#endif
