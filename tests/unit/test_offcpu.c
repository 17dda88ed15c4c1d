/* test_offcpu.c - [off-cpu] frames: switched-out intervals from sched_switch under the call that
 * waited. */
#include <stdlib.h>
#include "check.h"
#include "schedswitch.h"
#include "stackrun.h"

/* Text lines through the call stacks (root "root"); off 0: --no-off-cpu. The off-cpu counts. */
static struct sg_offcpu_stats offrun(const char *const *lines, int off)
{
	return run_stacks("root", lines, off).offcpu;
}

#define OUT(ts, prev, next)                                                                        \
	"    " ts " |   0)   a-" #prev                                                             \
	"   |               |  /* sched_switch: prev_comm=a prev_pid=" #prev                       \
	" prev_prio=120 prev_state=S ==> next_comm=b next_pid=" #next " next_prio=120 */"

int main(void)
{
	struct sg_offcpu_stats s;
	const struct sg_node *r, *sch, *off;

	/*
	 * The capture's shape: the task keeps running after the scheduler's record (a leaf, then
	 * a return), so the wait starts at the end of its last event; it ends at its first event
	 * after the record that brings it back, under the call still open then (schedule).
	 */
	{
		const char *t[] = {
		    "    5.000000 |   0)    a-91    |               |  root() {",
		    "    5.000010 |   0)    a-91    |               |    schedule() {",
		    "    5.000020 |   0)    a-91    |               |      trace() {",
		    OUT("5.000030", 91, 90),
		    "    5.000040 |   0)    a-91    |   20.000 us   |      }",
		    "    5.000050 |   0)    a-91    |   5.500 us    |      fpregs();",
		    /* the wait: from 5.000055500 (the leaf's end) */
		    OUT("5.010000", 90, 91),
		    "    5.010100 |   0)    a-91    |   3.000 us    |      finish();",
		    "    5.010200 |   0)    a-91    | # 10190.00 us |    }",
		    "    5.010300 |   0)    a-91    | # 10300.00 us |  }",
		    NULL,
		};

		s = offrun(t, 1);
		CHECK_U64(ninv, 1);
		r = sg_invocation_root(invs[0]);
		sch = child(r, "schedule");
		off = child(sch, SG_OFFCPU_NAME);
		CHECK(off != NULL);
		CHECK_U64(off ? off->total : 0, 10100000 - 55500);
		CHECK_U64(off ? off->calls : 0, 1);
		/* the caller keeps its printed total; its self time shrinks by the wait */
		CHECK_U64(sch->total, 10190000);
		CHECK_U64(sch->self, 10190000 - 20000 - 5500 - 3000 - (10100000 - 55500));
		CHECK_U64(r->total, 10300000);
		CHECK_U64(s.records, 2);
		CHECK_U64(s.intervals, 1);
		CHECK_U64(s.ns, 10100000 - 55500);
		CHECK_U64(s.capped + s.unmatched, 0);

		s = offrun(t, 0); /* --no-off-cpu */
		sch = child(sg_invocation_root(invs[0]), "schedule");
		CHECK(child(sch, SG_OFFCPU_NAME) == NULL);
		CHECK_U64(sch->self, 10190000 - 20000 - 5500 - 3000);
		CHECK_U64(s.records + s.intervals, 0);
	}

	/*
	 * A call whose printed time holds less than the wait (a nosleep-time trace): the frame
	 * stops at the call's own time left, and that is counted and said.
	 */
	{
		const char *t[] = {
		    "    5.000000 |   0)    a-91    |               |  root() {",
		    "    5.000010 |   0)    a-91    |               |    schedule() {",
		    OUT("5.000020", 91, 90),
		    OUT("5.010000", 90, 91),
		    "    5.010100 |   0)    a-91    |   3.000 us    |      finish();",
		    "    5.010200 |   0)    a-91    |   50.000 us   |    }",
		    "    5.010300 |   0)    a-91    |   70.000 us   |  }",
		    NULL,
		};

		s = offrun(t, 1);
		sch = child(sg_invocation_root(invs[0]), "schedule");
		off = child(sch, SG_OFFCPU_NAME);
		CHECK_U64(off ? off->total : 0, 47000);
		CHECK_U64(sch->self, 0);
		CHECK_U64(s.capped, 1);
		CHECK_U64(s.capped_ns, 10080000 - 47000);
	}

	/*
	 * Two waits in one call, and a task switched out again before it ran (out, in, out, in):
	 * one interval from its first switch-out to its first event. A switch-out before the root
	 * began counts nothing.
	 */
	{
		const char *t[] = {
		    OUT("4.000000", 91, 90),
		    OUT("4.500000", 90, 91),
		    "    5.000000 |   0)    a-91    |               |  root() {",
		    "    5.000010 |   0)    a-91    |               |    lock() {",
		    OUT("5.000020", 91, 90),
		    OUT("5.001000", 90, 91),
		    OUT("5.001500", 91, 90),
		    OUT("5.002000", 90, 91),
		    "    5.002100 |   0)    a-91    |   1.000 us    |      x();",
		    OUT("5.002200", 91, 90),
		    OUT("5.003000", 90, 91),
		    "    5.003300 |   0)    a-91    |   1.000 us    |      x();",
		    "    5.004000 |   0)    a-91    | # 3990.000 us |    }",
		    "    5.004100 |   0)    a-91    | # 4100.000 us |  }",
		    NULL,
		};

		s = offrun(t, 1);
		off = child(child(sg_invocation_root(invs[0]), "lock"), SG_OFFCPU_NAME);
		CHECK_U64(off ? off->total : 0, (2100000 - 20000) + (3300000 - 2200000));
		CHECK_U64(off ? off->calls : 0, 2);
		CHECK_U64(s.intervals, 2);
		CHECK_U64(s.unmatched, 0);
	}

	/* The root returned while switched out: the switch back was never recorded. */
	{
		const char *t[] = {
		    "    5.000000 |   0)    a-91    |               |  root() {",
		    OUT("5.000020", 91, 90),
		    "    5.000100 |   0)    a-91    |   100.000 us  |  }",
		    OUT("5.003000", 90, 91),
		    "    5.004000 |   0)    a-91    |   1.000 us    |  y();",
		    NULL,
		};

		s = offrun(t, 1);
		CHECK(child(sg_invocation_root(invs[0]), SG_OFFCPU_NAME) == NULL);
		CHECK_U64(s.unmatched, 1);
		CHECK_U64(s.intervals, 0);
	}

	/* The record's text forms: the kernel's (a comm with blanks), trace-cmd's, -R's. */
	{
		struct sg_strtab *st = sg_strtab_new();
		struct sg_event ev;
		const char *k = "prev_comm=my task prev_pid=7 prev_prio=120 prev_state=S ==> "
				"next_comm=swapper/0 next_pid=0 next_prio=120",
			   *tc = " init:89 [120] R ==> rcu_preempt:15 [120]",
			   *raw = "prev_comm=init prev_pid=89 prev_prio=120 prev_state=256 "
				  "next_comm=rcu_preempt next_pid=15 next_prio=120",
			   *bad = "prev_comm=x prev_pid=abc ==> next_comm=y next_pid=1";

		memset(&ev, 0, sizeof(ev));
		CHECK(sg_schedswitch_parse(st, k, k + strlen(k), &ev) == 0);
		CHECK_U64(ev.type, SG_EV_SWITCH);
		CHECK_U64(ev.sched, 1);
		CHECK_U64(ev.pid, 7);
		CHECK_STR(ev.comm, "my task");
		CHECK_U64(ev.next_pid, 0);
		CHECK_STR(ev.next_comm, "swapper/0");
		CHECK(sg_schedswitch_parse(st, tc, tc + strlen(tc), &ev) == 0);
		CHECK_U64(ev.pid, 89);
		CHECK_STR(ev.comm, "init");
		CHECK_U64(ev.next_pid, 15);
		CHECK_STR(ev.next_comm, "rcu_preempt");
		CHECK(sg_schedswitch_parse(st, raw, raw + strlen(raw), &ev) == 0);
		CHECK_U64(ev.pid, 89);
		CHECK_U64(ev.next_pid, 15);
		memset(&ev, 0, sizeof(ev));
		CHECK(sg_schedswitch_parse(st, bad, bad + strlen(bad), &ev) < 0);
		CHECK_U64(ev.type, 0);
		sg_strtab_free(st);
	}
	reset();
	return check_report("offcpu");
}
