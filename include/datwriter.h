/* datwriter.h - -w: a live capture's binary pages saved as the trace.dat trace-cmd record writes.
 */
#ifndef SG_DATWRITER_H
#define SG_DATWRITER_H

#include <stdint.h>

struct sg_datwriter;

/*
 * Start recording to path: the output file is opened now, before tracefs is touched (so a bad
 * path fails before tracing; outfile.c's rules), the pages go to per-CPU files in a private
 * directory beside it until sg_datwriter_finish. ncpus: CPUs 0..ncpus-1 may send pages. NULL
 * with a message.
 */
struct sg_datwriter *sg_datwriter_new(const char *path, int ncpus);

/*
 * The kernel's sub-buffer size, known once the per-CPU buffers are open (after set-up), before
 * the first page. -1 with a message.
 */
int sg_datwriter_set_page_size(struct sg_datwriter *w, int page_size);

/* One sub-buffer of cpu exactly as trace_pipe_raw gave it (len bytes). -1 with a message. */
int sg_datwriter_page(struct sg_datwriter *w, int cpu, const void *page, int len);

/*
 * Write the trace.dat through libtracecmd's output API (headers, event formats, kallsyms,
 * printk formats, saved_cmdlines and the uname option from this machine, then the pages) and
 * rename it into place. -1 with a message (nothing is left behind).
 */
int sg_datwriter_finish(struct sg_datwriter *w);

/*
 * --args: the functions b names by the time of sg_datwriter_finish go into the file with the
 * BTF their arguments need (btfargs.h), so a later reader names them too. b outlives w.
 */
struct sg_btfargs;
void sg_datwriter_keep_btf(struct sg_datwriter *w, struct sg_btfargs *b);

/* The pages' bytes so far. */
uint64_t sg_datwriter_bytes(const struct sg_datwriter *w);

/* Remove the page files (and the output when not finished). Accepts NULL. */
void sg_datwriter_free(struct sg_datwriter *w);

#endif
