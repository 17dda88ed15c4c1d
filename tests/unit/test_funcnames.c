/* test_funcnames.c - -f patterns against a real available_filter_functions: clones, modules, suggestions. */
#include <stdlib.h>
#include "check.h"
#include "funcnames.h"
#include "log.h"

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

static int resolve(const char *pattern, char ***names)
{
	char *list = slurp("tests/data/linux-6.1/available_filter_functions_suffixed.txt");
	char extra[] = "\nvfs_read\nnfs_file_read [nfs]\n";
	char *both = malloc(strlen(list) + sizeof(extra));
	int n;

	strcpy(both, list);
	strcat(both, extra);
	n = sg_funcnames_resolve(both, pattern, names);
	free(list);
	free(both);
	return n;
}

int main(void)
{
	char **names;

	/* a clone is found by its plain name */
	CHECK_U64(resolve("topa_alloc", &names), 1);
	CHECK_STR(names ? names[0] : NULL, "topa_alloc.constprop.0");
	sg_funcnames_free(names);
	/* a module symbol by its name, without the module */
	CHECK_U64(resolve("nfs_file_read", &names), 1);
	CHECK_STR(names ? names[0] : NULL, "nfs_file_read");
	sg_funcnames_free(names);
	/* a glob is given to the kernel as it is */
	CHECK_U64(resolve("vfs_*", &names), 1);
	CHECK_STR(names ? names[0] : NULL, "vfs_*");
	sg_funcnames_free(names);
	/* nothing: the closest names, in order */
	CHECK_U64(resolve("topa_aloc", &names), 0);
	CHECK(names == NULL);
	CHECK(strstr(sg_log_message(), "no traceable function matches 'topa_aloc'") != NULL);
	CHECK(strstr(sg_log_message(), "closest: topa_alloc.constprop.0") != NULL);
	if (!strstr(sg_log_message(), "closest: topa_alloc.constprop.0"))
		fprintf(stderr, "message: %s\n", sg_log_message());
	return check_report("funcnames");
}
