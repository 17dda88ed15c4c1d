/* offcpu.c - where tasks waited: switched-out intervals from sched_switch as [off-cpu] frames. */
#include "offcpu.h"

/* The serial of t's open root frame, or 0 when no root is open (serials start at 1). */
static uint64_t open_root(const struct sg_task *t)
{
	return t->inv && t->n > t->inv_base ? t->stack[t->inv_base].serial : 0;
}

int sg_offcpu_switch(struct sg_tasks *ts, const struct sg_event *ev, int keep_raw,
		     struct sg_offcpu_stats *st)
{
	struct sg_task *t = sg_tasks_find(ts, sg_tasks_key(ev->pid, ev->cpu));
	uint64_t root;

	if (keep_raw && ev->line && t && t->inv &&
	    sg_invocation_add_raw(t->inv, ev->line, ev->line_len) < 0)
		return -1;
	if (!st)
		return 0;
	st->records++;
	if (!ev->has_ts)
		return 0; /* a text trace without funcgraph-abstime: no interval can be measured */
	if (t) {
		root = open_root(t);
		if (t->off_state != SG_OFF_RUNNING && t->off_root != root) {
			/* the root returned while switched out: the switch back was not recorded */
			st->unmatched++;
			t->off_state = SG_OFF_RUNNING;
		}
		if (root && t->off_state == SG_OFF_RUNNING) {
			t->off_state = SG_OFF_OUT;
			t->off_last = ev->ts;
			t->off_root = root;
		} else if (root) {
			/* out again before running: one interval (BACK), or a lost switch back
			 * (OUT) */
			t->off_state = SG_OFF_OUT;
		}
	}
	t = sg_tasks_find(ts, sg_tasks_key(ev->next_pid, ev->cpu));
	if (t && t->off_state == SG_OFF_OUT)
		t->off_state = SG_OFF_BACK;
	return 0;
}

void sg_offcpu_event_out(struct sg_task *t, const struct sg_event *ev, struct sg_offcpu_stats *st)
{
	struct sg_frame *f;

	if (!ev->has_ts) {
		t->off_state = SG_OFF_RUNNING;
		st->unmatched++;
		return;
	}
	if (t->off_state == SG_OFF_OUT) {
		/* still on the CPU after the scheduler's decision: the wait begins later */
		uint64_t end =
		    ev->type == SG_EV_LEAF && ev->has_dur ? sg_add_sat(ev->ts, ev->dur) : ev->ts;

		if (end > t->off_last)
			t->off_last = end;
		return;
	}
	t->off_state = SG_OFF_RUNNING;
	f = t->n ? &t->stack[t->n - 1] : NULL;
	if (!f || !f->node || open_root(t) != t->off_root || ev->ts < t->off_last) {
		st->unmatched++;
		return;
	}
	f->offcpu = sg_add_sat(f->offcpu, ev->ts - t->off_last);
	f->noff++;
}

int sg_offcpu_attach_waited(struct sg_tree *tree, const struct sg_frame *f, uint64_t dur,
			    int has_dur, const char *name, struct sg_offcpu_stats *st)
{
	uint64_t room = has_dur && dur > f->kids ? dur - f->kids : 0, put;
	struct sg_node *n;

	put = f->offcpu < room ? f->offcpu : room;
	if (put < f->offcpu) {
		/* e.g. a trace taken with nosleep-time: the call's time holds no wait to show */
		st->capped++;
		st->capped_ns = sg_add_sat(st->capped_ns, f->offcpu - put);
	}
	if (!put)
		return 0;
	n = sg_tree_child(tree, f->node, name);
	if (!n)
		return -1;
	sg_node_add_call(n, put, 1);
	n->calls = sg_add_sat(n->calls, f->noff - 1); /* a call per interval */
	st->intervals += f->noff;
	st->ns = sg_add_sat(st->ns, put);
	return 0;
}
