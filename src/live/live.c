/* live.c - tracing the running kernel: set-up, capture loop, stop conditions, status line. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include "cpulist.h"
#include "input_raw.h"
#include "kallsyms.h"
#include "datwriter.h"
#include "raw_reader.h"
#include "linebuf.h"
#include "btfargs.h"
#include "live.h"
#include "livechild.h"
#include "log.h"
#include "narrow.h"
#include "tracefs_session.h"
#include "tracefs_setup.h"

/* Idle wait between reads of empty buffers; the status line is refreshed every STATUS_NS. */
#define IDLE_NS	  50000000L
#define STATUS_NS 500000000L

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

/* Job control would stop us with the tracer on and tracefs changed: not while tracing. */
static void on_stop(int sig)
{
	static const char msg[] = "\nsurfgraph: not stopping while tracing (tracefs would stay "
				  "changed meanwhile): Ctrl-C ends the capture\n";

	(void) sig;
	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		return;
}

int sg_live_is_stop_signal(int sig)
{
	/* every signal whose default action ends the process, but the faults of our own code */
	static const int term[] = { SIGINT,  SIGTERM, SIGHUP,	 SIGQUIT, SIGUSR1, SIGUSR2,
				    SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO,
				    SIGPWR };

	for (size_t i = 0; i < sizeof(term) / sizeof(term[0]); i++)
		if (sig == term[i])
			return 1;
	return sig >= SIGRTMIN && sig <= SIGRTMAX;
}

struct live {
	const struct sg_live_settings *o;
	struct sg_strtab *st;
	struct sg_callstack *cs;
	struct sg_live_result *res;
	struct sg_tracefs_session *s;
	struct sg_raw_reader *reader;
	struct sg_datwriter *dat; /* -w */
	struct sg_btfargs *btf;	  /* --args, binary: the running kernel's BTF names the values */
	struct sg_text_parser *parser;
	int pipe_fd; /* trace_pipe, --text */
	struct sg_linebuf *lines; /* --text: trace_pipe's bytes into lines */
	long text_lines;
	struct tep_handle *tep;
	int done; /* -n reached: later events are not wanted */
	uint64_t events;
	struct sg_livechild child; /* -- CMD */
	int status_line;
	struct sg_narrowset *seen; /* --narrow: the functions traced while learning */
	char **roots;		   /* --narrow*: as written to set_graph_function */
	int nroots;
	struct sigaction old[NSIG]; /* by signal number: what to give back at the end */
};


/*
 * The binary records carry raw values; the kernel names them from its BTF only when it prints
 * text, so the running kernel's BTF names them here. Without one (an old kernel, no
 * CONFIG_DEBUG_INFO_BTF) the values stay raw, as -v says.
 */
static void open_btf(struct live *l)
{
	l->btf = sg_btfargs_open(SG_BTFARGS_KERNEL);
	if (!l->btf) {
		sg_log_action("# --args: %s: the arguments stay raw values", sg_log_message());
		return;
	}
	sg_log_action("# --args: arguments named from %s", SG_BTFARGS_KERNEL);
	sg_raw_reader_set_btf(l->reader, l->btf);
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double) t.tv_sec + (double) t.tv_nsec / 1e9;
}

/*
 * This process's user and system CPU seconds so far. The system part is what reading costs in
 * the kernel (copying pages, or formatting trace_pipe's text); the cost of recording the events
 * is charged to the traced tasks, not to us.
 */
static void cpu_s(double *user, double *sys)
{
	struct rusage ru;

	*user = *sys = 0;
	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return;
	*user = (double) ru.ru_utime.tv_sec + (double) ru.ru_utime.tv_usec / 1e6;
	*sys = (double) ru.ru_stime.tv_sec + (double) ru.ru_stime.tv_usec / 1e6;
}

/* Between the reader and the call stacks: counts, and stops taking events once -n is met. */
static int on_event(void *ctx, const struct sg_event *ev)
{
	struct live *l = ctx;

	if (l->done)
		return 0;
	if (sg_callstack_feed(l->cs, ev) < 0)
		return -1;
	/* only what runs under a root is recorded: every name is one to keep patched */
	if (l->seen && ev->func && sg_narrowset_add(l->seen, ev->func) < 0)
		return -1;
	l->events++;
	if (l->o->count && sg_callstack_stats(l->cs)->complete >= l->o->count)
		l->done = 1;
	return 0;
}

/* Fork -- CMD, held until tracing is on; every signal this run catches or ignores reset in it. */
static int spawn(struct live *l)
{
	sigset_t dfl;

	sigemptyset(&dfl);
	for (int sig = 1; sig < NSIG; sig++)
		if (sg_live_is_stop_signal(sig) || sig == SIGPIPE || sig == SIGTSTP ||
		    sig == SIGTTIN || sig == SIGTTOU)
			sigaddset(&dfl, sig);
	return sg_livechild_spawn(&l->child, l->o->command, &dfl);
}

/* Text read per poll: a pipe that never runs dry must not keep the loop from its checks. */
#define TEXT_PER_POLL (256u << 10)

/* --text: split what trace_pipe gave into lines for the text parser. */
static int on_text_line(void *ctx, const char *line, size_t len)
{
	struct live *l = ctx;

	if (!line)
		return 0; /* longer than any line the kernel prints */
	l->text_lines++;
	return sg_text_parser_line(l->parser, line, len);
}

static long read_text(struct live *l, int final)
{
	size_t budget = TEXT_PER_POLL;
	long before = l->text_lines;

	for (;;) {
		ssize_t n = sg_linebuf_read(l->lines, l->pipe_fd, on_text_line, l);

		if (n == SG_LINEBUF_AGAIN || n == 0)
			break;
		if (n < 0)
			return -1;
		l->res->bytes += (uint64_t) n;
		if (!final)
			budget = (size_t) n >= budget ? 0 : budget - (size_t) n;
		if (!final && !budget)
			break;
	}
	return l->text_lines - before;
}

static long read_some(struct live *l, int final)
{
	return l->parser ? read_text(l, final) : sg_raw_reader_poll(l->reader, final);
}

static void status(struct live *l, double elapsed, uint64_t *last_events, double *last_t)
{
	double now = now_s();
	double rate = now > *last_t ? (double) (l->events - *last_events) / (now - *last_t) : 0;
	const struct sg_callstack_stats *cs = sg_callstack_stats(l->cs);

	*last_events = l->events;
	*last_t = now;
	fprintf(stderr,
		"\r\033[Ksurfgraph: %.1f s, %" PRIu64 " complete, %.0f events/s, %" PRIu64 " lost",
		elapsed, cs->complete, rate, cs->lost_events);
	fflush(stderr);
}

/* --narrow's switch reads the buffers through this (final: everything, tracing off). */
static long narrow_read(void *ctx, int final)
{
	return read_some(ctx, final);
}

/* --narrow's switch (narrow.c); t0: when tracing began. */
static int narrow_now(struct live *l, double t0)
{
	struct sg_live_result *r = l->res;
	struct sg_narrow_switch sw = { l->s, l->seen, (const char *const *) l->roots, l->nroots,
				       l->cs, narrow_read, l };
	double off = 0;
	int ret = sg_narrow_switch(&sw, &r->narrow, &off);

	l->seen = NULL; /* freed by the switch */
	r->narrowed = off > 0;
	r->narrow_learned = sg_callstack_stats(l->cs)->complete;
	r->narrow_learn_s = off > 0 ? off - t0 : now_s() - t0;
	r->narrow_gap_s = off > 0 ? now_s() - off : 0;
	return ret;
}

static int setup(struct live *l, const struct sg_live_settings *o)
{
	struct sg_graph_setup g = { 0 };
	char **roots = NULL, **excl = NULL, *mask = NULL;
	int nroots = 0, nexcl = 0, *cpus = NULL, ncpus = 0, ret = -1;
	long nconf = sysconf(_SC_NPROCESSORS_CONF);
	/* the off-cpu frames need the records' times: binary reading, durations with sleep */
	int offcpu = !o->text && !o->no_off_cpu && !o->no_sleep_time;
	/* sched: sched_switch's format, for the off-cpu frames */
	const char *sys[] = { "ftrace", offcpu ? "sched" : NULL, NULL };

	if (sg_tracefs_session_prepare(l->s, o->force) < 0)
		return -1;
	/* every -f and -x must name something traceable, before anything is written */
	for (int pass = 0; pass < 2; pass++) {
		int n = pass ? o->nexcludes : o->nfunctions;
		const char **pats = pass ? o->excludes : o->functions;
		char ***dst = pass ? &excl : &roots;
		int *dn = pass ? &nexcl : &nroots;

		for (int i = 0; i < n; i++) {
			char **names;
			int k = sg_tracefs_session_resolve(l->s, pats[i], &names);

			if (k <= 0) {
				ret = k == 0 ? -2 : -1;
				goto out;
			}
			char **v = realloc(*dst, (size_t) (*dn + k + 1) * sizeof(*v));

			if (!v) {
				sg_tracefs_session_names_free(names);
				sg_log_error("out of memory");
				goto out;
			}
			*dst = v;
			for (int j = 0; j < k; j++)
				v[(*dn)++] = names[j];
			v[*dn] = NULL;
			free(names); /* the strings moved to *dst */
		}
	}
	if (o->cpus) {
		if (sg_cpulist_expand(o->cpus, nconf, &cpus, &ncpus, &mask) < 0)
			goto out;
		g.cpumask = mask;
	} else {
		cpus = calloc((size_t) nconf, sizeof(*cpus));
		if (!cpus) {
			sg_log_error("out of memory");
			goto out;
		}
		for (long c = 0; c < nconf; c++)
			cpus[ncpus++] = (int) c;
	}
	if (!o->text) {
		/* only the ftrace system: loading every event format takes seconds on small VMs */
		l->tep = tracefs_local_events_system(NULL, sys);
		if (!l->tep) {
			sg_log_error("cannot load the ftrace event formats from tracefs");
			goto out;
		}
		/* before any write: seconds on a slow machine, and tracefs waits for nothing */
		if (sg_kallsyms_check(l->tep) < 0)
			goto out;
	}
	if (o->command && spawn(l) < 0)
		goto out;
	if (o->narrow || o->narrow_from) {
		l->roots = roots; /* as written to set_graph_function */
		l->nroots = nroots;
		roots = NULL;
	}
	if (o->narrow_from &&
	    sg_narrow_from(l->s, o->narrow_from, l->st, (const char *const *) l->roots, l->nroots,
			   &l->res->narrow) < 0)
		goto out;
	l->res->narrowed = o->narrow_from != NULL;
	g.narrowed = o->narrow_from != NULL;
	g.roots = (const char *const *) (roots ? roots : l->roots);
	g.nroots = nroots;
	g.notrace = (const char *const *) excl;
	g.nnotrace = nexcl;
	g.max_depth = o->max_depth;
	g.pids = o->command ? &l->child.pid : o->pids;
	g.npids = o->command ? 1 : o->npids;
	g.follow_forks = o->command != NULL;
	g.buffer_kb = o->buffer_kb;
	g.no_irqs = o->no_irqs;
	g.no_sleep_time = o->no_sleep_time;
	g.text = o->text;
	g.force = o->force;
	g.args = o->args;
	g.retval = o->retval;
	g.sched_switch = offcpu;
	if (sg_tracefs_setup(l->s, &g) < 0)
		goto out;
	l->res->instance = sg_tracefs_session_uses_instance(l->s);
	if (o->text) {
		l->parser = sg_text_parser_new(l->st, on_event, l);
		l->lines = sg_linebuf_new(1u << 20);
		l->pipe_fd = tracefs_instance_file_open(sg_tracefs_session_instance(l->s),
							"trace_pipe", O_RDONLY | O_NONBLOCK);
		if (!l->parser || !l->lines || l->pipe_fd < 0) {
			sg_log_error("cannot read trace_pipe: %s",
				     strerror(errno ? errno : ENOMEM));
			goto out;
		}
	} else {
		/* only CPUs the kernel has buffers for (possible CPUs may exceed online ones) */
		int k = 0;
		char dir[64];

		for (int i = 0; i < ncpus; i++) {
			snprintf(dir, sizeof(dir), "per_cpu/cpu%d", cpus[i]);
			if (tracefs_dir_exists(sg_tracefs_session_instance(l->s), dir))
				cpus[k++] = cpus[i];
		}
		l->reader = sg_raw_reader_open(sg_tracefs_session_instance(l->s), l->tep, cpus, k,
					       l->st, on_event, l, o->keep_lines);
		if (!l->reader)
			goto out;
		if (o->args)
			open_btf(l);
		/* -w's file was opened before tracefs was touched (sg_live_run) */
		if (l->dat) {
			if (sg_datwriter_set_page_size(l->dat, sg_raw_reader_page_size(l->reader)) <
			    0)
				goto out;
			sg_raw_reader_record(l->reader, l->dat);
			sg_datwriter_keep_btf(l->dat, l->btf);
		}
	}
	if (o->narrow) {
		l->seen = sg_narrowset_new();
		if (!l->seen)
			goto out;
	}
	ret = 0;
out:
	sg_tracefs_session_names_free(roots);
	sg_tracefs_session_names_free(excl);
	free(cpus);
	free(mask);
	return ret;
}

static int capture(struct live *l, const struct sg_live_settings *o)
{
	double t0 = now_s(), last_status = t0, rate_t = t0;
	double user0, sys0, user1, sys1;
	uint64_t rate_events = 0;
	struct timespec idle = { 0, IDLE_NS };

	/* the set-up's kernel text patching is charged to us too: it is left out */
	cpu_s(&user0, &sys0);
	if (sg_tracefs_session_tracing(l->s, 1) < 0)
		return -1;
	l->res->began = 1;
	if (l->child.pid && sg_livechild_release(&l->child) < 0)
		return -1;
	for (;;) {
		long got = read_some(l, 0);
		double now = now_s();
		int st;

		if (got < 0)
			return -1;
		if (l->seen && !l->done && !stop_signal &&
		    ((o->narrow_count && sg_callstack_stats(l->cs)->complete >= o->narrow_count) ||
		     (o->narrow_seconds > 0 && now - t0 >= o->narrow_seconds)) &&
		    narrow_now(l, t0) < 0)
			return -1;
		if (stop_signal) {
			l->res->stop = SG_STOP_SIGNAL;
			l->res->signal = stop_signal;
			break;
		}
		if (l->done) {
			l->res->stop = SG_STOP_COUNT;
			break;
		}
		if (o->duration > 0 && now - t0 >= o->duration) {
			l->res->stop = SG_STOP_DURATION;
			break;
		}
		if (sg_livechild_exited(&l->child, &st)) {
			l->res->stop = SG_STOP_COMMAND;
			l->res->cmd_status = st;
			break;
		}
		if (o->tick) {
			const struct sg_callstack_stats *cs = sg_callstack_stats(l->cs);
			struct sg_live_tick t = {now - t0, cs->complete, cs->lost_events, l->events};
			int r = o->tick(o->tick_ctx, &t);

			if (r) {
				l->res->stop = SG_STOP_TICK;
				if (r < 0)
					return -1;
				break;
			}
		}
		if (l->status_line && now - last_status >= STATUS_NS / 1e9) {
			status(l, now - t0, &rate_events, &rate_t);
			last_status = now;
		}
		if (got == 0)
			nanosleep(&idle, NULL);
	}
	l->res->seconds = now_s() - t0;
	if (sg_tracefs_session_tracing(l->s, 0) < 0)
		return -1;
	/* what was recorded before tracing went off is read too, unless -n is met already */
	if (read_some(l, 1) < 0)
		return -1;
	if (l->parser && !l->done && sg_linebuf_finish(l->lines, on_text_line, l) < 0)
		return -1;
	if (l->parser && sg_text_parser_finish(l->parser) < 0)
		return -1;
	cpu_s(&user1, &sys1);
	l->res->cpu_user = user1 - user0;
	l->res->cpu_sys = sys1 - sys0;
	return 0;
}

static void collect(struct live *l)
{
	struct sg_live_result *r = l->res;

	if (l->reader) {
		const struct sg_raw_stats *rs = sg_raw_reader_stats(l->reader);

		r->records = rs->records;
		r->consumed = rs->records;
		r->bytes = rs->bytes;
		r->lost_markers = rs->lost_markers;
		r->lost_events = rs->lost_events;
		r->lost_unknown = rs->lost_unknown;
		r->reordered = rs->reordered;
		sg_raw_reader_kernel_lost(l->reader, &r->overrun, &r->dropped);
	}
	if (l->parser) {
		r->text_stats = *sg_text_parser_stats(l->parser);
		r->records = r->text_stats.lines;
		r->consumed = r->text_stats.events + r->text_stats.leaves;
		r->lost_markers = r->text_stats.lost_lines;
		r->lost_events = r->text_stats.lost_events;
	}
}

int sg_live_run(const struct sg_live_settings *o, struct sg_strtab *st, struct sg_callstack *cs,
		struct sg_live_result *res)
{
	struct live l = { 0 };
	struct sigaction sa = { 0 };
	struct utsname u;
	int ret = -1, restored;

	memset(res, 0, sizeof(*res));
	res->text = o->text;
	res->cmd_status = -1;
	if (uname(&u) == 0)
		snprintf(res->kernel, sizeof(res->kernel), "%s", u.release);
	l.o = o;
	l.st = st;
	l.cs = cs;
	l.res = res;
	l.pipe_fd = l.child.go_fd = l.child.err_fd = -1;
	l.status_line = isatty(STDERR_FILENO) && !o->quiet && !o->tick;
	/*
	 * From here on a signal only asks the loop to stop: tracefs is always given back. Every
	 * terminating signal, not only Ctrl-C's: SIGQUIT, SIGUSR1, SIGALRM, SIGXCPU... would leave
	 * the tracer on until the next run.
	 */
	stop_signal = 0;
	sigemptyset(&sa.sa_mask);
	for (int sig = 1; sig < NSIG; sig++) {
		if (sg_live_is_stop_signal(sig))
			sa.sa_handler = on_signal;
		else if (sig == SIGTSTP)
			sa.sa_handler = on_stop;
		else if (sig == SIGTTIN || sig == SIGTTOU || sig == SIGPIPE)
			/* a reader of our output that goes away (| head), or a background run's
			 * status line, must not stop or kill us with tracefs changed */
			sa.sa_handler = SIG_IGN;
		else
			continue;
		sigaction(sig, &sa, &l.old[sig]);
	}
	/*
	 * The run's files are opened before anything is traced (docs/architecture.md): -w's
	 * here, before tracefs is opened, restored or set up, so a bad path costs no tracing.
	 */
	if (o->write_dat && !o->text) {
		l.dat = sg_datwriter_new(o->write_dat, (int) sysconf(_SC_NPROCESSORS_CONF));
		if (!l.dat)
			goto out;
	}
	l.s = sg_tracefs_session_open(NULL);
	if (!l.s)
		goto out;
	if (sg_tracefs_session_stale(l.s) && !o->quiet)
		fprintf(stderr,
			"surfgraph: ignored and removed the tracefs state surfgraph pid %d left "
			"before the last boot (it describes another kernel)\n",
			sg_tracefs_session_stale(l.s));
	res->recovered = sg_tracefs_session_recovered(l.s, &res->recovered_pid);
	if (res->recovered && !o->quiet)
		fprintf(
		    stderr,
		    "surfgraph: restored %d tracefs setting%s that surfgraph pid %d left changed "
		    "(it was killed or crashed)\n",
		    res->recovered, res->recovered == 1 ? "" : "s", res->recovered_pid);
	ret = setup(&l, o);
	if (ret == 0 && !stop_signal)
		ret = capture(&l, o);
	else if (ret == 0)
		res->stop = SG_STOP_SIGNAL, res->signal = stop_signal;
	if (l.status_line)
		fputs("\r\033[K", stderr);
	if (l.reader || l.parser)
		collect(&l);
out:
	sg_livechild_reap(&l.child);
	/* open trace_pipe(_raw) files keep the tracer busy: no restoring before they are closed */
	sg_raw_reader_free(l.reader);
	l.reader = NULL;
	if (l.pipe_fd >= 0)
		close(l.pipe_fd);
	l.pipe_fd = -1;
	/* restored before the trees are rendered: the kernel must not wait on our output */
	if (ret < 0) {
		char first[1024];

		snprintf(first, sizeof(first), "%s", sg_log_message());
		restored = l.s ? sg_tracefs_session_restore(l.s) : 0;
		if (restored < 0) {
			char second[1024];

			snprintf(second, sizeof(second), "%s", sg_log_message());
			sg_log_error("%s; and %s", first, second);
		} else {
			sg_log_error("%s", first);
		}
	} else if (l.s && sg_tracefs_session_restore(l.s) < 0) {
		ret = -1;
	}
	sg_tracefs_session_close(l.s);
	sg_narrowset_free(l.seen);
	sg_tracefs_session_names_free(l.roots);
	if (o->narrow && !res->narrowed && res->began) {
		res->learning = 1;
		res->narrow_learned = sg_callstack_stats(cs)->complete;
	}
	sg_text_parser_free(l.parser);
	sg_linebuf_free(l.lines);
	if (l.tep)
		tep_free(l.tep);
	for (int sig = 1; sig < NSIG; sig++)
		if (sg_live_is_stop_signal(sig) || sig == SIGTSTP || sig == SIGTTIN ||
		    sig == SIGTTOU || sig == SIGPIPE)
			sigaction(sig, &l.old[sig], NULL);
	/* after the restore: the file's headers are read from tracefs, the tracer need not wait */
	if (ret == 0 && l.dat) {
		res->dat_bytes = sg_datwriter_bytes(l.dat);
		ret = sg_datwriter_finish(l.dat);
		res->dat = ret == 0 ? o->write_dat : NULL;
	}
	sg_datwriter_free(l.dat);
	sg_btfargs_free(l.btf);
	if (ret == 0)
		ret = sg_callstack_finish(cs);
	return ret;
}
