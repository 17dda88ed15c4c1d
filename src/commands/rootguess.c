/* rootguess.c - the root a trace names itself: its one top-level function, when -f is not given. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "fmt.h"
#include "log.h"
#include "rootguess.h"

/*
 * A root's whole calls: a call cut at the trace's start (a return whose entry came before it)
 * looks top-level only because its callers were not traced, so it does not count.
 */
static uint64_t calls_of(const struct sg_rootstat *r)
{
	return r->sum.count;
}

static int by_calls(const void *a, const void *b)
{
	uint64_t x = calls_of(*(const struct sg_rootstat *const *) a);
	uint64_t y = calls_of(*(const struct sg_rootstat *const *) b);

	return x < y ? 1 : x > y ? -1 : 0;
}

const char *sg_rootguess_pick(const struct sg_aggregate *all, const char *input)
{
	const struct sg_rootstat **v;
	char list[400];
	size_t off = 0;
	int n = 0, shown = 0;

	v = malloc(((size_t) all->nroots + 1) * sizeof(*v));
	if (!v) {
		sg_log_error("out of memory");
		return NULL;
	}
	for (int i = 0; i < all->nroots; i++)
		if (calls_of(&all->roots[i]))
			v[n++] = &all->roots[i];
	if (n == 1) {
		const char *root = v[0]->root;

		free(v);
		return root;
	}
	if (!n) {
		sg_log_error("which function? %s has no whole top-level call to take as the root: "
			     "give it with -f FUNC (see --help)",
			     input);
		free(v);
		return NULL;
	}
	qsort(v, (size_t) n, sizeof(*v), by_calls);
	/* the message is printed escaped by main: the names can stay as the trace has them */
	list[0] = '\0';
	for (int i = 0; i < n && off + 80 < sizeof(list); i++, shown++)
		off += (size_t) snprintf(list + off, sizeof(list) - off, "%s%s (%" PRIu64 ")",
					 i ? ", " : "", v[i]->root, calls_of(v[i]));
	if (shown < n)
		snprintf(list + off, sizeof(list) - off, " and %d more", n - shown);
	sg_log_error("which function? the top-level calls in %s are of %d functions: %s; give "
		     "the root with -f FUNC",
		     input, n, list);
	free(v);
	return NULL;
}

void sg_rootguess_say(const struct sg_aggregate *all, const char *root)
{
	const struct sg_rootstat *r = sg_aggregate_rootstat((struct sg_aggregate *) all, root);

	fputs("surfgraph: the root is ", stderr);
	sg_escape_put_name(stderr, root);
	fprintf(stderr,
		", the function of every whole top-level call in the trace (%" PRIu64
		"); -f FUNC takes another\n",
		r ? calls_of(r) : 0);
}
