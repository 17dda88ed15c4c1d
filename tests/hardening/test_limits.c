/* test_limits.c - 100,000-deep and 10,000,000-wide trees through every stage, with no recursion on depth. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <event-parse.h>
#include "aggregate.h"
#include "callstack.h"
#include "tasks.h"
#include "flame.h"
#include "log.h"
#include "input_raw.h"
#include "input_text.h"
#include "render_folded.h"
#include "render_text.h"
#include "render_top.h"
#include "render_walk.h"
#include "svg.h"
#include "treefile.h"

#define DEEP 100000
#define WIDE_CALLS 10000000
#define WIDE_NAMES 100000

static int failures, checks;

#define CHECK(cond)                                                                        \
	do {                                                                               \
		checks++;                                                                  \
		if (!(cond)) {                                                             \
			failures++;                                                        \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
		}                                                                          \
	} while (0)

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

struct run {
	struct sg_strtab *st;
	struct sg_match *m;
	struct sg_callstack *cs;
	struct sg_aggregate *agg;
};

static int on_invocation(void *ctx, struct sg_invocation *inv)
{
	struct run *r = ctx;

	return sg_aggregate_add(r->agg, inv);
}

static void run_new(struct run *r, const char *root)
{
	r->st = sg_strtab_new();
	r->m = sg_match_new();
	sg_match_add(r->m, root);
	r->agg = sg_aggregate_new(2);
	r->cs = sg_callstack_new(r->st, r->m, on_invocation, r, 0);
	if (!r->st || !r->m || !r->agg || !r->cs) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	sg_aggregate_set_meta(r->agg, "root", root);
}

static void run_free(struct run *r)
{
	sg_callstack_free(r->cs);
	sg_aggregate_free(r->agg);
	sg_match_free(r->m);
	sg_strtab_free(r->st);
}

static int feed(struct run *r, enum sg_event_type type, int depth, const char *name, uint64_t dur)
{
	struct sg_event ev = { .type = type, .cpu = 0, .pid = 1, .depth = depth, .dur = dur,
			       .has_dur = type != SG_EV_ENTRY };

	ev.func = name ? sg_strtab_intern(r->st, name, strlen(name)) : NULL;
	return sg_callstack_feed(r->cs, &ev);
}

/* Every renderer writes into /dev/null: what matters is that it finishes, without recursion. */
static void render_all(struct run *r, FILE *sink, int tree_file)
{
	struct sg_text_style style = { 0 };
	struct sg_flame_opts o;
	struct sg_flame_caption cap = { .title = "limits" };
	struct sg_flame *f;

	CHECK(sg_render_text(sink, r->agg, &style) == 0);
	CHECK(sg_render_folded(sink, r->agg, SG_FOLDED_NS) == 0);
	CHECK(sg_render_top(sink, r->agg, SG_TOP_SELF) == 0);
	for (unsigned i = 0; i < r->agg->nring; i++)
		CHECK(sg_render_walk(sink, sg_aggregate_kept(r->agg, i), 1) == 0);
	sg_flame_opts_init(&o);
	o.has_time = 1;
	o.minwidth = 0;
	f = sg_flame_layout(sg_tree_top(r->agg->merged), &o);
	CHECK(f != NULL);
	if (f) {
		CHECK(sg_svg_write(sink, f, &cap, &o, NULL) == 0);
		sg_flame_free(f);
	}
	if (tree_file)
		CHECK(sg_treefile_write(sink, r->agg) == 0);
}

/*
 * One task past SG_TASK_FRAMES_MAX open calls (issue 37.6): the 5 deeper entries and their
 * returns left out and counted, the invocation cut, the task's stack no deeper than the bound.
 */
static void deep_cap(void)
{
	struct run r;
	char name[32];
	const int over = 5, top = (int) SG_TASK_FRAMES_MAX + over;

	run_new(&r, "f0");
	for (int d = 0; d < top; d++) {
		snprintf(name, sizeof(name), "f%d", d);
		CHECK(feed(&r, SG_EV_ENTRY, d, name, 0) == 0);
	}
	CHECK(sg_callstack_stats(r.cs)->deep_events == (uint64_t) over);
	for (int d = top - 1; d >= 0; d--)
		CHECK(feed(&r, SG_EV_EXIT, d, NULL, 1000) == 0);
	CHECK(sg_callstack_stats(r.cs)->deep_events == 2 * (uint64_t) over);
	CHECK(sg_callstack_finish(r.cs) == 0);
	CHECK(r.agg->complete == 0 && r.agg->incomplete == 1);
	run_free(&r);
	printf("limits: %d nested calls in one task, the %d past %u left out\n", top, over,
	       SG_TASK_FRAMES_MAX);
}

/* f0 { f1 { ... f99999 { leaf } } }, twice: merge, finish, sort, render and free on that depth. */
static void deep(FILE *sink)
{
	struct run r;
	char name[32];
	double t0 = now();

	run_new(&r, "f0");
	for (int rep = 0; rep < 2; rep++) {
		for (int d = 0; d < DEEP; d++) {
			snprintf(name, sizeof(name), "f%d", d);
			CHECK(feed(&r, SG_EV_ENTRY, d, name, 0) == 0);
		}
		CHECK(feed(&r, SG_EV_LEAF, DEEP, "leaf", 1000) == 0);
		for (int d = DEEP - 1; d >= 0; d--)
			CHECK(feed(&r, SG_EV_EXIT, d, NULL, 1000) == 0);
	}
	CHECK(sg_callstack_finish(r.cs) == 0);
	sg_aggregate_finish(r.agg);
	CHECK(r.agg->complete == 2);
	CHECK(r.agg->total_ns == 2000);
	CHECK(sg_tree_size(r.agg->merged) == DEEP + 1);

	/* the leaf is DEEP levels down, with all the time; everything above has self 0 */
	const struct sg_node *n = sg_tree_top(r.agg->merged)->child;
	int depth = 0;

	while (n->child) {
		CHECK(n->self == 0 && n->total == 2000 && n->calls == 2);
		n = n->child;
		depth++;
	}
	CHECK(depth == DEEP && strcmp(n->name, "leaf") == 0 && n->self == 2000);
	CHECK(sg_node_depth(n, sg_tree_top(r.agg->merged)) == DEEP + 1);
	render_all(&r, sink, 0);
	/* a .tree lists each node with its whole path (35 GB here): refused before a byte */
	long at = ftell(sink);

	CHECK(sg_treefile_write(sink, r.agg) == -1);
	CHECK(ftell(sink) == at);
	CHECK(strstr(sg_log_message(), "the tree is 100001 calls deep") != NULL);
	run_free(&r);
	printf("limits: %d nested calls (twice) parsed, merged, rendered and freed in %.2f s\n",
	       DEEP + 1, now() - t0);
}

/* One root with WIDE_CALLS leaf calls of WIDE_NAMES functions. */
static void wide(FILE *sink)
{
	struct run r;
	static char names[WIDE_NAMES][16];
	double t0 = now();

	run_new(&r, "root");
	for (int i = 0; i < WIDE_NAMES; i++)
		snprintf(names[i], sizeof(names[i]), "g%d", i);
	CHECK(feed(&r, SG_EV_ENTRY, 0, "root", 0) == 0);
	for (int i = 0; i < WIDE_CALLS; i++)
		if (feed(&r, SG_EV_LEAF, 1, names[i % WIDE_NAMES], 3) < 0) {
			CHECK(0);
			break;
		}
	CHECK(feed(&r, SG_EV_EXIT, 0, "root", 1) == 0);
	CHECK(sg_callstack_finish(r.cs) == 0);
	sg_aggregate_finish(r.agg);
	CHECK(r.agg->complete == 1);

	/* the root lasts the 1 ns printed, whatever its callees' 3 ns each add up to */
	const struct sg_node *root = sg_tree_top(r.agg->merged)->child;

	CHECK(root->total == 1 && root->self == 0);
	CHECK(root->nchild == WIDE_NAMES);
	CHECK(sg_tree_size(r.agg->merged) == WIDE_NAMES + 1);
	uint64_t calls = 0;

	for (const struct sg_node *c = root->child; c; c = c->next) {
		calls += c->calls;
		if (c->calls != WIDE_CALLS / WIDE_NAMES || c->total != 3ull * c->calls) {
			CHECK(0);
			break;
		}
	}
	CHECK(calls == WIDE_CALLS);
	render_all(&r, sink, 1);
	run_free(&r);
	printf("limits: %d sibling calls of %d functions in %.2f s\n", WIDE_CALLS, WIDE_NAMES,
	       now() - t0);
}

/*
 * Each line of path in a buffer of exactly its size, through parser and call stacks: under
 * AddressSanitizer a read past a line's end is caught (the file reader's buffer hides it).
 */
static void replay(const char *path)
{
	FILE *in = fopen(path, "rb");
	struct run r;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	CHECK(in != NULL);
	if (!in)
		return;
	run_new(&r, "__do_fault");
	struct sg_text_parser *p = sg_text_parser_new(r.st, sg_callstack_feed, r.cs);

	while ((len = getdelim(&line, &cap, '\n', in)) > 0) {
		if (line[len - 1] == '\n')
			len--;
		char *exact = malloc(len ? (size_t) len : 1);

		memcpy(exact, line, (size_t) len);
		CHECK(sg_text_parser_line(p, exact, (size_t) len) == 0);
		free(exact);
	}
	CHECK(sg_text_parser_finish(p) == 0);
	CHECK(sg_callstack_finish(r.cs) == 0);
	sg_text_parser_free(p);
	run_free(&r);
	free(line);
	fclose(in);
}

static int parse_format(struct tep_handle *tep, const char *path)
{
	char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf), f) : 0;

	if (f)
		fclose(f);
	return n ? tep_parse_event(tep, buf, n, "ftrace") : -1;
}

/*
 * Binary records shorter than their event's fields (a damaged trace.dat): each record ends
 * where an inaccessible page begins, so a read past its end faults. They count as other events.
 */
static void short_records(void)
{
	struct tep_handle *tep = tep_alloc();
	unsigned char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* an exit record of the 6.1 layout: type 10, pid 1, func, depth 0, then the times */
	unsigned char exit_rec[48] = { 10, 0, 0, 0, 1, 0, 0, 0, 0x10, 0, 0, 0, 0x81, 0xff, 0xff, 0xff };
	struct run r;

	CHECK(tep && page != MAP_FAILED && mprotect(page + 4096, 4096, PROT_NONE) == 0);
	CHECK(parse_format(tep, "tests/data/linux-6.1/funcgraph_entry.format") == 0);
	CHECK(parse_format(tep, "tests/data/linux-6.1/funcgraph_exit.format") == 0);
	run_new(&r, "x");
	struct sg_raw_decoder *d = sg_raw_decoder_new(tep, r.st, sg_callstack_feed, r.cs, 0);

	CHECK(d != NULL);
	for (int n = 0; d && n <= (int) sizeof(exit_rec); n++) {
		struct tep_record rec = { .size = n, .ts = 1000, .data = page + 4096 - n };

		memcpy(rec.data, exit_rec, (size_t) n);
		CHECK(sg_raw_decoder_record(d, &rec) == 0);
	}
	if (d) {
		/*
		 * 49 records: under 20 bytes (func and depth end there) they are other events;
		 * from 20 on, exits, with a duration from 40 bytes (rettime ends there)
		 */
		CHECK(sg_raw_decoder_stats(d)->records == sizeof(exit_rec) + 1);
		CHECK(sg_raw_decoder_stats(d)->other == 20);
		CHECK(sg_raw_decoder_stats(d)->events == sizeof(exit_rec) + 1 - 8);

		/* a depth no kernel prints (INT_MAX, -1) is a damaged record too */
		for (int i = 0; i < 2; i++) {
			struct tep_record rec = { .size = 48, .ts = 2000, .data = page + 4096 - 48 };

			memcpy(rec.data, exit_rec, sizeof(exit_rec));
			memset((char *) rec.data + 16, 0xff, 4);
			((unsigned char *) rec.data)[19] = i ? 0xff : 0x7f;
			rec.data = page + 4096 - 48;
			CHECK(sg_raw_decoder_record(d, &rec) == 0);
		}
		CHECK(sg_raw_decoder_stats(d)->other == 22);
	}
	sg_raw_decoder_free(d);
	run_free(&r);
	munmap(page, 8192);
	tep_free(tep);
}

int main(int argc, char **argv)
{
	FILE *sink = fopen("/dev/null", "w");

	if (!sink)
		return 1;
	for (int i = 1; i < argc; i++)
		replay(argv[i]);
	short_records();
	deep(sink);
	deep_cap();
	wide(sink);
	fclose(sink);
	printf("limits: %d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
