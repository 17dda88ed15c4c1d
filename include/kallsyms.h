/* kallsyms.h - /proc/kallsyms text into libtraceevent's function table, without sscanf a line. */
#ifndef SG_KALLSYMS_H
#define SG_KALLSYMS_H

#include <stddef.h>
#include <event-parse.h>

/*
 * /proc/kallsyms's text (buf, len bytes, written on) registered with tep as
 * tep_parse_kallsyms does, without sscanf per line. -1 on a malformed line or no memory.
 */
int sg_kallsyms_parse(struct tep_handle *tep, char *buf, size_t len);

/*
 * Load /proc/kallsyms into tep so function addresses get names. -1 with a message when it
 * cannot be read or its addresses are hidden (kptr_restrict, not root).
 */
int sg_kallsyms_load(struct tep_handle *tep);

/*
 * libtraceevent's own tep_parse_kallsyms. kallsyms.c defines tep_parse_kallsyms itself, the
 * fast parser in its place for libtracecmd's trace.dat reading (see there); this reaches the
 * library's, for what the fast parser leaves and for the tests that compare the two.
 */
int sg_kallsyms_parse_library(struct tep_handle *tep, const char *text);

/*
 * The table tep_parse_kallsyms (as surfgraph defines it) made for tep freed, the resolver
 * taken off: before tep itself goes (tracecmd_close).
 */
void sg_kallsyms_release(struct tep_handle *tep);

#endif
