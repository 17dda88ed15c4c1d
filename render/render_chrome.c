/* render_chrome.c - Chrome trace-event JSON (-m chrome) for Perfetto UI, chrome://tracing,
 * speedscope. */
/*
 * The output is written by this thread alone: the unlocked stdio calls throughout, as an export
 * writes several pieces for every call in the trace.
 */
#define _GNU_SOURCE /* fputs_unlocked */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "callfmt.h"
#include "fmt.h"
#include "json.h"
#include "log.h"
#include "render_chrome.h"
#include "timeline.h"

/* A task's track: its pid and where its last invocation ended. */
struct track {
	int pid, used;
	uint64_t end;
};

struct sg_chrome {
	FILE *out;
	int started; /* the opening and at least one event written */
	uint64_t invocations;
	uint64_t untimed; /* where the next invocation without a timestamp starts */
	struct track *tracks;
	size_t cap, ntracks;
	struct sg_timeline tl;
	uint64_t measured, clamped; /* invocations placed at their calls' times; calls clamped */
	uint64_t moved;		    /* invocations with times moved past the previous on a track */
	uint64_t *laid;		    /* the numbers of those laid out from their trees */
	size_t nlaid;		    /* how many (the first LAID_OUT_LISTED listed) */
};

struct sg_chrome *sg_chrome_new(FILE *out)
{
	struct sg_chrome *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->out = out;
	return c;
}

void sg_chrome_free(struct sg_chrome *c)
{
	if (!c)
		return;
	sg_timeline_release(&c->tl);
	free(c->laid);
	free(c->tracks);
	free(c);
}

static size_t slot_of(const struct track *t, size_t cap, int pid)
{
	size_t i = ((unsigned) pid * 2654435761u) & (cap - 1);

	while (t[i].used && t[i].pid != pid)
		i = (i + 1) & (cap - 1);
	return i;
}

/* The task's track, *fresh when it is new; NULL: no memory. */
static struct track *track_get(struct sg_chrome *c, int pid, int *fresh)
{
	*fresh = 0;
	if (c->cap) {
		struct track *t = &c->tracks[slot_of(c->tracks, c->cap, pid)];

		if (t->used)
			return t;
	}
	if ((c->ntracks + 1) * 2 > c->cap) {
		size_t ncap = c->cap ? c->cap * 2 : 64;
		struct track *nt = calloc(ncap, sizeof(*nt));

		if (!nt)
			return NULL;
		for (size_t i = 0; i < c->cap; i++)
			if (c->tracks[i].used)
				nt[slot_of(nt, ncap, c->tracks[i].pid)] = c->tracks[i];
		free(c->tracks);
		c->tracks = nt;
		c->cap = ncap;
	}
	struct track *t = &c->tracks[slot_of(c->tracks, c->cap, pid)];

	t->used = 1;
	t->pid = pid;
	c->ntracks++;
	*fresh = 1;
	return t;
}

static void begin_event(struct sg_chrome *c)
{
	fputs_unlocked(c->started ? ",\n" : "{\"traceEvents\":[\n", c->out);
	c->started = 1;
}

/* a pid as "%d" prints it */
static void put_int(FILE *out, int v)
{
	if (v < 0) {
		putc_unlocked('-', out);
		sg_json_u64(out, 0 - (uint64_t) v); /* -v, INT_MIN too */
	} else {
		sg_json_u64(out, (uint64_t) v);
	}
}

/* The track's name: process and thread metadata, "comm-pid". */
static void name_track(struct sg_chrome *c, const struct sg_invocation *inv, int pid)
{
	char name[64];

	if (inv->pid >= 0)
		snprintf(name, sizeof(name), "%.40s-%d", inv->comm ? inv->comm : "?", inv->pid);
	else
		snprintf(name, sizeof(name), "unknown task (the trace names none)");
	for (int i = 0; i < 2; i++) {
		begin_event(c);
		fprintf(c->out,
			"{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":",
			i ? "thread_name" : "process_name", pid, pid);
		sg_json_string(c->out, name);
		fputs_unlocked("}}", c->out);
	}
}

/* A node's kept calls (funcgraph-args, -retval): "call_args" and "retvals", call by call. */
static void put_calls(FILE *out, const struct sg_node *n)
{
	char buf[SG_FMT_LEN];
	int any_args = 0, any_ret = 0;

	if (!n->ret || !n->ret->first)
		return;
	for (const struct sg_call *k = n->ret->first; k; k = k->next) {
		any_args |= k->args[0] != '\0';
		any_ret |= k->has_retval;
	}
	if (any_args) {
		fputs_unlocked(",\"call_args\":[", out);
		for (const struct sg_call *k = n->ret->first; k; k = k->next) {
			sg_json_string(out, k->args);
			if (k->next)
				putc_unlocked(',', out);
		}
		putc_unlocked(']', out);
	}
	if (any_ret) {
		fputs_unlocked(",\"retvals\":[", out);
		for (const struct sg_call *k = n->ret->first; k; k = k->next) {
			if (k->has_retval)
				sg_json_string(out, sg_callfmt_retval(buf, k->retval));
			else
				fputs_unlocked("null", out);
			if (k->next)
				putc_unlocked(',', out);
		}
		putc_unlocked(']', out);
	}
}

/* A laid-out slice: a node of the tree, its calls merged, so its numbers go with it. */
static void put_node_args(FILE *out, const struct sg_slice *s)
{
	const struct sg_node *n = s->node;

	fputs_unlocked(",\"args\":{\"calls\":", out);
	sg_json_u64(out, n->calls);
	fputs_unlocked(",\"total_ns\":", out);
	sg_json_u64(out, n->total);
	fputs_unlocked(",\"self_ns\":", out);
	sg_json_u64(out, n->self);
	if (s->cut)
		fprintf(out, ",\"cut_ns\":%" PRIu64, s->cut);
	put_calls(out, n);
	putc_unlocked('}', out);
}

/*
 * A measured slice is one call: its time and duration are the event's own, so it has args only
 * for what is its alone (the trace's arguments and return value, a CPU other than the
 * invocation's first, a clamp). Importers that name a frame after its name and args
 * (speedscope) then show every call of a function as that one function.
 */
static void put_rec_args(FILE *out, const struct sg_invocation *inv, const struct sg_slice *s)
{
	const struct sg_callrec *r = s->rec;
	char buf[SG_FMT_LEN];
	int any = 0;

	if (r->args) {
		fputs_unlocked(",\"args\":{\"call_args\":", out);
		sg_json_string(out, r->args);
		any = 1;
	}
	if (r->has_retval) {
		fputs_unlocked(any ? "," : ",\"args\":{", out);
		fputs_unlocked("\"retval\":", out);
		sg_json_string(out, sg_callfmt_retval(buf, r->retval));
		any = 1;
	}
	if (inv->ncpus && r->cpu >= 0 && r->cpu != inv->cpus[0]) {
		fputs_unlocked(any ? "," : ",\"args\":{", out);
		fprintf(out, "\"cpu\":%d", r->cpu);
		any = 1;
	}
	if (s->cut) {
		/* what the kernel recorded, which nesting did not allow */
		fputs_unlocked(any ? "," : ",\"args\":{", out);
		fprintf(out, "\"clamped\":1,\"recorded_ts\":");
		sg_json_us(out, r->start); /* the record's, also in a moved invocation */
		fprintf(out, ",\"recorded_dur_ns\":%" PRIu64, r->dur);
		any = 1;
	}
	if (any)
		putc_unlocked('}', out);
}

static void put_slice(struct sg_chrome *c, const struct sg_invocation *inv, int pid,
		      const struct sg_slice *s)
{
	FILE *out = c->out;

	begin_event(c);
	fputs_unlocked("{\"name\":", out);
	sg_json_string(out, s->name);
	fputs_unlocked(",\"cat\":\"kernel\",\"ph\":\"X\",\"ts\":", out);
	sg_json_us(out, s->start);
	fputs_unlocked(",\"dur\":", out);
	sg_json_us(out, s->dur);
	/* the pid twice, without stdio's formatting: an export has a slice per call */
	fputs_unlocked(",\"pid\":", out);
	put_int(out, pid);
	fputs_unlocked(",\"tid\":", out);
	put_int(out, pid);
	if (s->rec)
		put_rec_args(out, inv, s);
	else
		put_node_args(out, s);
	putc_unlocked('}', out);
}

/*
 * The invocation itself: an instant event at its start on its track (Perfetto shows it with
 * these args; speedscope reads only slices), so that no slice carries per-invocation numbers.
 */
static void put_marker(struct sg_chrome *c, const struct sg_invocation *inv, int pid, uint64_t at,
		       uint64_t moved, const struct sg_timeline *tl)
{
	FILE *out = c->out;
	char name[96];

	snprintf(name, sizeof(name), "%.60s #%" PRIu64, inv->root, inv->seq);
	begin_event(c);
	fputs_unlocked("{\"name\":", out);
	sg_json_string(out, name);
	fputs_unlocked(",\"cat\":\"invocation\",\"ph\":\"i\",\"s\":\"t\",\"ts\":", out);
	sg_json_us(out, at);
	fprintf(out, ",\"pid\":%d,\"tid\":%d,\"args\":{\"invocation\":%" PRIu64, pid, pid,
		inv->seq);
	if (inv->has_dur)
		fprintf(out, ",\"duration_ns\":%" PRIu64, inv->duration);
	fputs_unlocked(",\"cpus\":[", out);
	for (int i = 0; i < inv->ncpus; i++)
		fprintf(out, "%s%d", i ? "," : "", inv->cpus[i]);
	putc_unlocked(']', out);
	if (tl->measured)
		fprintf(out, ",\"calls\":%zu,\"clamped\":%" PRIu64, inv->calls->n, tl->clamped);
	if (inv->calls && inv->calls->dropped)
		fprintf(out, ",\"calls_dropped\":%" PRIu64, inv->calls->dropped);
	if (!tl->measured) {
		fputs_unlocked(",\"laid_out\":", out);
		sg_json_string(out, !inv->has_ts  ? "the trace has no timestamps"
				    : !inv->calls ? "its calls were not recorded (an older .tree)"
						  : "a call without a timestamp or duration");
	}
	if (moved)
		fprintf(out, ",\"moved_ns\":%" PRIu64, moved);
	fputs_unlocked("}}", out);
}

/* The invocations laid out rather than measured, listed in otherData (at most this many). */
#define LAID_OUT_LISTED 1000

int sg_chrome_invocation(struct sg_chrome *c, const struct sg_invocation *inv)
{
	int pid = inv->pid >= 0 ? inv->pid : 0, fresh, rc;
	struct track *t = track_get(c, pid, &fresh);
	uint64_t origin = inv->has_ts ? inv->start_ts : c->untimed, moved = 0;
	struct sg_slice s;

	if (!t) {
		sg_log_error("out of memory");
		return -1;
	}
	if (fresh)
		name_track(c, inv, pid);
	else if (origin < t->end) {
		/* no two slices on a track overlap (Perfetto refuses them), nor touch (speedscope)
		 */
		moved = t->end + 1 - origin;
		origin = t->end + 1;
	}
	if (sg_timeline_init(&c->tl, inv, origin) < 0)
		return -1;
	put_marker(c, inv, pid, origin, moved, &c->tl);
	while ((rc = sg_timeline_next(&c->tl, &s)) > 0) {
		put_slice(c, inv, pid, &s);
		if (s.depth == 0) {
			t->end = s.start + s.dur;
			/* untimed invocations 1 us apart: none of them seems to run inside another
			 */
			c->untimed = t->end + 1000;
		}
	}
	if (moved && inv->has_ts)
		c->moved++;
	if (c->tl.measured) {
		c->measured++;
		c->clamped += c->tl.clamped;
	} else if (c->nlaid < LAID_OUT_LISTED) {
		uint64_t *v = realloc(c->laid, (c->nlaid + 1) * sizeof(*v));

		if (!v) {
			sg_log_error("out of memory");
			return -1;
		}
		c->laid = v;
		c->laid[c->nlaid++] = inv->seq;
	} else {
		c->nlaid++;
	}
	c->invocations++;
	return ferror(c->out) ? -1 : rc;
}

/* One metadata value as a JSON member, when the run has it. */
static void put_meta(FILE *out, const struct sg_aggregate *agg, const char *key)
{
	const char *v = sg_aggregate_meta(agg, key);

	if (!v)
		return;
	fprintf(out, ",\"%s\":", key);
	sg_json_string(out, v);
}

int sg_chrome_finish(struct sg_chrome *c, const struct sg_aggregate *agg)
{
	FILE *out = c->out;

	fputs_unlocked(c->started ? "\n]," : "{\"traceEvents\":[],", out);
	fprintf(out,
		"\n\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"surfgraph\","
		"\"invocations\":%" PRIu64,
		c->invocations);
	put_meta(out, agg, "root");
	put_meta(out, agg, "kernel");
	put_meta(out, agg, "host");
	put_meta(out, agg, "source");
	fprintf(out,
		",\"measured\":%" PRIu64 ",\"clamped\":%" PRIu64 ",\"moved\":%" PRIu64
		",\"laid_out\":%zu,\"laid_out_invocations\":[",
		c->measured, c->clamped, c->moved, c->nlaid);
	for (size_t i = 0; i < c->nlaid && i < LAID_OUT_LISTED; i++)
		fprintf(out, "%s%" PRIu64, i ? "," : "", c->laid[i]);
	fputs_unlocked(
	    "],\"layout\":\"measured invocations: each call at its entry's timestamp, lasting "
	    "the duration the kernel gave, a call clamped 1 ns inside its caller or before its "
	    "next sibling where rounding put it outside (counted in clamped), an invocation that "
	    "would overlap the previous one of its task moved after it, all its slices by its "
	    "marker's moved_ns (counted in moved); laid_out_invocations "
	    "(their input had no times): each slice lasts its calls' printed total, callees follow "
	    "one another in the order first called, their caller's self time spread evenly "
	    "around them\"}}\n",
	    out);
	return ferror(out) ? -1 : 0;
}
