/* tracefs_file.h - one tracefs file: read whole, written as echo writes, given back as it read. */
#ifndef SG_TRACEFS_FILE_H
#define SG_TRACEFS_FILE_H

#include <stddef.h>
#include <tracefs.h>

/* inst NULL is the top level. Every write is shown as `echo VALUE > PATH` with -v. */

/*
 * The whole file, NUL-terminated ("" when empty), its length in *len (may be NULL). NULL with a
 * message when it cannot be read.
 */
char *sg_tracefs_file_read(struct tracefs_instance *inst, const char *file, size_t *len);

/*
 * Truncate file, then write each of the n values as its own line through one open file (the
 * kernel applies a filter list at close); n 0 leaves it empty. -1 with a message.
 */
int sg_tracefs_file_write(struct tracefs_instance *inst, const char *file,
			  const char *const *values, int n);

/*
 * A filter list written a line at a time while other work goes on (the kernel looks each name
 * up as it is written, and applies the list at close): open truncates (-1 with a message),
 * put_line writes one value, close applies (-1 with a message). -v shows them as a shell's
 * `exec 3> FILE`, `echo VALUE >&3`, `exec 3>&-`.
 */
int sg_tracefs_file_open_list(struct tracefs_instance *inst, const char *file);
int sg_tracefs_file_put_line(struct tracefs_instance *inst, const char *file, int fd,
			     const char *value);
int sg_tracefs_file_close_list(struct tracefs_instance *inst, const char *file, int fd);

/*
 * The values to write to file so it reads content again: each kind of file shows its value its
 * own way (filter lists one name a line, "name [mod]" written "name:mod:mod", trace_clock's
 * [choice], "(expanded: N)", buffer_size_kb "X" giving no value). Returns how many, with the
 * strings in *buf and the pointers in *words (both the caller's to free); -1 when out of memory.
 */
int sg_tracefs_file_values(const char *file, const char *content, char **buf,
			   const char ***words);

/*
 * Write back content, what file read as before: each kind of file shows its value its own way
 * (filter lists, "name [mod]", trace_clock's [choice], "(expanded: N)", buffer_size_kb "X").
 * -1 with a message.
 */
int sg_tracefs_file_restore(struct tracefs_instance *inst, const char *file, const char *content);

/* How many per_cpu/cpuN directories file has (the highest N + 1); 0 when none. */
int sg_tracefs_file_ncpus(struct tracefs_instance *inst);

/*
 * A buffer that was never expanded reads "N (expanded: M)" and cannot be made unexpanded
 * again: given back, it must stand where the kernel's own first expansion puts it. Checks
 * what the total (total) and each of the ncpus per-CPU sizes (cpus) read after restoring
 * saved: one plain number K everywhere, M <= K <= M + slack_kb (sizes round up to whole
 * sub-buffer pages). 0, or -1 with the reason in why.
 */
int sg_tracefs_file_expansion_check(const char *saved, const char *total, const char *const *cpus,
				    int ncpus, long slack_kb, char *why, size_t size);

/*
 * Read file again after content (len bytes, as saved) was written back: 0 when it reads the
 * same bytes, or for an unexpanded buffer_size_kb the expanded size on the total and every
 * per-CPU file; 1 with the reason in why when not; -1 with a message when unreadable.
 */
int sg_tracefs_file_verify(struct tracefs_instance *inst, const char *file, const char *content,
			   size_t len, char *why, size_t size);

#endif
