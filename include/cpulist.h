/* cpulist.h - a CPU list like "0-3,6" (-C), as the kernel's cpulist files write it. */
#ifndef SG_CPULIST_H
#define SG_CPULIST_H

/*
 * Mark the CPUs of list in set[0..ncpus-1] (set is not cleared first). -1 with a message when
 * list is malformed or names a CPU at or past ncpus.
 */
int sg_cpulist_parse(const char *list, long ncpus, unsigned char *set);

/*
 * -C's "0-3,6" for a machine of ncpus CPUs: the CPUs in *cpus (*n of them) and the hex mask
 * tracing_cpumask takes in *mask ("4f", "1,00000000"), both malloc'd, the mask as long as
 * ncpus needs. -1 with a message for a negative, reversed or out-of-range CPU or a bad list.
 */
int sg_cpulist_expand(const char *list, long ncpus, int **cpus, int *n, char **mask);

#endif
