/* diff_json.h - a comparison as one JSON object (diff -m json): for CI jobs and scripts. */
#ifndef SG_DIFF_JSON_H
#define SG_DIFF_JSON_H

#include <stdio.h>
#include "treediff.h"

/*
 * The object docs/diff.md documents: the runs, the test made (or why none), per root its
 * latency distribution in each run and the test of its mean, then every call path in the
 * text tree's order with its time per invocation before and after, the delta, its confidence
 * interval and whether it is significant (null: too few invocations, or not tested), and the
 * same of its self time; then the largest changes' paths. Integer ns. -1 on a write error.
 */
int sg_diff_json_render(FILE *out, const struct sg_treediff *d);

#endif
