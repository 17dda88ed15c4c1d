/* render_chrome.c - Chrome trace-event JSON (-m chrome) for Perfetto UI, chrome://tracing,
 * speedscope. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
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
	fputs(c->started ? ",\n" : "{\"traceEvents\":[\n", c->out);
	c->started = 1;
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
		fputs("}}", c->out);
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
		fputs(",\"call_args\":[", out);
		for (const struct sg_call *k = n->ret->first; k; k = k->next) {
			sg_json_string(out, k->args);
			if (k->next)
				putc(',', out);
		}
		putc(']', out);
	}
	if (any_ret) {
		fputs(",\"retvals\":[", out);
		for (const struct sg_call *k = n->ret->first; k; k = k->next) {
			if (k->has_retval)
				sg_json_string(out, sg_fmt_retval(buf, k->retval));
			else
				fputs("null", out);
			if (k->next)
				putc(',', out);
		}
		putc(']', out);
	}
}

static void put_slice(struct sg_chrome *c, const struct sg_invocation *inv, int pid,
		      const struct sg_slice *s, uint64_t moved)
{
	FILE *out = c->out;
	const struct sg_node *n = s->node;

	begin_event(c);
	fputs("{\"name\":", out);
	sg_json_string(out, n->name);
	fputs(",\"cat\":\"kernel\",\"ph\":\"X\",\"ts\":", out);
	sg_json_us(out, s->start);
	fputs(",\"dur\":", out);
	sg_json_us(out, s->dur);
	fprintf(out,
		",\"pid\":%d,\"tid\":%d,\"args\":{\"calls\":%" PRIu64 ",\"total_ns\":%" PRIu64
		",\"self_ns\":%" PRIu64,
		pid, pid, n->calls, n->total, n->self);
	if (s->cut)
		fprintf(out, ",\"cut_ns\":%" PRIu64, s->cut);
	fputs(",\"cpus\":[", out);
	for (int i = 0; i < inv->ncpus; i++)
		fprintf(out, "%s%d", i ? "," : "", inv->cpus[i]);
	putc(']', out);
	if (s->depth == 0) {
		fprintf(out, ",\"invocation\":%" PRIu64, inv->seq);
		if (!inv->has_ts)
			fputs(",\"start\":\"unknown: the trace has no timestamps\"", out);
		if (moved)
			fprintf(out, ",\"moved_ns\":%" PRIu64, moved);
	}
	put_calls(out, n);
	fputs("}}", out);
}

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
	sg_timeline_init(&c->tl, inv, origin);
	while ((rc = sg_timeline_next(&c->tl, &s)) > 0) {
		put_slice(c, inv, pid, &s, moved);
		if (s.depth == 0) {
			t->end = s.start + s.dur;
			/* untimed invocations 1 us apart: none of them seems to run inside another
			 */
			c->untimed = t->end + 1000;
		}
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

	fputs(c->started ? "\n]," : "{\"traceEvents\":[],", out);
	fprintf(out,
		"\n\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"surfgraph\","
		"\"invocations\":%" PRIu64,
		c->invocations);
	put_meta(out, agg, "root");
	put_meta(out, agg, "kernel");
	put_meta(out, agg, "host");
	put_meta(out, agg, "source");
	fputs(",\"layout\":\"each slice lasts its calls' printed total; callees follow one another "
	      "in the order first called, their caller's self time spread evenly around them\"}}\n",
	      out);
	return ferror(out) ? -1 : 0;
}
