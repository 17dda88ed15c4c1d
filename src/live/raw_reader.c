/* raw_reader.c - the live binary reader: per-CPU trace_pipe_raw, decoded and merged by timestamp.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kbuffer.h>
#include "datwriter.h"
#include "log.h"
#include "raw_reader.h"
#include "rawline.h"

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

struct queue {
	struct sg_event *v;
	size_t head, n, cap; /* a ring */
};

struct cpu_in {
	int cpu;
	struct tracefs_cpu *tcpu;
	struct queue q;
	uint64_t horizon; /* no later read of this CPU can bring an event older than this */
	uint64_t last_ts; /* of the newest event read from it */
	uint64_t overrun0, dropped0; /* per_cpu/cpuN/stats when opened */
};

struct sg_raw_reader {
	struct tracefs_instance *inst;
	struct tep_handle *tep;
	struct sg_raw_decoder *dec;
	struct kbuffer *kbuf;
	struct cpu_in *cpus;
	int ncpus;
	int filling; /* index of the CPU whose events the decoder is producing */
	void *page;
	int page_size;
	uint64_t max_seen, last_delivered;
	sg_event_fn fn;
	void *ctx;
	int lines;
	char line[1024];
	struct sg_btfargs *btf; /* --args: the entries' values named as delivered */
	char args[768];
	long records; /* read by the current poll */
	struct sg_datwriter *dat; /* -w: every page read also goes there, as read */
	struct sg_raw_stats stats, out;
};

/* Pages read from one CPU per poll, so a CPU that never runs dry cannot starve the others. */
#define PAGES_PER_POLL 256

static int queue_push(void *ctx, const struct sg_event *ev)
{
	struct sg_raw_reader *r = ctx;
	struct cpu_in *c = &r->cpus[r->filling];
	struct queue *q = &c->q;

	if (q->n == q->cap) {
		size_t ncap = q->cap ? q->cap * 2 : 4096;
		struct sg_event *v = malloc(ncap * sizeof(*v));

		if (!v)
			return oom();
		for (size_t i = 0; i < q->n; i++)
			v[i] = q->v[(q->head + i) % q->cap];
		free(q->v);
		q->v = v;
		q->head = 0;
		q->cap = ncap;
	}
	q->v[(q->head + q->n) % q->cap] = *ev;
	q->n++;
	if (ev->ts > r->max_seen)
		r->max_seen = ev->ts;
	c->last_ts = ev->ts;
	return 0;
}

/* "overrun: N" and "dropped events: N" from per_cpu/cpuN/stats. */
static void read_cpu_stats(struct tracefs_instance *inst, int cpu, uint64_t *overrun,
			   uint64_t *dropped)
{
	char file[64];
	char *buf, *p;

	*overrun = *dropped = 0;
	snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
	buf = tracefs_instance_file_read(inst, file, NULL);
	if (!buf)
		return;
	if ((p = strstr(buf, "overrun:")))
		*overrun = strtoull(p + 8, NULL, 10);
	if ((p = strstr(buf, "dropped events:")))
		*dropped = strtoull(p + 15, NULL, 10);
	free(buf);
}

struct sg_raw_reader *sg_raw_reader_open(struct tracefs_instance *inst, struct tep_handle *tep,
					 const int *cpus, int ncpus, struct sg_strtab *st,
					 sg_event_fn fn, void *ctx, int lines)
{
	struct sg_raw_reader *r = calloc(1, sizeof(*r));

	if (!r) {
		oom();
		return NULL;
	}
	r->inst = inst;
	r->tep = tep;
	r->fn = fn;
	r->ctx = ctx;
	r->lines = lines;
	r->dec = sg_raw_decoder_new(tep, st, queue_push, r, 0);
	if (!r->dec)
		goto fail;
	sg_raw_decoder_use_proc_comm(r->dec);
	r->kbuf = tep_kbuffer(tep);
	r->cpus = calloc((size_t) ncpus, sizeof(*r->cpus));
	if (!r->kbuf || !r->cpus) {
		oom();
		goto fail;
	}
	r->ncpus = ncpus;
	for (int i = 0; i < ncpus; i++) {
		struct cpu_in *c = &r->cpus[i];

		c->cpu = cpus[i];
		c->tcpu = tracefs_cpu_open(inst, cpus[i], true);
		if (!c->tcpu) {
			sg_log_error("cannot open per_cpu/cpu%d/trace_pipe_raw: %s", cpus[i],
				     strerror(errno));
			goto fail;
		}
		int size = tracefs_cpu_read_size(c->tcpu);

		if (size > r->page_size)
			r->page_size = size;
		read_cpu_stats(inst, c->cpu, &c->overrun0, &c->dropped0);
	}
	r->page = malloc(r->page_size > 0 ? (size_t) r->page_size : 4096);
	if (!r->page) {
		oom();
		goto fail;
	}
	return r;
fail:
	sg_raw_reader_free(r);
	return NULL;
}

void sg_raw_reader_free(struct sg_raw_reader *r)
{
	if (!r)
		return;
	for (int i = 0; r->cpus && i < r->ncpus; i++) {
		tracefs_cpu_close(r->cpus[i].tcpu);
		free(r->cpus[i].q.v);
	}
	free(r->cpus);
	if (r->kbuf)
		kbuffer_free(r->kbuf);
	sg_raw_decoder_free(r->dec);
	free(r->page);
	free(r);
}

/* Decode one sub-buffer of CPU i into its queue. */
static int decode_page(struct sg_raw_reader *r, int i, int len)
{
	struct tep_record rec;
	unsigned long long ts;
	void *data;
	int missed;

	if (kbuffer_load_subbuffer(r->kbuf, r->page) < 0) {
		sg_log_error("cpu%d: a sub-buffer of %d bytes does not parse", r->cpus[i].cpu, len);
		return -1;
	}
	missed = kbuffer_missed_events(r->kbuf);
	r->filling = i;
	while ((data = kbuffer_read_event(r->kbuf, &ts))) {
		memset(&rec, 0, sizeof(rec));
		rec.ts = ts;
		rec.cpu = r->cpus[i].cpu;
		rec.data = data;
		rec.size = kbuffer_event_size(r->kbuf);
		rec.record_size = kbuffer_curr_size(r->kbuf);
		rec.missed_events = missed;
		missed = 0;
		r->records++;
		if (sg_raw_decoder_record(r->dec, &rec) < 0)
			return -1;
		kbuffer_next_event(r->kbuf, NULL);
	}
	return 0;
}

static int deliver(struct sg_raw_reader *r, struct sg_event *ev)
{
	if (ev->ts < r->last_delivered)
		r->stats.reordered++;
	else
		r->last_delivered = ev->ts;
	/* here, not as decoded: a queued event cannot point into a buffer the next record reuses */
	sg_raw_name_args(r->btf, r->args, sizeof(r->args), ev);
	if (r->lines) {
		ev->line = r->line;
		ev->line_len = sg_rawline_format(r->line, sizeof(r->line), ev);
	}
	return r->fn(r->ctx, ev);
}

/* Deliver queued events in timestamp order, up to limit (inclusive). */
static int merge(struct sg_raw_reader *r, uint64_t limit, int all)
{
	for (;;) {
		struct cpu_in *best = NULL;

		for (int i = 0; i < r->ncpus; i++) {
			struct cpu_in *c = &r->cpus[i];

			if (c->q.n && (!best || c->q.v[c->q.head].ts < best->q.v[best->q.head].ts))
				best = c;
		}
		if (!best)
			return 0;
		struct sg_event ev = best->q.v[best->q.head];

		if (!all && ev.ts > limit)
			return 0;
		best->q.head = (best->q.head + 1) % best->q.cap;
		best->q.n--;
		if (deliver(r, &ev) < 0)
			return -1;
	}
}

long sg_raw_reader_poll(struct sg_raw_reader *r, int final)
{
	uint64_t limit = UINT64_MAX;

	r->records = 0;
	for (int i = 0; i < r->ncpus; i++) {
		struct cpu_in *c = &r->cpus[i];
		int pages = 0, n = 0;

		while (final || pages < PAGES_PER_POLL) {
			n = tracefs_cpu_read(c->tcpu, r->page, true);

			if (n < 0) {
				if (errno == EINTR)
					continue;
				sg_log_error("cpu%d: reading trace_pipe_raw failed: %s", c->cpu,
					     strerror(errno));
				return -1;
			}
			if (n == 0)
				break;
			pages++;
			r->stats.bytes += (uint64_t) n;
			if (r->dat && sg_datwriter_page(r->dat, c->cpu, r->page, n) < 0)
				return -1;
			if (decode_page(r, i, n) < 0)
				return -1;
		}
		/*
		 * Empty now: whatever it records later is newer than every event already read
		 * from any CPU, since those were written before this check. Not empty: only
		 * newer than what was read from it.
		 */
		c->horizon = n == 0 ? r->max_seen : c->last_ts;
	}
	for (int i = 0; i < r->ncpus; i++)
		if (r->cpus[i].horizon < limit)
			limit = r->cpus[i].horizon;
	if (merge(r, limit, final) < 0)
		return -1;
	return r->records;
}

void sg_raw_reader_record(struct sg_raw_reader *r, struct sg_datwriter *w)
{
	r->dat = w;
}

void sg_raw_reader_set_btf(struct sg_raw_reader *r, struct sg_btfargs *b)
{
	r->btf = b;
}

int sg_raw_reader_page_size(const struct sg_raw_reader *r)
{
	return r->page_size;
}

void sg_raw_reader_kernel_lost(struct sg_raw_reader *r, uint64_t *overrun, uint64_t *dropped)
{
	*overrun = *dropped = 0;
	for (int i = 0; i < r->ncpus; i++) {
		uint64_t o, d;

		read_cpu_stats(r->inst, r->cpus[i].cpu, &o, &d);
		*overrun += o > r->cpus[i].overrun0 ? o - r->cpus[i].overrun0 : 0;
		*dropped += d > r->cpus[i].dropped0 ? d - r->cpus[i].dropped0 : 0;
	}
}

const struct sg_raw_stats *sg_raw_reader_stats(struct sg_raw_reader *r)
{
	/* The decoder counts records; the reader adds what only it sees. */
	r->out = *sg_raw_decoder_stats(r->dec);
	r->out.bytes = r->stats.bytes;
	r->out.reordered = r->stats.reordered;
	return &r->out;
}
