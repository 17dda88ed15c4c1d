/* tasks.c - who runs where: the trace's tasks with their open call stacks, and each CPU's current task. */
#include <stdlib.h>
#include <string.h>
#include "log.h"
#include "tasks.h"

#define TOMB ((struct sg_task *) 1)

struct sg_tasks {
	struct sg_tasks_hot hot; /* first: tasks.h's inline lookups read it through the pointer */
	struct sg_task **slots;	 /* open addressing by key; TOMB marks a removed slot */
	size_t cap, count;
	int no_irqs;	      /* sg_tasks_no_irqs(): copied into each new task */
	uint64_t refused;     /* new tasks refused so far (once per event) */
	uint64_t purge_after; /* refusals before the table is searched for idle tasks again */
};

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
	for (size_t i = 0; i < ts->hot.ncpus; i++)
		free(ts->hot.cpus[i]);
	free(ts->hot.cpus);
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
	ts->hot.last = NULL;
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

struct sg_task *sg_tasks_find_slow(struct sg_tasks *ts, int64_t key)
{
	struct sg_task *t = *task_slot(ts, key);

	if (!t || t == TOMB)
		return NULL;
	ts->hot.last = t;
	return t;
}

struct sg_task *sg_tasks_take(struct sg_tasks *ts, int64_t key)
{
	struct sg_task **slot = task_slot(ts, key);
	struct sg_task *t = *slot;

	if (!t || t == TOMB)
		return NULL;
	*slot = TOMB;
	if (ts->hot.last == t)
		ts->hot.last = NULL;
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

struct sg_task *sg_tasks_get_slow(struct sg_tasks *ts, int64_t key, int pid)
{
	struct sg_task *t = sg_tasks_find_slow(ts, key);

	ts->hot.full = 0;
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
		ts->hot.full = 1;
		ts->refused++;
		return NULL;
	}
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->key = key;
	t->pid = pid;
	t->inv_last_cpu = -2;
	t->no_irqs = ts->no_irqs;
	if (sg_tasks_put(ts, t) < 0) {
		free(t);
		return NULL;
	}
	return t;
}

void sg_tasks_no_irqs(struct sg_tasks *ts)
{
	ts->no_irqs = 1;
}

struct sg_cpu *sg_tasks_cpu_slow(struct sg_tasks *ts, int cpu)
{
	size_t i = (size_t) (cpu + 1);

	if (cpu < -1 || cpu > 1 << 20)
		i = 0;
	if (i >= ts->hot.ncpus) {
		size_t n = i + 1 > ts->hot.ncpus * 2 ? i + 1 : ts->hot.ncpus * 2;
		struct sg_cpu **v = realloc(ts->hot.cpus, n * sizeof(*v));

		if (!v)
			return NULL;
		memset(v + ts->hot.ncpus, 0, (n - ts->hot.ncpus) * sizeof(*v));
		ts->hot.cpus = v;
		ts->hot.ncpus = n;
	}
	if (!ts->hot.cpus[i])
		ts->hot.cpus[i] = calloc(1, sizeof(struct sg_cpu));
	return ts->hot.cpus[i];
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

void sg_task_settle_idle(struct sg_task *t)
{
	if (t->scratch) {
		sg_tree_free(t->scratch);
		t->scratch = NULL;
	}
	t->fraw_len = 0;
}

int sg_task_stack_grow(struct sg_task *t)
{
	size_t ncap = t->cap ? t->cap * 2 : 32;
	struct sg_frame *v = realloc(t->stack, ncap * sizeof(*v));

	if (!v) {
		sg_log_error("out of memory");
		return -1;
	}
	t->stack = v;
	t->cap = ncap;
	return 0;
}

int sg_task_too_deep(struct sg_task *t, int depth, int entry, size_t open)
{
	size_t keep;

	if (t->deep_cut) {
		if (depth >= t->deep_from)
			return 1;
		t->deep_cut = 0;
	}
	if (!entry)
		return 0;
	keep = (size_t) (sg_task_parent(t, depth + 1) + 1); /* what the entry leaves open */
	if (keep < SG_TASK_FRAMES_MAX && open - (t->n - keep) < SG_FRAMES_MAX)
		return 0;
	t->deep_cut = 1;
	t->deep_from = depth;
	if (t->inv)
		t->inv->cut |= SG_CUT_LOST;
	return 1;
}
