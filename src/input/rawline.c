/* rawline.c - the line function_graph would print for a decoded binary event (-m raw). */
#include <inttypes.h>
#include <stdio.h>
#include "rawline.h"

size_t sg_rawline_format(char *buf, size_t size, const struct sg_event *ev)
{
	int depth = ev->depth < 0 ? 0 : ev->depth > 100 ? 100 : ev->depth;
	char col[40] = "";
	int n;

	if (ev->type == SG_EV_LOST) {
		n = snprintf(buf, size, "CPU:%d [LOST %" PRIu64 " EVENTS]", ev->cpu, ev->count);
	} else if (ev->type == SG_EV_SWITCH) {
		n = snprintf(buf, size,
			     " %d) %14s|  /* sched_switch: prev_pid=%d ==> next_pid=%d */", ev->cpu,
			     "", ev->pid, ev->next_pid);
	} else if (ev->type == SG_EV_ENTRY) {
		char args[SG_EVENT_ARGS * 20 + 8] = "";
		size_t k = 0;

		for (int i = 0; i < ev->nargv; i++)
			k += (size_t) snprintf(args + k, sizeof(args) - k, "%s0x%" PRIx64,
					       i ? ", " : "", ev->argv[i]);
		n = snprintf(buf, size, " %d) %14s|  %*s%s(%.*s) {", ev->cpu, "", 2 * depth, "",
			     ev->func, ev->args_len ? (int) ev->args_len : (int) k,
			     ev->args_len ? ev->args : args);
	} else {
		static const struct {
			uint64_t ns;
			char mark;
		} marks[] = {{1000000000, '$'}, {100000000, '@'}, {10000000, '*'},
			     {1000000, '#'},	{100000, '!'},	  {10000, '+'}};
		char mark = ' ';

		for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
			if (ev->dur > marks[i].ns) {
				mark = marks[i].mark;
				break;
			}
		if (ev->has_dur)
			snprintf(col, sizeof(col), "%c %" PRIu64 ".%03" PRIu64 " us", mark,
				 ev->dur / 1000, ev->dur % 1000);
		if (ev->has_retval)
			n = snprintf(buf, size, " %d) %-14s|  %*s} /* %s ret=%" PRId64 " */",
				     ev->cpu, col, 2 * depth, "", ev->func, ev->retval);
		else
			n = snprintf(buf, size, " %d) %-14s|  %*s} /* %s */", ev->cpu, col,
				     2 * depth, "", ev->func);
	}
	if (n < 0)
		return 0;
	return (size_t) n >= size ? size - 1 : (size_t) n;
}

