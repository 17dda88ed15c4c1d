/* input_raw.h - binary function_graph records (trace_pipe_raw, trace.dat) to events. */
#ifndef SG_INPUT_RAW_H
#define SG_INPUT_RAW_H

#include <stdint.h>
#include <event-parse.h>
#include <tracefs.h>
#include "event.h"
#include "strtab.h"

struct sg_raw_stats {
	uint64_t records;	/* ring-buffer records decoded */
	uint64_t bytes;		/* sub-buffer bytes read (live) */
	uint64_t events;	/* funcgraph entries and exits */
	uint64_t other;		/* records of other events, ignored */
	uint64_t switches;	/* sched:sched_switch records */
	uint64_t lost_markers;	/* sub-buffers that announced missed events */
	uint64_t lost_events;	/* events they announced (unknown counts add 0) */
	uint64_t lost_unknown;	/* markers whose count the kernel could not store */
	uint64_t unknown_funcs; /* records whose address kallsyms does not name */
	uint64_t reordered;	/* records that came before the last one delivered (late) */
};

/*
 * The decoder: ftrace:funcgraph_entry and funcgraph_exit records, fields looked up by name in
 * tep (so 6.1 and 6.12 layouts both work), func symbolized by the kallsyms tep holds; and
 * sched:sched_switch records, when the trace has them, as SWITCH events with their time.
 */
struct sg_raw_decoder;

/*
 * Events go to fn(ctx, ev), names interned in st. lines: give each event a function_graph-like
 * text line (for -m raw). NULL with a message when tep has no funcgraph events.
 */
struct sg_raw_decoder *sg_raw_decoder_new(struct tep_handle *tep, struct sg_strtab *st,
					  sg_event_fn fn, void *ctx, int lines);
void sg_raw_decoder_free(struct sg_raw_decoder *d);

/*
 * Decode one record (rec->cpu set). A record whose missed_events is not 0 is preceded by a
 * LOST event. Other events are counted and skipped. -1 when the consumer failed.
 */
int sg_raw_decoder_record(struct sg_raw_decoder *d, struct tep_record *rec);

/*
 * funcgraph-args: name and format each entry's raw values from b's BTF as the kernel's text
 * does (btfargs.h) as the decoder hands it on; b outlives the decoder. NULL: raw values. A
 * consumer that holds events before handing them on (the live reader's merge) names them
 * itself, at that time, through sg_raw_name_args.
 */
struct sg_btfargs;
void sg_raw_decoder_set_btf(struct sg_raw_decoder *d, struct sg_btfargs *b);

/*
 * An ENTRY's raw values (nargv) replaced by the text the kernel would print, written in buf
 * (size bytes; ev->args points there, so it lives until buf is written again): none for a
 * function b's BTF lacks (the kernel's `f()`); a module's function, or b NULL, left as it is.
 */
void sg_raw_name_args(struct sg_btfargs *b, char *buf, size_t size, struct sg_event *ev);

/* Names for pids the record stream cannot name (live): read /proc/PID/comm on first sight. */
void sg_raw_decoder_use_proc_comm(struct sg_raw_decoder *d);

const struct sg_raw_stats *sg_raw_decoder_stats(const struct sg_raw_decoder *d);

#endif
