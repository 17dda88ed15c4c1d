/* usage.h - the --help texts of surfgraph, surfgraph diff, merge and tui. */
#ifndef SG_USAGE_H
#define SG_USAGE_H

extern const char sg_usage_profile[];
extern const char sg_usage_diff[];
extern const char sg_usage_merge[];
extern const char sg_usage_tui[];

#endif
