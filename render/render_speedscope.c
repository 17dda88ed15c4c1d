/* render_speedscope.c - speedscope's file format (-m speedscope): evented and sampled profiles. */
/*
 * The output is written by this thread alone: the unlocked stdio calls throughout, as an export
 * writes several pieces for every call in the trace.
 */
#define _GNU_SOURCE /* fputs_unlocked */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"
#include "log.h"
#include "render_speedscope.h"
#include "timeline.h"
#include "version.h"

struct sg_speedscope {
	FILE *out;
	int started;
	unsigned long profiles;
	/* frames by interned name: open addressing on the pointer; index in order of appearance */
	const char **names;
	size_t *index;
	size_t cap, nframes;
	const char **order; /* the names by frame index */
	/* the open frames of the evented profile being written, and when each closes */
	size_t *open_frame;
	uint64_t *open_end;
	size_t open_cap;
	struct sg_timeline tl;
};

struct sg_speedscope *sg_speedscope_new(FILE *out)
{
	struct sg_speedscope *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->out = out;
	return w;
}

void sg_speedscope_free(struct sg_speedscope *w)
{
	if (!w)
		return;
	sg_timeline_release(&w->tl);
	free(w->names);
	free(w->index);
	free(w->order);
	free(w->open_frame);
	free(w->open_end);
	free(w);
}

static size_t slot_of(const char **names, size_t cap, const char *name)
{
	size_t i = ((uintptr_t) name >> 4) & (cap - 1);

	while (names[i] && names[i] != name)
		i = (i + 1) & (cap - 1);
	return i;
}

/* The frame index of an interned name, added when new; -1: no memory. */
static long frame_of(struct sg_speedscope *w, const char *name)
{
	if (w->cap) {
		size_t i = slot_of(w->names, w->cap, name);

		if (w->names[i])
			return (long) w->index[i];
	}
	if ((w->nframes + 1) * 2 > w->cap) {
		size_t ncap = w->cap ? w->cap * 2 : 256;
		const char **nn = calloc(ncap, sizeof(*nn));
		size_t *ni = calloc(ncap, sizeof(*ni));
		const char **no = realloc(w->order, ncap / 2 * sizeof(*no));

		if (no)
			w->order = no;
		if (!nn || !ni || !no) {
			free(nn);
			free(ni);
			return -1;
		}
		for (size_t i = 0; i < w->cap; i++) {
			if (!w->names[i])
				continue;
			size_t j = slot_of(nn, ncap, w->names[i]);

			nn[j] = w->names[i];
			ni[j] = w->index[i];
		}
		free(w->names);
		free(w->index);
		w->names = nn;
		w->index = ni;
		w->cap = ncap;
	}
	size_t i = slot_of(w->names, w->cap, name);

	w->names[i] = name;
	w->index[i] = w->nframes;
	w->order[w->nframes] = name;
	return (long) w->nframes++;
}

static void begin_profile(struct sg_speedscope *w)
{
	fputs_unlocked(
	    w->started ? ",\n"
		       : "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n"
			 "\"profiles\":[\n",
	    w->out);
	w->started = 1;
	w->profiles++;
}

static int push_open(struct sg_speedscope *w, size_t depth, size_t frame, uint64_t end)
{
	if (depth >= w->open_cap) {
		size_t ncap = w->open_cap ? w->open_cap * 2 : 64;
		size_t *nf;
		uint64_t *ne;

		while (ncap <= depth)
			ncap *= 2;
		nf = realloc(w->open_frame, ncap * sizeof(*nf));
		if (nf)
			w->open_frame = nf;
		ne = nf ? realloc(w->open_end, ncap * sizeof(*ne)) : NULL;
		if (!ne)
			return -1;
		w->open_end = ne;
		w->open_cap = ncap;
	}
	w->open_frame[depth] = frame;
	w->open_end[depth] = end;
	return 0;
}

/* Close the open frames from the innermost down to depth: each at its end, innermost first. */
static void close_to(struct sg_speedscope *w, size_t *nopen, size_t depth)
{
	while (*nopen > depth) {
		(*nopen)--;
		fputs_unlocked(",{\"type\":\"C\",\"frame\":", w->out);
		sg_json_u64(w->out, w->open_frame[*nopen]);
		fputs_unlocked(",\"at\":", w->out);
		sg_json_u64(w->out, w->open_end[*nopen]);
		putc_unlocked('}', w->out);
	}
}

int sg_speedscope_invocation(struct sg_speedscope *w, const struct sg_invocation *inv)
{
	FILE *out = w->out;
	struct sg_slice s;
	size_t nopen = 0;
	int rc, first = 1;
	char name[160];

	begin_profile(w);
	/* without timestamps each invocation starts at 0: it is a profile of its own */
	if (sg_timeline_init(&w->tl, inv, inv->has_ts ? inv->start_ts : 0) < 0)
		return -1;
	/* the format has no field for it: a laid-out invocation says so in its name */
	if (inv->pid >= 0)
		snprintf(name, sizeof(name), "%.60s #%" PRIu64 " %.40s-%d%s", inv->root, inv->seq,
			 inv->comm ? inv->comm : "?", inv->pid,
			 w->tl.measured ? "" : " (laid out: no times)");
	else
		snprintf(name, sizeof(name), "%.60s #%" PRIu64 "%s", inv->root, inv->seq,
			 w->tl.measured ? "" : " (laid out: no times)");
	fputs_unlocked("{\"type\":\"evented\",\"name\":", out);
	sg_json_string(out, name);
	fprintf(out,
		",\"unit\":\"nanoseconds\",\"startValue\":%" PRIu64 ",\"endValue\":%" PRIu64
		",\"events\":[",
		w->tl.origin, w->tl.origin + sg_invocation_root(inv)->total);
	while ((rc = sg_timeline_next(&w->tl, &s)) > 0) {
		long f = frame_of(w, s.name);

		/* the previous sibling and its callees close before this call opens */
		close_to(w, &nopen, (size_t) s.depth);
		if (f < 0 || push_open(w, (size_t) s.depth, (size_t) f, s.start + s.dur) < 0) {
			sg_log_error("out of memory");
			return -1;
		}
		fputs_unlocked(first ? "{\"type\":\"O\",\"frame\":" : ",{\"type\":\"O\",\"frame\":",
			       out);
		sg_json_u64(out, (uint64_t) f); /* f >= 0: checked above */
		fputs_unlocked(",\"at\":", out);
		sg_json_u64(out, s.start);
		putc_unlocked('}', out);
		first = 0;
		nopen = (size_t) s.depth + 1;
	}
	close_to(w, &nopen, 0);
	fputs_unlocked("]}", out);
	return rc < 0 ? -1 : ferror(out) ? -1 : 0;
}

/* The merged tree's paths with a weight, as frame stacks (pass 0) or their weights (pass 1). */
static int put_samples(struct sg_speedscope *w, const struct sg_aggregate *agg, int pass)
{
	const struct sg_node *top = sg_tree_top(agg->merged), *n = top->child;
	int depth = 0, first = 1;

	while (n) {
		long f = frame_of(w, n->name);
		uint64_t weight = agg->has_time ? n->self : n->calls;

		if (f < 0 || push_open(w, (size_t) depth, (size_t) f, 0) < 0)
			return -1;
		if (weight) {
			fputs_unlocked(first ? "" : ",", w->out);
			first = 0;
			if (pass) {
				sg_json_u64(w->out, weight);
			} else {
				putc_unlocked('[', w->out);
				for (int i = 0; i <= depth; i++) {
					if (i)
						putc_unlocked(',', w->out);
					sg_json_u64(w->out, w->open_frame[i]);
				}
				putc_unlocked(']', w->out);
			}
		}
		n = sg_node_next_depth(n, top, &depth);
	}
	return 0;
}

int sg_speedscope_finish(struct sg_speedscope *w, const struct sg_aggregate *agg)
{
	FILE *out = w->out;
	const char *root = sg_aggregate_meta(agg, "root");
	uint64_t sum = 0;

	for (const struct sg_node *n =
		 sg_node_next(sg_tree_top(agg->merged), sg_tree_top(agg->merged));
	     n; n = sg_node_next(n, sg_tree_top(agg->merged)))
		sum = sg_add_sat(sum, agg->has_time ? n->self : n->calls);
	begin_profile(w);
	fputs_unlocked("{\"type\":\"sampled\",\"name\":", out);
	sg_json_string(out, root ? root : "merged");
	fprintf(out, ",\"unit\":\"%s\",\"startValue\":0,\"endValue\":%" PRIu64 ",\"samples\":[",
		agg->has_time ? "nanoseconds" : "none", sum);
	if (put_samples(w, agg, 0) < 0)
		goto oom;
	fputs_unlocked("],\"weights\":[", out);
	if (put_samples(w, agg, 1) < 0)
		goto oom;
	fputs_unlocked("]}\n],\n\"shared\":{\"frames\":[", out);
	for (size_t i = 0; i < w->nframes; i++) {
		fputs_unlocked(i ? ",{\"name\":" : "{\"name\":", out);
		sg_json_string(out, w->order[i]);
		putc_unlocked('}', out);
	}
	fputs_unlocked("]},\n\"name\":", out);
	sg_json_string(out, root ? root : "surfgraph");
	/* the merged tree is shown first: the invocations are a click away */
	fprintf(out, ",\"activeProfileIndex\":%lu,\"exporter\":\"surfgraph " SG_VERSION "\"}\n",
		w->profiles - 1);
	return ferror(out) ? -1 : 0;
oom:
	sg_log_error("out of memory");
	return -1;
}
