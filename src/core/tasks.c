/* tasks.c - who runs where: the trace's tasks with their open call stacks, and each CPU's current task. */
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "tasks.h"

#define TOMB ((struct sg_task *) 1)

struct sg_tasks {
	struct sg_task **slots; /* open addressing by key; TOMB marks a removed slot */
	size_t cap, count;
	struct sg_cpu **cpus; /* index cpu + 1, so an unknown CPU (-1) has slot 0 */
	size_t ncpus;
	int full;	      /* the last sg_tasks_get() refused a new task: SG_TASKS_MAX */
	uint64_t refused;     /* new tasks refused so far (once per event) */
	uint64_t purge_after; /* refusals before the table is searched for idle tasks again */
	/*
	 * The task found last: a trace's lines come in runs of one task's (a hash probe a line
	 * otherwise). Cleared wherever a task leaves the table.
	 */
	struct sg_task *last;
};

int64_t sg_tasks_key(int pid, int cpu)
{
	if (pid > 0)
		return pid;
	return (pid == 0 ? -2 : -3) - 2 * (int64_t) (cpu + 1);
}

int sg_tasks_unnamed(int64_t key)
{
	return key < 0 && (-key) % 2 == 1;
}

struct sg_tasks *sg_tasks_new(void)
{
	struct sg_tasks *ts = calloc(1, sizeof(*ts));

	if (!ts)
		return NULL;
	ts->cap = 64;
	ts->slots = calloc(ts->cap, sizeof(*ts->slots));
	if (!ts->slots) {
		free(ts);
		return NULL;
	}
	return ts;
}

void sg_task_free(struct sg_task *t)
{
	if (!t || t == TOMB)
		return;
	sg_invocation_free(t->inv);
	sg_tree_free(t->scratch);
	free(t->stack);
	free(t->pend);
	free(t->fraw);
	free(t->raised);
	free(t);
}

void sg_tasks_free(struct sg_tasks *ts)
{
	if (!ts)
		return;
	for (size_t i = 0; i < ts->cap; i++)
		sg_task_free(ts->slots[i]);
	for (size_t i = 0; i < ts->ncpus; i++)
		free(ts->cpus[i]);
	free(ts->cpus);
	free(ts->slots);
	free(ts);
}

static size_t slot_of(int64_t key, size_t cap)
{
	uint64_t h = (uint64_t) key * 0x9E3779B97F4A7C15ULL;

	return (size_t) (h >> 17) & (cap - 1);
}

/* The slot holding key, or the one to put it in (the first tomb on the way, else the empty one). */
static struct sg_task **task_slot(struct sg_tasks *ts, int64_t key)
{
	size_t i = slot_of(key, ts->cap);
	struct sg_task **tomb = NULL;

	for (;;) {
		struct sg_task *t = ts->slots[i];

		if (!t)
			return tomb ? tomb : &ts->slots[i];
		if (t == TOMB) {
			if (!tomb)
				tomb = &ts->slots[i];
		} else if (t->key == key) {
			return &ts->slots[i];
		}
		i = (i + 1) & (ts->cap - 1);
	}
}

/* A task with nothing open or waiting holds nothing worth keeping: it is made again when seen. */
static int task_idle(const struct sg_task *t)
{
	return !t->n && !t->inv && !t->npend && !t->scratch;
}

/*
 * Rehash, dropping idle tasks, and double the table only when most tasks are busy: a long
 * trace of short-lived processes must not grow the table without bound.
 */
static int table_grow(struct sg_tasks *ts, int may_double)
{
	size_t ocap = ts->cap, busy = 0;
	struct sg_task **old = ts->slots;

	for (size_t i = 0; i < ocap; i++)
		if (old[i] && old[i] != TOMB && !task_idle(old[i]))
			busy++;
	if (may_double && busy * 4 > ocap)
		ts->cap *= 2;
	ts->slots = calloc(ts->cap, sizeof(*ts->slots));
	if (!ts->slots) {
		ts->slots = old;
		ts->cap = ocap;
		return -1;
	}
	ts->count = 0;
	ts->last = NULL;
	for (size_t i = 0; i < ocap; i++) {
		if (!old[i] || old[i] == TOMB)
			continue;
		if (task_idle(old[i])) {
			sg_task_free(old[i]);
			continue;
		}
		*task_slot(ts, old[i]->key) = old[i];
		ts->count++;
	}
	free(old);
	return 0;
}

struct sg_task *sg_tasks_find(struct sg_tasks *ts, int64_t key)
{
	if (ts->last && ts->last->key == key)
		return ts->last;

	struct sg_task *t = *task_slot(ts, key);

	if (!t || t == TOMB)
		return NULL;
	ts->last = t;
	return t;
}

struct sg_task *sg_tasks_take(struct sg_tasks *ts, int64_t key)
{
	struct sg_task **slot = task_slot(ts, key);
	struct sg_task *t = *slot;

	if (!t || t == TOMB)
		return NULL;
	*slot = TOMB;
	if (ts->last == t)
		ts->last = NULL;
	return t;
}

int sg_tasks_put(struct sg_tasks *ts, struct sg_task *t)
{
	if ((ts->count + 1) * 2 > ts->cap && table_grow(ts, 1) < 0)
		return -1;
	*task_slot(ts, t->key) = t;
	ts->count++;
	return 0;
}

struct sg_task *sg_tasks_get(struct sg_tasks *ts, int64_t key, int pid)
{
	struct sg_task *t = sg_tasks_find(ts, key);

	ts->full = 0;
	if (t)
		return t;
	/*
	 * A crafted trace of many tasks each left inside a root would hold them all: past
	 * SG_TASKS_MAX the idle ones are dropped, and when the rest are all busy the new task is
	 * refused. The search costs a pass over the table: once per SG_TASKS_MAX / 8 refusals.
	 */
	if (ts->count >= SG_TASKS_MAX && ts->refused >= ts->purge_after) {
		if (table_grow(ts, 0) < 0)
			return NULL;
		ts->purge_after = ts->refused + SG_TASKS_MAX / 8;
	}
	if (ts->count >= SG_TASKS_MAX) {
		ts->full = 1;
		ts->refused++;
		return NULL;
	}
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->key = key;
	t->pid = pid;
	t->inv_last_cpu = -2;
	if (sg_tasks_put(ts, t) < 0) {
		free(t);
		return NULL;
	}
	return t;
}

int sg_tasks_full(const struct sg_tasks *ts)
{
	return ts->full;
}

struct sg_cpu *sg_tasks_cpu(struct sg_tasks *ts, int cpu)
{
	size_t i = (size_t) (cpu + 1);

	if (cpu < -1 || cpu > 1 << 20)
		i = 0;
	if (i >= ts->ncpus) {
		size_t n = i + 1 > ts->ncpus * 2 ? i + 1 : ts->ncpus * 2;
		struct sg_cpu **v = realloc(ts->cpus, n * sizeof(*v));

		if (!v)
			return NULL;
		memset(v + ts->ncpus, 0, (n - ts->ncpus) * sizeof(*v));
		ts->cpus = v;
		ts->ncpus = n;
	}
	if (!ts->cpus[i])
		ts->cpus[i] = calloc(1, sizeof(struct sg_cpu));
	return ts->cpus[i];
}

static int cmp_task(const void *a, const void *b)
{
	const struct sg_task *x = *(struct sg_task *const *) a, *y = *(struct sg_task *const *) b;

	return x->key < y->key ? -1 : x->key > y->key;
}

struct sg_task **sg_tasks_sorted(struct sg_tasks *ts, size_t *n)
{
	struct sg_task **v = malloc((ts->count + 1) * sizeof(*v));

	*n = 0;
	if (!v)
		return NULL;
	for (size_t i = 0; i < ts->cap; i++)
		if (ts->slots[i] && ts->slots[i] != TOMB)
			v[(*n)++] = ts->slots[i];
	qsort(v, *n, sizeof(*v), cmp_task);
	return v;
}

long sg_task_parent(const struct sg_task *t, int depth)
{
	long i = (long) t->n - 1;

	while (i >= 0 && t->stack[i].depth >= depth)
		i--;
	return i;
}

void sg_task_settle(struct sg_task *t)
{
	if (t->n || t->npend)
		return;
	if (t->scratch) {
		sg_tree_free(t->scratch);
		t->scratch = NULL;
	}
	t->fraw_len = 0;
}

int sg_task_push(struct sg_task *t, const char *func, int d, struct sg_tree *tree,
		 struct sg_node *node)
{
	if (t->n == t->cap) {
		size_t ncap = t->cap ? t->cap * 2 : 32;
		struct sg_frame *v = realloc(t->stack, ncap * sizeof(*v));

		if (!v) {
			sg_log_error("out of memory");
			return -1;
		}
		t->stack = v;
		t->cap = ncap;
	}
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

long sg_task_host(const struct sg_task *t, int d)
{
	return t->n && t->stack[t->n - 1].depth == d ? (long) t->n - 1 : -1;
}

void sg_task_count_kid(struct sg_task *t, long pi, uint64_t dur, int has_dur)
{
	if (pi >= 0 && has_dur)
		t->stack[pi].kids = sg_add_sat(t->stack[pi].kids, dur);
}
