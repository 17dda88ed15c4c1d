/* callrec.h - every call of one invocation as the kernel recorded it, in order: the replay and
 * the measured timelines. */
#ifndef SG_CALLREC_H
#define SG_CALLREC_H

#include <stddef.h>
#include <stdint.h>
#include "event.h"

/*
 * Calls kept per invocation. An invocation's tree merges repeated calls of one path; its
 * records keep each call once more, so they are bounded: past this many the rest of the
 * invocation's calls are counted (dropped) but not kept. A record is about 80 bytes in memory
 * and one line of 30-80 bytes in the .tree, so a kept invocation adds at most ~1 MB to either;
 * with the default --keep 32 --keep-slowest 8, at most 40 of them.
 */
#define SG_CALLS_MAX 10000

struct sg_callrec {
	const char *func; /* interned */
	const char *comm; /* interned or NULL */
	char *args;	  /* owned, as the trace printed them (binary: raw values); NULL: none */
	uint64_t start;	  /* ns of the trace clock: the entry's timestamp, when has_ts */
	uint64_t dur;	  /* ns as the kernel gave it (rettime - calltime), when has_dur */
	int64_t retval;	  /* when has_retval */
	int depth;	  /* below the invocation's root (0) */
	int cpu, pid;	  /* -1: unknown */
	unsigned has_ts : 1, has_dur : 1, has_retval : 1;
};

struct sg_calls {
	struct sg_callrec *v; /* in the order they were entered */
	size_t n, cap;
	uint64_t dropped; /* calls past SG_CALLS_MAX */
	size_t nargs;	  /* records with args: none, and freeing need not read them all */
	int base;	  /* the root's depth in the trace */
	/* while recording: the records of the open calls, innermost last (depth increasing) */
	size_t *open;
	size_t nopen, opencap;
};

struct sg_calls *sg_callrec_new(void);
void sg_callrec_free(struct sg_calls *c);

/*
 * An entry (ENTRY) or a whole call (LEAF) at ev->depth - c->base, by task pid/comm: a record
 * appended (or counted as dropped past the bound). -1: no memory.
 */
int sg_callrec_enter(struct sg_calls *c, const struct sg_event *ev, int pid, const char *comm);

/* A return (EXIT): its duration and value on the open record it closes (none: ignored). */
void sg_callrec_exit(struct sg_calls *c, const struct sg_event *ev);

/* A record as a loaded .tree gives it (args copied). -1: no memory. */
int sg_callrec_append(struct sg_calls *c, const struct sg_callrec *r, const char *args);

#endif
