/* usage.h - the --help texts of surfgraph and surfgraph diff. */
#ifndef SG_USAGE_H
#define SG_USAGE_H

extern const char sg_usage_profile[];
extern const char sg_usage_diff[];

#endif
