/* input_dat.h - trace-cmd trace.dat files through libtracecmd, decoded like live records. */
#ifndef SG_INPUT_DAT_H
#define SG_INPUT_DAT_H

#include <stddef.h>
#include "event.h"
#include "input_raw.h"
#include "strtab.h"

/* Whether the first bytes of a file are a trace.dat header ("\x17\x08\x44tracing"). */
int sg_dat_sniff(const char *head, size_t len);

/*
 * Whether a trace.dat header's page size (in head, its first len bytes) is one libtracecmd can
 * take: a power of two from 4 KiB to 16 MiB (1 when head is too short to tell: the library
 * refuses such a file itself). Checked before a compressed file is copied for the library.
 */
int sg_dat_page_size_ok(const char *head, size_t len);

/*
 * Feed every function_graph record of the trace.dat at path (or in fd, when fd >= 0: a seekable
 * file at its start, such as a decompressed copy; path names it in messages) to fn(ctx), merged
 * across CPUs in timestamp order, names from the kallsyms the file carries; lines: give events text
 * lines for -m raw. stats receives the decoder's counts, kernel (ksize bytes) the recording
 * machine's kernel release when the file names it, else "". -1 with a message when the file cannot
 * be read or the consumer failed.
 */
int sg_dat_read(const char *path, int fd, struct sg_strtab *st, sg_event_fn fn, void *ctx,
		int lines, struct sg_raw_stats *stats, char *kernel, size_t ksize);

#endif
