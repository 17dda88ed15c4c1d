/* btfargs.h - funcgraph-args' raw values named and formatted from BTF, as the kernel prints them.
 */
#ifndef SG_BTFARGS_H
#define SG_BTFARGS_H

#include <stddef.h>
#include <stdint.h>

/*
 * The binary records carry six raw register values per entry; the kernel names and formats
 * them (print_function_args in kernel/trace/trace_output.c) only when it prints text. This
 * module does the same from a BTF: the running kernel's (/sys/kernel/btf/vmlinux) live, or
 * the one a trace.dat written by -w carries (sg_btfargs_subset), through libbpf.
 */
struct sg_btfargs;

/* The running kernel's BTF. */
#define SG_BTFARGS_KERNEL "/sys/kernel/btf/vmlinux"

/* A BTF file (raw, as /sys/kernel/btf/vmlinux, or an ELF's .BTF). NULL with a message. */
struct sg_btfargs *sg_btfargs_open(const char *path);

/* A BTF in memory (copied; an untrusted file's, checked by libbpf). NULL with a message. */
struct sg_btfargs *sg_btfargs_from_data(const void *data, size_t size);

void sg_btfargs_free(struct sg_btfargs *b);

/*
 * The text between the parentheses the kernel prints for a call of func (one pointer per name,
 * as an interned name is: each is looked up once) with these raw values (nargv of them, the
 * kernel records six), in buf (size bytes, truncated, NUL-terminated): its length. 0 for a
 * function without parameters and for one the BTF lacks (compiler clones such as
 * `f.isra.0`: the kernel prints `f()` too). -1 for a module's function (`f [mod]`), whose BTF
 * is the module's: the caller keeps the raw values.
 */
int sg_btfargs_format(struct sg_btfargs *b, const char *func, const uint64_t *argv, int nargv,
		      char *buf, size_t size);

/*
 * A BTF of only what formatting the functions seen so far needs (each one's parameters, their
 * types reduced to kind, size, encoding and enum names), for a trace.dat to carry: *data
 * malloc'ed (the caller frees), *size bytes; *size 0 when no function was seen. -1 with a
 * message.
 */
int sg_btfargs_subset(struct sg_btfargs *b, void **data, size_t *size);

/*
 * How a trace.dat written by -w carries sg_btfargs_subset: an option of this id (not one of
 * trace-cmd's, which number from 0 up and which trace-cmd report skips when unknown) whose data
 * is SG_BTFARGS_MAGIC (8 bytes) and the BTF.
 */
#define SG_BTFARGS_DAT_OPTION 0x5347
#define SG_BTFARGS_MAGIC "SGBTF01"

/* Functions formatted so far (found in the BTF or not). */
size_t sg_btfargs_count(const struct sg_btfargs *b);

#endif
