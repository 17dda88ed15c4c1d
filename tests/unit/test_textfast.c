/* test_textfast.c - the one-pass line parser gives the general parser's event, or declines. */
#include <stdlib.h>
#include "check.h"
#include "collect.h"
#include "input_text.h"
#include "textfast.h"

/*
 * A parser that has seen a trace-cmd line tries that format first and then the kernel's
 * general parser, never the fast path: the reference each fast result is compared with.
 */
static const char *TRACECMD = "  bash-1 [000]  1.000000: funcgraph_entry:      |  f() {";

static struct sg_strtab *st;
static struct sg_text_parser *ref;
static struct sg_textfast fast;
static int accepted, declined;

/* The general parser's event for the line, 0 when it gives none. */
static int general(const char *s, size_t len, struct sg_event *out)
{
	nev = 0;
	sg_text_parser_line(ref, s, len);
	sg_text_parser_finish(ref);
	if (nev != 1)
		return 0;
	*out = evs[0];
	return 1;
}

static int same_event(const struct sg_event *a, const struct sg_event *b)
{
	return a->type == b->type && a->cpu == b->cpu && a->pid == b->pid && a->comm == b->comm &&
	       a->func == b->func && a->depth == b->depth && a->has_ts == b->has_ts &&
	       a->ts == b->ts && a->has_dur == b->has_dur && a->dur == b->dur &&
	       a->count == b->count && a->has_overrun == b->has_overrun &&
	       a->args_len == b->args_len && a->nargv == b->nargv &&
	       a->has_retval == b->has_retval && a->retval == b->retval;
}

/*
 * What an earlier line left in the fields the fast path sets must not show through (the parser
 * hands one event to line after line: a "}" has no name, an entry no duration).
 */
static void stale(struct sg_event *ev)
{
	memset(ev, 0, sizeof(*ev));
	ev->pid = -1;
	ev->type = SG_EV_LEAF;
	ev->cpu = 77;
	ev->depth = 99;
	ev->func = "stale";
	ev->dur = 12345;
	ev->has_dur = 1;
}

/* A line that follows in a run: what a parse running past a line's end would read. */
static const char FOLLOW[] = " 0)   0.911 us    |    g();\n";

/*
 * sg_textfast_next() on the line ended by eol and followed by another, in a buffer that ends
 * with them: it gives what sg_textfast_line() gives on the line alone (r, and got when r is 1).
 */
static void compare_next(const char *line, size_t len, const char *eol, int r,
			 const struct sg_event *got)
{
	size_t n = len + strlen(eol) + strlen(FOLLOW);
	char *s = malloc(n);
	const char *nl = NULL;
	struct sg_event ev;
	int rn;

	memcpy(s, line, len);
	memcpy(s + len, eol, strlen(eol));
	memcpy(s + len + strlen(eol), FOLLOW, strlen(FOLLOW));
	stale(&ev);
	rn = sg_textfast_next(&fast, st, &ev, s, s + n, &nl);
	CHECK(rn == r);
	if (rn == 1 && r == 1) {
		int ok = nl == s + len + strlen(eol) - 1 && same_event(&ev, got);

		CHECK(ok);
		if (!ok)
			fprintf(stderr, "  next, line \"%.*s\"\n", (int) len, line);
	}
	free(s);
}

/*
 * The line [s, s + len) in a buffer of exactly that size (so reading past it is an error), then
 * in a run of lines, before (a call not yet in the table of calls) and after.
 */
static void compare(const char *line, size_t len)
{
	char *s = malloc(len ? len : 1);
	struct sg_event want, got;
	int r, nl_inside = memchr(line, '\n', len) != NULL;
	/* a '\r' before the '\n' is not the line's: the parser strips it before it looks */
	int cr_last = len && line[len - 1] == '\r';
	/* the run's first: sg_textfast_next() before the line alone (its result checked below) */
	struct sg_event first;
	const char *fnl = NULL;
	char *run = malloc(len + 1 + sizeof(FOLLOW));
	int rfirst = 0;

	memcpy(run, line, len);
	run[len] = '\n';
	memcpy(run + len + 1, FOLLOW, sizeof(FOLLOW) - 1);
	stale(&first);
	if (!nl_inside && !cr_last)
		rfirst = sg_textfast_next(&fast, st, &first, run, run + len + sizeof(FOLLOW), &fnl);
	memcpy(s, line, len);
	stale(&got);
	r = sg_textfast_line(&fast, st, &got, s, s + len);
	if (r == 1) {
		accepted++;
		int ok = general(s, len, &want) && same_event(&got, &want);

		CHECK(ok);
		if (!ok)
			fprintf(stderr, "  line \"%.*s\"\n", (int) len, line);
	} else {
		CHECK(r == 0);
		declined++;
	}
	if (!nl_inside && !cr_last) {
		CHECK(rfirst == r);
		if (rfirst == 1 && r == 1)
			CHECK(fnl == run + len && same_event(&first, &got));
		compare_next(line, len, "\n", r, &got);
	}
	if (!nl_inside)
		compare_next(line, len, "\r\n", r, &got);
	free(run);
	free(s);
}

static void compare_str(const char *line)
{
	compare(line, strlen(line));
}

static const char *const cpus[] = {" 0) ", "0) ",  "  12) ", " 123456) ", " 1234567) ",
				   " 1)",  " x) ", " 1]",    ""};
static const char *const durs[] = {
    "               |",
    "   0.911 us    |",
    " + 12.499 us   |",
    " ! 100.000 us  |",
    " $ 11974859 us |",
    " @ 511607.5 us |",
    " * 43539.47 us |",
    "  1.0us|",
    "  12. us |",
    "  1.23456 us   |",
    "  1234567890123456 us |",
    "  123456789012345 us |",
    "   0.911 ms    |",
    "   0.911 us  x |",
    "\t0.911 us |",
    "   0.911 us \t |",
    " # 1.000 us    |",
    " & 1.000 us    |",
    " +1.000 us     |",
    "   .911 us     |",
    "  ls-12  |",
    "  d.h2. |",
    "",
    /* the kernel's own 14 columns after "C) " (print_graph_duration), read by position */
    "              |",
    "  0.911 us    |",
    "+ 12.499 us   |",
    "! 100.000 us  |",
    "# 1234567 us  |",
    "@ 12345678 us |",
    "$ 123456789 us |",
    "  123456789012 |",
    "  0.911 us   x|",
    "  0.911us     |",
    "  0.9111 us   |",
    "  0.91 us     |",
    "  0. us       |",
    "  .911 us     |",
    "x 0.911 us    |",
    "+  0.911 us   |",
    " +0.911 us    |",
    "   0.911 us   |",
    "+             |",
    "  0.911 ms    |",
    /* ".DDD us " read as one word after 1 to 4 digits, or not (5 digits, no blank before '|') */
    "  12.345 us   |",
    "  123.456 us  |",
    "! 1234.567 us |",
    "  12345.678 us|",
    "  1.234 us.   |",
    "  1.234 uS    |",
    "  1.:34 us    |",
    "  1.2:4 us    |",
    "  1.23? us    |",
    "  1./34 us    |",
    "  1.23\xb9 us    |",
};
static const char *const bodies[] = {
    "  f();",
    "    do_sys_openat2() {",
    "      }",
    "      } /* do_sys_openat2 */",
    "  } /* f */  ",
    "  }/*f*/",
    "  } /* f() */",
    "  } /* f ret=0 */",
    "  } /* f = -22 */",
    "  } /* foo [mod] */",
    "  } /**/",
    "  } /* */",
    "  } x",
    "  }\t",
    "  } ",
    "  f() {  ",
    "  f() ;",
    "  f()  {",
    "  f() {\t",
    "  f(a=1, b=0x2) {",
    "  f(); /* <-caller+0x12/0x40 */",
    "  f() { ret=0",
    "  foo [mod]();",
    "  __x64_sys_openat.cold.constprop.0();",
    "  a$b();",
    "  a();x",
    "  ();",
    "  /* comment */",
    "  ==========> |",
    "  f(",
    "  f)",
    "  f() {}",
    "",
    " ",
    "x",
    "  verylongname_of_more_than_sixteen_bytes_to_cross_two_vector_steps();",
    "  } /* verylongname_of_more_than_sixteen_bytes_to_cross_two_vector_steps */",
    "                                                                    deep();",
    "  f\xc3\xa9();",
    "  f\x80();",
};

int main(void)
{
	char line[512];

	st = sg_strtab_new();
	ref = sg_text_parser_new(st, collect, NULL);
	sg_text_parser_line(ref, TRACECMD, strlen(TRACECMD));
	sg_text_parser_finish(ref);
	CHECK_U64(nev, 1);

	/* every CPU column with every duration column with every body */
	for (size_t i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++)
		for (size_t j = 0; j < sizeof(durs) / sizeof(durs[0]); j++)
			for (size_t k = 0; k < sizeof(bodies) / sizeof(bodies[0]); k++) {
				int n = snprintf(line, sizeof(line), "%s%s%s", cpus[i], durs[j],
						 bodies[k]);

				compare(line, (size_t) n);
			}
	/* names of every length up to 40 (the word loads and the vector steps' edges) */
	for (int len = 1; len <= 40; len++) {
		char name[41];

		for (int i = 0; i < len; i++)
			name[i] = (char) ('a' + i % 26);
		name[len] = '\0';
		snprintf(line, sizeof(line), " 0)   0.911 us    |  %s();", name);
		compare_str(line);
		snprintf(line, sizeof(line), " 0)   0.911 us    |  } /* %s */", name);
		compare_str(line);
		snprintf(line, sizeof(line), "0) |%s();", name);
		compare_str(line);
		/* the same name again, after others: found in the name table */
		snprintf(line, sizeof(line), " 0)               |  %s() {", name);
		compare_str(line);
	}
	/*
	 * A call taken before, then the same call with one byte changed anywhere (same length,
	 * same first and last 8 bytes where the change is inside): taken from the table of calls
	 * seen last only when equal byte for byte.
	 */
	const char *const seen[] = {"abcdefghijklmnopqrstu();", "abcdefghijklmnopqrstu() {",
				    "} /* abcdefghijklmnopqrstu */"};

	for (size_t i = 0; i < sizeof(seen) / sizeof(seen[0]); i++) {
		size_t n = strlen(seen[i]);

		for (size_t at = 0; at < n; at++) {
			static const char repl[] = {'x', '-', ' ', '(', '\0', '\x80'};

			for (size_t r = 0; r < sizeof(repl); r++) {
				int len = snprintf(line, sizeof(line), " 3)   2.000 us    |    %s",
						   seen[i]);
				int call = len - (int) n;

				compare(line, (size_t) len);
				line[call + at] = repl[r];
				compare(line, (size_t) len);
			}
		}
	}
	/*
	 * Lines as the kernel prints them, with any one byte replaced by one that matters to the
	 * columns: the fixed-width reading of the duration field takes a line only when the
	 * general parser reads the same from it.
	 */
	const char *const kernel[] = {
	    " 0)   0.911 us    |              __cond_resched();",
	    " 1) + 12.499 us   |            } /* security_file_alloc */",
	    " 0)               |          __alloc_file() {",
	    " 7) # 1234567 us  |  }",
	    "12) @ 12345678 us |    f();",
	    " 2) ! 1234.567 us |      } /* f */",
	    " 9)  12.345 us    |  f();",
	};

	for (size_t i = 0; i < sizeof(kernel) / sizeof(kernel[0]); i++) {
		size_t n = strlen(kernel[i]);

		for (size_t at = 0; at < n; at++) {
			/*
			 * '!' and '\xa0' differ from a blank in one bit, '/' and ':' are
			 * next to the digits
			 */
			static const char repl[] = {' ', '0', '9', '.',	   '|',	 'u', 's',
						    '+', 'x', '!', '\xa0', '\0', '/', ':'};

			for (size_t r = 0; r < sizeof(repl); r++) {
				memcpy(line, kernel[i], n);
				line[at] = repl[r];
				compare(line, n);
			}
		}
	}
	/*
	 * A call taken before, then lines that begin with its bytes and go on: in a run of lines
	 * it is found before the line's end is known, which must then follow it.
	 */
	for (size_t i = 0; i < sizeof(seen) / sizeof(seen[0]); i++) {
		static const char *const more[] = {"", "x", " ", "\r", "\r\r", " {", "();"};

		for (size_t m = 0; m < sizeof(more) / sizeof(more[0]); m++) {
			int len =
			    snprintf(line, sizeof(line), " 3)   2.000 us    |    %s", seen[i]);

			compare(line, (size_t) len);
			len = snprintf(line, sizeof(line), " 3)   2.000 us    |    %s%s", seen[i],
				       more[m]);
			compare(line, (size_t) len);
		}
	}
	/* every prefix of a line, and a NUL anywhere in it */
	const char *full = " 1) + 12.499 us   |            } /* __d_alloc */";

	for (size_t n = 0; n <= strlen(full); n++)
		compare(full, n);
	for (size_t n = 0; n < strlen(full); n++) {
		memcpy(line, full, strlen(full));
		line[n] = '\0';
		compare(line, strlen(full));
	}
	/* the common shapes are taken, not left to the general parser */
	CHECK(accepted > 1000);
	CHECK(declined > 1000);
	sg_text_parser_free(ref);
	sg_strtab_free(st);
	printf("textfast: %d checks, %d failed (%d lines taken, %d declined)\n", check_count,
	       check_failures, accepted, declined);
	return check_failures != 0;
}
