/* callstack.c - events to invocation trees: one open call stack per task, matched by depth. */
#include <stdlib.h>
#include <string.h>
#include "callnote.h"
#include "callstack.h"
#include "log.h"
#include "offcpu.h"
#include "pending.h"
#include "raise.h"
#include "tasks.h"

/* Parentless fragments kept per task before they are given up (nodes). */
#define RAW_FRAGMENT_CAP (16u << 20)
#define HELD_MAX 1024
/* Open frames kept at one depth (the interrupt quirk) before they count as lost returns. */
#define SAME_DEPTH_MAX 4

struct sg_callstack {
	struct sg_strtab *st;
	const struct sg_match *match;
	sg_invocation_fn fn;
	void *ctx;
	int keep_raw;
	struct sg_tasks *tasks;
	/*
	 * tracing_thresh output has returns only. Until an entry shows the trace is not such
	 * output, invocations rebuilt from a root's return are held back (up to HELD_MAX; that
	 * many returns without a single entry settles it).
	 */
	enum { MODE_UNKNOWN, MODE_NORMAL, MODE_THRESH } mode;
	struct sg_invocation *held[HELD_MAX];
	int nheld;
	const char *unknown, *offcpu_name;
	struct sg_offcpu_stats *off; /* &stats.offcpu; NULL: --no-off-cpu */
	int no_calls;		     /* sg_callstack_no_calls(): inv->calls not recorded */
	unsigned epoch; /* sg_callstack_narrow() calls so far */
	size_t open;	/* frames open in all tasks: at most SG_FRAMES_MAX */
	struct sg_callstack_stats stats;
};

struct sg_callstack *sg_callstack_new(struct sg_strtab *st, const struct sg_match *match,
				      sg_invocation_fn fn, void *ctx, int keep_raw)
{
	struct sg_callstack *cs = calloc(1, sizeof(*cs));

	if (!cs)
		return NULL;
	cs->st = st;
	cs->match = match;
	cs->fn = fn;
	cs->ctx = ctx;
	cs->keep_raw = keep_raw;
	cs->tasks = sg_tasks_new();
	cs->unknown = sg_strtab_intern(st, "[unknown]", 9);
	cs->offcpu_name = sg_strtab_intern(st, SG_OFFCPU_NAME, sizeof(SG_OFFCPU_NAME) - 1);
	cs->off = &cs->stats.offcpu;
	if (!cs->tasks || !cs->unknown || !cs->offcpu_name) {
		sg_tasks_free(cs->tasks);
		free(cs);
		return NULL;
	}
	return cs;
}

void sg_callstack_free(struct sg_callstack *cs)
{
	if (!cs)
		return;
	sg_tasks_free(cs->tasks);
	for (int i = 0; i < cs->nheld; i++)
		sg_invocation_free(cs->held[i]);
	free(cs);
}

const struct sg_callstack_stats *sg_callstack_stats(const struct sg_callstack *cs)
{
	return &cs->stats;
}

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

static int raw_append(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	if (*len + n + 1 > *cap) {
		size_t ncap = *cap ? *cap : 4096;

		while (ncap < *len + n + 1)
			ncap *= 2;
		char *nb = realloc(*buf, ncap);

		if (!nb)
			return -1;
		*buf = nb;
		*cap = ncap;
	}
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[(*len)++] = '\n';
	return 0;
}

/* Hand a finished invocation to the consumer. */
static int deliver(struct sg_callstack *cs, struct sg_invocation *inv)
{
	if (inv->cut)
		cs->stats.incomplete++;
	else
		cs->stats.complete++;
	return cs->fn(cs->ctx, inv);
}

/* The trace's kind is known: deliver what was held back, complete in threshold mode. */
static int settle_mode(struct sg_callstack *cs, int mode)
{
	int r = 0;

	cs->mode = mode;
	for (int i = 0; i < cs->nheld; i++) {
		if (mode == MODE_THRESH)
			cs->held[i]->cut = 0;
		if (r == 0)
			r = deliver(cs, cs->held[i]);
		else
			sg_invocation_free(cs->held[i]);
	}
	cs->nheld = 0;
	return r;
}

static int finalize(struct sg_callstack *cs, struct sg_task *t)
{
	struct sg_invocation *inv = t->inv;

	t->inv = NULL;
	inv->after_entry = t->entry_seen && t->entry_depth <= inv->depth;
	/* its calls were raised as they returned; the root's total stays the kernel's */
	sg_raise_finish(&cs->stats, t, inv);
	inv->duration = sg_invocation_root(inv)->total;
	if (cs->mode == MODE_UNKNOWN && inv->cut == SG_CUT_START) {
		/* rebuilt from returns: complete only if the whole trace is tracing_thresh output */
		cs->held[cs->nheld++] = inv;
		return cs->nheld == HELD_MAX ? settle_mode(cs, MODE_THRESH) : 0;
	}
	return deliver(cs, inv);
}

/* Pop frames until n remain; the calls they were in lost their returns. */
static int abandon_frames(struct sg_callstack *cs, struct sg_task *t, size_t n, int at_end)
{
	while (t->n > n) {
		struct sg_frame f = t->stack[--t->n];

		cs->open--;
		if (sg_pending_close(t, &f, 0, 0) < 0)
			return -1;
		if (at_end)
			cs->stats.unclosed++;
		else
			cs->stats.abandoned++;
		if (!t->inv || t->n < t->inv_base)
			continue;
		t->inv->cut |= at_end ? SG_CUT_END : SG_CUT_LOST;
		if (t->n == t->inv_base && finalize(cs, t) < 0)
			return -1;
	}
	return 0;
}

/* abandon_frames(), inline for the common case: every entry asks, and nothing is lost. */
static inline int abandon_to(struct sg_callstack *cs, struct sg_task *t, size_t n, int at_end)
{
	return t->n > n ? abandon_frames(cs, t, n, at_end) : 0;
}

/*
 * A root entering at the open invocation's own depth: its return was lost, and on_entry() ends
 * that invocation before this call starts the next one, so the call is not the ended one's.
 */
static int reenters_root(const struct sg_callstack *cs, const struct sg_task *t,
			 const struct sg_event *ev)
{
	return ev->depth == t->inv->calls->base && sg_match_name(cs->match, ev->func) >= 0;
}

/*
 * Each call of the invocation recorded from the root's entry on, the root's own first (one
 * rebuilt from returns has only its own). -1: no memory.
 */
static int record_root(struct sg_invocation *inv, const struct sg_task *t,
		       const struct sg_event *ev)
{
	inv->calls = sg_callrec_new();
	if (!inv->calls)
		return -1;
	inv->calls->base = ev->depth;
	if (ev->type == SG_EV_EXIT) {
		struct sg_event leaf = *ev;

		leaf.type = SG_EV_LEAF;
		return sg_callrec_enter(inv->calls, &leaf, t->pid, t->comm);
	}
	return sg_callrec_enter(inv->calls, ev, t->pid, t->comm);
}

static int start_invocation(struct sg_callstack *cs, struct sg_task *t, const struct sg_event *ev)
{
	struct sg_invocation *inv = sg_invocation_new();

	if (!inv)
		return oom();
	inv->root = ev->func;
	inv->phase = cs->epoch;
	inv->pid = t->pid;
	inv->comm = t->comm;
	inv->has_ts = ev->has_ts;
	inv->start_ts = ev->ts;
	inv->depth = ev->depth;
	t->inv = inv;
	t->inv_last_cpu = ev->cpu;
	t->nraised = t->raised_ns = 0; /* calls raised before it are no invocation's */
	if (sg_invocation_add_cpu(inv, ev->cpu) < 0)
		return oom();
	if (!cs->no_calls && record_root(inv, t, ev) < 0)
		return oom();
	if (cs->keep_raw && ev->line && sg_invocation_add_raw(inv, ev->line, ev->line_len) < 0)
		return oom();
	return 0;
}

static int push(struct sg_callstack *cs, struct sg_task *t, const struct sg_event *ev,
		struct sg_tree *tree, struct sg_node *node)
{
	if (sg_callnote_push(t, ev, ev->depth, tree, node) < 0)
		return -1;
	cs->open++;
	return 0;
}

static int on_entry(struct sg_callstack *cs, struct sg_task *t, struct sg_cpu *c,
		    const struct sg_event *ev, int leaf)
{
	int d = ev->depth, is_root = sg_match_name(cs->match, ev->func) >= 0;
	struct sg_node *node;
	struct sg_tree *tree;
	uint64_t anchor;
	long pi, hi;

	if (cs->mode == MODE_UNKNOWN && settle_mode(cs, MODE_NORMAL) < 0)
		return -1;
	if (d == 0) {
		t->synced = 1;
		t->epoch = cs->epoch;
	}
	/*
	 * A callee of the open call one level up: that call was entered here (a binary trace
	 * has an entry record for every call, a leaf's too, so the callee is what says it).
	 */
	if (d > 0 && t->n && t->stack[t->n - 1].depth == d - 1 &&
	    (!t->entry_seen || d - 1 < t->entry_depth)) {
		t->entry_seen = 1;
		t->entry_depth = d - 1;
	}
	/* Frames deeper than this call never returned: their returns were lost. */
	if (abandon_to(cs, t, (size_t) (sg_task_parent(t, d + 1) + 1), 0) < 0)
		return -1;
	/*
	 * An open frame at the same depth is kept: the kernel sometimes prints an interrupt's
	 * calls at the depth of the call they interrupted. The same function again at the same
	 * depth, or a root while a root is open there, means a return was lost instead.
	 */
	if (t->n && t->stack[t->n - 1].depth == d && t->stack[t->n - 1].func == ev->func &&
	    abandon_to(cs, t, t->n - 1, 0) < 0)
		return -1;
	if (is_root && t->inv && t->stack[t->inv_base].depth == d &&
	    abandon_to(cs, t, t->inv_base, 0) < 0)
		return -1;
	/*
	 * An interrupt nests at most a couple of calls at one depth; more open frames there are
	 * returns that were lost, and keeping them would make every lookup scan them all.
	 */
	if (!leaf && t->n >= SAME_DEPTH_MAX) {
		size_t k = 0;

		while (k < t->n && t->stack[t->n - 1 - k].depth == d)
			k++;
		if (k >= SAME_DEPTH_MAX && abandon_to(cs, t, t->n - k, 0) < 0)
			return -1;
	}
	if (d >= 0 && d < SG_NAMED_DEPTHS)
		c->last_func[d] = leaf ? NULL : ev->func;
	pi = sg_task_parent(t, d);
	if (is_root && !t->inv) {
		/* A new invocation: what waited under the caller stays the caller's. */
		if (start_invocation(cs, t, ev) < 0)
			return -1;
		tree = t->inv->tree;
		node = sg_tree_child(tree, sg_tree_top(tree), ev->func);
		if (!node)
			return oom();
		t->inv_base = t->n;
		if (leaf) {
			struct sg_call *call;

			sg_node_add_call(node, ev->dur, ev->has_dur);
			if (sg_callnote_args(tree, node, ev, &call) < 0 ||
			    sg_callnote_retval(tree, node, call, ev) < 0)
				return -1;
			t->inv->has_dur = ev->has_dur;
			return finalize(cs, t);
		}
		return push(cs, t, ev, tree, node);
	}
	hi = sg_task_host(t, d);
	if (hi >= 0) {
		/* a guest of the open call at this depth: it waits until that call returns */
		struct sg_frame *h = &t->stack[hi];

		tree = h->node ? h->tree : NULL;
		node = tree ? sg_tree_detached(tree, ev->func) : NULL;
		anchor = h->serial;
		if (tree && !node)
			return oom();
	} else if (sg_pending_place(t, pi, d, ev->func, &tree, &node, &anchor) < 0) {
		return -1;
	}
	/* Without a caller, deeper waiting nodes belonged to a call that ended unseen. */
	if (node && !anchor)
		t->npend = sg_pending_tail(t, 0, d);
	if (!leaf)
		return push(cs, t, ev, tree, node);
	if (!node)
		return 0;
	sg_node_add_call(node, ev->dur, ev->has_dur);
	struct sg_call *call;

	if (sg_callnote_args(tree, node, ev, &call) < 0 ||
	    sg_callnote_retval(tree, node, call, ev) < 0)
		return -1;
	if (hi < 0) {
		if (pi >= 0 && t->stack[pi].depth == d - 1) /* else counted when taken: on_return */
			sg_task_count_kid(t, pi, ev->dur, ev->has_dur);
		/* a leaf takes waiting callees only if its printed duration holds them: no raise */
		if (anchor &&
		    sg_pending_claim(t, &t->stack[pi], node, NULL, d, ev->dur, ev->has_dur) < 0)
			return -1;
	}
	return sg_pending_settle(t, d, anchor, node, &cs->stats.fragments_dropped);
}

/* A return whose entry was never seen: rebuild what we can from returns (post-order). */
static int on_orphan_exit(struct sg_callstack *cs, struct sg_task *t, struct sg_cpu *c,
			  const struct sg_event *ev)
{
	int d = ev->depth;
	const char *func = ev->func;
	struct sg_node *node;
	struct sg_tree *tree;
	uint64_t anchor;

	cs->stats.orphan_closes++;
	if (!func)
		func = d >= 0 && d < SG_NAMED_DEPTHS && c->last_func[d] ? c->last_func[d] : cs->unknown;
	int is_root = sg_match_name(cs->match, func) >= 0;
	long pi = sg_task_parent(t, d);

	if (is_root && (pi < 0 || !t->stack[pi].node)) {
		/* its caller, if any, is not recorded: an invocation of its own, incomplete */
		tree = sg_pending_scratch(t);
		node = tree ? sg_tree_detached(tree, func) : NULL;
		anchor = 0;
		if (!node)
			return oom();
	} else {
		if (sg_pending_place(t, pi, d, func, &tree, &node, &anchor) < 0)
			return -1;
		if (!node)
			return 0;
		if (t->inv && pi >= 0 && (size_t) pi >= t->inv_base)
			t->inv->cut |= SG_CUT_LOST;
	}
	/* its callees returned before it: raised on them, never reported (raise.c) */
	uint64_t kids = 0;

	if (sg_pending_adopt(t, tree, node, anchor, d, &kids) < 0)
		return -1;
	sg_node_add_call(node, !is_root && ev->has_dur && kids > ev->dur ? kids : ev->dur,
			 ev->has_dur);
	if (sg_callnote_retval(tree, node, NULL, ev) < 0)
		return -1;
	if (!is_root || anchor)
		return sg_pending_settle(t, d, anchor, node, &cs->stats.fragments_dropped);
	if (t->inv)
		return 0; /* a root's return under an open root's unrecorded caller: too broken */

	struct sg_event start = *ev;

	start.func = func;
	start.line = NULL;
	start.has_ts = ev->has_ts && ev->ts >= ev->dur;
	start.ts = start.has_ts ? ev->ts - ev->dur : 0;
	if (start_invocation(cs, t, &start) < 0)
		return -1;
	if (sg_tree_merge(t->inv->tree, sg_tree_top(t->inv->tree), node) < 0)
		return oom();
	/* In tracing_thresh output a root's return is all there is: finalize() decides. */
	/* no entry at depth 0 since the narrowing: the root was entered before it */
	if (cs->mode != MODE_THRESH && cs->epoch && t->epoch != cs->epoch)
		t->inv->cut |= SG_CUT_NARROW;
	else if (cs->mode != MODE_THRESH)
		t->inv->cut |= t->synced ? SG_CUT_LOST : SG_CUT_START;
	t->inv->has_dur = ev->has_dur;
	if (cs->keep_raw) {
		/* the fragment's lines, this return included */
		if (t->fraw_len && sg_invocation_add_raw(t->inv, t->fraw, t->fraw_len - 1) < 0)
			return oom();
		t->fraw_len = 0;
	}
	return finalize(cs, t);
}

static int on_return(struct sg_callstack *cs, struct sg_task *t, struct sg_cpu *c,
		     const struct sg_event *ev)
{
	int d = ev->depth;
	long i;

	if (ev->has_overrun) {
		if (t->has_overrun && ev->count > t->overrun && t->inv)
			t->inv->cut |= SG_CUT_OVERRUN;
		t->overrun = ev->count;
		t->has_overrun = 1;
	}
	for (i = (long) t->n - 1; i >= 0 && t->stack[i].depth >= d; i--)
		if (t->stack[i].depth == d && (!ev->func || t->stack[i].func == ev->func))
			break;
	if (i < 0 || t->stack[i].depth != d)
		return on_orphan_exit(cs, t, c, ev);
	if (abandon_to(cs, t, (size_t) i + 1, 0) < 0)
		return -1;
	struct sg_frame f = t->stack[--t->n];

	cs->open--;
	if (sg_pending_close(t, &f, ev->dur, ev->has_dur) < 0)
		return -1;
	if (!f.node)
		return 0;
	if (t->inv && t->n == t->inv_base) {
		/* the root keeps its printed duration: finalize() checks its callees against it */
		sg_node_add_call(f.node, ev->dur, ev->has_dur);
		if (sg_callnote_retval(f.tree, f.node, f.call, ev) < 0)
			return -1;
		if (sg_offcpu_attach(f.tree, &f, ev->dur, ev->has_dur, cs->offcpu_name, cs->off) < 0)
			return -1;
		t->inv->has_dur = ev->has_dur;
		return finalize(cs, t);
	}
	long hi = sg_task_host(t, d), pi = sg_task_parent(t, d);
	uint64_t anchor = hi < 0 && pi >= 0 && t->stack[pi].node ? t->stack[pi].serial : 0;
	/*
	 * Who it returns to, for the report: a guest's host (an interrupt printed at the
	 * interrupted call's depth); no one yet when levels are missing (7.x prints a caller's
	 * entry after an interrupt that came while it was being made: it comes later).
	 */
	const char *caller = NULL;
	uint64_t counted;

	if (hi >= 0)
		caller = t->stack[hi].func;
	else if (pi >= 0 && t->stack[pi].depth == d - 1)
		caller = t->stack[pi].func;

	/*
	 * Callees printed before its entry (7.x) are its own when its printed duration holds
	 * them: they count among its callees (f.kids) before it is raised.
	 */
	if (anchor &&
	    sg_pending_claim(t, &t->stack[pi], f.node, &f.kids, d, ev->dur, ev->has_dur) < 0)
		return -1;
	/* raised call by call (raise.c says what the kernel's numbers mean, case by case) */
	if (sg_raise_call(t, &f, caller, ev->dur, ev->has_dur, &counted) < 0)
		return -1;
	sg_node_add_call(f.node, counted, ev->has_dur);
	if (sg_callnote_retval(f.tree, f.node, f.call, ev) < 0 ||
	    sg_offcpu_attach(f.tree, &f, ev->dur, ev->has_dur, cs->offcpu_name, cs->off) < 0)
		return -1;
	if (hi >= 0) /* a guest: it waits for its host to return, which weighs it then */
		return sg_pending_settle(t, d, t->stack[hi].serial, f.node,
					 &cs->stats.fragments_dropped);
	/* with levels missing it waits for its caller, which counts it when it takes it */
	if (pi >= 0 && t->stack[pi].depth == d - 1)
		sg_task_count_kid(t, pi, sg_task_kid_time(t, f.node, counted), ev->has_dur);
	return sg_pending_settle(t, d, anchor, f.node, &cs->stats.fragments_dropped);
}

/* The first switch away from a task we knew only by its CPU names it. */
static int on_switch(struct sg_callstack *cs, struct sg_cpu *c, const struct sg_event *ev)
{
	int64_t prev = sg_tasks_key(ev->pid, ev->cpu);

	if (c->cur && sg_tasks_unnamed(c->cur) && c->cur != prev) {
		struct sg_task *t = sg_tasks_take(cs->tasks, c->cur);

		if (t) {
			/*
			 * What ran here unnamed is the newest state of that task; a stack it had
			 * from another CPU went on in events this trace does not have.
			 */
			struct sg_task *old = sg_tasks_take(cs->tasks, prev);

			if (old) {
				int r = abandon_to(cs, old, 0, 0);

				sg_task_free(old);
				if (r < 0) {
					sg_task_free(t);
					return -1;
				}
			}
			t->key = prev;
			t->pid = ev->pid;
			t->comm = ev->comm;
			if (t->inv) {
				t->inv->pid = ev->pid;
				t->inv->comm = ev->comm;
			}
			if (sg_tasks_put(cs->tasks, t) < 0) {
				sg_task_free(t);
				return oom();
			}
		}
	}
	/* one lookup at a time: looking up one may drop another that is idle */
	struct sg_task *t = sg_tasks_get(cs->tasks, prev, ev->pid);

	if (!t && !sg_tasks_full(cs->tasks))
		return oom();
	if (t && !t->comm)
		t->comm = ev->comm;
	c->cur = sg_tasks_key(ev->next_pid, ev->cpu);
	t = sg_tasks_get(cs->tasks, c->cur, ev->next_pid);
	if (!t && !sg_tasks_full(cs->tasks))
		return oom();
	if (t && !t->comm)
		t->comm = ev->next_comm;
	return 0;
}

int sg_callstack_feed(void *vcs, const struct sg_event *ev)
{
	struct sg_callstack *cs = vcs;
	struct sg_cpu *c = sg_tasks_cpu(cs->tasks, ev->cpu);
	struct sg_task *t;
	int64_t key;
	int r = 0;

	if (!c)
		return oom();
	if (ev->type == SG_EV_SWITCH && ev->sched) /* the `=>` line, if any, names the tasks */
		return sg_offcpu_switch(cs->tasks, ev, cs->keep_raw, cs->off) < 0 ? oom() : 0;
	if (ev->type == SG_EV_SWITCH)
		return on_switch(cs, c, ev);
	if (ev->type == SG_EV_LOST) {
		cs->stats.lost_markers++;
		cs->stats.lost_events += ev->count;
		c->lost = 1;
		if (c->cur) {
			t = sg_tasks_find(cs->tasks, c->cur);
			if (t && t->inv)
				t->inv->cut |= SG_CUT_LOST;
		}
		return 0;
	}
	if (ev->pid >= 0)
		key = sg_tasks_key(ev->pid, ev->cpu);
	else if (c->cur)
		key = c->cur;
	else
		key = sg_tasks_key(-1, ev->cpu);
	c->cur = key;
	t = sg_tasks_get(cs->tasks, key, ev->pid);
	if (!t && sg_tasks_full(cs->tasks)) {
		/* a new task while the table is full of open calls: its events are counted */
		cs->stats.refused_events++;
		return 0;
	}
	if (!t)
		return oom();
	if (ev->comm && !t->comm)
		t->comm = ev->comm;
	if (ev->type == SG_EV_NOTE) {
		if (cs->keep_raw && t->inv && ev->line)
			return sg_invocation_add_raw(t->inv, ev->line, ev->line_len) < 0 ? oom() : 0;
		return 0;
	}
	if (sg_task_too_deep(t, ev->depth, ev->type == SG_EV_ENTRY, cs->open)) {
		cs->stats.deep_events++;
		return 0;
	}
	cs->stats.events++;
	if (ev->has_dur)
		cs->stats.has_dur = 1;
	if (c->lost) {
		c->lost = 0;
		if (t->inv)
			t->inv->cut |= SG_CUT_LOST;
	}
	if (t->inv) {
		if (ev->cpu != t->inv_last_cpu) {
			t->inv_last_cpu = ev->cpu;
			if (sg_invocation_add_cpu(t->inv, ev->cpu) < 0)
				return oom();
		}
		if (cs->keep_raw && ev->line &&
		    sg_invocation_add_raw(t->inv, ev->line, ev->line_len) < 0)
			return oom();
	} else if (cs->keep_raw && ev->line && t->fraw_len + ev->line_len < RAW_FRAGMENT_CAP) {
		if (raw_append(&t->fraw, &t->fraw_len, &t->fraw_cap, ev->line, ev->line_len) < 0)
			return oom();
	}
	if (cs->off)
		sg_offcpu_event(t, ev, cs->off);
	/* a call inside an open invocation, as recorded (a root's own entry: start_invocation) */
	if (t->inv && t->inv->calls) {
		if (ev->type == SG_EV_EXIT)
			sg_callrec_exit(t->inv->calls, ev);
		else if ((ev->type == SG_EV_ENTRY || ev->type == SG_EV_LEAF) &&
			 !reenters_root(cs, t, ev) &&
			 sg_callrec_enter(t->inv->calls, ev, t->pid, t->comm) < 0)
			return oom();
	}
	switch (ev->type) {
	case SG_EV_ENTRY:
		r = on_entry(cs, t, c, ev, 0);
		break;
	case SG_EV_LEAF:
		r = on_entry(cs, t, c, ev, 1);
		break;
	case SG_EV_EXIT:
		r = on_return(cs, t, c, ev);
		break;
	default:
		break;
	}
	sg_task_settle(t);
	return r;
}

void sg_callstack_no_offcpu(struct sg_callstack *cs)
{
	cs->off = NULL;
}

void sg_callstack_no_irqs(struct sg_callstack *cs)
{
	sg_tasks_no_irqs(cs->tasks);
}

void sg_callstack_no_calls(struct sg_callstack *cs)
{
	cs->no_calls = 1;
}

int sg_callstack_narrow(struct sg_callstack *cs)
{
	size_t n;
	struct sg_task **v = sg_tasks_sorted(cs->tasks, &n);

	if (!v)
		return oom();
	cs->epoch++;
	for (size_t i = 0; i < n; i++)
		if (v[i]->inv)
			v[i]->inv->cut |= SG_CUT_NARROW;
	free(v);
	return 0;
}

int sg_callstack_finish(struct sg_callstack *cs)
{
	size_t n;
	struct sg_task **v = sg_tasks_sorted(cs->tasks, &n); /* by key: a deterministic order */
	int r = 0;

	if (!v)
		return oom();
	for (size_t i = 0; i < n && r == 0; i++)
		r = abandon_to(cs, v[i], 0, 1);
	free(v);
	if (r == 0 && cs->mode == MODE_UNKNOWN && cs->nheld)
		r = settle_mode(cs, MODE_THRESH);
	cs->stats.threshold_mode = cs->mode == MODE_THRESH;
	return r;
}
