/* test_input_text.c - the text parser on every line shape the kernel and trace-cmd print. */
#include <stdlib.h>
#include <unistd.h>
#include "check.h"
#include "collect.h"
#include "decomp.h"
#include "input_text.h"

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
	const char *lines[] = {line, NULL};

	parse(st, lines, NULL);
}

/*
 * Every line of this trace is an event or an overrun line appended to the exit before it, so the
 * events' texts, each followed by a '\n', give the trace back. Exits held back while the reader
 * reads on: fast and general ones, with and without an overrun line, the last one at the end.
 */
static const char TRACE[] = " 0)               |  f() {\n"
			    " 0)   0.500 us    |    g();\n"
			    " 0)   1.000 us    |  } /* f */\n"
			    " 0)               |  f() {\n"
			    " 0)   1.000 us    |  }\n"
			    " (Overruns: 3)\n"
			    "  1.0 |   0)   ls-1   | + 37.846 us   |    } /* f */\n"
			    " (Overruns: 4)\n"
			    " 0)   2.000 us    |  } /* h */\n"
			    " 0)   2.000 us    |  } /* i */\n"
			    " 0)   0.500 us    |    g();\n"
			    " 0)   3.000 us    |  } /* j */\n";

static char texts[sizeof(TRACE) * 2];
static size_t texts_len;

static int collect_text(void *ctx, const struct sg_event *ev)
{
	(void) ctx;
	if (texts_len + ev->line_len + 1 <= sizeof(texts)) {
		memcpy(texts + texts_len, ev->line, ev->line_len);
		texts_len += ev->line_len;
		texts[texts_len++] = '\n';
	}
	return 0;
}

struct chunks {
	const char *s;
	size_t len, at, step;
};

/* A few bytes a call: lines end anywhere in a read, and the reader's buffer moves between. */
static ssize_t read_chunk(void *ctx, char *buf, size_t n)
{
	struct chunks *c = ctx;
	size_t k = c->len - c->at < c->step ? c->len - c->at : c->step;

	if (k > n)
		k = n;
	memcpy(buf, c->s + c->at, k);
	c->at += k;
	return (ssize_t) k;
}

/* A line, 65 MB of one line, a line: what the reader reads in 1 MB steps. */
struct longline {
	size_t at;
};

#define LONG_LEN (65u << 20)

static ssize_t read_long(void *ctx, char *buf, size_t n)
{
	static const char first[] = " 0)   1.000 us    |  } /* f */\n",
			  last[] = " 0)   2.000 us    |  } /* g */\n";
	struct longline *l = ctx;
	size_t total = sizeof(first) - 1 + LONG_LEN + 1 + sizeof(last) - 1, k = 0;

	if (n > (1u << 20))
		n = 1u << 20;
	for (; k < n && l->at < total; k++, l->at++) {
		size_t i = l->at;

		if (i < sizeof(first) - 1)
			buf[k] = first[i];
		else if ((i -= sizeof(first) - 1) < LONG_LEN)
			buf[k] = 'x';
		else if (i == LONG_LEN)
			buf[k] = '\n';
		else
			buf[k] = last[i - LONG_LEN - 1];
	}
	return (ssize_t) k;
}

static ssize_t read_decomp(void *ctx, char *buf, size_t n)
{
	return sg_decomp_read(ctx, buf, n);
}

/* The held exit's text survives the reads after its line, whatever the reads' sizes. */
static void check_held_texts(struct sg_strtab *st)
{
	size_t len = sizeof(TRACE) - 1;

	for (size_t step = 1; step <= len; step++) {
		struct sg_text_parser *p = sg_text_parser_new(st, collect_text, NULL);
		struct chunks c = {TRACE, len, 0, step};

		texts_len = 0;
		CHECK(sg_text_parser_read(p, read_chunk, &c) == 0);
		CHECK(texts_len == len && memcmp(texts, TRACE, len) == 0);
		/* every byte counted once, fast and general lines alike */
		CHECK_U64(sg_text_parser_stats(p)->bytes, len);
		CHECK_U64(sg_text_parser_stats(p)->lines, 12);
		sg_text_parser_free(p);
	}
	/* a line longer than the reader keeps is dropped and counted, the exit before it kept */
	{
		struct sg_text_parser *p = sg_text_parser_new(st, collect_text, NULL);
		struct longline l = {0};
		static const char want[] = " 0)   1.000 us    |  } /* f */\n"
					   " 0)   2.000 us    |  } /* g */\n";

		texts_len = 0;
		CHECK(sg_text_parser_read(p, read_long, &l) == 0);
		CHECK(texts_len == strlen(want) && memcmp(texts, want, texts_len) == 0);
		CHECK_U64(sg_text_parser_stats(p)->lines, 3);
		CHECK_U64(sg_text_parser_stats(p)->bytes, strlen(want));
		CHECK_U64(sg_text_parser_stats(p)->skipped, 1);
		CHECK_STR(sg_text_parser_stats(p)->first_skipped, "(a line longer than 64 MB)");
		sg_text_parser_free(p);
	}
	/*
	 * A pipe, as surfgraph reads a text trace (cmd_read.c): through sg_decomp, whose first
	 * bytes were taken from the pipe and peeked at (the input's kind judged) before the parser
	 * reads them again, then the rest.
	 */
	for (size_t head = 0; head <= len; head += 7) {
		struct sg_text_parser *p = sg_text_parser_new(st, collect_text, NULL);
		struct sg_decomp *d;
		const char *h;
		int fds[2];

		CHECK(pipe(fds) == 0);
		CHECK(write(fds[1], TRACE, len) == (ssize_t) len);
		close(fds[1]);
		d = sg_decomp_new(fds[0], "pipe");
		CHECK(d != NULL);
		CHECK(sg_decomp_peek(d, head, &h) == (ssize_t) head);
		texts_len = 0;
		CHECK(sg_text_parser_read(p, read_decomp, d) == 0);
		CHECK(texts_len == len && memcmp(texts, TRACE, len) == 0);
		CHECK_U64(sg_text_parser_stats(p)->bytes, len);
		sg_decomp_free(d);
		close(fds[0]);
		sg_text_parser_free(p);
	}
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
		const char *lines[] = {"  1.0 |   0)   ls-1   | + 37.846 us   |    } /* f */",
				       " (Overruns: 3)", NULL};

		/* the event's text belongs to the parser: checked before it is freed */
		parse(st, lines, &p);
		CHECK_U64(nev, 1);
		CHECK(evs[0].has_overrun && evs[0].count == 3);
		CHECK(memchr(evs[0].line, '\n', evs[0].line_len) != NULL);
		sg_text_parser_free(p);
	}

	/* trace-cmd report */
	one(st, "              sh-175   [001]   278.189868: funcgraph_entry:                   |  "
		"__do_fault() {");
	CHECK(evs[0].type == SG_EV_ENTRY);
	CHECK_U64(evs[0].cpu, 1);
	CHECK_U64(evs[0].pid, 175);
	CHECK_U64(evs[0].ts, 278189868000ULL);
	CHECK_STR(evs[0].func, "__do_fault");
	one(st, "              ls-176   [000]   278.199326: funcgraph_exit:       ! 145.006 us |   "
		"       }");
	CHECK(evs[0].type == SG_EV_EXIT && evs[0].depth == 4 && evs[0].dur == 145006);

	/* headers are read for the kernel release; garbage is counted, not fatal */
	{
		const char *lines[] = {"# function_graph latency trace v1.1.5 on 6.1.0-56-amd64",
				       "this is not a trace line", "#",
				       " 0) + 99999999999999999999 us |  f();", NULL};

		parse(st, lines, &p);
		CHECK_U64(nev, 0);
		CHECK_STR(sg_text_parser_stats(p)->kernel, "6.1.0-56-amd64");
		CHECK_U64(sg_text_parser_stats(p)->skipped, 2);
		CHECK_U64(sg_text_parser_stats(p)->first_skipped_lineno, 2);
		CHECK_U64(sg_text_parser_stats(p)->headers, 2);
		sg_text_parser_free(p);
	}

	/* a leaf line is one event but two records of the kernel's: -v's records count them */
	{
		const char *lines[] = {" 0)               |  f() {", " 0)   0.5 us    |    g();",
				       " 0)   0.2 us    |    h();", " 0)   2.0 us    |  }", NULL};

		parse(st, lines, &p);
		CHECK_U64(sg_text_parser_stats(p)->events, 4);
		CHECK_U64(sg_text_parser_stats(p)->leaves, 2);
		sg_text_parser_free(p);
	}

	/*
	 * funcgraph-args, -retval, -retval-hex and -retaddr (6.5 to 7.x): the name stops at its
	 * '(', the arguments are kept whole, the comment gives the return value and nothing else.
	 */
	{
		static const struct {
			const char *line;
			int type;
			const char *func, *args;
			int has_retval;
			int64_t retval;
		} forms[] = {
		    /* 7.3, funcgraph-args: brackets and spaces inside values, at most six then ...
		     */
		    {" 0)               |    hrtimer_start_range_ns(timer=0xff2ab15ebea338a0, "
		     "tim=30658421790, delta_ns=0x0, mode=10 [HRTIMER_MODE_ABS_PINNED_HARD]) {",
		     SG_EV_ENTRY, "hrtimer_start_range_ns",
		     "timer=0xff2ab15ebea338a0, tim=30658421790, delta_ns=0x0, mode=10 "
		     "[HRTIMER_MODE_ABS_PINNED_HARD]",
		     0, 0},
		    {" 0)               |      shmem_get_folio_gfp(inode=0xff2ab15e82465bb0, "
		     "index=0x1e3, write_end=0, foliop=0xff82b96e00607780, sgp=2 [SGP_CACHE], "
		     "gfp=0x100cca, ...) {",
		     SG_EV_ENTRY, "shmem_get_folio_gfp",
		     "inode=0xff2ab15e82465bb0, index=0x1e3, write_end=0, "
		     "foliop=0xff82b96e00607780, "
		     "sgp=2 [SGP_CACHE], gfp=0x100cca, ...",
		     0, 0},
		    {"  163.157394 |   0)    dd-5862     | + 14.411 us   |          "
		     "seq_printf(m=0xff2a"
		     "b15e827c39a0, f=0xffffffff84e001c0, =?0xffffffff860fecc0);",
		     SG_EV_LEAF, "seq_printf",
		     "m=0xff2ab15e827c39a0, f=0xffffffff84e001c0, =?0xffffffff860fecc0", 0, 0},
		    /* 6.5 to 6.12 funcgraph-retval */
		    {" 1)   0.651 us    |  cgroup_migrate_add_task(); /* = 0xffff93fcfd346c00 */",
		     SG_EV_LEAF, "cgroup_migrate_add_task", NULL, 1,
		     (int64_t) 0xffff93fcfd346c00ULL},
		    {" 1)   2.335 us    |  } /* cpu_cgroup_can_attach = -22 */", SG_EV_EXIT,
		     "cpu_cgroup_can_attach", NULL, 1, -22},
		    /* 6.13 on: ret=, with the return address first */
		    {" 0)   0.7 us |    f(a=1); /* <-caller+0x249/0x600 ret=-12 */", SG_EV_LEAF,
		     "f", "a=1", 1, -12},
		    {" 0)               |  load_elf_binary() { /* <-bprm_execve+0x249/0x600 */",
		     SG_EV_ENTRY, "load_elf_binary", NULL, 0, 0},
		    {" 0)   9.0 us |  } /* ext4_iget [ext4] ret=-5 */", SG_EV_EXIT,
		     "ext4_iget [ext4]", NULL, 1, -5},
		    /* funcgraph-retval-hex: a 32-bit -12 in eax, an ERR_PTR(-22); BTF-typed values
		     */
		    {" 0)   0.1 us |  f(); /* ret=0xfffffff4 */", SG_EV_LEAF, "f", NULL, 1, -12},
		    {" 0)   0.1 us |  } /* f ret=0xffffffffffffffea */", SG_EV_EXIT, "f", NULL, 1,
		     -22},
		    {" 2)   0.312 us |  } /* current_time ret=0x69380649(trunc) */", SG_EV_EXIT,
		     "current_time", NULL, 1, 0x69380649},
		    {" 2)   0.753 us |  } /* atime_needs_update ret=false */", SG_EV_EXIT,
		     "atime_needs_update", NULL, 1, 0},
		    /* a void function under retval on BTF kernels; old funcgraph-tail's "name()" */
		    {" 2)   0.899 us |  } /* touch_atime */", SG_EV_EXIT, "touch_atime", NULL, 0,
		     0},
		    {" 0)   2.861 us |  } /* putname() */", SG_EV_EXIT, "putname", NULL, 0, 0},
		    /* trace-cmd report's fgraph plugin */
		    {"sh-175 [001] 278.189868: funcgraph_entry:        0.451 us   |  "
		     "_raw_spin_unlock_irqrestore(); (ret=0)",
		     SG_EV_LEAF, "_raw_spin_unlock_irqrestore", NULL, 1, 0},
		    /* unbalanced: the last ')' before a comment closes the list, as it always did
		     */
		    {" 0)   1.000 us    |    <script>alert(1)</script>(); /* ret=0x5(trunc) */",
		     SG_EV_LEAF, "<script>alert", "1)</script>(", 1, 5},
		    /* an argument holding parentheses does not end the list */
		    {" 0)   1.0 us |  g(x=(1)); /* ret=0x1 */", SG_EV_LEAF, "g", "x=(1)", 1, 1},
		};

		for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
			one(st, forms[i].line);
			CHECK_U64(nev, 1);
			CHECK_U64(evs[0].type, forms[i].type);
			CHECK_STR(evs[0].func, forms[i].func);
			if (forms[i].args)
				CHECK(evs[0].args && evs[0].args_len == strlen(forms[i].args) &&
				      memcmp(evs[0].args, forms[i].args, evs[0].args_len) == 0);
			else
				CHECK(evs[0].args_len == 0);
			CHECK_U64(evs[0].has_retval, forms[i].has_retval);
			CHECK_U64(evs[0].retval, forms[i].retval);
		}
		/* a call followed by anything but a comment is not a call */
		one(st, " 0)   1.0 us |  f(); garbage");
		CHECK_U64(nev, 0);
	}
	check_held_texts(st);
	sg_strtab_free(st);
	return check_report("input_text");
}
