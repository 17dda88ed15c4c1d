/* rawline.h - the line function_graph would print for a decoded binary event (-m raw). */
#ifndef SG_RAWLINE_H
#define SG_RAWLINE_H

#include <stddef.h>
#include "event.h"

/*
 * The line function_graph would print for ev (entries and exits are never merged), for -m raw:
 * its length, at most size - 1.
 */
size_t sg_rawline_format(char *buf, size_t size, const struct sg_event *ev);

#endif
