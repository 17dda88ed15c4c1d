/* commcache.c - task names by pid for the binary decoder: the trace's or /proc's, each read once. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "commcache.h"

static uint64_t mix(uint64_t x)
{
	x *= 0x9E3779B97F4A7C15ULL;
	return x ^ (x >> 29);
}

void sg_commcache_release(struct sg_commcache *d)
{
	free(d->comms);
	*d = (struct sg_commcache){0};
}

/* The cached name of pid (open addressing by pid; a miss is cached like a hit): 1 when found. */
int sg_commcache_find(const struct sg_commcache *d, int pid, const char **name)
{
	for (size_t i = mix((uint64_t) pid) & (d->commcap - 1); d->commcap && d->comms[i].pid;
	     i = (i + 1) & (d->commcap - 1))
		if (d->comms[i].pid == (unsigned int) pid + 1u) {
			*name = d->comms[i].name;
			return 1;
		}
	return 0;
}

const char *sg_commcache_proc(struct sg_commcache *d, struct sg_strtab *st, int pid)
{
	char path[64], buf[64];
	const char *name = NULL;
	ssize_t n = -1;
	int fd;

	if (sg_commcache_find(d, pid, &name))
		return name;
	if (pid == 0) {
		name = sg_strtab_intern(st, "<idle>", 6);
	} else {
		snprintf(path, sizeof(path), "/proc/%d/comm", pid);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			n = read(fd, buf, sizeof(buf));
			close(fd);
		}
		while (n > 0 && buf[n - 1] == '\n')
			n--;
		if (n > 0)
			name = sg_strtab_intern(st, buf, (size_t) n);
	}
	return sg_commcache_put(d, pid, name);
}

const char *sg_commcache_put(struct sg_commcache *d, int pid, const char *name)
{
	size_t i;

	if ((d->ncomms + 1) * 2 > d->commcap) {
		size_t ncap = d->commcap ? d->commcap * 2 : 256;
		struct sg_comm *v = calloc(ncap, sizeof(*v));

		if (!v)
			return name;
		for (size_t j = 0; j < d->commcap; j++) {
			if (!d->comms[j].pid)
				continue;
			size_t k = mix((uint64_t) (int) (d->comms[j].pid - 1u)) & (ncap - 1);

			while (v[k].pid)
				k = (k + 1) & (ncap - 1);
			v[k] = d->comms[j];
		}
		free(d->comms);
		d->comms = v;
		d->commcap = ncap;
	}
	i = mix((uint64_t) pid) & (d->commcap - 1);
	while (d->comms[i].pid)
		i = (i + 1) & (d->commcap - 1);
	d->comms[i].pid = (unsigned int) pid + 1u; /* 0 marks a free slot */
	d->comms[i].name = name;
	d->ncomms++;
	return name;
}

