/* funcnames.h - which traceable functions a -f pattern names, and the closest names when none does. */
#ifndef SG_FUNCNAMES_H
#define SG_FUNCNAMES_H

/*
 * The functions of list (the text of available_filter_functions, "name [mod]" per line;
 * modified while read) that pattern names: the exact name, its compiler clones, module
 * symbols, or for a glob the pattern itself (the kernel expands it). Returns how many, with
 * *names a NULL-terminated array (sg_funcnames_free); 0 with a message naming the five
 * closest names when none matches; -1 when out of memory.
 */
int sg_funcnames_resolve(char *list, const char *pattern, char ***names);

void sg_funcnames_free(char **names);

#endif
