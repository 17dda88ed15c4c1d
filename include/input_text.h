/* input_text.h - function_graph text (trace, trace_pipe, trace-cmd report) to events. */
#ifndef SG_INPUT_TEXT_H
#define SG_INPUT_TEXT_H

#include <stdint.h>
#include "event.h"
#include "linebuf.h"
#include "strtab.h"

struct sg_text_stats {
	uint64_t lines, bytes;
	uint64_t events;     /* entries, exits and leaves */
	uint64_t leaves;     /* of those: a leaf line is an entry and its exit in the kernel */
	uint64_t headers;    /* '#' lines and trace-cmd's cpus= */
	uint64_t switches;   /* context-switch lines */
	uint64_t sched_switches; /* sched:sched_switch records (comments, trace-cmd lines) */
	uint64_t lost_lines; /* CPU:N [LOST M EVENTS] lines */
	uint64_t lost_events;
	uint64_t notes;	  /* comments, irq markers, overrun lines */
	uint64_t other;	  /* trace-cmd events that are not function_graph ones */
	uint64_t skipped; /* lines that could not be understood */
	uint64_t first_skipped_lineno;
	char first_skipped[96];
	int has_dur;	 /* some line had a duration column */
	char kernel[64]; /* release named by a latency-format header, or "" */
};

struct sg_text_parser;

/* Events go to fn(ctx, ev); names are interned in st. NULL: no memory. */
struct sg_text_parser *sg_text_parser_new(struct sg_strtab *st, sg_event_fn fn, void *ctx);
void sg_text_parser_free(struct sg_text_parser *p);

/* One line without its '\n' ("\r\n" is accepted). -1 when the consumer failed. */
int sg_text_parser_line(struct sg_text_parser *p, const char *line, size_t len);

/* End of input: deliver what is still held back. -1 when the consumer failed. */
int sg_text_parser_finish(struct sg_text_parser *p);

/*
 * Read rd(rctx, buf, n) (linebuf.h: bytes from wherever they come, decompressed say) to its
 * end, line by line, then finish. Lines longer than 64 MB are skipped and counted. -1 when rd
 * failed (its message) or the consumer failed.
 */
int sg_text_parser_read(struct sg_text_parser *p, sg_read_fn rd, void *rctx);

const struct sg_text_stats *sg_text_parser_stats(const struct sg_text_parser *p);

#endif
