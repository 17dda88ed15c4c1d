/* textfast.h - the kernel's most common function_graph line, parsed in one pass (or declined). */
#ifndef SG_TEXTFAST_H
#define SG_TEXTFAST_H

#include "event.h"
#include "strtab.h"

#include <stddef.h>

/* The names seen last, by a hash of their first and last bytes (1024 slots). */
#define SG_TEXTFAST_NAMES_LOG2 10

struct sg_textfast_name {
	const char *name; /* interned, or NULL */
	size_t len;
};

struct sg_textfast {
	struct sg_textfast_name names[1 << SG_TEXTFAST_NAMES_LOG2];
};

/*
 * " C)  [mark] D.DDD us   |  <indent>f() {" or "f();" or "}" or "} / * f * /": the CPU, the
 * duration and the body of [s, e) into ev, which the caller has reset as for the general parser.
 * Returns 1 when the line had exactly this shape and ev now holds what the general parser
 * (input_text.c) would have produced for it, 0 when it did not (ev then is to be reset and the
 * line parsed the general way), -1 when interning failed (no memory).
 */
int sg_textfast_line(struct sg_textfast *c, struct sg_strtab *st, struct sg_event *ev,
		     const char *s, const char *e);

#endif
