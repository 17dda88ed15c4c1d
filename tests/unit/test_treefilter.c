/* test_treefilter.c - trees sliced afterwards (-x, --no-irqs, --max-depth, -C, -p), nearest names.
 */
#include <stdlib.h>
#include "check.h"
#include "closest.h"
#include "cpulist.h"
#include "invocation.h"
#include "strtab.h"
#include "tree.h"
#include "treefilter.h"
#include "treewalk.h"

/* A node under parent with total ns, calls 1, self filled in by sg_treewalk_finish. */
static struct sg_node *add(struct sg_tree *t, struct sg_node *parent, struct sg_strtab *st,
			   const char *name, uint64_t total)
{
	struct sg_node *n = sg_tree_child(t, parent, sg_strtab_intern(st, name, strlen(name)));

	sg_node_add_call(n, total, 1);
	return n;
}

/* Names under top in pre-order, joined by ' ', into a static buffer. */
static const char *names(struct sg_node *top)
{
	static char buf[512];
	size_t off = 0;

	buf[0] = '\0';
	for (struct sg_node *n = top->child; n; n = sg_node_next(n, top))
		off += (size_t) snprintf(buf + off, sizeof(buf) - off, "%s%s", off ? " " : "",
					 n->name);
	return buf;
}

/*
 * root (100)
 * |- f (60)
 * |  |- g (20)
 * |  `- irq_enter_rcu (5)
 * `- __sysvec_apic_timer_interrupt (30)
 *    `- hrtimer_interrupt (25)
 */
static struct sg_tree *sample(struct sg_strtab *st)
{
	struct sg_tree *t = sg_tree_new();
	struct sg_node *r = add(t, sg_tree_top(t), st, "root", 100);
	struct sg_node *f = add(t, r, st, "f", 60);

	add(t, f, st, "g", 20);
	add(t, f, st, "irq_enter_rcu", 5);
	add(t, add(t, r, st, "__sysvec_apic_timer_interrupt", 30), st, "hrtimer_interrupt", 25);
	sg_treewalk_finish(r);
	return t;
}

static struct sg_treefilter *filter(struct sg_filter_settings *o)
{
	struct sg_treefilter *f = sg_treefilter_new(o);

	CHECK(f != NULL);
	return f;
}

int main(void)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_filter_settings o;
	struct sg_treefilter *f;
	struct sg_tree *t;
	const char *x[] = {"g*"};

	/* --no-irqs: both interrupt subtrees go; their time becomes their callers' self time */
	memset(&o, 0, sizeof(o));
	o.no_irqs = 1;
	f = filter(&o);
	CHECK(sg_treefilter_prunes(f) && !sg_treefilter_selects(f));
	t = sample(st);
	CHECK_U64(sg_treefilter_prune(f, sg_tree_top(t)), 2);
	CHECK_STR(names(sg_tree_top(t)), "root f g");
	CHECK_U64(sg_tree_top(t)->child->total, 100);
	CHECK_U64(sg_tree_top(t)->child->self, 10 + 30);
	CHECK_U64(sg_tree_top(t)->child->child->self, 35 + 5);
	CHECK_U64(sg_tree_top(t)->child->nchild, 1);
	/* an unlinked node is no longer found by name */
	CHECK(sg_tree_find(t, sg_tree_top(t)->child,
			   sg_strtab_intern(st, "__sysvec_apic_timer_interrupt", 29)) == NULL);
	sg_tree_free(t);
	sg_treefilter_free(f);

	/* --max-depth 2: the root and its callees; -x by glob, the root itself never */
	memset(&o, 0, sizeof(o));
	o.max_depth = 2;
	f = filter(&o);
	t = sample(st);
	CHECK_U64(sg_treefilter_prune(f, sg_tree_top(t)), 3);
	CHECK_STR(names(sg_tree_top(t)), "root f __sysvec_apic_timer_interrupt");
	CHECK_U64(sg_tree_top(t)->child->child->self, 60);
	sg_tree_free(t);
	sg_treefilter_free(f);
	memset(&o, 0, sizeof(o));
	o.excludes = x;
	o.nexcludes = 1;
	f = filter(&o);
	t = sample(st);
	CHECK_U64(sg_treefilter_prune(f, sg_tree_top(t)), 1);
	CHECK_STR(names(sg_tree_top(t)),
		  "root f irq_enter_rcu __sysvec_apic_timer_interrupt hrtimer_interrupt");
	sg_tree_free(t);
	sg_treefilter_free(f);

	/* -C 0-1 -p 7: tasks and CPUs; an unknown pid is left out and counted */
	int pids[] = {7}, cpus_a[] = {0, 1}, cpus_b[] = {1, 2};
	struct sg_invocation inv = {.pid = 7, .cpus = cpus_a, .ncpus = 2};
	uint64_t dropped, no_pid, no_cpu;

	memset(&o, 0, sizeof(o));
	o.cpus = "0-1";
	o.pids = pids;
	o.npids = 1;
	f = filter(&o);
	CHECK(sg_treefilter_selects(f) && !sg_treefilter_prunes(f));
	CHECK(sg_treefilter_keep(f, &inv));
	inv.cpus = cpus_b; /* migrated to CPU 2: live -C would have cut it */
	CHECK(!sg_treefilter_keep(f, &inv));
	inv.cpus = cpus_a;
	inv.pid = 8;
	CHECK(!sg_treefilter_keep(f, &inv));
	inv.pid = -1;
	CHECK(!sg_treefilter_keep(f, &inv));
	sg_treefilter_counts(f, &dropped, &no_pid, &no_cpu);
	CHECK_U64(dropped, 3);
	CHECK_U64(no_pid, 1);
	CHECK_U64(no_cpu, 0);
	sg_treefilter_free(f);

	/* CPU lists: ranges, and no sign, space or empty item */
	unsigned char set[8] = {0};

	CHECK(sg_cpulist_parse("0-2,5", 8, set) == 0);
	CHECK(set[0] && set[1] && set[2] && !set[3] && set[5]);
	CHECK(sg_cpulist_parse("-1", 8, set) < 0);
	CHECK(sg_cpulist_parse("1,", 8, set) < 0);
	CHECK(sg_cpulist_parse("3-1", 8, set) < 0);
	CHECK(sg_cpulist_parse("8", 8, set) < 0);
	CHECK(sg_cpulist_parse(" 1", 8, set) < 0);

	/* the nearest names: a name holding the typo wins a tie; clones count by their base */
	struct sg_closest c;
	char buf[128];

	sg_closest_init(&c, "do_fault", 5);
	sg_closest_offer(&c, "vdso_fault", 10);
	sg_closest_offer(&c, "__do_fault", 10);
	sg_closest_offer(&c, "schedule", 8);
	sg_closest_offer(&c, "do_faults.isra.0", 16);
	CHECK_STR(sg_closest_list(&c, 3, buf, sizeof(buf)),
		  "do_faults.isra.0, __do_fault, vdso_fault");
	sg_closest_init(&c, "x", 0);
	sg_closest_offer(&c, "y", 1);
	CHECK_STR(sg_closest_list(&c, 3, buf, sizeof(buf)), "");

	sg_strtab_free(st);
	return check_report("treefilter");
}
