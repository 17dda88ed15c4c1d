/* live.h - tracing the running kernel: set-up, capture loop, stop conditions, status line. */
#ifndef SG_LIVE_H
#define SG_LIVE_H

#include <stdint.h>
#include "callstack.h"
#include "input_text.h"
#include "narrow.h"
#include "strtab.h"

/* What the capture loop tells a tick (struct sg_live_settings): the status line's figures. */
struct sg_live_tick {
	double elapsed;		 /* seconds traced */
	uint64_t complete, lost; /* complete invocations; events the kernel said were lost */
	uint64_t events;	 /* events read so far */
};

/* What a capture does: the roots, the filters, the stop conditions, what is written on the side.
 * cmd_profile.c fills it from the command line; the capture loop knows nothing else of it. */
struct sg_live_settings {
	const char **functions; /* the roots' patterns */
	int nfunctions;
	const char **excludes; /* -x: patterns not traced */
	int nexcludes;
	double duration;     /* stop after SECONDS; 0: until a signal */
	unsigned long count; /* stop after N complete invocations; 0: no limit */
	const int *pids;     /* only these tasks (ignored with command) */
	int npids;
	const char *cpus;	    /* "0-3,6": only these CPUs; NULL: all */
	int max_depth;		    /* max_graph_depth; 0: the kernel's */
	unsigned long buffer_kb;    /* per-CPU buffer; 0: as found */
	int no_irqs, no_sleep_time; /* funcgraph-irqs off, sleep-time off */
	int no_off_cpu;		    /* sched_switch left alone: no [off-cpu] frames */
	int text, force;	    /* read trace_pipe text; take tracefs even when busy */
	int args, retval;	    /* funcgraph-args, funcgraph-retval */
	int keep_lines;		    /* keep each invocation's input lines (-m raw) */
	int quiet;		    /* no status line, no notes */
	char **command;		    /* run and trace it; NULL: none */
	const char *write_dat;	    /* the binary pages also saved as this trace.dat; NULL: none */
	int narrow;		    /* learn, then patch only what ran under the roots */
	unsigned long narrow_count; /* learn from N complete invocations */
	double narrow_seconds;	    /* or for S seconds, whichever comes first (0: no limit) */
	const char *narrow_from;    /* only this earlier run's functions, from the start */
	/*
	 * Called on every pass of the capture loop while tracing (a read, or an idle wait of
	 * 50 ms: often enough to read keys, redraw when it will), in place of the status line;
	 * it must not block. Returns 0 to go on, 1 to stop the capture (SG_STOP_TICK), -1 with a
	 * message to fail it. NULL: none (the status line on a terminal).
	 */
	int (*tick)(void *ctx, const struct sg_live_tick *t);
	void *tick_ctx;
};

enum sg_live_stop {
	SG_STOP_SIGNAL,
	SG_STOP_DURATION,
	SG_STOP_COUNT,
	SG_STOP_COMMAND,
	SG_STOP_TICK /* the tick asked (the TUI's q) */
};

struct sg_live_result {
	char kernel[80]; /* uname -r */
	int instance;	 /* recorded in a tracefs instance of our own, not the top level */
	int text;	 /* read trace_pipe text (--text) */
	double seconds;	 /* time traced */
	enum sg_live_stop stop;
	int began;	 /* tracing was turned on; 0 when a signal came during the set-up */
	int signal;					  /* SG_STOP_SIGNAL: which */
	int cmd_status;					  /* SG_STOP_COMMAND: wait() status */
	uint64_t records;				  /* binary records, or text lines */
	uint64_t consumed; /* records taken from the kernel's buffers (a text leaf line is two) */
	double cpu_user, cpu_sys; /* this process's CPU s from tracing on to the last read */
	uint64_t bytes;					  /* read from the kernel */
	uint64_t lost_markers, lost_events, lost_unknown; /* what the reader was told was lost */
	uint64_t overrun, dropped;			  /* what per_cpu/cpuN/stats say was lost */
	uint64_t reordered;		 /* events that arrived after newer ones of another CPU */
	int recovered, recovered_pid;	 /* files restored at start for a run that died */
	struct sg_text_stats text_stats; /* --text */
	const char *dat;		 /* -w: the trace.dat written, NULL: none */
	uint64_t dat_bytes;		 /* its pages' bytes */
	int narrowed;			 /* --narrow switched, or --narrow-from */
	int learning;			 /* --narrow: the run ended before the switch */
	struct sg_narrow_info narrow;	 /* what set_ftrace_filter was given */
	uint64_t narrow_learned;	 /* --narrow: complete invocations before the switch */
	double narrow_learn_s, narrow_gap_s; /* seconds learning; tracing off for the switch */
	uint64_t narrow_self, narrow_root;   /* sg_narrowcheck_self() of the two phases */
};

/*
 * Trace the functions o->functions on the live kernel until a stop condition, feeding every
 * event to cs (already holding the matcher); tracefs is restored before this returns, whatever
 * happened. Returns 0; -1 with a message; -2 with a message for a usage problem (no such
 * function: exit status 2). Prints only the TTY status line and a note when tracefs was
 * recovered from a dead run.
 */
int sg_live_run(const struct sg_live_settings *o, struct sg_strtab *st, struct sg_callstack *cs,
		struct sg_live_result *res);

/*
 * Whether sig's default action ends the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2,
 * SIGALRM, SIGXCPU, SIGXFSZ, ..., real-time signals): during a capture each only stops it, so
 * tracefs is given back. The faults (SIGSEGV, ...) are not caught: the next run recovers.
 */
int sg_live_is_stop_signal(int sig);

#endif
