/* kallsyms.h - whether the running kernel's symbols, loaded by libtracefs, can name functions. */
#ifndef SG_KALLSYMS_H
#define SG_KALLSYMS_H

#include <event-parse.h>

/*
 * tep holds /proc/kallsyms already (libtracefs's tracefs_local_events_system parsed it with
 * libtraceevent's tep_parse_kallsyms). -1 with a message when /proc/kallsyms cannot be read or
 * shows no addresses (kptr_restrict, not root): functions could not be named. Otherwise
 * libtraceevent's function table is sorted now, in the set-up, and 0.
 */
int sg_kallsyms_check(struct tep_handle *tep);

#endif
