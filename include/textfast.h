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

/*
 * The calls (what follows a line's indentation: "f() {", "} / * f * /") taken last, by a hash of
 * their first and last 8 bytes (2048 slots of 64 bytes, two for each hash): a trace repeats few
 * of them (some 500 in a trace of open()s), but with one slot per hash two frequent calls whose
 * hashes met took each other's place line after line (13% of lookups missed).
 */
#define SG_TEXTFAST_CALLS_LOG2 11
#define SG_TEXTFAST_CALL_MAX   54

struct sg_textfast_call {
	const char *func;	 /* interned, or NULL */
	unsigned char len, type; /* len 0: empty */
	char text[SG_TEXTFAST_CALL_MAX];
};

struct sg_textfast {
	struct sg_textfast_name names[1 << SG_TEXTFAST_NAMES_LOG2];
	struct sg_textfast_call calls[1 << SG_TEXTFAST_CALLS_LOG2];
};

/*
 * " C)  [mark] D.DDD us   |  <indent>f() {" or "f();" or "}" or "} / * f * /": the CPU, the
 * duration and the body of [s, e) into ev. Returns 1 when the line had exactly this shape and ev
 * now holds what the general parser (input_text.c) would have produced for it, provided ev was
 * reset as for the general parser before any earlier call: it sets type, cpu, depth, func, dur and
 * has_dur, every field such a line's event has other than a reset one's, and no other, so one
 * event serves line after line. Returns 0 when the line had not this shape (the fields it sets
 * may then hold anything: the line is to be parsed the general way with a new event), -1 when
 * interning failed (no memory).
 */
int sg_textfast_line(struct sg_textfast *c, struct sg_strtab *st, struct sg_event *ev,
		     const char *s, const char *e);

/*
 * The same on the line at s in [s, end), a run of whole lines each ended by a '\n' (the last
 * byte, end[-1], is one): the line's end is found while it is parsed, not before. When it
 * returns 1, *nl is the line's '\n' and ev is what sg_textfast_line() gives for the line [s, *nl)
 * without a '\r' before *nl (as sg_text_parser_line() strips it); 0 declines (*nl may be unset:
 * the caller finds the line's end), -1 when interning failed.
 */
int sg_textfast_next(struct sg_textfast *c, struct sg_strtab *st, struct sg_event *ev,
		     const char *s, const char *end, const char **nl);

#endif
