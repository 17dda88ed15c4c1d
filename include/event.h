/* event.h - the one record every input produces: function entry/exit/leaf, lost events, task
 * switch. */
#ifndef SG_EVENT_H
#define SG_EVENT_H

#include <stddef.h>
#include <stdint.h>

enum sg_event_type {
	SG_EV_ENTRY,  /* func entered at depth (it has children) */
	SG_EV_EXIT,   /* return at depth; func may be NULL when the input did not name it */
	SG_EV_LEAF,   /* entry and return merged: a call with no traced children */
	SG_EV_LOST,   /* the CPU's buffer lost count events (0: unknown how many) */
	SG_EV_SWITCH, /* the CPU now runs next_pid; pid/comm name the task that left (sched: from
		       * a sched:sched_switch record, at ts) */
	SG_EV_NOTE,   /* a line that belongs to a task but is not a call (comment, irq marker) */
};

/* funcgraph-args records at most this many arguments (the kernel's FTRACE_REGS_MAX_ARGS). */
#define SG_EVENT_ARGS 6

struct sg_event {
	enum sg_event_type type;
	int cpu;	  /* -1: unknown */
	int pid;	  /* -1: unknown, the task is the one the CPU last switched to */
	const char *comm; /* interned, NULL when unknown */
	const char *func; /* interned; NULL for an unnamed exit */
	int depth;
	int has_ts, has_dur;
	uint64_t ts;	/* ns, trace clock (entry time for ENTRY/LEAF, return for EXIT) */
	uint64_t dur;	/* ns, for EXIT and LEAF */
	uint64_t count; /* LOST: events lost; EXIT: the task's overrun counter, if has_overrun */
	int has_overrun;
	int next_pid;	       /* SWITCH */
	const char *next_comm; /* SWITCH, interned or NULL */
	/*
	 * SWITCH: 1 when it is a sched:sched_switch record (the scheduler's decision, with its
	 * timestamp when has_ts), 0 for the `a-1 => b-2` line function_graph prints when the next
	 * recorded task on a CPU differs (no time, and absent for switches nothing was recorded
	 * around)
	 */
	int sched;
	const char *line; /* the source text of this event (text inputs), for raw output */
	size_t line_len;
	/*
	 * ENTRY, LEAF with funcgraph-args: the arguments as the text printed them, without the
	 * parentheses (valid, like line, only during the callback); binary records give the raw
	 * values instead, nargv of them (at most SG_EVENT_ARGS), or, named from BTF, the text the
	 * kernel would have printed (nargv 0).
	 */
	const char *args;
	size_t args_len;
	int nargv;
	uint64_t argv[SG_EVENT_ARGS];
	/* EXIT, LEAF with funcgraph-retval: the value, sign-extended from 32 bits as the kernel
	 * does */
	int has_retval;
	int64_t retval;
};

/*
 * A return value as the kernel reads it before printing: a 64-bit value whose upper half is 0
 * and bit 31 set is a negative int (an int error code in a 64-bit register).
 */
static inline int64_t sg_event_retval(uint64_t v)
{
	if (!(v >> 32) && (v & 0x80000000u))
		return (int32_t) (uint32_t) v;
	return (int64_t) v;
}

/* The consumer of an event stream; returns 0, or -1 with sg_log_error() set to stop the input. */
typedef int (*sg_event_fn)(void *ctx, const struct sg_event *ev);

#endif
