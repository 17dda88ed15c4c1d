/* test_callstack.c - per-task stacks matched by depth: the kernel's quirks, turned into trees. */
#include <stdlib.h>
#include "aggregate.h"
#include "callrec.h"
#include "check.h"
#include "stackrun.h"

/* An interrupt printed at the depth of the call it interrupted (seen on 6.1). */
static void irq_at_callers_depth(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r, *a;
	const char *t[] = {
		" 1)               |  root() {",
		" 1)               |    a() {",
		" 1)               |      __d_lookup_rcu() {",
		" 1)   3.355 us    |      irq_enter_rcu();",
		" 1)               |      __sysvec_apic_timer_interrupt() {",
		" 1) ! 140.000 us  |        hrtimer_interrupt();",
		" 1) ! 147.329 us  |      }",
		" 1)   1.772 us    |      } /* __d_lookup_rcu */",
		" 1) ! 160.000 us  |    }",
		" 1) ! 170.000 us  |  }",
		NULL,
	};

	s = run("root", t);
	CHECK_U64(ninv, 1);
	CHECK_U64(invs[0]->cut, 0);
	r = sg_invocation_root(invs[0]);
	a = child(r, "a");
	CHECK_U64(nchildren(a), 3);
	CHECK_U64(child(a, "__d_lookup_rcu")->total, 1772);
	CHECK_U64(child(a, "__sysvec_apic_timer_interrupt")->total, 147329);
	CHECK_U64(child(child(a, "__sysvec_apic_timer_interrupt"), "hrtimer_interrupt")->total,
		  140000);
	CHECK_U64(a->self, 160000 - 1772 - 3355 - 147329);
	CHECK_U64(s.anomalies, 0);
	CHECK_U64(s.abandoned, 0);
}

/*
 * A root's return lost, then the root again at its depth: the first invocation is cut, and
 * the second root's entry is not one of its recorded calls (it starts the next one).
 */
static void root_return_lost(void)
{
	const char *t[] = {
		" 0)               |  root() {",
		" 0)   1.000 us    |    foo();",
		" 0)               |  root() {",
		" 0)   2.000 us    |    bar();",
		" 0)   5.000 us    |  }",
		NULL,
	};

	run("root", t);
	CHECK_U64(ninv, 2);
	CHECK(invs[0]->cut != 0);
	CHECK_U64(invs[0]->calls->n, 2);
	CHECK_STR(invs[0]->calls->v[1].func, "foo");
	CHECK_U64(invs[1]->cut, 0);
	CHECK_U64(invs[1]->calls->n, 2);
	CHECK_STR(invs[1]->calls->v[1].func, "bar");
}

/*
 * The same, where the interrupted call's printed duration covers the interrupt (6.1, closed
 * by a tail comment): it ran inside may_open, so it is may_open's. Beside it, path_openat's
 * callees would outlast its printed 1605.699 us and every caller up to the root would grow.
 */
static void irq_covered_by_tail_comment(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r, *a, *n;
	const char *t[] = {
		" 1)               |  root() {",
		" 1)               |    path_openat() {",
		" 1)               |      may_open() {",
		" 1)               |        inode_permission() {",
		" 1)   6.540 us    |        }",
		" 1)   2.884 us    |      irq_enter_rcu();",
		" 1)               |      __sysvec_apic_timer_interrupt() {",
		" 1) ! 261.568 us  |      }",
		" 1)               |      irq_exit_rcu() {",
		" 1) ! 988.752 us  |      }",
		" 1) # 1374.945 us |      } /* may_open */",
		" 1) ! 225.366 us  |      vfs_open();",
		" 1) # 1605.699 us |    }",
		" 1) # 1675.793 us |  }",
		NULL,
	};

	s = run("root", t);
	CHECK_U64(ninv, 1);
	r = sg_invocation_root(invs[0]);
	CHECK_U64(invs[0]->duration, 1675793);
	a = child(r, "path_openat");
	CHECK_U64(nchildren(a), 2);
	CHECK_U64(a->total, 1605699);
	CHECK_U64(a->self, 1605699 - 1374945 - 225366);
	n = child(a, "may_open");
	CHECK_U64(nchildren(n), 4);
	CHECK_U64(child(n, "irq_exit_rcu")->total, 988752);
	CHECK_U64(n->self, 1374945 - 6540 - 2884 - 261568 - 988752);
	CHECK_U64(s.anomalies, 0);
}

/* A call at its host's depth inside a call at that depth: nested hosts, each covering. */
static void nested_hosts(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r, *n;
	const char *t[] = {
		" 0)               |  root() {",
		" 0)               |    f() {",
		" 0)               |    irq_handler() {",
		" 0)   5.000 us    |    nested_irq();",
		" 0) + 20.000 us   |    }",
		" 0) + 30.000 us   |    } /* f */",
		" 0) + 40.000 us   |  }",
		NULL,
	};

	s = run("root", t);
	r = sg_invocation_root(invs[0]);
	n = child(child(r, "f"), "irq_handler");
	CHECK_U64(nchildren(r), 1);
	CHECK_U64(nchildren(n), 1);
	CHECK_U64(child(n, "nested_irq")->total, 5000);
	CHECK_U64(n->self, 15000);
	CHECK_U64(s.anomalies, 0);
}

/*
 * The root's total is the kernel's whatever its callees add up to; a call whose callees
 * outlast it (and only it) stands at their sum, and is counted.
 */
static void root_total_is_kernels(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r;
	const char *t[] = {
		" 0)               |  root() {",
		" 0)               |    a() {",
		" 0)               |      b() {",
		" 0) + 30.000 us   |        c();",
		" 0) + 10.000 us   |      }",
		" 0) + 35.000 us   |    }",
		" 0) + 90.000 us   |    d();",
		" 0) + 100.000 us  |  }",
		NULL,
	};

	s = run("root", t);
	r = sg_invocation_root(invs[0]);
	CHECK_U64(invs[0]->duration, 100000);
	CHECK_U64(r->total, 100000);
	CHECK_U64(r->self, 0);
	CHECK_U64(child(r, "a")->total, 35000);
	CHECK_U64(child(r, "a")->self, 5000);
	CHECK_U64(child(child(r, "a"), "b")->total, 30000);
	CHECK_U64(s.anomalies, 2);
	CHECK(s.anomaly[0].func == child(child(r, "a"), "b")->name);
	CHECK_U64(s.anomaly[0].printed, 10000);
	CHECK_U64(s.anomaly[0].callees, 30000);
	CHECK(s.anomaly[1].func == r->name && s.anomaly[1].caller == NULL);
	CHECK_U64(s.anomaly[1].callees, 125000);
}

/*
 * Raised call by call: of two calls of a, the first is shorter than its callee (10 us
 * printed, b 20 us) while the path's sum (40 us) would hold both callees (21 us). a counts
 * 20 + 30 us; one anomaly, 10 us gained.
 */
static void raise_call_by_call(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r;
	const char *t[] = {
		" 0)               |  root() {",
		" 0)               |    a() {",
		" 0) + 20.000 us   |      b();",
		" 0) + 10.000 us   |    }",
		" 0)               |    a() {",
		" 0)   1.000 us    |      c();",
		" 0) + 30.000 us   |    }",
		" 0) ! 100.000 us  |  }",
		NULL,
	};

	s = run("root", t);
	r = sg_invocation_root(invs[0]);
	CHECK_U64(r->total, 100000);
	CHECK_U64(child(r, "a")->total, 50000);
	CHECK_U64(child(r, "a")->self, 29000);
	CHECK_U64(child(r, "a")->min, 20000);
	CHECK_U64(s.anomalies, 1);
	CHECK_U64(s.raised, 1);
	CHECK_U64(s.raised_ns, 10000);
	CHECK(s.anomaly[0].func == child(r, "a")->name && s.anomaly[0].caller == r->name);
	CHECK_U64(s.anomaly[0].printed, 10000);
	CHECK_U64(s.anomaly[0].callees, 20000);
}

/*
 * A raise reaches the caller that does not hold it: b (10 us) stands at c's 30 us, and a
 * (25 us printed, b's printed 10 us inside) then at 30 us too; the root holds it.
 */
static void raise_reaches_caller(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r;
	const char *t[] = {
		" 0)               |  root() {",
		" 0)               |    a() {",
		" 0)               |      b() {",
		" 0) + 30.000 us   |        c();",
		" 0) + 10.000 us   |      }",
		" 0) + 25.000 us   |    }",
		" 0) ! 100.000 us  |  }",
		NULL,
	};

	s = run("root", t);
	r = sg_invocation_root(invs[0]);
	CHECK_U64(r->total, 100000);
	CHECK_U64(r->self, 70000);
	CHECK_U64(child(r, "a")->total, 30000);
	CHECK_U64(child(r, "a")->self, 0);
	CHECK_U64(child(child(r, "a"), "b")->total, 30000);
	CHECK_U64(s.anomalies, 2);
	CHECK_U64(s.raised, 2);
	CHECK_U64(s.raised_ns, 20000 + 5000);
	CHECK(s.anomaly[1].func == child(r, "a")->name);
	CHECK_U64(s.anomaly[1].callees, 30000);
}

/* A call raised in an invocation that is cut (a lost return) is not counted. */
static void raise_in_cut_invocation(void)
{
	struct sg_callstack_stats s;
	const char *t[] = {
		" 0)               |  root() {",
		" 0)               |    a() {",
		" 0) + 20.000 us   |      b();",
		" 0) + 10.000 us   |    }",
		" 0)               |    x() {",
		" 0) ! 100.000 us  |  }",
		NULL,
	};

	s = run("root", t);
	CHECK(invs[0]->cut != 0);
	CHECK_U64(s.anomalies, 0);
	CHECK_U64(s.raised, 0);
}

/* An entry printed after an interrupt that came at its start, its time including it. */
static void entry_after_irq_at_start(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r, *n;
	const char *t[] = {
		" 0)               |  root() {",
		" 0)               |    p() {",
		" 0)   1.000 us    |        irq_enter_rcu();",
		" 0) + 50.000 us   |        irq_work();",
		" 0) + 60.000 us   |      late();",
		" 0) ! 100.000 us  |    }",
		" 0) ! 110.000 us  |  }",
		NULL,
	};

	s = run("root", t);
	r = sg_invocation_root(invs[0]);
	n = child(child(r, "p"), "late");
	CHECK_U64(nchildren(child(r, "p")), 1);
	CHECK_U64(nchildren(n), 2);
	CHECK_U64(n->self, 9000);
	CHECK_U64(s.anomalies, 0);
}

/* ... and one whose time was taken after the interrupt: the interrupt is its caller's. */
static void irq_after_entry_time(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r;
	const char *t[] = {
		" 0)               |  root() {",
		" 0)               |    p() {",
		" 0)   1.000 us    |        irq_enter_rcu();",
		" 0) + 50.000 us   |        irq_work();",
		" 0)   1.092 us    |      late();",
		" 0) ! 100.000 us  |    }",
		" 0) ! 110.000 us  |  }",
		NULL,
	};

	s = run("root", t);
	r = sg_invocation_root(invs[0]);
	CHECK_U64(nchildren(child(r, "p")), 3);
	CHECK_U64(nchildren(child(child(r, "p"), "late")), 0);
	CHECK_U64(child(r, "p")->self, 100000 - 51000 - 1092);
	CHECK_U64(s.anomalies, 0);
}

/* tracing_thresh: returns only, rebuilt bottom-up; the root's return makes it complete */
static void tracing_thresh(void)
{
	struct sg_callstack_stats s;
	const struct sg_node *r;
	const char *t[] = {
		" 0) + 50.024 us   |          } /* aa_file_perm */",
		" 0) + 79.038 us   |    } /* rw_verify_area */",
		" 0) + 22.033 us   |        } /* __pud_alloc */",
		" 0) ! 142.743 us  |      } /* handle_mm_fault */",
		" 0) # 1033.488 us |  } /* vfs_read */",
		" 0) ! 124.616 us  |  } /* vfs_read */",
		NULL,
	};

	s = run("vfs_read", t);
	CHECK_U64(ninv, 2);
	CHECK_U64(invs[0]->cut, 0);
	CHECK(s.threshold_mode);
	r = sg_invocation_root(invs[0]);
	CHECK_U64(r->total, 1033488);
	CHECK_U64(nchildren(r), 2);
	CHECK_U64(child(child(r, "rw_verify_area"), "aa_file_perm")->total, 50024);
	CHECK_U64(child(child(r, "handle_mm_fault"), "__pud_alloc")->total, 22033);
	CHECK_U64(nchildren(sg_invocation_root(invs[1])), 0);
}

/* A trace that starts inside the root and ends inside another: both incomplete. */
static void starts_and_ends_inside(void)
{
	struct sg_callstack_stats s;
	const char *t[] = {
		" 1)   1.853 us    |        } /* update_cfs_group */",
		" 1) + 45.097 us   |    } /* dequeue_task_fair */",
		" 1) # 7966.388 us |  } /* schedule */",
		" 1)               |  schedule() {",
		" 1)   2.794 us    |    rcu_note_context_switch();",
		" 1)   2.000 us    |  schedule();",
		NULL,
	};

	s = run("schedule", t);
	CHECK_U64(ninv, 3);
	CHECK_U64(invs[0]->cut, SG_CUT_START);
	CHECK_U64(sg_invocation_root(invs[0])->total, 7966388);
	CHECK(child(sg_invocation_root(invs[0]), "dequeue_task_fair") != NULL);
	/* a root's leaf while a root is open at that depth: the open one lost its return */
	CHECK_U64(invs[1]->cut, SG_CUT_LOST);
	CHECK_U64(invs[2]->cut, 0);
	CHECK_U64(s.orphan_closes, 3);
	CHECK(!s.threshold_mode);
}

/*
 * A root printed as a leaf between two open ones is a whole invocation; the last, open at the
 * end, is cut.
 */
static void root_as_leaf(void)
{
	const char *t[] = {
		" 0)               |  schedule() {",
		" 0)   2.794 us    |    rcu_note_context_switch();",
		" 0)   2.000 us    |  schedule();",
		" 0)               |  schedule() {",
		NULL,
	};

	run("schedule", t);
	CHECK_U64(ninv, 3);
	CHECK_U64(invs[1]->cut, 0); /* the leaf is a whole invocation */
	CHECK_U64(invs[1]->duration, 2000);
	CHECK_U64(invs[2]->cut, SG_CUT_END);
}

/* Stacks are per task: a task sleeps on CPU 0 and returns on CPU 1. */
static void per_task_stacks(void)
{
	const char *t[] = {
		" 0)    a-10    |               |  schedule() {",
		" 0)    a-10    |   1.000 us    |    pick();",
		" 1)    b-20    |               |  schedule() {",
		" 1)    b-20    |   2.000 us    |    pick();",
		" 1)    a-10    |   3.000 us    |    finish();",
		" 1)    a-10    | $ 2000000 us  |  }",
		" 0)    b-20    | ! 500.000 us  |  }",
		NULL,
	};

	run("schedule", t);
	CHECK_U64(ninv, 2);
	CHECK_U64(invs[0]->pid, 10);
	CHECK_U64(invs[0]->ncpus, 2);
	CHECK_U64(invs[0]->duration, 2000000000ULL);
	CHECK_U64(nchildren(sg_invocation_root(invs[0])), 2);
	CHECK_U64(invs[1]->pid, 20);
	CHECK_U64(invs[1]->cut, 0);
}

/* Without a task column, a switch line names the task that ran unnamed on that CPU. */
static void switch_names_task(void)
{
	const char *t[] = {
		" 0)               |  schedule() {",
		" 0)   1.000 us    |    pick();",
		" ------------------------------------------",
		" 0)   rcu_pre-15   =>   migrati-16  ",
		" ------------------------------------------",
		"",
		" 0)   4.000 us    |  schedule();",
		" ------------------------------------------",
		" 0)   migrati-16   =>   rcu_pre-15  ",
		" ------------------------------------------",
		" 0)   2.000 us    |    finish();",
		" 0) ! 700.000 us  |  }",
		NULL,
	};

	run("schedule", t);
	CHECK_U64(ninv, 2);
	CHECK_U64(invs[0]->pid, 16);
	CHECK_U64(invs[1]->pid, 15);
	CHECK_STR(invs[1]->comm, "rcu_pre");
	CHECK_U64(invs[1]->cut, 0);
	CHECK_U64(nchildren(sg_invocation_root(invs[1])), 2);
}

/* Lost events cut the invocation open on that CPU; a later one is whole again. */
static void lost_events_cut(void)
{
	struct sg_callstack_stats s;
	const char *t[] = {
		" 1)               |  ksys_read() {",
		" 1)   1.000 us    |    a();",
		"CPU:1 [LOST 10 EVENTS]",
		" 1)   1.000 us    |    b();",
		" 1) + 20.000 us   |  }",
		" 1)               |  ksys_read() {",
		" 1)   1.000 us    |    a();",
		" 1) + 10.000 us   |  }",
		NULL,
	};

	s = run("ksys_read", t);
	CHECK_U64(ninv, 2);
	CHECK_U64(invs[0]->cut, SG_CUT_LOST);
	CHECK_U64(invs[1]->cut, 0);
	CHECK_U64(s.lost_events, 10);
}

/* The root's compiler clones match; idle tasks (pid 0) are one per CPU. */
static void root_clones_and_idle(void)
{
	const char *t[] = {
		" 0)   <idle>-0    |               |  finish_task_switch.isra.0() {",
		" 1)   <idle>-0    |   5.000 us    |  finish_task_switch.isra.0();",
		" 0)   <idle>-0    |   1.000 us    |    _raw_spin_unlock();",
		" 0)   <idle>-0    |   9.000 us    |  }",
		NULL,
	};

	run("finish_task_switch", t);
	CHECK_U64(ninv, 2);
	CHECK_U64(invs[0]->cut, 0);
	CHECK_U64(invs[1]->cut, 0);
	CHECK_STR(invs[1]->root, "finish_task_switch.isra.0");
	CHECK_U64(nchildren(sg_invocation_root(invs[1])), 1);
}

/* Overruns of the return stack (a counter per task) cut the invocation they grew in. */
static void overruns_cut(void)
{
	const char *t[] = {
		"  1.0 |   0)   ls-1   |               |  f() {",
		"  1.0 |   0)   ls-1   |   1.000 us    |    g();",
		"  1.0 |   0)   ls-1   |   2.000 us    |  } /* f */",
		" (Overruns: 4)",
		"  1.0 |   0)   ls-1   |               |  f() {",
		"  1.0 |   0)   ls-1   |   1.000 us    |    g();",
		"  1.0 |   0)   ls-1   |   2.000 us    |  } /* f */",
		" (Overruns: 5)",
		NULL,
	};

	run("f", t);
	CHECK_U64(ninv, 2);
	CHECK_U64(invs[0]->cut, 0);
	CHECK_U64(invs[1]->cut, SG_CUT_OVERRUN);
}

/*
 * --narrow: an invocation open at the switch, and one whose root returns after it
 * without an entry at depth 0 since (entered before the switch, its entry maybe in the
 * gap), are incomplete as narrowed, never merged; one after the switch is complete.
 */
static void narrow_switch(void)
{
	const char *t[] = {
		"  1.0 |   0)   ls-1   |               |  f() {",
		"  1.0 |   0)   ls-1   |   1.000 us    |    g();",
		"  1.0 |   0)   ls-1   |   2.000 us    |  } /* f */",
		"  1.0 |   0)   ls-1   |               |  f() {",
		"  1.0 |   0)   ls-1   |   1.000 us    |    g();",
		"NARROW",
		"  1.0 |   0)   ls-1   |   3.000 us    |  } /* f */",
		"  1.0 |   1)   cat-2  |   1.000 us    |    g();",
		"  1.0 |   1)   cat-2  |   5.000 us    |  } /* f */",
		"  1.0 |   1)   cat-2  |               |  f() {",
		"  1.0 |   1)   cat-2  |   1.000 us    |    g();",
		"  1.0 |   1)   cat-2  |   4.000 us    |  } /* f */",
		NULL,
	};
	char why[64];

	run("f", t);
	CHECK_U64(ninv, 4);
	CHECK_U64(invs[0]->cut, 0);
	CHECK_U64(invs[1]->cut, SG_CUT_NARROW);
	CHECK_U64(invs[2]->cut, SG_CUT_NARROW);
	CHECK_U64(invs[3]->cut, 0);
	CHECK_U64(invs[3]->duration, 4000);
	CHECK_STR(sg_invocation_cut_describe(SG_CUT_NARROW | SG_CUT_END, why, sizeof(why)),
		  "end+narrowed");
}

/*
 * 200,000 short-lived tasks: idle ones are dropped as the table fills, none is lost; of
 * 70,000 with a call open at once, SG_TASKS_MAX are followed and the rest's events counted.
 */
static void many_tasks(void)
{
	for (int open = 0; open < 2; open++) {
		struct sg_strtab *st = sg_strtab_new();
		struct sg_match *m = sg_match_new();
		struct sg_callstack *cs;
		struct sg_event ev = { .cpu = 0, .depth = 0, .has_dur = 1, .dur = 5 };
		int n = open ? 70000 : 200000;

		reset();
		sg_match_add(m, "f");
		cs = sg_callstack_new(st, m, collect, NULL, 0);
		for (int pid = 1; pid <= n; pid++) {
			ev.pid = pid;
			ev.type = SG_EV_ENTRY;
			ev.func = sg_strtab_intern(st, "f", 1);
			sg_callstack_feed(cs, &ev);
			if (!open) {
				ev.type = SG_EV_EXIT;
				ev.func = NULL;
				sg_callstack_feed(cs, &ev);
			}
			ev.type = SG_EV_SWITCH;
			ev.next_pid = pid + 1;
			sg_callstack_feed(cs, &ev);
		}
		for (int pid = 1; open && pid <= n; pid++) {
			ev.pid = pid;
			ev.type = SG_EV_EXIT;
			ev.func = NULL;
			sg_callstack_feed(cs, &ev);
		}
		sg_callstack_finish(cs);
		CHECK_U64(sg_callstack_stats(cs)->complete, open ? SG_TASKS_MAX : 200000);
		/* the first entries refused, and returns until the idle ones were dropped */
		if (open)
			CHECK(sg_callstack_stats(cs)->refused_events >= 70000 - SG_TASKS_MAX);
		else
			CHECK_U64(sg_callstack_stats(cs)->incomplete +
				      sg_callstack_stats(cs)->refused_events,
				  0);
		sg_callstack_free(cs);
		sg_match_free(m);
		sg_strtab_free(st);
	}
}

/*
 * A run whose output reads no recorded calls (sg_callstack_no_calls): the same trees and
 * arguments, no calls; an aggregate that keeps no per-path statistics
 * (sg_aggregate_no_pathstat) merges the same times without them.
 */
static void no_calls_no_pathstat(void)
{
	const struct sg_node *r, *a, *n;
	const char *t[] = {
		" 0)               |  root(x=1) {",
		" 0)   1.500 us    |    foo(y=2); /* ret=0xfffffffffffffffe */",
		" 0)   2.000 us    |    foo(y=3); /* ret=0x0 */",
		" 0)   5.000 us    |  }",
		NULL,
	};
	struct sg_aggregate *with = sg_aggregate_new(1), *without = sg_aggregate_new(1);
	struct sg_pstat ps;

	run("root", t);
	CHECK_U64(ninv, 1);
	CHECK(invs[0]->calls != NULL);
	CHECK_U64(invs[0]->calls ? invs[0]->calls->n : 0, 3);
	CHECK(sg_aggregate_add(with, invs[0]) == 0);
	ninv = 0; /* the aggregate owns it */
	/* read before the next run frees this one's names */
	CHECK_U64(with->has_pathstat, 1);
	r = sg_tree_top(with->merged)->child;
	CHECK_U64(r->total, 5000);
	CHECK_U64(child(r, "foo")->total, 3500);
	sg_node_pstat(child(r, "foo"), &ps);
	CHECK_U64(ps.ninv, 1);
	CHECK_U64(ps.lg_total, sg_logtime(3500));
	sg_aggregate_free(with);
	stack_no_calls = 1;
	run("root", t);
	stack_no_calls = 0;
	CHECK_U64(ninv, 1);
	CHECK(invs[0]->calls == NULL);
	CHECK_U64(invs[0]->cut, 0);
	r = sg_invocation_root(invs[0]);
	CHECK_U64(r->total, 5000);
	n = child(r, "foo");
	CHECK_U64(n->calls, 2);
	CHECK_U64(n->total, 3500);
	CHECK_STR(n->ret && n->ret->first ? n->ret->first->args : NULL, "y=2");
	CHECK_U64(n->ret ? n->ret->errs : 0, 1);
	CHECK(sg_aggregate_no_pathstat(without) == 0);
	CHECK(sg_aggregate_add(without, invs[0]) == 0);
	ninv = 0;
	CHECK_U64(without->has_pathstat, 0);
	a = sg_tree_top(without->merged)->child;
	CHECK_U64(a->total, 5000);
	CHECK_U64(child(a, "foo")->total, 3500);
	CHECK_U64(child(a, "foo")->min, 1500);
	sg_node_pstat(child(a, "foo"), &ps);
	CHECK_U64(ps.ninv, 0);
	CHECK(sg_node_pstat_stored((struct sg_node *) a) == NULL);
	sg_aggregate_free(without);
}

/* Each case alone when named on the command line (test_callstack NAME...), else all. */
static const struct check_case cases[] = {
	CHECK_CASE(irq_at_callers_depth),
	CHECK_CASE(root_return_lost),
	CHECK_CASE(irq_covered_by_tail_comment),
	CHECK_CASE(nested_hosts),
	CHECK_CASE(root_total_is_kernels),
	CHECK_CASE(raise_call_by_call),
	CHECK_CASE(raise_reaches_caller),
	CHECK_CASE(raise_in_cut_invocation),
	CHECK_CASE(entry_after_irq_at_start),
	CHECK_CASE(irq_after_entry_time),
	CHECK_CASE(tracing_thresh),
	CHECK_CASE(starts_and_ends_inside),
	CHECK_CASE(root_as_leaf),
	CHECK_CASE(per_task_stacks),
	CHECK_CASE(switch_names_task),
	CHECK_CASE(lost_events_cut),
	CHECK_CASE(root_clones_and_idle),
	CHECK_CASE(overruns_cut),
	CHECK_CASE(narrow_switch),
	CHECK_CASE(many_tasks),
	CHECK_CASE(no_calls_no_pathstat),
};

int main(int argc, char **argv)
{
	int ret = check_run(cases, sizeof(cases) / sizeof(cases[0]), argc, argv);

	reset();
	return ret ? ret : check_report("callstack");
}
