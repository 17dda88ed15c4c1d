/* commcache.h - task names by pid for the binary decoder: the trace's or /proc's, each read once. */
#ifndef SG_COMMCACHE_H
#define SG_COMMCACHE_H

#include <stddef.h>
#include <stdint.h>
#include "strtab.h"

struct sg_comm {
	unsigned int pid; /* the pid + 1, unsigned: INT_MAX + 1 is no overflow; 0: a free slot */
	const char *name;
};

/* Open addressing by pid; a miss (NULL name) is cached like a hit. Zeroed: empty. */
struct sg_commcache {
	struct sg_comm *comms;
	size_t ncomms, commcap;
};

/* 1 with *name set (NULL: known to have none) when pid was cached; 0 otherwise. */
int sg_commcache_find(const struct sg_commcache *d, int pid, const char **name);

/* Remember pid's name (NULL: none); returns name. Out of memory, it is only not remembered. */
const char *sg_commcache_put(struct sg_commcache *d, int pid, const char *name);

/* pid's name from /proc/PID/comm (pid 0: <idle>), interned in st, read once and cached. */
const char *sg_commcache_proc(struct sg_commcache *d, struct sg_strtab *st, int pid);

/* Free the table; d is empty after. */
void sg_commcache_release(struct sg_commcache *d);

#endif
