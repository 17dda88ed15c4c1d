/* cmd_pick.c - --pick: one kept invocation drawn alone, in whichever mode the run chose. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include "cmd_pick.h"
#include "export.h"
#include "fmt.h"
#include "log.h"
#include "render_folded.h"
#include "render_hist.h"
#include "render_pprof.h"
#include "render_replay.h"
#include "render_raw.h"
#include "render_top.h"
#include "render_walk.h"

/* Which invocation it is, and for p50 how near the p50 the nearest kept one is. */
static void describe(const struct sg_invocation *inv, const struct sg_pick *p, uint64_t p50,
		     int has_time)
{
	char a[SG_FMT_LEN], b[SG_FMT_LEN];

	fprintf(stderr, "surfgraph: --pick: invocation %" PRIu64 " of ", inv->seq);
	sg_escape_put_name(stderr, inv->root);
	if (has_time)
		fprintf(stderr, ", %s", sg_fmt_human(a, inv->duration));
	if (p->kind == SG_PICK_P50 && has_time)
		fprintf(stderr, " (%s: the p50 is %s; the nearest of the kept invocations)",
			inv->duration == p50 ? "exact" : "approximate", sg_fmt_human(b, p50));
	if (p->kind == SG_PICK_SLOWEST)
		fputs(" (the slowest)", stderr);
	fputc('\n', stderr);
}

/* The modes that draw an aggregate draw one of inv alone. */
static int render_alone(const struct sg_cmd_pick *p, struct sg_aggregate *agg,
			struct sg_invocation *inv)
{
	struct sg_aggregate *one = sg_pick_alone(agg, inv);
	int rc;

	if (!one) {
		sg_log_error("out of memory");
		return -1;
	}
	switch (p->opt->mode) {
	case SG_MODE_FOLDED:
		rc = sg_render_folded(stdout, one, p->opt->unit_us ? SG_FOLDED_US : SG_FOLDED_NS);
		break;
	case SG_MODE_TOP:
		rc = sg_render_top(stdout, one, p->opt->top_order);
		break;
	case SG_MODE_PPROF:
		rc = sg_render_pprof(stdout, one);
		break;
	case SG_MODE_CHROME:
	case SG_MODE_SPEEDSCOPE: {
		/* the one invocation is the aggregate's ring: the timeline of it alone */
		struct sg_export *e = sg_export_new(p->opt->mode, stdout, 0);

		rc = e ? sg_export_finish(e, one) : -1;
		sg_export_free(e);
		break;
	}
	default:
		rc = sg_render_hist(stdout, one, p->style->unicode);
		break;
	}
	sg_aggregate_free(one);
	return rc;
}

int sg_cmd_pick_render(const struct sg_cmd_pick *p, struct sg_aggregate *agg)
{
	uint64_t p50;
	struct sg_invocation *inv = sg_pick_find(agg, &p->opt->pick, &p50);
	int rc;

	if (!inv)
		return -1;
	if (!p->opt->quiet)
		describe(inv, &p->opt->pick, p50, agg->has_time);
	switch (p->opt->mode) {
	case SG_MODE_TREE:
		rc = sg_render_text_invocation(stdout, inv, agg->has_time, p->style);
		break;
	case SG_MODE_WALK:
		rc = sg_render_walk(stdout, inv, agg->has_time);
		break;
	case SG_MODE_REPLAY:
		rc = sg_render_replay(stdout, inv);
		break;
	case SG_MODE_RAW:
		rc = sg_render_raw(stdout, inv, p->raw_tty);
		break;
	case SG_MODE_SVG:
	case SG_MODE_PNG:
	case SG_MODE_PDF:
		return p->flame(p->ctx, inv, agg->has_time, "--pick",
				p->opt->pick.kind == SG_PICK_SLOWEST ? "slowest"
				: p->opt->pick.kind == SG_PICK_P50   ? "typical"
								     : NULL);
	default:
		return render_alone(p, agg, inv);
	}
	if (rc < 0 && !*sg_log_message())
		sg_log_error("write to stdout failed: %s", strerror(errno));
	return rc;
}

/* The slowest and a typical invocation of one root (of any when root is NULL). */
static int flame_defaults_of(const struct sg_cmd_pick *p, struct sg_aggregate *agg,
			     const char *root)
{
	struct sg_pick slowest = {SG_PICK_SLOWEST, 0, root}, typical = {SG_PICK_P50, 0, root};
	struct sg_invocation *s, *t;
	uint64_t p50;
	char why[256], who[96], a[SG_FMT_LEN], b[SG_FMT_LEN];

	s = sg_pick_find(agg, &slowest, &p50);
	t = sg_pick_find(agg, &typical, &p50);
	if (!s || !t)
		return 0; /* nothing kept (--keep 0 --keep-slowest 0): ROOT.svg alone */
	/* the name is printed as the file names are: it is one of the run's roots */
	snprintf(who, sizeof(who), "%s%s", root ? " " : "", root ? root : "");
	snprintf(why, sizeof(why), "the slowest%s", who);
	if (p->flame(p->ctx, s, 1, why, "slowest") < 0)
		return -1;
	if (t->duration == p50)
		snprintf(why, sizeof(why), "typical%s: %s, the p50", who,
			 sg_fmt_human(a, t->duration));
	else
		snprintf(why, sizeof(why), "typical%s: %s, the kept one nearest the p50 %s", who,
			 sg_fmt_human(a, t->duration), sg_fmt_human(b, p50));
	return t == s ? 0 : p->flame(p->ctx, t, 1, why, "typical");
}

int sg_cmd_pick_flame_defaults(const struct sg_cmd_pick *p, struct sg_aggregate *agg)
{
	if (!agg->has_time || !agg->complete)
		return 0;
	if (agg->nroots < 2)
		return flame_defaults_of(p, agg, NULL);
	/* each root's own: a typical call of one is not typical of another */
	for (int i = 0; i < agg->nroots; i++)
		if (agg->roots[i].sum.count && flame_defaults_of(p, agg, agg->roots[i].root) < 0)
			return -1;
	return 0;
}
