/* raw_reader.h - the live binary reader: per-CPU trace_pipe_raw, decoded and merged by timestamp.
 */
#ifndef SG_RAW_READER_H
#define SG_RAW_READER_H

#include <stdint.h>
#include <event-parse.h>
#include <tracefs.h>
#include "event.h"
#include "input_raw.h"
#include "strtab.h"

/*
 * The live reader: the per-CPU trace_pipe_raw files of an instance (NULL: the top level), read
 * without blocking through libtracefs, decoded, and merged across CPUs by timestamp before they
 * reach the decoder's consumer.
 */
struct sg_raw_reader;

/* cpus: the CPUs to read (ncpus of them). NULL with a message on failure. */
struct sg_raw_reader *sg_raw_reader_open(struct tracefs_instance *inst, struct tep_handle *tep,
					 const int *cpus, int ncpus, struct sg_strtab *st,
					 sg_event_fn fn, void *ctx, int lines);
void sg_raw_reader_free(struct sg_raw_reader *r);

/*
 * Read every CPU until its buffer is empty and deliver the events that can no longer be
 * overtaken by a later read; final: deliver everything (tracing is off). Returns the number of
 * records read, or -1 (message set) on a read error or when the consumer failed.
 */
long sg_raw_reader_poll(struct sg_raw_reader *r, int final);

/* -w: every page read from now on is also given to w as read (NULL: none). */
struct sg_datwriter;
void sg_raw_reader_record(struct sg_raw_reader *r, struct sg_datwriter *w);

/* --args: each entry's raw values named from b's BTF as it is delivered (b outlives r). */
struct sg_btfargs;
void sg_raw_reader_set_btf(struct sg_raw_reader *r, struct sg_btfargs *b);

/* The largest sub-buffer a CPU gives, in bytes. */
int sg_raw_reader_page_size(const struct sg_raw_reader *r);

/*
 * What the kernel's per_cpu/cpuN/stats say was lost since the reader was opened: events
 * overwritten before they were read (overrun) and events dropped on a full buffer.
 */
void sg_raw_reader_kernel_lost(struct sg_raw_reader *r, uint64_t *overrun, uint64_t *dropped);

const struct sg_raw_stats *sg_raw_reader_stats(struct sg_raw_reader *r);

#endif
