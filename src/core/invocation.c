/* invocation.c - one call of a root function: its tree, task, CPUs, start, duration and raw lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "invocation.h"

/*
 * Invocations freed, kept for the next ones: a trace of millions of short calls made and freed
 * an invocation, its tree, hash and first block for each (malloc and free were in the profile).
 * Only the thread that reads the input makes and frees them.
 */
#define POOL 16
static struct sg_invocation *pool[POOL];
static int npool;

struct sg_invocation *sg_invocation_new(void)
{
	struct sg_invocation *inv;

	if (npool) {
		inv = pool[--npool];
		return inv;
	}
	inv = calloc(1, sizeof(*inv));
	if (!inv)
		return NULL;
	inv->tree = sg_tree_new_lean();
	if (!inv->tree) {
		free(inv);
		return NULL;
	}
	inv->pid = -1;
	return inv;
}

void sg_invocation_free(struct sg_invocation *inv)
{
	if (!inv)
		return;
	if (inv->refs) {
		inv->refs--;
		return;
	}
	free(inv->raw);
	sg_callrec_free(inv->calls);
	if (npool < POOL && sg_tree_reuse(inv->tree) == 0) {
		struct sg_tree *t = inv->tree;
		int *cpus = inv->cpus, cap = inv->cpus_cap;

		/* as sg_invocation_new makes one, its CPUs' array kept */
		*inv = (struct sg_invocation){.tree = t, .pid = -1, .cpus = cpus, .cpus_cap = cap};
		pool[npool++] = inv;
		return;
	}
	sg_tree_free(inv->tree);
	free(inv->cpus);
	free(inv);
}

struct sg_invocation *sg_invocation_ref(struct sg_invocation *inv)
{
	inv->refs++;
	return inv;
}

struct sg_node *sg_invocation_root(const struct sg_invocation *inv)
{
	return sg_tree_top(inv->tree)->child;
}

int sg_invocation_add_cpu(struct sg_invocation *inv, int cpu)
{
	if (cpu < 0)
		return 0;
	for (int i = inv->ncpus - 1; i >= 0; i--)
		if (inv->cpus[i] == cpu)
			return 0;
	if (inv->ncpus == inv->cpus_cap) {
		int ncap = inv->cpus_cap ? inv->cpus_cap * 2 : 4;
		int *n = realloc(inv->cpus, ncap * sizeof(*n));

		if (!n)
			return -1;
		inv->cpus = n;
		inv->cpus_cap = ncap;
	}
	inv->cpus[inv->ncpus++] = cpu;
	return 0;
}

int sg_invocation_add_raw(struct sg_invocation *inv, const char *line, size_t len)
{
	if (inv->raw_len + len + 1 > inv->raw_cap) {
		size_t ncap = inv->raw_cap ? inv->raw_cap : 4096;

		while (ncap < inv->raw_len + len + 1)
			ncap *= 2;
		char *n = realloc(inv->raw, ncap);

		if (!n)
			return -1;
		inv->raw = n;
		inv->raw_cap = ncap;
	}
	memcpy(inv->raw + inv->raw_len, line, len);
	inv->raw_len += len;
	inv->raw[inv->raw_len++] = '\n';
	return 0;
}

const char *sg_invocation_cut_describe(unsigned cut, char *buf, size_t size)
{
	static const char *const names[] = { "start", "end", "lost", "overrun", "narrowed" };
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < SG_CUT_KINDS; i++) {
		if (!(cut & (1u << i)))
			continue;
		int n = snprintf(buf + used, size - used, "%s%s", used ? "+" : "", names[i]);

		if (n < 0 || (size_t) n >= size - used)
			break;
		used += n;
	}
	return buf;
}
