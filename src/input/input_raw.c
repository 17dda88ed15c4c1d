/* input_raw.c - binary function_graph records (trace_pipe_raw, trace.dat) to events. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <kbuffer.h>
#include "btfargs.h"
#include "input_raw.h"
#include "log.h"

/* Cached address -> interned name, so each record costs one hash probe, not a symbol search. */
struct sym {
	unsigned long long addr;
	const char *name;
};

struct comm {
	unsigned int pid; /* the pid + 1, unsigned: INT_MAX + 1 is no overflow; 0: a free slot */
	const char *name;
};

/* A numeric field's place in its record, kept by value: -1 offset when the format has none. */
struct fld {
	int off, size;
};

struct sg_raw_decoder {
	struct tep_handle *tep;
	struct sg_strtab *st;
	sg_event_fn fn;
	void *ctx;
	int lines, proc_comm;
	int entry_id, exit_id, raent_id; /* raent: fgraph_retaddr_entry (6.13 on), or -1 */
	int switch_id;			 /* sched:sched_switch, or -1 when not in the trace */
	struct tep_format_field *sw_prev_comm, *sw_next_comm;
	int common_end; /* bytes a record needs for its type and pid */
	int swap;	/* the file's byte order is not this machine's */
	struct tep_format_field *en_args, *ra_args;
	/* the numeric fields read in every record, copied out of the formats once (_new) */
	struct fld f_type, f_pid, f_func[3], f_depth[3]; /* [0] entry, [1] exit, [2] retaddr */
	struct fld f_calltime, f_rettime, f_retval, f_overrun, f_prev_pid, f_next_pid;
	int last_pid; /* the pid of the last record named, and its name: runs of one task */
	const char *last_comm;
	struct sym *syms;
	size_t nsyms, symcap;
	struct comm *comms;
	size_t ncomms, commcap;
	struct sg_btfargs *btf; /* names the arguments when set (not owned) */
	char args[768];		/* an entry's arguments as the kernel prints them */
	char line[1024];
	struct sg_raw_stats stats;
};

/* Deeper than any kernel's return stack: a damaged record (and int arithmetic stays safe). */
#define MAX_DEPTH (1u << 20)

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

static uint64_t mix(uint64_t x)
{
	x *= 0x9E3779B97F4A7C15ULL;
	return x ^ (x >> 29);
}

static struct tep_format_field *field(struct tep_event *ev, const char *name, int required)
{
	struct tep_format_field *f = tep_find_field(ev, name);

	if (!f && required)
		sg_log_error("ftrace:%s has no field '%s': an unknown kernel layout", ev->name,
			     name);
	return f;
}

static struct fld fld_of(const struct tep_format_field *f)
{
	struct fld v = {-1, 0};

	if (f && f->offset >= 0 && f->size >= 0) {
		v.off = f->offset;
		v.size = f->size;
	}
	return v;
}

/*
 * sched:sched_switch, enabled beside function_graph, tells when a task left the CPU and when it
 * came back (the off-cpu frames). Its fields by name; without them the records are other events.
 */
static void sched_fields(struct sg_raw_decoder *d, struct tep_event *sw)
{
	struct tep_format_field *prev_pid, *next_pid;

	d->switch_id = -1;
	d->f_prev_pid = d->f_next_pid = fld_of(NULL);
	if (!sw || !(prev_pid = field(sw, "prev_pid", 0)) || !(next_pid = field(sw, "next_pid", 0)))
		return;
	d->f_prev_pid = fld_of(prev_pid);
	d->f_next_pid = fld_of(next_pid);
	d->sw_prev_comm = field(sw, "prev_comm", 0);
	d->sw_next_comm = field(sw, "next_comm", 0);
	d->switch_id = sw->id;
}

struct sg_raw_decoder *sg_raw_decoder_new(struct tep_handle *tep, struct sg_strtab *st,
					  sg_event_fn fn, void *ctx, int lines)
{
	struct sg_raw_decoder *d;
	struct tep_event *en = tep_find_event_by_name(tep, "ftrace", "funcgraph_entry");
	struct tep_event *ex = tep_find_event_by_name(tep, "ftrace", "funcgraph_exit");
	/* funcgraph-retaddr: an entry event of its own, "retaddr" (6.13-6.18) or args[0] (6.19 on)
	 */
	struct tep_event *ra = tep_find_event_by_name(tep, "ftrace", "fgraph_retaddr_entry");
	struct tep_format_field *en_func, *en_depth, *ex_func, *ex_depth, *calltime, *rettime;
	struct tep_format_field *ra_func = NULL, *ra_depth = NULL, *common[2] = {NULL, NULL};

	if (!en || !ex) {
		sg_log_error(
		    "no ftrace:funcgraph_entry/funcgraph_exit event formats: is the kernel "
		    "built with CONFIG_FUNCTION_GRAPH_TRACER?");
		return NULL;
	}
	d = calloc(1, sizeof(*d));
	if (!d) {
		oom();
		return NULL;
	}
	d->tep = tep;
	d->st = st;
	d->fn = fn;
	d->ctx = ctx;
	d->lines = lines;
	d->entry_id = en->id;
	d->exit_id = ex->id;
	/* overrun is optional: the text format shows it only with funcgraph-overrun, we take it
	 * when there */
	if (!(en_func = field(en, "func", 1)) || !(en_depth = field(en, "depth", 1)) ||
	    !(ex_func = field(ex, "func", 1)) || !(ex_depth = field(ex, "depth", 1)) ||
	    !(calltime = field(ex, "calltime", 1)) || !(rettime = field(ex, "rettime", 1))) {
		free(d);
		return NULL;
	}
	d->f_func[0] = fld_of(en_func);
	d->f_depth[0] = fld_of(en_depth);
	d->f_func[1] = fld_of(ex_func);
	d->f_depth[1] = fld_of(ex_depth);
	d->f_calltime = fld_of(calltime);
	d->f_rettime = fld_of(rettime);
	d->f_overrun = fld_of(field(ex, "overrun", 0));
	/* funcgraph-args (6.15 on): args[] after depth; funcgraph-retval (6.5 on): retval */
	d->en_args = field(en, "args", 0);
	d->f_retval = fld_of(field(ex, "retval", 0));
	d->raent_id = -1;
	if (ra && (ra_func = field(ra, "func", 0)) && (ra_depth = field(ra, "depth", 0))) {
		d->raent_id = ra->id;
		d->ra_args = field(ra, "args", 0);
	}
	d->f_func[2] = fld_of(ra_func);
	d->f_depth[2] = fld_of(ra_depth);
	sched_fields(d, tep_find_event_by_name(tep, "sched", "sched_switch"));
	for (int i = 0; i < 2; i++) {
		struct tep_format_field *c =
		    tep_find_common_field(en, i ? "common_pid" : "common_type");

		if (c && c->offset + c->size > d->common_end)
			d->common_end = c->offset + c->size;
		common[i] = c;
	}
	d->f_type = fld_of(common[0]);
	d->f_pid = fld_of(common[1]);
	d->swap = tep_is_file_bigendian(tep) != tep_is_local_bigendian(tep);
	d->last_pid = -2; /* no record named yet (-1 is a record without a pid) */
	return d;
}

/* Whether field f lies inside the record (a damaged file may hold short records). */
static int inside(const struct tep_format_field *f, const struct tep_record *rec)
{
	return f->offset >= 0 && f->size >= 0 && f->offset + f->size <= rec->size;
}

/*
 * Field f of the record as a number: the offsets were looked up once per event type, so a read
 * is a load (and a byte swap for a file of the other byte order), as tep_read_number_field does
 * it. -1 when the field is not inside the record or not 1, 2, 4 or 8 bytes wide.
 */
static inline int num(const struct sg_raw_decoder *d, const struct fld *f,
		      const struct tep_record *rec, unsigned long long *v)
{
	const char *p;

	if (f->off < 0 || f->off + f->size > rec->size)
		return -1;
	p = (const char *) rec->data + f->off;
	switch (f->size) {
	case 1:
		*v = *(const uint8_t *) p;
		return 0;
	case 2: {
		uint16_t x;

		memcpy(&x, p, 2);
		*v = d->swap ? __builtin_bswap16(x) : x;
		return 0;
	}
	case 4: {
		uint32_t x;

		memcpy(&x, p, 4);
		*v = d->swap ? __builtin_bswap32(x) : x;
		return 0;
	}
	case 8: {
		uint64_t x;

		memcpy(&x, p, 8);
		*v = d->swap ? __builtin_bswap64(x) : x;
		return 0;
	}
	default:
		return -1;
	}
}

void sg_raw_decoder_free(struct sg_raw_decoder *d)
{
	if (!d)
		return;
	free(d->syms);
	free(d->comms);
	free(d);
}

void sg_raw_decoder_use_proc_comm(struct sg_raw_decoder *d)
{
	d->proc_comm = 1;
}

const struct sg_raw_stats *sg_raw_decoder_stats(const struct sg_raw_decoder *d)
{
	return &d->stats;
}

static const char *symbol(struct sg_raw_decoder *d, unsigned long long addr)
{
	size_t i;

	if (d->nsyms * 2 >= d->symcap) {
		size_t ncap = d->symcap ? d->symcap * 2 : 4096;
		struct sym *v = calloc(ncap, sizeof(*v));

		if (!v)
			return NULL;
		for (i = 0; i < d->symcap; i++) {
			if (!d->syms[i].name)
				continue;
			size_t j = mix(d->syms[i].addr) & (ncap - 1);

			while (v[j].name)
				j = (j + 1) & (ncap - 1);
			v[j] = d->syms[i];
		}
		free(d->syms);
		d->syms = v;
		d->symcap = ncap;
	}
	for (i = mix(addr) & (d->symcap - 1); d->syms[i].name; i = (i + 1) & (d->symcap - 1))
		if (d->syms[i].addr == addr)
			return d->syms[i].name;

	const char *name = tep_find_function(d->tep, addr);
	char hex[32];

	if (!name) {
		/* Still a stable, distinct name: the tree keeps its shape even without symbols. */
		snprintf(hex, sizeof(hex), "0x%llx", addr);
		name = hex;
		d->stats.unknown_funcs++;
	}
	name = sg_strtab_intern(d->st, name, strlen(name));
	if (!name)
		return NULL;
	d->syms[i].addr = addr;
	d->syms[i].name = name;
	d->nsyms++;
	return name;
}

/* The cached name of pid (open addressing by pid; a miss is cached like a hit): 1 when found. */
static int comm_cached(const struct sg_raw_decoder *d, int pid, const char **name)
{
	for (size_t i = mix((uint64_t) pid) & (d->commcap - 1); d->commcap && d->comms[i].pid;
	     i = (i + 1) & (d->commcap - 1))
		if (d->comms[i].pid == (unsigned int) pid + 1u) {
			*name = d->comms[i].name;
			return 1;
		}
	return 0;
}

static const char *comm_cache(struct sg_raw_decoder *d, int pid, const char *name);

static const char *proc_comm(struct sg_raw_decoder *d, int pid)
{
	char path[64], buf[64];
	const char *name = NULL;
	ssize_t n = -1;
	int fd;

	if (comm_cached(d, pid, &name))
		return name;
	if (pid == 0) {
		name = sg_strtab_intern(d->st, "<idle>", 6);
	} else {
		snprintf(path, sizeof(path), "/proc/%d/comm", pid);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			n = read(fd, buf, sizeof(buf));
			close(fd);
		}
		while (n > 0 && buf[n - 1] == '\n')
			n--;
		if (n > 0)
			name = sg_strtab_intern(d->st, buf, (size_t) n);
	}
	return comm_cache(d, pid, name);
}

static const char *comm_cache(struct sg_raw_decoder *d, int pid, const char *name)
{
	size_t i;

	if ((d->ncomms + 1) * 2 > d->commcap) {
		size_t ncap = d->commcap ? d->commcap * 2 : 256;
		struct comm *v = calloc(ncap, sizeof(*v));

		if (!v)
			return name;
		for (size_t j = 0; j < d->commcap; j++) {
			if (!d->comms[j].pid)
				continue;
			size_t k = mix((uint64_t) (int) (d->comms[j].pid - 1u)) & (ncap - 1);

			while (v[k].pid)
				k = (k + 1) & (ncap - 1);
			v[k] = d->comms[j];
		}
		free(d->comms);
		d->comms = v;
		d->commcap = ncap;
	}
	i = mix((uint64_t) pid) & (d->commcap - 1);
	while (d->comms[i].pid)
		i = (i + 1) & (d->commcap - 1);
	d->comms[i].pid = (unsigned int) pid + 1u; /* 0 marks a free slot */
	d->comms[i].name = name;
	d->ncomms++;
	return name;
}

static const char *comm_of(struct sg_raw_decoder *d, int pid)
{
	const char *c;

	if (d->proc_comm)
		return proc_comm(d, pid);
	/* the file's saved command lines do not change while it is read: one look-up per pid */
	if (comm_cached(d, pid, &c))
		return c;
	c = tep_data_comm_from_pid(d->tep, pid);
	if (!c || strcmp(c, "<...>") == 0)
		return comm_cache(d, pid, NULL);
	return comm_cache(d, pid, sg_strtab_intern(d->st, c, strlen(c)));
}

size_t sg_raw_format_line(char *buf, size_t size, const struct sg_event *ev)
{
	int depth = ev->depth < 0 ? 0 : ev->depth > 100 ? 100 : ev->depth;
	char col[40] = "";
	int n;

	if (ev->type == SG_EV_LOST) {
		n = snprintf(buf, size, "CPU:%d [LOST %" PRIu64 " EVENTS]", ev->cpu, ev->count);
	} else if (ev->type == SG_EV_SWITCH) {
		n = snprintf(buf, size,
			     " %d) %14s|  /* sched_switch: prev_pid=%d ==> next_pid=%d */", ev->cpu,
			     "", ev->pid, ev->next_pid);
	} else if (ev->type == SG_EV_ENTRY) {
		char args[SG_EVENT_ARGS * 20 + 8] = "";
		size_t k = 0;

		for (int i = 0; i < ev->nargv; i++)
			k += (size_t) snprintf(args + k, sizeof(args) - k, "%s0x%" PRIx64,
					       i ? ", " : "", ev->argv[i]);
		n = snprintf(buf, size, " %d) %14s|  %*s%s(%.*s) {", ev->cpu, "", 2 * depth, "",
			     ev->func, ev->args_len ? (int) ev->args_len : (int) k,
			     ev->args_len ? ev->args : args);
	} else {
		static const struct {
			uint64_t ns;
			char mark;
		} marks[] = {{1000000000, '$'}, {100000000, '@'}, {10000000, '*'},
			     {1000000, '#'},	{100000, '!'},	  {10000, '+'}};
		char mark = ' ';

		for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
			if (ev->dur > marks[i].ns) {
				mark = marks[i].mark;
				break;
			}
		if (ev->has_dur)
			snprintf(col, sizeof(col), "%c %" PRIu64 ".%03" PRIu64 " us", mark,
				 ev->dur / 1000, ev->dur % 1000);
		if (ev->has_retval)
			n = snprintf(buf, size, " %d) %-14s|  %*s} /* %s ret=%" PRId64 " */",
				     ev->cpu, col, 2 * depth, "", ev->func, ev->retval);
		else
			n = snprintf(buf, size, " %d) %-14s|  %*s} /* %s */", ev->cpu, col,
				     2 * depth, "", ev->func);
	}
	if (n < 0)
		return 0;
	return (size_t) n >= size ? size - 1 : (size_t) n;
}

static int emit(struct sg_raw_decoder *d, struct sg_event *ev)
{
	sg_raw_name_args(d->btf, d->args, sizeof(d->args), ev);
	if (d->lines) {
		ev->line = d->line;
		ev->line_len = sg_raw_format_line(d->line, sizeof(d->line), ev);
	}
	return d->fn(d->ctx, ev);
}

/*
 * funcgraph-args: the record's args[] holds FTRACE_REGS_MAX_ARGS (6) values after its fixed
 * part; in fgraph_retaddr_entry (6.19 on) the return address comes first. Fewer words than
 * six mean no arguments were recorded (a record without the option, or only the address).
 */
static void read_args(struct sg_raw_decoder *d, const struct tep_format_field *f, int retaddr_first,
		      const struct tep_record *rec, struct sg_event *ev)
{
	int words, skip = retaddr_first ? 1 : 0;

	if (!f || f->offset < 0 || f->offset >= rec->size)
		return;
	words = (rec->size - f->offset) / 8;
	if (words - skip < SG_EVENT_ARGS)
		return;
	for (int i = 0; i < SG_EVENT_ARGS; i++)
		ev->argv[i] = tep_read_number(
		    d->tep, (const char *) rec->data + f->offset + 8 * (i + skip), 8);
	ev->nargv = SG_EVENT_ARGS;
}

void sg_raw_name_args(struct sg_btfargs *b, char *buf, size_t size, struct sg_event *ev)
{
	int n;

	if (!b || ev->type != SG_EV_ENTRY || !ev->nargv)
		return;
	n = sg_btfargs_format(b, ev->func, ev->argv, ev->nargv, buf, size);
	if (n < 0)
		return;
	ev->args = buf;
	ev->args_len = (size_t) n;
	ev->nargv = 0;
}

void sg_raw_decoder_set_btf(struct sg_raw_decoder *d, struct sg_btfargs *b)
{
	d->btf = b;
}

/* A comm array field (TASK_COMM_LEN bytes, NUL-padded) interned; NULL when absent. */
static const char *comm_field(struct sg_raw_decoder *d, const struct tep_format_field *f,
			      const struct tep_record *rec)
{
	const char *c;

	if (!f || !inside(f, rec) || f->size <= 0)
		return NULL;
	c = (const char *) rec->data + f->offset;
	return sg_strtab_intern(d->st, c, strnlen(c, (size_t) f->size));
}

static int on_sched_switch(struct sg_raw_decoder *d, struct tep_record *rec, struct sg_event *ev)
{
	unsigned long long prev, next;

	if (num(d, &d->f_prev_pid, rec, &prev) < 0 || num(d, &d->f_next_pid, rec, &next) < 0) {
		d->stats.other++;
		return 0;
	}
	d->stats.switches++;
	ev->type = SG_EV_SWITCH;
	ev->sched = 1;
	ev->pid = (int) prev;
	ev->next_pid = (int) next;
	ev->comm = comm_field(d, d->sw_prev_comm, rec);
	ev->next_comm = comm_field(d, d->sw_next_comm, rec);
	ev->has_ts = 1;
	ev->ts = rec->ts;
	return emit(d, ev);
}

int sg_raw_decoder_record(struct sg_raw_decoder *d, struct tep_record *rec)
{
	struct sg_event ev;
	unsigned long long func, depth, v;
	/* libtraceevent reads fields without knowing the record's size: too short is another event
	 */
	unsigned long long tv;
	int type = rec->size >= d->common_end && num(d, &d->f_type, rec, &tv) == 0 ? (int) tv : -1;
	int is_exit = type == d->exit_id, is_ra = type == d->raent_id && type >= 0;
	int kind = is_exit ? 1 : is_ra ? 2 : 0;

	d->stats.records++;
	memset(&ev, 0, sizeof(ev));
	ev.cpu = rec->cpu;
	if (rec->missed_events) {
		ev.type = SG_EV_LOST;
		ev.pid = -1;
		ev.has_ts = 1;
		ev.ts = rec->ts;
		d->stats.lost_markers++;
		if (rec->missed_events > 0) {
			ev.count = (uint64_t) rec->missed_events;
			d->stats.lost_events += ev.count;
		} else {
			d->stats.lost_unknown++;
		}
		if (emit(d, &ev) < 0)
			return -1;
		memset(&ev, 0, sizeof(ev));
		ev.cpu = rec->cpu;
	}
	if (type == d->switch_id && type >= 0)
		return on_sched_switch(d, rec, &ev);
	if (type != d->entry_id && !is_exit && !is_ra) {
		d->stats.other++;
		return 0;
	}
	d->stats.events++;
	if (num(d, &d->f_func[kind], rec, &func) < 0 ||
	    num(d, &d->f_depth[kind], rec, &depth) < 0 || depth > MAX_DEPTH) {
		d->stats.other++;
		return 0;
	}
	ev.pid = num(d, &d->f_pid, rec, &v) == 0 ? (int) v : -1;
	if (ev.pid != d->last_pid) {
		d->last_comm = comm_of(d, ev.pid);
		d->last_pid = ev.pid;
	}
	ev.comm = d->last_comm;
	ev.func = symbol(d, func);
	if (!ev.func)
		return oom();
	ev.depth = (int) depth;
	ev.has_ts = 1;
	ev.ts = rec->ts;
	if (!is_exit) {
		ev.type = SG_EV_ENTRY;
		read_args(d, is_ra ? d->ra_args : d->en_args, is_ra, rec, &ev);
		return emit(d, &ev);
	}
	unsigned long long calltime = 0, rettime = 0;

	ev.type = SG_EV_EXIT;
	if (num(d, &d->f_calltime, rec, &calltime) == 0 &&
	    num(d, &d->f_rettime, rec, &rettime) == 0 && rettime >= calltime) {
		ev.has_dur = 1;
		ev.dur = rettime - calltime;
	}
	if (num(d, &d->f_retval, rec, &v) == 0) {
		ev.has_retval = 1;
		ev.retval = sg_event_retval((uint64_t) v);
	}
	if (num(d, &d->f_overrun, rec, &v) == 0) {
		ev.count = v;
		ev.has_overrun = 1;
	}
	return emit(d, &ev);
}
