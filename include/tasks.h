/* tasks.h - who runs where: the trace's tasks with their open call stacks, and each CPU's current task. */
#ifndef SG_TASKS_H
#define SG_TASKS_H

#include <stddef.h>
#include <stdint.h>
#include "invocation.h"
#include "irqname.h"
#include "tree.h"

/* Depths for which the kernel's naming of a bare "}" is remembered per CPU. */
#define SG_NAMED_DEPTHS 512

/* An open call on a task's stack. */
struct sg_frame {
	const char *func;
	int depth;
	struct sg_node *node; /* NULL when this call is not being recorded */
	struct sg_tree *tree; /* the tree node lives in */
	uint64_t serial;      /* names the frame for the pending nodes anchored to it */
	uint64_t kids;	      /* durations of the calls this call made, as they returned */
	struct sg_call *call; /* the call's arguments, kept in tree; its return value goes there */
	uint64_t offcpu;      /* time switched out while this was the innermost call (offcpu.c) */
	uint64_t noff;	      /* in how many intervals */
};

/*
 * A closed subtree whose parent call has not been seen: a later call at a shallower depth
 * adopts it. Anchored to an open frame when the parent is missing between that frame and
 * this depth (the kernel printed the parent's entry after an interrupt inside it); unanchored
 * (anchor 0) when nothing is open at all (the parent began before the trace).
 */
struct sg_pending {
	int depth;
	uint64_t anchor;
	struct sg_node *node; /* detached, in the anchor's tree or in the task's scratch tree */
};

struct sg_raised_call; /* raise.h */

struct sg_task {
	int64_t key; /* see sg_tasks_key() */
	int pid;
	const char *comm;
	struct sg_frame *stack;
	size_t n, cap;
	struct sg_invocation *inv; /* the open invocation */
	size_t inv_base;	   /* index of its root frame */
	int inv_last_cpu;
	struct sg_pending *pend;
	size_t npend, pcap;
	struct sg_tree *scratch; /* nodes of fragments whose start was not seen */
	uint64_t overrun, serial;
	int has_overrun;
	int synced; /* an entry at depth 0 was seen: the stack is known from its bottom */
	int no_irqs;	/* --no-irqs (sg_tasks_no_irqs): interrupts are no caller's callees */
	/* past SG_TASK_FRAMES_MAX or SG_FRAMES_MAX open calls: left out from deep_from down */
	int deep_cut, deep_from;
	unsigned epoch; /* the call stacks' epoch at that entry (sg_callstack_narrow) */
	/*
	 * The lowest depth a call with a callee was entered at, when entry_seen: a call ended
	 * before one at its depth is a piece of a call cut at the trace's start (rootguess.c).
	 */
	int entry_seen, entry_depth;
	char *fraw; /* raw lines of fragments, for an invocation rebuilt from returns */
	size_t fraw_len, fraw_cap;
	/* the open invocation's raised calls (raise.c): how many, by how much, the first few */
	uint64_t nraised, raised_ns;
	struct sg_raised_call *raised;
	/* off-cpu (offcpu.c): whether switched out, since when, under which root frame */
	int off_state;
	uint64_t off_last, off_root;
};

struct sg_cpu {
	int64_t cur; /* key of the task running there; 0: none yet */
	int lost;    /* a LOST record came: the next task seen here was cut too */
	const char *last_func[SG_NAMED_DEPTHS];
};

struct sg_tasks;

/*
 * What every event looks up, read by the inline lookups below (a call each was a tenth of the
 * call stacks' instructions): the first member of struct sg_tasks, written by tasks.c alone.
 */
struct sg_tasks_hot {
	/*
	 * The task found last: a trace's lines come in runs of one task's (a hash probe a line
	 * otherwise). Cleared wherever a task leaves the table.
	 */
	struct sg_task *last;
	struct sg_cpu **cpus; /* index cpu + 1, so an unknown CPU (-1) has slot 0 */
	size_t ncpus;
	int full; /* the last sg_tasks_get() refused a new task: SG_TASKS_MAX */
};

struct sg_tasks *sg_tasks_new(void);
void sg_tasks_free(struct sg_tasks *ts);

/*
 * --no-irqs: in the tasks made from now on, a call that begins an interrupt's work
 * (irqname.c) counts for nothing among the callees of the call it came in, so that call is
 * never raised for it (raise.h): with the interrupts left out, every call is at the duration
 * the kernel printed.
 */
void sg_tasks_no_irqs(struct sg_tasks *ts);

/*
 * A task's key: its pid when > 0. The idle tasks all have pid 0, one per CPU, and a task not
 * named yet (no task column, no switch line so far) is known only by its CPU: both get
 * negative per-CPU keys.
 */
static inline int64_t sg_tasks_key(int pid, int cpu)
{
	if (pid > 0)
		return pid;
	return (pid == 0 ? -2 : -3) - 2 * (int64_t) (cpu + 1);
}

/* Whether key is that of a task known only by its CPU. */
int sg_tasks_unnamed(int64_t key);

/*
 * Tasks the table holds at most, live and offline. The kernel's default pid_max is 32768 (up
 * to 4194304): a trace with more tasks inside a root at once is a crafted one, whose memory
 * (some KB a task) would otherwise be chosen by the trace.
 */
#define SG_TASKS_MAX (1u << 16)

/*
 * Open calls followed at once, per task and in all (callstack.c leaves out what is deeper).
 * function_graph follows at most FTRACE_RETFUNC_DEPTH (50) calls a task on older kernels and a
 * page of return stack (some 100 to 200 calls) on newer ones; interrupts nest on that stack, and
 * the kernel's quirk keeps up to 4 frames at one depth. A task is allowed 2^17, far above all
 * of it and above the 100,000 nested calls tests/hardening/test_limits carries through every
 * stage (some 40 MB). The attack is many tasks each deep: in all, 2^20 calls (some 350 MB) hold
 * 16 a task at the task limit, or 16,000 tasks 64 deep; a trace with more open at once is a
 * crafted one (65,536 tasks 100 deep took 2.16 GB).
 */
#define SG_TASK_FRAMES_MAX (1u << 17)
#define SG_FRAMES_MAX	   (1u << 20)

/*
 * Whether t's event at depth (an entry or not) is left out (issue 37.6); open: the calls open in
 * all tasks: an entry past SG_TASK_FRAMES_MAX open calls in t, or SG_FRAMES_MAX in all, is left
 * out with everything t does below it, until t is back above that depth; the invocation it was
 * in is cut (incomplete, as for lost events), the rest of the run stays exact.
 */
int sg_task_too_deep(struct sg_task *t, int depth, int entry, size_t open);

/* Whether the last sg_tasks_get() returned NULL because the table was full. */
static inline int sg_tasks_full(const struct sg_tasks *ts)
{
	return ((const struct sg_tasks_hot *) ts)->full;
}

/* The lookups below past the task found last (tasks.c). */
struct sg_task *sg_tasks_get_slow(struct sg_tasks *ts, int64_t key, int pid);
struct sg_task *sg_tasks_find_slow(struct sg_tasks *ts, int64_t key);

/*
 * The task with key, created when missing; NULL: no memory, or SG_TASKS_MAX tasks with
 * something open (sg_tasks_full() says which). Creating one may drop idle tasks (nothing open,
 * nothing waiting) from the table: do not hold another task pointer across it.
 */
static inline struct sg_task *sg_tasks_get(struct sg_tasks *ts, int64_t key, int pid)
{
	struct sg_tasks_hot *h = (struct sg_tasks_hot *) ts;

	if (h->last && h->last->key == key) {
		h->full = 0;
		return h->last;
	}
	return sg_tasks_get_slow(ts, key, pid);
}

/* The task with key, or NULL. */
static inline struct sg_task *sg_tasks_find(struct sg_tasks *ts, int64_t key)
{
	const struct sg_tasks_hot *h = (const struct sg_tasks_hot *) ts;

	if (h->last && h->last->key == key)
		return h->last;
	return sg_tasks_find_slow(ts, key);
}

/* Remove the task with key from the table and return it (NULL when absent). */
struct sg_task *sg_tasks_take(struct sg_tasks *ts, int64_t key);

/* Put t (not in the table, no task with its key there) in the table. -1: no memory. */
int sg_tasks_put(struct sg_tasks *ts, struct sg_task *t);

void sg_task_free(struct sg_task *t);

/* The state of cpu (-1: unknown CPU); NULL: no memory. */
struct sg_cpu *sg_tasks_cpu_slow(struct sg_tasks *ts, int cpu);

static inline struct sg_cpu *sg_tasks_cpu(struct sg_tasks *ts, int cpu)
{
	const struct sg_tasks_hot *h = (const struct sg_tasks_hot *) ts;
	size_t i = (size_t) (cpu + 1);

	/* a CPU seen before; the first event of each (or a crafted number) makes its state */
	if (cpu >= -1 && cpu <= 1 << 20 && i < h->ncpus && h->cpus[i])
		return h->cpus[i];
	return sg_tasks_cpu_slow(ts, cpu);
}

/* Every task, by key, in a malloc'd array of *n; NULL: no memory. */
struct sg_task **sg_tasks_sorted(struct sg_tasks *ts, size_t *n);

/*
 * The frame operations below run for every event: inline, the rare work in tasks.c.
 *
 * The index of t's innermost open frame shallower than depth, or -1.
 */
static inline long sg_task_parent(const struct sg_task *t, int depth)
{
	long i = (long) t->n - 1;

	while (i >= 0 && t->stack[i].depth >= depth)
		i--;
	return i;
}

/* The index of t's open frame at depth d itself (a call printed at its depth is its guest), or
 * -1. */
static inline long sg_task_host(const struct sg_task *t, int d)
{
	return t->n && t->stack[t->n - 1].depth == d ? (long) t->n - 1 : -1;
}

/* t's stack made twice as deep. -1 with a message: no memory. */
int sg_task_stack_grow(struct sg_task *t);

/* Open a frame for func at depth d, its node in tree; its serial is the task's next. -1 with a
 * message: no memory. */
static inline int sg_task_push(struct sg_task *t, const char *func, int d, struct sg_tree *tree,
			       struct sg_node *node)
{
	if (t->n == t->cap && sg_task_stack_grow(t) < 0)
		return -1;
	struct sg_frame *f = &t->stack[t->n++];

	f->func = func;
	f->depth = d;
	f->node = node;
	f->tree = tree;
	f->serial = ++t->serial;
	f->kids = f->offcpu = f->noff = 0;
	f->call = NULL;
	return 0;
}

/* A call of dur ns returned to the frame at index pi (-1: none): its callee time grows. */
/* The time the call of node n, dur long, counts for among its caller's callees in t. */
static inline uint64_t sg_task_kid_time(const struct sg_task *t, const struct sg_node *n,
					uint64_t dur)
{
	return t->no_irqs && sg_irqname_is_entry(n->name) ? 0 : dur;
}

static inline void sg_task_count_kid(struct sg_task *t, long pi, uint64_t dur, int has_dur)
{
	if (pi >= 0 && has_dur)
		t->stack[pi].kids = sg_add_sat(t->stack[pi].kids, dur);
}

/* What sg_task_settle() does once t has nothing open and nothing waiting. */
void sg_task_settle_idle(struct sg_task *t);

/* Once t has nothing open and nothing waiting, its scratch space goes. */
static inline void sg_task_settle(struct sg_task *t)
{
	if (!t->n && !t->npend)
		sg_task_settle_idle(t);
}

#endif
