/* cmd_flame.c - a profile run's flame graph files: options to flamefiles, and the save lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd_flame.h"
#include "cmd_pick.h"
#include "fmt.h"
#include "log.h"
#include "outname.h"

int sg_cmd_flame_mode(enum sg_mode m)
{
	return m == SG_MODE_SVG || m == SG_MODE_PNG || m == SG_MODE_PDF;
}

/* The flame graph files' policy lives in flamefiles.c; their base name and date come from here. */
int sg_cmd_flame_open(struct sg_cmd_flame *f, struct sg_aggregate *agg, const char *base, int dated)
{
	const struct sg_options *o = f->opt;
	struct sg_flamefiles_opts fo = {0};
	/* -o NAME.svg or -o NAME.tree names the run: NAME.svg, NAME-N.svg, beside it */
	if (sg_outname_graph_base(o, &f->dir, &f->base) < 0)
		return -1;
	sg_flame_opts_init(&fo.flame);
	fo.format = o->mode == SG_MODE_PNG   ? SG_FLAME_PNG
		    : o->mode == SG_MODE_PDF ? SG_FLAME_PDF
					     : SG_FLAME_SVG;
	fo.outdir = f->base ? f->dir : o->outdir;
	fo.outdir_of_file = f->base && !(o->outdir && *o->outdir);
	fo.base = f->base ? f->base : base;
	fo.step = o->step;
	fo.title = o->title;
	fo.subtitle = o->subtitle;
	fo.dated = dated;
	/* several roots (or a glob): each invocation's file is named after its own root */
	fo.by_root = o->nfunctions > 1 || (o->nfunctions && strpbrk(o->functions[0], "*?[")) ||
		     (agg && agg->nroots > 1);
	fo.flame.width = o->width;
	fo.flame.minwidth = o->minwidth;
	fo.flame.order = o->sort_name ? SG_ORDER_NAME : SG_ORDER_TOTAL;
	fo.flame.inverted = o->inverted;
	fo.flame.palette = o->palette_subsys ? SG_PALETTE_SUBSYS : SG_PALETTE_HOT;
	f->agg = agg;
	f->ff = sg_flamefiles_new(&fo);
	return f->ff ? 0 : -1;
}

int sg_cmd_flame_open_tree(struct sg_cmd_flame *f, struct sg_aggregate *agg, const char *input)
{
	/* graphs of x.tree are x.svg and x-N.svg; a .tree keeps its capture's date */
	char base[256];
	const char *slash = strrchr(input, '/'), *name = slash ? slash + 1 : input;
	size_t len = strlen(name);

	if (strcmp(input, "-") == 0) {
		name = sg_aggregate_meta(agg, "root");
		name = name ? name : "surfgraph";
		len = strlen(name);
	} else if (len > 5 && strcmp(name + len - 5, ".tree") == 0) {
		len -= 5;
	}
	snprintf(base, sizeof(base), "%.*s", (int) len, name);
	return sg_cmd_flame_open(f, agg, base, 1);
}

/*
 * The lines naming each file written go to stderr, with the summary and "wrote X.tree": stdout
 * is the output's (a text mode's, or the .tree of -o -), and a script finds them all in one place.
 */
static void announce(const struct sg_cmd_flame *f, const char *why)
{
	if (f->opt->quiet)
		return;
	fprintf(stderr, "surfgraph: wrote %s", sg_flamefiles_path(f->ff));
	/* why may name a root, as the trace spells it: escaped */
	if (why) {
		fputs(" (", stderr);
		sg_escape_put_name(stderr, why);
		fputc(')', stderr);
	}
	fputc('\n', stderr);
}

int sg_cmd_flame_invocation(struct sg_cmd_flame *f, const struct sg_invocation *inv, int has_time)
{
	int ret = sg_flamefiles_invocation(f->ff, inv, f->agg, has_time);

	if (ret > 0)
		announce(f, NULL);
	return ret < 0 ? -1 : 0;
}

/* --pick's graph, or the slowest and a typical one: whatever -s says, announced with why */
int sg_cmd_flame_pick(void *ctx, const struct sg_invocation *inv, int has_time, const char *why,
		      const char *role)
{
	struct sg_cmd_flame *f = ctx;

	if (sg_flamefiles_one(f->ff, inv, f->agg, has_time, role) < 0)
		return -1;
	announce(f, why);
	return 0;
}

int sg_cmd_flame_merged(struct sg_cmd_flame *f)
{
	struct sg_cmd_pick p = {f->opt, f->style, f->raw_tty, sg_cmd_flame_pick, f};

	if (sg_flamefiles_merged(f->ff, f->agg) < 0)
		return -1;
	announce(f, NULL);
	/* without -s: the slowest and a typical invocation, not one file per invocation */
	return f->opt->step >= 0 ? 0 : sg_cmd_pick_flame_defaults(&p, f->agg);
}

void sg_cmd_flame_release(struct sg_cmd_flame *f)
{
	sg_flamefiles_free(f->ff);
	f->ff = NULL;
	free(f->dir);
	free(f->base);
	f->dir = f->base = NULL;
}
