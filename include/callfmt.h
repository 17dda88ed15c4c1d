/* callfmt.h - a call's text: return value, a node's errors, a kept call, an invocation's head. */
#ifndef SG_CALLFMT_H
#define SG_CALLFMT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "fmt.h"
#include "invocation.h"
#include "tree.h"

/* A return value: an error by name ("-ENOMEM", "-600"), others in hex ("0x0"), or decimal. */
const char *sg_callfmt_retval(char buf[SG_FMT_LEN], int64_t v);

/*
 * A node's errors for people: "returned -ENOMEM in 3 of 10 calls", "returned -ENOMEM in 3,
 * -EINVAL in 1 of 10 calls"; "" when no call returned an error. Returns buf.
 */
const char *sg_callfmt_errors(char *buf, size_t size, const struct sg_node *n);

/* One kept call: "(ARGS) = VALUE", its arguments written as names are. -1: write error. */
int sg_callfmt_put_call(FILE *out, const struct sg_call *c);

/* "# invocation SEQ ROOT task=COMM-PID cpu=A,B": how walk and replay open an invocation. */
void sg_callfmt_put_invocation_head(FILE *out, const struct sg_invocation *inv);

#endif
