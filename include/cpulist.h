/* cpulist.h - a CPU list like "0-3,6" (-C), as the kernel's cpulist files write it. */
#ifndef SG_CPULIST_H
#define SG_CPULIST_H

/*
 * Mark the CPUs of list in set[0..ncpus-1] (set is not cleared first). -1 with a message when
 * list is malformed or names a CPU at or past ncpus.
 */
int sg_cpulist_parse(const char *list, long ncpus, unsigned char *set);

#endif
