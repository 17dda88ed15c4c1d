/* raise.c - calls whose callees outlast them: raised call by call, reported per invocation. */
#include <stdlib.h>
#include "log.h"
#include "raise.h"
#include "treewalk.h"

/*
 * function_graph sometimes prints a call shorter than its direct callees' printed durations
 * add up to (6.12 and 7.x leave an interrupt out of the interrupted call's time; long
 * durations are rounded). The call lasted at least as long as its callees: below the root it
 * counts as their sum. This is decided at each return, on the call's own callees (f->kids, as
 * callstack.c counted them when they returned, raised ones at their raised value), before the
 * calls of one path are merged: merged first, one short call would hide in the slack of the
 * others on its path. Its caller counts it at the raised value, so a raise reaches every
 * ancestor whose printed duration does not hold it. The root keeps its printed duration (the
 * invocation lasted what the kernel printed; sg_treewalk_finish_uncounted). What the kernel's
 * numbers mean, case by case:
 * - guests (an interrupt printed at the depth of the call it came in): they ran inside their
 *   host only if its printed duration holds them beside its callees (sg_pending_close); then
 *   they are among its kids, else among its caller's. A guest is raised on its own callees;
 * - callees printed before their caller's entry (7.x): counted by whoever takes them, the
 *   first call at their caller's depth to return if it holds them (sg_pending_claim, before
 *   that call is raised), else the frame they waited under; until then nobody counts them;
 * - a leaf: no callee seen, nothing to raise (it takes late callees only when it holds them);
 * - a call whose return was lost (abandon_to): no printed duration, it passes no time up, and
 *   its invocation is incomplete; a return without its entry is raised on the callees it
 *   adopts, but never reported (its invocation is incomplete, or held as tracing_thresh
 *   output, whose raised calls were not reported before either);
 * - an [off-cpu] frame gets only the room the printed duration leaves (none when raised):
 *   it never makes a call outlast itself;
 * - -x and --max-depth drop nodes from the finished trees (treefilter.c): raising is done on
 *   the whole stack before, and a dropped call's time stays its caller's self.
 */
int sg_raise_call_over(struct sg_task *t, const struct sg_frame *f, const char *caller,
		       uint64_t dur)
{
	if (!t->inv || !f->node || f->tree != t->inv->tree)
		return 0; /* a call outside the open invocation: no invocation to report it in */
	if (!t->raised) {
		t->raised = malloc(SG_TASK_RAISED_KEPT * sizeof(*t->raised));
		if (!t->raised) {
			sg_log_error("out of memory");
			return -1;
		}
	}
	if (t->nraised < SG_TASK_RAISED_KEPT) {
		struct sg_raised_call *r = &t->raised[t->nraised];

		r->func = f->func;
		r->caller = caller;
		r->printed = dur;
		r->callees = f->kids;
	}
	t->nraised++;
	t->raised_ns = sg_add_sat(t->raised_ns, f->kids - dur);
	return 0;
}

/* A call of invocation inv whose callees outlast it: counted in st, and kept among the first. */
static void note(struct sg_callstack_stats *st, const struct sg_invocation *inv, const char *func,
		 const char *caller, uint64_t printed, uint64_t callees)
{
	if (st->anomalies < SG_ANOMALIES_KEPT) {
		struct sg_anomaly *a = &st->anomaly[st->anomalies];

		a->func = func;
		a->caller = caller;
		a->root = inv->root;
		a->comm = inv->comm;
		a->pid = inv->pid;
		a->has_ts = inv->has_ts;
		a->start_ts = inv->start_ts;
		a->printed = printed;
		a->callees = callees;
	}
	st->anomalies++;
}

struct root_ctx {
	struct sg_callstack_stats *st;
	const struct sg_invocation *inv;
};

static void on_root(void *vctx, const struct sg_node *n, uint64_t printed, uint64_t callees)
{
	struct root_ctx *ctx = vctx;

	note(ctx->st, ctx->inv, n->name, NULL, printed, callees);
}

void sg_raise_finish(struct sg_callstack_stats *st, struct sg_task *t, struct sg_invocation *inv)
{
	struct root_ctx ctx = {st, inv};

	/* only what is merged counts: an incomplete tree is reported as such already */
	if (!inv->cut) {
		for (uint64_t i = 0; i < t->nraised && i < SG_TASK_RAISED_KEPT; i++)
			note(st, inv, t->raised[i].func, t->raised[i].caller, t->raised[i].printed,
			     t->raised[i].callees);
		/* past the kept ones, counted only: the run lists no more than that */
		if (t->nraised > SG_TASK_RAISED_KEPT)
			st->anomalies += t->nraised - SG_TASK_RAISED_KEPT;
		st->raised += t->nraised;
		st->raised_ns = sg_add_sat(st->raised_ns, t->raised_ns);
	}
	t->nraised = t->raised_ns = 0;
	sg_treewalk_finish_uncounted(sg_invocation_root(inv),
				     t->no_irqs ? sg_irqname_is_entry : NULL,
				     inv->cut ? NULL : on_root, &ctx);
}
