/* narrow.h - --narrow and --narrow-from: set_ftrace_filter written with only what runs under the
 * roots. */
#ifndef SG_NARROW_H
#define SG_NARROW_H

#include "callstack.h"
#include "narrowset.h"
#include "strtab.h"
#include "tracefs_session.h"

/* What a narrowing wrote, for the summary and the .tree metadata. */
struct sg_narrow_info {
	int functions; /* distinct functions (base names) of the set, roots included */
	int patched;   /* functions of the kernel patched (records): every clone it lists */
	int unknown;   /* functions of the set this kernel does not list: skipped */
};

/*
 * --narrow-from: the functions of the .tree file at path (names interned in st) and the roots
 * (as written to set_graph_function) written to set_ftrace_filter, before the tracer is set.
 * -1 with a message.
 */
int sg_narrow_from(struct sg_tracefs_session *s, const char *path, struct sg_strtab *st,
		   const char *const *roots, int nroots, struct sg_narrow_info *info);

/* Reads the capture's buffers (final: everything, tracing is off); -1 with a message. */
typedef long (*sg_narrow_read_fn)(void *ctx, int final);

/* What --narrow's switch works on. */
struct sg_narrow_switch {
	struct sg_tracefs_session *s;
	struct sg_narrowset *seen; /* the functions traced so far; freed by the switch */
	const char *const *roots;  /* as written to set_graph_function */
	int nroots;
	struct sg_callstack *cs;
	sg_narrow_read_fn rd;
	void *ctx;
};

/*
 * --narrow's switch. The names seen are written to set_ftrace_filter while tracing goes on
 * (the kernel looks each up in every record as it comes, but applies the list only at close),
 * the buffers read every few names; then tracing off, everything recorded read, the
 * invocations still open marked as narrowed mid-way (sg_callstack_narrow: never merged half
 * one way), the names seen last written, the list applied (the kernel re-patches its call
 * sites), tracing on. *off: when tracing went off (CLOCK_MONOTONIC seconds; 0 if it never
 * did). -1 with a message.
 */
int sg_narrow_switch(const struct sg_narrow_switch *sw, struct sg_narrow_info *info, double *off);

/*
 * --narrow-learn N[,SECONDS]: N complete invocations (0: any number) or SECONDS (0: no limit),
 * whichever comes first; N alone has no time limit. -1 with a message.
 */
int sg_narrow_parse_learn(const char *arg, unsigned long *count, double *seconds);

#endif
