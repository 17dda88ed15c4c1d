/* flamefiles.c - the flame graph files of a run: ROOT-N.svg every STEP, ROOT.svg at the end. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cairo_out.h"
#include "flamefiles.h"
#include "fmt.h"
#include "log.h"
#include "outdir.h"
#include "outfile.h"
#include "outown.h"
#include "svg.h"

struct sg_flamefiles {
	struct sg_flamefiles_opts o;
	char *base; /* outdir/base, sanitized */
	char *path; /* last written */
	size_t path_cap;
	uint64_t count, first, last;
	uint64_t capped; /* due every STEP, past SG_FLAMEFILES_CAP: not written */
	char **claimed;	 /* the base names this run has written graphs under */
	int nclaimed;
};

static const char *const ext[] = {"svg", "png", "pdf"};

struct sg_flamefiles *sg_flamefiles_new(const struct sg_flamefiles_opts *o)
{
	struct sg_flamefiles *ff = calloc(1, sizeof(*ff));
	const char *dir = o->outdir && *o->outdir ? o->outdir : NULL;

	if (!ff)
		goto oom;
	ff->o = *o;
	if (o->format == SG_FLAME_PNG && o->flame.width > 32767) {
		sg_log_error("-m png draws at most 32767 px wide, not --width %d (use svg or pdf)",
			     o->flame.width);
		goto fail;
	}
	/* made when missing, checked, and held: every graph goes into the directory opened now */
	if (dir && !o->outdir_of_file && sg_outfile_check_dir(dir) < 0)
		goto fail;
	/* the same rule as the .tree file's name, so a run's files sort together */
	ff->base = sg_outfile_name(dir, o->base, "");
	if (!ff->base)
		goto fail;
	return ff;
oom:
	sg_log_error("out of memory");
fail:
	sg_flamefiles_free(ff);
	return NULL;
}

void sg_flamefiles_free(struct sg_flamefiles *ff)
{
	if (!ff)
		return;
	for (int i = 0; i < ff->nclaimed; i++)
		free(ff->claimed[i]);
	free(ff->claimed);
	free(ff->base);
	free(ff->path);
	free(ff);
}

/*
 * The first graph this run writes under name: the earlier run's graphs of that name move to
 * .old together (outown.c), so this run's never sit beside them.
 */
static int claim(struct sg_flamefiles *ff, const char *dir, const char *name)
{
	char **c, *copy;
	int fd;

	for (int i = 0; i < ff->nclaimed; i++)
		if (strcmp(ff->claimed[i], name) == 0)
			return 0;
	c = realloc(ff->claimed, (size_t) (ff->nclaimed + 1) * sizeof(*c));
	copy = strdup(name);
	if (c)
		ff->claimed = c;
	if (!c || !copy) {
		free(copy);
		sg_log_error("out of memory");
		return -1;
	}
	ff->claimed[ff->nclaimed++] = copy;
	fd = sg_outdir_open(dir ? dir : ".", NULL, NULL);
	return fd < 0 ? -1 : sg_outown_rotate_set(fd, name, ext[ff->o.format]);
}

/* BASE.EXT (seq 0), BASE-ROLE.EXT or BASE-NNNNNN.EXT, BASE the root's name when root is given. */
static int set_path(struct sg_flamefiles *ff, uint64_t seq, const char *role, const char *root)
{
	const char *dir = ff->o.outdir && *ff->o.outdir ? ff->o.outdir : NULL;
	char *named = root ? sg_outfile_name(dir, root, "") : NULL;
	const char *base = named ? named : ff->base;
	size_t need = strlen(base) + 32;

	if (root && !named)
		return -1;
	/* base is "DIR/NAME": NAME's graphs of an earlier run are moved aside first */
	if (claim(ff, dir, base + (dir ? strlen(dir) + 1 : 0)) < 0) {
		free(named);
		return -1;
	}

	if (need > ff->path_cap) {
		char *p = realloc(ff->path, need);

		if (!p) {
			free(named);
			sg_log_error("out of memory");
			return -1;
		}
		ff->path = p;
		ff->path_cap = need;
	}
	if (role)
		snprintf(ff->path, need, "%s-%s.%s", base, role, ext[ff->o.format]);
	else if (seq)
		snprintf(ff->path, need, "%s-%06" PRIu64 ".%s", base, seq, ext[ff->o.format]);
	else
		snprintf(ff->path, need, "%s.%s", base, ext[ff->o.format]);
	free(named);
	return 0;
}

static int write_file(struct sg_flamefiles *ff, const struct sg_node *top,
		      const struct sg_flame_caption *cap, int has_time, const char *date)
{
	struct sg_flame_opts fo = ff->o.flame;
	struct sg_flame *f;
	struct sg_outfile *out;
	int ret;

	fo.has_time = has_time;
	f = sg_flame_layout(top, &fo);
	if (!f)
		return -1;
	out = sg_outfile_open(ff->path);
	if (!out) {
		sg_flame_free(f);
		return -1;
	}
	if (ff->o.format == SG_FLAME_SVG)
		ret = sg_svg_write(sg_outfile_stream(out), f, cap, &fo, NULL);
	else
		ret = sg_cairo_write(sg_outfile_stream(out),
				     ff->o.format == SG_FLAME_PDF ? SG_CAIRO_PDF : SG_CAIRO_PNG, f,
				     cap, &fo, date);
	sg_flame_free(f);
	if (ret < 0) {
		/* the renderer's message lacks the file's name */
		char msg[256];

		snprintf(msg, sizeof(msg), "%s", sg_log_message());
		sg_log_error("%s: %s", ff->path, msg);
		sg_outfile_abort(out);
		return -1;
	}
	return sg_outfile_commit(out);
}

/* The facts of the machine the trace came from, as far as they are known. */
static void machine_notes(const struct sg_flamefiles *ff, struct sg_flame_caption *c,
			  const struct sg_aggregate *agg)
{
	const char *kernel = agg ? sg_aggregate_meta(agg, "kernel") : NULL;
	const char *host = agg ? sg_aggregate_meta(agg, "host") : NULL;
	const char *created = agg ? sg_aggregate_meta(agg, "created") : NULL;
	const char *narrowed = agg ? sg_aggregate_meta(agg, "narrowed") : NULL;

	if (ff->o.subtitle)
		sg_flame_note(c, 0, "%s", ff->o.subtitle);
	if (kernel)
		sg_flame_note(c, 0, "kernel %s", kernel);
	if (narrowed)
		sg_flame_note(c, 0, "narrowed to %s functions", narrowed);
	if (host)
		sg_flame_note(c, 0, "host %s", host);
	if (created && ff->o.dated)
		sg_flame_note(c, 0, "%s", created);
}

/* "merged 3 runs: host1.tree, host2.tree, host3.tree" (the files' names, the first four). */
static void merged_note(struct sg_flame_caption *c, const struct sg_aggregate *agg)
{
	const char *n = sg_aggregate_meta(agg, "sources");
	char list[400] = "", key[32];
	size_t off = 0;
	long runs = n ? strtol(n, NULL, 10) : 0;

	for (long i = 1; i <= runs && i <= 4 && off < sizeof(list); i++) {
		const char *src, *slash;

		snprintf(key, sizeof(key), "source.%ld", i);
		src = sg_aggregate_meta(agg, key);
		if (!src)
			continue;
		slash = strrchr(src, '/');
		off += (size_t) snprintf(list + off, sizeof(list) - off, "%s%s", off ? ", " : "",
					 slash ? slash + 1 : src);
	}
	if (runs > 4 && off < sizeof(list))
		snprintf(list + off, sizeof(list) - off, " and %ld more", runs - 4);
	sg_flame_note(c, 0, "merged %ld run%s%s%s", runs, runs == 1 ? "" : "s", *list ? ": " : "",
		      list);
}

int sg_flamefiles_invocation(struct sg_flamefiles *ff, const struct sg_invocation *inv,
			     const struct sg_aggregate *agg, int has_time)
{
	if (ff->o.step <= 0 || !inv->seq || inv->cut || inv->seq % (uint64_t) ff->o.step)
		return 0;
	/* a step of 1 over a long capture would flood the directory: counted, said at the end */
	if (ff->count >= SG_FLAMEFILES_CAP) {
		ff->capped++;
		return 0;
	}
	if (sg_flamefiles_one(ff, inv, agg, has_time, NULL) < 0)
		return -1;
	if (!ff->count++)
		ff->first = inv->seq;
	ff->last = inv->seq;
	return 1;
}

uint64_t sg_flamefiles_capped(const struct sg_flamefiles *ff)
{
	return ff->capped;
}

/*
 * The [off-cpu] frames' share, said in words as their colour shows it: time switched out
 * (sched_switch), not running. Nothing when the tree has none.
 */
static void offcpu_note(struct sg_flame_caption *c, const struct sg_node *top, int has_time)
{
	uint64_t off = 0, all = 0;
	char a[SG_FMT_LEN], p[SG_FMT_LEN];

	for (const struct sg_node *n = top->child; n; n = n->next)
		all = sg_add_sat(all, n->total);
	for (const struct sg_node *n = top->child; n; n = sg_node_next(n, top))
		if (strcmp(n->name, SG_OFFCPU_NAME) == 0)
			off = sg_add_sat(off, n->total);
	if (has_time && off && all)
		sg_flame_note(c, 0, "blue " SG_OFFCPU_NAME ": %s switched out (%s%%), from sched_switch",
			      sg_fmt_human(a, off), sg_fmt_pct(p, off, all));
}

int sg_flamefiles_one(struct sg_flamefiles *ff, const struct sg_invocation *inv,
		      const struct sg_aggregate *agg, int has_time, const char *role)
{
	struct sg_flame_caption *c;
	char a[SG_FMT_LEN];
	int ret;

	c = calloc(1, sizeof(*c));
	if (!c)
		sg_log_error("out of memory");
	if (!c || set_path(ff, inv->seq, role, ff->o.by_root ? inv->root : NULL) < 0) {
		free(c);
		return -1;
	}
	snprintf(c->title, sizeof(c->title), "%s \xe2\x80\x94 invocation %" PRIu64,
		 ff->o.title ? ff->o.title : inv->root, inv->seq);
	machine_notes(ff, c, agg);
	if (inv->comm || inv->pid >= 0)
		sg_flame_note(c, 0, "task %s-%d", inv->comm ? inv->comm : "?", inv->pid);
	if (inv->ncpus) {
		char cpus[100];
		size_t n = 0;

		for (int i = 0; i < inv->ncpus && n + 12 < sizeof(cpus); i++)
			n += (size_t) snprintf(cpus + n, sizeof(cpus) - n, "%s%d", i ? "," : "",
					       inv->cpus[i]);
		sg_flame_note(c, 0, "cpu %s", cpus);
	}
	if (inv->has_ts)
		sg_flame_note(c, 0, "start %s", sg_fmt_ts(a, inv->start_ts));
	if (has_time)
		sg_flame_note(c, 0, "duration %s", sg_fmt_human(a, inv->duration));
	else
		sg_flame_note(c, 0, "width: calls (no durations in the trace)");
	offcpu_note(c, sg_tree_top(inv->tree), has_time);
	ret = write_file(ff, sg_tree_top(inv->tree), c, has_time,
			 agg && ff->o.dated ? sg_aggregate_meta(agg, "created") : NULL);
	free(c);
	return ret < 0 ? -1 : 0;
}

int sg_flamefiles_merged(struct sg_flamefiles *ff, const struct sg_aggregate *agg)
{
	struct sg_flame_caption *c = calloc(1, sizeof(*c));
	const struct sg_node *top = sg_tree_top(agg->merged);
	const char *source = sg_aggregate_meta(agg, "source");
	char a[SG_FMT_LEN], b[SG_FMT_LEN], d[SG_FMT_LEN], t[SG_FMT_LEN], v[SG_FMT_LEN];
	struct sg_invocation **kept = NULL;
	int ret;

	if (!c)
		sg_log_error("out of memory");
	if (!c || set_path(ff, 0, NULL, NULL) < 0) {
		free(c);
		return -1;
	}
	if (ff->o.title)
		snprintf(c->title, sizeof(c->title), "%s", ff->o.title);
	else if (top->child && !top->child->next)
		snprintf(c->title, sizeof(c->title), "%s", top->child->name);
	else
		snprintf(c->title, sizeof(c->title), "%s",
			 sg_aggregate_meta(agg, "root") ? sg_aggregate_meta(agg, "root")
							: ff->o.base);
	machine_notes(ff, c, agg);
	/* merged runs: which files, not the word "merge" as if it were a trace's name */
	if (source && strcmp(source, "merge") == 0)
		merged_note(c, agg);
	/* an offline trace has no host: its file name is what identifies it */
	else if (!sg_aggregate_meta(agg, "host") && source) {
		const char *slash = strrchr(source, '/');

		sg_flame_note(c, 0, "trace %s", slash ? slash + 1 : source);
	}
	for (int i = 0; i < agg->nroots && i < 4; i++) {
		const struct sg_rootstat *r = &agg->roots[i];
		char who[80] = "";

		if (agg->nroots > 1)
			snprintf(who, sizeof(who), "%s: ", r->root);
		/* what a bug report quotes: how long in all, and per call */
		if (agg->has_time && r->sum.count) {
			sg_flame_note(c, 0, "%s%" PRIu64 " complete invocation%s, total %s, avg %s",
				      who, r->sum.count, r->sum.count == 1 ? "" : "s",
				      sg_fmt_human(t, r->sum.total), sg_fmt_human(v, r->sum.avg));
			sg_flame_note(c, 0, "p50 %s, p99 %s, max %s", sg_fmt_human(a, r->sum.p50),
				      sg_fmt_human(b, r->sum.p99), sg_fmt_human(d, r->sum.max));
		} else
			sg_flame_note(c, 0, "%s%" PRIu64 " complete invocation%s", who,
				      r->sum.count, r->sum.count == 1 ? "" : "s");
	}
	if (agg->nroots > 4)
		sg_flame_note(c, 0, "%d more root%s", agg->nroots - 4,
			      sg_plural((uint64_t) agg->nroots - 4));
	offcpu_note(c, top, agg->has_time);
	/* a graph that is mostly its root's own time looks empty: say why */
	if (agg->has_time && top->child && !top->child->next && top->child->total &&
	    top->child->self * 2 > top->child->total)
		sg_flame_note(c, 0, "%s%% in %s itself, outside any traced callee",
			      sg_fmt_pct(a, top->child->self, top->child->total), top->child->name);
	if (agg->incomplete)
		sg_flame_note(c, 0, "%" PRIu64 " incomplete, not drawn", agg->incomplete);
	/* said only when there were some (then in red): a 0 on every graph is noise */
	if (agg->lost_events)
		sg_flame_note(c, 1, "lost events %" PRIu64, agg->lost_events);
	if (!agg->has_time)
		sg_flame_note(c, 0, "width: calls (no durations in the trace)");
	/* the strip is one root's distribution, and only the SVG draws it */
	if (ff->o.format == SG_FLAME_SVG && agg->has_time && agg->nroots == 1 &&
	    agg->roots[0].sum.has_hist && agg->roots[0].sum.count) {
		c->hist = &agg->roots[0].sum;
		c->bucket = agg->bucket;
		/* under it the scatter, whose kept dots draw their invocation alone */
		c->scatter = agg->scatter;
		if (c->scatter && !(kept = sg_aggregate_kept_whole(agg, 0, &c->nkept))) {
			free(c);
			return -1;
		}
		c->kept = kept;
		/* runs merged have each their own clock: their starts do not share an axis */
		if (!c->scatter && source && strcmp(source, "merge") == 0)
			sg_flame_note(c, 0, "no scatter: merged runs' start times are not comparable");
	}
	ret = write_file(ff, top, c, agg->has_time,
			 ff->o.dated ? sg_aggregate_meta(agg, "created") : NULL);
	free(kept);
	free(c);
	return ret;
}

const char *sg_flamefiles_path(const struct sg_flamefiles *ff)
{
	return ff->path;
}

uint64_t sg_flamefiles_count(const struct sg_flamefiles *ff, uint64_t *first, uint64_t *last)
{
	if (first)
		*first = ff->first;
	if (last)
		*last = ff->last;
	return ff->count;
}
