/* test_narrowset.c - a narrowed run's set_ftrace_filter: names seen, their clones, what is unknown.
 */
#include <stdlib.h>
#include "aggregate.h"
#include "check.h"
#include "match.h"
#include "narrowset.h"
#include "strtab.h"
#include "treeread.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 1 << 20);

	if (f && buf)
		buf[fread(buf, 1, (1 << 20) - 1, f)] = '\0';
	if (f)
		fclose(f);
	return buf;
}

/* The names resolve() gives for list, joined by '|', then '#' and how many lines name them. */
static const char *resolve(struct sg_narrowset *n, const char *list, int *unknown)
{
	static char joined[4096];
	struct sg_narrowset_match m;
	char *copy = strdup(list);
	int k = sg_narrowset_resolve(n, copy, &m);
	size_t off = 0;

	joined[0] = '\0';
	for (int i = 0; k == 0 && i < m.nnames; i++)
		off += (size_t) snprintf(joined + off, sizeof(joined) - off, "%s%s", i ? "|" : "",
					 m.names[i]);
	off += (size_t) snprintf(joined + off, sizeof(joined) - off, "#%d", m.nlines);
	if (k < 0)
		snprintf(joined, sizeof(joined), "(error)");
	*unknown = m.unknown;
	sg_narrowset_match_free(&m);
	free(copy);
	return joined;
}

int main(void)
{
	struct sg_narrowset *n = sg_narrowset_new();
	int unknown = -1;

	/* the base of a name: clone suffixes and module left out */
	CHECK_U64(sg_match_base_len("foo"), 3);
	CHECK_U64(sg_match_base_len("foo.isra.0"), 3);
	CHECK_U64(sg_match_base_len("foo.constprop.0.isra.0"), 3);
	CHECK_U64(sg_match_base_len("foo.cold"), 3);
	CHECK_U64(sg_match_base_len("foo [ext4]"), 3);
	CHECK_U64(sg_match_base_len("foo.part.1 [ext4]"), 3);
	CHECK_U64(sg_match_base_len("foo.bar"), 7); /* not a clone suffix */
	CHECK_U64(sg_match_base_len("_.isra.0"), 1);

	/* the same function seen as itself, a clone and in a module counts once */
	CHECK(sg_narrowset_add(n, "__do_fault") == 0);
	CHECK(sg_narrowset_add(n, "filemap_fault.isra.0") == 0);
	CHECK(sg_narrowset_add(n, "filemap_fault") == 0);
	CHECK(sg_narrowset_add(n, "xas_load [mod]") == 0);
	CHECK(sg_narrowset_add(n, "do_nocb_deferred_wakeup.isra.0") == 0);
	CHECK(sg_narrowset_add(n, "not_on_this_kernel") == 0);
	CHECK_U64(sg_narrowset_count(n), 5);
	/* names written, exactly: clones are names of their own */
	{
		struct sg_narrowset *w = sg_narrowset_new();

		CHECK(sg_narrowset_add_name(w, "foo") == 1);
		CHECK(sg_narrowset_add_name(w, "foo.isra.0") == 1);
		CHECK(sg_narrowset_add_name(w, "foo") == 0);
		CHECK_U64(sg_narrowset_count(w), 2);
		sg_narrowset_free(w);
	}
	/* every clone the kernel lists is written, each name once, in the list's order; a
	 * module's function by its name; the one the list lacks is counted, not written; every
	 * line naming one counts, a name listed twice included */
	CHECK_STR(resolve(n,
			  "__do_fault\nfilemap_fault\nfilemap_fault.isra.0\nother\n"
			  "xas_load [mod]\nxas_load\n\nother2 [m]\n"
			  "do_nocb_deferred_wakeup.constprop.0\n__do_fault\nfilemap_faults\n",
			  &unknown),
		  "__do_fault|filemap_fault|filemap_fault.isra.0|xas_load|"
		  "do_nocb_deferred_wakeup.constprop.0#7");
	CHECK_U64(unknown, 1);
	/* nothing known: nothing written, every function unknown */
	CHECK_STR(resolve(n, "a\nb\n", &unknown), "#0");
	CHECK_U64(unknown, 5);
	sg_narrowset_free(n);

	/* a real kernel's list: a function seen under its base name patches its .part clone */
	{
		char *list = slurp("tests/data/linux-6.1/available_filter_functions_suffixed.txt");

		n = sg_narrowset_new();
		CHECK(sg_narrowset_add(n, "intel_pmu_hw_config") == 0);
		CHECK(sg_narrowset_add(n, "topa_alloc") == 0);
		CHECK_STR(resolve(n, list, &unknown),
			  "intel_pmu_hw_config.part.0|topa_alloc.constprop.0#2");
		CHECK_U64(unknown, 0);
		sg_narrowset_free(n);
		free(list);
	}

	/*
	 * --narrow-from: every function of a saved run. examples/__do_fault.tree names 95
	 * distinct functions, found independently with
	 *   awk -F'\t' '$1=="node"{n=split($2,p,";"); for(i=1;i<=n;i++){b=p[i];
	 *     sub(/ \[.*\]$/,"",b); sub(/\.(isra|part|constprop|cold|lto_priv).*$/,"",b);
	 *     s[b]=1}} END{for(k in s)c++; print c}' examples/__do_fault.tree
	 */
	{
		struct sg_strtab *st = sg_strtab_new();
		FILE *f = fopen("examples/__do_fault.tree", "r");
		struct sg_aggregate *agg = f ? sg_treeread_file(f, "__do_fault.tree", st) : NULL;

		n = sg_narrowset_new();
		CHECK(agg != NULL);
		if (agg) {
			CHECK(sg_narrowset_add_tree(n, sg_tree_top(agg->merged)) == 0);
			CHECK_U64(sg_narrowset_count(n), 95);
		}
		if (f)
			fclose(f);
		sg_aggregate_free(agg);
		sg_narrowset_free(n);
		sg_strtab_free(st);
	}
	printf("narrowset: %d checks, %d failed\n", check_count, check_failures);
	return check_failures != 0;
}
