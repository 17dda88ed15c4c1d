/* test_input_text.c - the text parser on every line shape the kernel and trace-cmd print. */
#include <stdlib.h>
#include "check.h"
#include "input_text.h"

#define MAXEV 16

static struct sg_event evs[MAXEV];
static int nev;

static int collect(void *ctx, const struct sg_event *ev)
{
	(void) ctx;
	if (nev < MAXEV)
		evs[nev++] = *ev;
	return 0;
}

/* Parse the lines (then finish) and return the number of events. */
static int parse(struct sg_strtab *st, const char *const *lines, struct sg_text_parser **pp)
{
	struct sg_text_parser *p = sg_text_parser_new(st, collect, NULL);

	nev = 0;
	for (int i = 0; lines[i]; i++)
		sg_text_parser_line(p, lines[i], strlen(lines[i]));
	sg_text_parser_finish(p);
	if (pp)
		*pp = p;
	else
		sg_text_parser_free(p);
	return nev;
}

static void one(struct sg_strtab *st, const char *line)
{
	const char *lines[] = { line, NULL };

	parse(st, lines, NULL);
}

int main(void)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_text_parser *p;

	/* the default columns: CPU, duration with overhead mark, indentation = depth */
	one(st, " 0) + 56.625 us   |      vdso_fault();");
	CHECK_U64(nev, 1);
	CHECK(evs[0].type == SG_EV_LEAF);
	CHECK_STR(evs[0].func, "vdso_fault");
	CHECK_U64(evs[0].depth, 2);
	CHECK_U64(evs[0].dur, 56625);
	CHECK(evs[0].has_dur);
	CHECK_U64(evs[0].cpu, 0);
	CHECK(evs[0].pid == -1);

	one(st, " 0)               |  __do_fault() {");
	CHECK(evs[0].type == SG_EV_ENTRY);
	CHECK_U64(evs[0].depth, 0);
	CHECK(!evs[0].has_dur);

	/* a bare return; durations lose fraction digits as they grow; '$' over a second */
	one(st, " 1) $ 11974859 us |  } /* schedule */");
	CHECK(evs[0].type == SG_EV_EXIT);
	CHECK_STR(evs[0].func, "schedule");
	CHECK_U64(evs[0].dur, 11974859000ULL);
	one(st, " 1) @ 511607.5 us |  }");
	CHECK(evs[0].type == SG_EV_EXIT && evs[0].func == NULL);
	CHECK_U64(evs[0].dur, 511607500);
	one(st, " 1) * 43539.47 us |  }");
	CHECK_U64(evs[0].dur, 43539470);

	/* CPU numbers of any width */
	one(st, " 123)   1.000 us    |    f();");
	CHECK_U64(evs[0].cpu, 123);
	CHECK_U64(evs[0].depth, 1);

	/* abstime + cpu + proc; comm keeps its dashes, the pid is after the last one */
	one(st, "  120.159748 |   0)     ls-135     |               |  __do_fault() {");
	CHECK(evs[0].has_ts);
	CHECK_U64(evs[0].ts, 120159748000ULL);
	CHECK_U64(evs[0].pid, 135);
	CHECK_STR(evs[0].comm, "ls");
	one(st, " 1)  kworker/u4:1-12   |   2.000 us    |  g();");
	CHECK_U64(evs[0].pid, 12);
	CHECK_STR(evs[0].comm, "kworker/u4:1");

	/* latency-format flags column */
	one(st, " 0)     ls-117     |  d.h2. |   2.033 us    |        _raw_spin_lock_irqsave();");
	CHECK(evs[0].type == SG_EV_LEAF);
	CHECK_U64(evs[0].depth, 3);
	CHECK_U64(evs[0].pid, 117);

	/* nofuncgraph-duration: no column, no bar; depth from the indentation after the CPU */
	one(st, " 0) mutex_unlock();");
	CHECK(evs[0].type == SG_EV_LEAF && evs[0].depth == 0 && !evs[0].has_dur);
	one(st, " 1)                 } /* bpf_lsm_vm_enough_memory */");
	CHECK(evs[0].type == SG_EV_EXIT);
	CHECK_U64(evs[0].depth, 8);
	CHECK_STR(evs[0].func, "bpf_lsm_vm_enough_memory");

	/* nofuncgraph-cpu: the line starts with the duration */
	one(st, " + 10.866 us   |      vdso_fault();");
	CHECK(evs[0].type == SG_EV_LEAF && evs[0].cpu == -1 && evs[0].depth == 2);

	/* compiler clones and module symbols keep their full names */
	one(st, " 1)   2.474 us    |   do_nocb_deferred_wakeup.isra.0();");
	CHECK_STR(evs[0].func, "do_nocb_deferred_wakeup.isra.0");
	one(st, " 0)               |  nfs_file_read [nfs]() {");
	CHECK_STR(evs[0].func, "nfs_file_read [nfs]");

	/* return values (funcgraph-retval) do not change the name */
	one(st, " 0)   1.000 us    |    f(); /* = 0x0 */");
	CHECK(evs[0].type == SG_EV_LEAF);
	CHECK_STR(evs[0].func, "f");
	one(st, " 0)   9.000 us    |  } /* g = -12 */");
	CHECK_STR(evs[0].func, "g");

	/* CRLF line endings */
	one(st, " 0)   1.500 us    |    h();\r");
	CHECK(evs[0].type == SG_EV_LEAF && evs[0].dur == 1500);
	CHECK_U64(evs[0].line_len, strlen(" 0)   1.500 us    |    h();"));

	/* context switch, lost events, irq markers, comments */
	one(st, " 1)   rcu_pre-15   =>   kcompac-34  ");
	CHECK(evs[0].type == SG_EV_SWITCH);
	CHECK_U64(evs[0].pid, 15);
	CHECK_U64(evs[0].next_pid, 34);
	CHECK_STR(evs[0].next_comm, "kcompac");
	one(st, "CPU:1 [LOST 1797 EVENTS]");
	CHECK(evs[0].type == SG_EV_LOST && evs[0].cpu == 1 && evs[0].count == 1797);
	one(st, " 0)   ==========> |");
	CHECK(evs[0].type == SG_EV_NOTE);
	one(st, " 0)               |  /* a trace_printk */");
	CHECK(evs[0].type == SG_EV_NOTE);

	/* an overrun line belongs to the return before it, and travels in its raw text */
	{
		const char *lines[] = { "  1.0 |   0)   ls-1   | + 37.846 us   |    } /* f */",
					" (Overruns: 3)", NULL };

		/* the event's text belongs to the parser: checked before it is freed */
		parse(st, lines, &p);
		CHECK_U64(nev, 1);
		CHECK(evs[0].has_overrun && evs[0].count == 3);
		CHECK(memchr(evs[0].line, '\n', evs[0].line_len) != NULL);
		sg_text_parser_free(p);
	}

	/* trace-cmd report */
	one(st, "              sh-175   [001]   278.189868: funcgraph_entry:                   |  __do_fault() {");
	CHECK(evs[0].type == SG_EV_ENTRY);
	CHECK_U64(evs[0].cpu, 1);
	CHECK_U64(evs[0].pid, 175);
	CHECK_U64(evs[0].ts, 278189868000ULL);
	CHECK_STR(evs[0].func, "__do_fault");
	one(st, "              ls-176   [000]   278.199326: funcgraph_exit:       ! 145.006 us |          }");
	CHECK(evs[0].type == SG_EV_EXIT && evs[0].depth == 4 && evs[0].dur == 145006);

	/* headers are read for the kernel release; garbage is counted, not fatal */
	{
		const char *lines[] = { "# function_graph latency trace v1.1.5 on 6.1.0-56-amd64",
					"this is not a trace line", "#", " 0) + 99999999999999999999 us |  f();",
					NULL };

		parse(st, lines, &p);
		CHECK_U64(nev, 0);
		CHECK_STR(sg_text_parser_stats(p)->kernel, "6.1.0-56-amd64");
		CHECK_U64(sg_text_parser_stats(p)->skipped, 2);
		CHECK_U64(sg_text_parser_stats(p)->first_skipped_lineno, 2);
		CHECK_U64(sg_text_parser_stats(p)->headers, 2);
		sg_text_parser_free(p);
	}
	sg_strtab_free(st);
	return check_report("input_text");
}
