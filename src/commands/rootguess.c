/* rootguess.c - the root a trace names itself: its one top-level function, when -f is not given. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fmt.h"
#include "log.h"
#include "rootguess.h"

/*
 * A root's whole calls: a call cut at the trace's start looks top-level only because its
 * callers were not traced, so it does not count. The indentation says which: a call printed
 * deeper than the trace's lowest depth had a caller, and one at that depth before its task's
 * first entry ("f() {") there is the tail of a call already open (a leaf such as 6.1's
 * "mutex_unlock();" as tracing starts). A trace without an entry at that depth (the root is a
 * leaf, or tracing_thresh printed returns only) counts every whole call there.
 */
struct guess {
	int low;      /* the trace's lowest depth of a whole call */
	int entered;  /* some whole call at it came after its task's entry there */
};

static struct guess guess_of(const struct sg_aggregate *all)
{
	struct guess g = {-1, 0};

	for (int i = 0; i < all->nroots; i++) {
		const struct sg_rootstat *r = &all->roots[i];

		if (r->at_low && (g.low < 0 || r->low_depth < g.low))
			g.low = r->low_depth;
	}
	for (int i = 0; i < all->nroots; i++)
		if (all->roots[i].at_low && all->roots[i].low_depth == g.low &&
		    all->roots[i].at_low_entered)
			g.entered = 1;
	return g;
}

/*
 * A task switched in resumes in the __schedule it called before it was switched out, so its
 * finish_task_switch (a clone's name too) is the rest of a call entered before its task's
 * trace began, though printed at the lowest depth (6.1, 6.12 and 7.3 all print it there).
 */
static int is_switch_tail(const char *name)
{
	static const char tail[] = "finish_task_switch";
	size_t n = sizeof(tail) - 1;

	return !strncmp(name, tail, n) && (name[n] == '\0' || name[n] == '.');
}

static uint64_t calls_of(const struct sg_rootstat *r, struct guess g)
{
	if (!r->at_low || r->low_depth != g.low || is_switch_tail(r->root))
		return 0;
	return g.entered ? r->at_low_entered : r->at_low;
}

struct counted {
	const struct sg_rootstat *r;
	uint64_t n;
};

static int by_calls(const void *a, const void *b)
{
	const struct counted *p = a, *q = b;

	/* equal counts by name: the message is the same from run to run */
	return p->n < q->n ? 1 : p->n > q->n ? -1 : strcmp(p->r->root, q->r->root);
}

/* The functions of the whole top-level calls, most calls first; *sum their calls. */
static struct counted *collect(const struct sg_aggregate *all, int *n, uint64_t *sum)
{
	struct guess g = guess_of(all);
	struct counted *v = malloc(((size_t) all->nroots + 1) * sizeof(*v));

	*n = 0;
	*sum = 0;
	if (!v) {
		sg_log_error("out of memory");
		return NULL;
	}
	for (int i = 0; i < all->nroots; i++) {
		uint64_t c = calls_of(&all->roots[i], g);

		if (c) {
			v[(*n)++] = (struct counted){&all->roots[i], c};
			*sum += c;
		}
	}
	qsort(v, (size_t) *n, sizeof(*v), by_calls);
	return v;
}

/*
 * The one function, or the one that holds nine in ten of the whole calls: a few others at
 * the lowest depth are what tracing caught around its switching on (the writer's own
 * mutex_unlock, say), not a second root anyone asked for.
 */
static int decided(const struct counted *v, int n, uint64_t sum)
{
	return n == 1 || (n > 1 && v[0].n * 10 >= sum * 9);
}

/* "a (3), b (1)" from v[from] on, as much as fits, then " and N more". */
static void list_names(char *list, size_t size, const struct counted *v, int from, int n)
{
	size_t off = 0;
	int shown = 0;

	list[0] = '\0';
	for (int i = from; i < n && off + 80 < size; i++, shown++)
		off += (size_t) snprintf(list + off, size - off, "%s%s (%" PRIu64 ")",
					 i > from ? ", " : "", v[i].r->root, v[i].n);
	if (from + shown < n)
		snprintf(list + off, size - off, " and %d more", n - from - shown);
}

const char *sg_rootguess_pick(const struct sg_aggregate *all, const char *input)
{
	const char *root = NULL;
	char list[400];
	uint64_t sum;
	int n;
	struct counted *v = collect(all, &n, &sum);

	if (!v)
		return NULL;
	if (decided(v, n, sum)) {
		root = v[0].r->root;
	} else if (!n) {
		sg_log_error("which function? %s has no whole top-level call to take as the root "
			     "(the calls cut at its start do not count): give it with -f FUNC "
			     "(see --help)",
			     input);
	} else {
		/* the message is printed escaped by main: the names can stay as the trace has them */
		list_names(list, sizeof(list), v, 0, n);
		sg_log_error("which function? the whole top-level calls in %s are of %d functions: "
			     "%s (none has nine in ten of them; the calls cut at its start do not "
			     "count); give the root with -f FUNC",
			     input, n, list);
	}
	free(v);
	return root;
}

void sg_rootguess_say(const struct sg_aggregate *all, const char *root)
{
	char list[400];
	uint64_t sum, mine = 0;
	int n;
	struct counted *v = collect(all, &n, &sum);

	for (int i = 0; v && i < n; i++)
		if (v[i].r->root == root)
			mine = v[i].n;
	fputs("surfgraph: the root is ", stderr);
	sg_escape_put_name(stderr, root);
	if (n <= 1) {
		fprintf(stderr,
			", the function of every whole top-level call in the trace (%" PRIu64
			"); -f FUNC takes another\n",
			mine);
	} else {
		list_names(list, sizeof(list), v, 1, n);
		fprintf(stderr,
			", the function of %" PRIu64 " of the %" PRIu64
			" whole top-level calls in the trace (also ",
			mine, sum);
		sg_escape_put_text(stderr, list, strlen(list), NULL);
		fputs("); -f FUNC takes another\n", stderr);
	}
	free(v);
}
