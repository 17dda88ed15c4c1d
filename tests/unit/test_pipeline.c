/* test_pipeline.c - a run's stages: invocations filtered, handed to the sink, then merged. */
#include <string.h>
#include "check.h"
#include "input_text.h"
#include "pipeline.h"

/* Two invocations of root, one on CPU 0 (f: 1 us, g: 2 us), one on CPU 1 (f: 3 us). */
static const char *const lines[] = {
    " 0)               |  root() {",
    " 0)   1.000 us    |    f();",
    " 0)   2.000 us    |    g();",
    " 0)   4.000 us    |  }",
    " 1)               |  root() {",
    " 1)   3.000 us    |    f();",
    " 1)   5.000 us    |  }",
    NULL,
};

struct seen {
	int n;		/* invocations the sink was given */
	uint64_t total; /* their durations */
	int g;		/* of them, those still holding g */
	int fail_at;	/* the sink fails at this one (1-based); 0 never */
};

static int sink(void *ctx, struct sg_invocation *inv)
{
	struct seen *s = ctx;
	struct sg_node *root = sg_tree_top(inv->tree)->child;

	s->n++;
	s->total += inv->duration;
	for (struct sg_node *n = root->child; n; n = n->next)
		s->g += strcmp(n->name, "g") == 0;
	return s->n == s->fail_at ? -1 : 0;
}

/* The lines through a pipeline with these filter settings (NULL: none); the parser's status. */
static int run(struct sg_pipeline *p, struct seen *s, const struct sg_filter_settings *fs,
	       const struct sg_aggregate_settings *as)
{
	static const char *const roots[] = {"root"};
	const struct sg_stack_settings ss = {0};
	struct sg_text_parser *tp;
	int ret = 0;

	CHECK(sg_pipeline_open(p, NULL, roots, 1, as) == 0);
	if (fs)
		CHECK(sg_pipeline_filter(p, fs) == 0);
	p->sink = (struct sg_pipeline_sink){sink, s};
	CHECK(sg_pipeline_stacks(p, &ss) == 0);
	tp = sg_text_parser_new(p->st, sg_callstack_feed, p->cs);
	for (int i = 0; lines[i] && ret == 0; i++)
		ret = sg_text_parser_line(tp, lines[i], strlen(lines[i]));
	if (ret == 0)
		ret = sg_text_parser_finish(tp);
	if (ret == 0)
		ret = sg_callstack_finish(p->cs);
	sg_text_parser_free(tp);
	if (ret == 0)
		sg_aggregate_finish(p->agg);
	return ret;
}

int main(void)
{
	const struct sg_aggregate_settings as = {.keep = 4, .keep_slowest = 1};
	struct sg_pipeline p = {0};
	struct seen s = {0};
	const char *const x[] = {"g"};
	struct sg_filter_settings fs = {0};
	int is_root;

	/* no filter: both go to the sink, then into the aggregate, the settings' slowest kept */
	CHECK(run(&p, &s, NULL, &as) == 0);
	CHECK(s.n == 2 && s.g == 1);
	CHECK_U64(s.total, 9000);
	CHECK_U64(p.agg->complete, 2);
	CHECK(p.agg->nslow == 1 && p.agg->keep_slowest == 1);
	sg_pipeline_close(&p);
	CHECK(p.agg == NULL && p.st == NULL);

	/* -C 1: the CPU 0 invocation never reaches the sink nor the aggregate */
	memset(&s, 0, sizeof(s));
	fs.cpus = "1";
	CHECK(run(&p, &s, &fs, &as) == 0);
	CHECK(s.n == 1 && s.g == 0);
	CHECK_U64(s.total, 5000);
	CHECK_U64(p.agg->complete, 1);
	sg_pipeline_close(&p);

	/* -x g: the sink gets the invocation already cut, g's time its caller's self time */
	memset(&s, 0, sizeof(s));
	memset(&fs, 0, sizeof(fs));
	fs.excludes = x;
	fs.nexcludes = 1;
	CHECK(run(&p, &s, &fs, &as) == 0);
	CHECK(s.n == 2 && s.g == 0);
	CHECK_U64(sg_treefilter_excluded(p.filter, 0, &is_root), 1);
	CHECK(!is_root);
	sg_pipeline_close(&p);

	/* a sink that fails stops the run there: the invocation is not merged */
	memset(&s, 0, sizeof(s));
	s.fail_at = 1;
	CHECK(run(&p, &s, NULL, &as) < 0);
	CHECK(s.n == 1);
	CHECK_U64(p.agg->complete, 0);
	sg_pipeline_close(&p);

	/* a bad -C list: refused with a message, the pipeline closed cleanly */
	memset(&fs, 0, sizeof(fs));
	fs.cpus = "x";
	{
		static const char *const roots[] = {"root"};

		CHECK(sg_pipeline_open(&p, NULL, roots, 1, &as) == 0);
		CHECK(sg_pipeline_filter(&p, &fs) < 0);
		sg_pipeline_close(&p);
	}
	return check_report("pipeline");
}
