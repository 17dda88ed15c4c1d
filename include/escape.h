/* escape.h - the one escaping of input bytes for a terminal: controls (C0, DEL, C1) as '?'. */
#ifndef SG_ESCAPE_H
#define SG_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Input bytes for a terminal, the one escaping of every string taken from input (names, task
 * names, a .tree's fields, quoted lines, file names) in every text output and message: each
 * control character is written as one '?', so a crafted string cannot send escape sequences.
 * Controls are C0 (below 0x20), DEL, and C1 (U+0080-U+009F) raw or UTF-8 encoded; bytes in keep
 * (NULL: none; "\t\n" for -m raw's lines) pass. Every other byte goes as it is (valid UTF-8
 * stays readable). -1: write error.
 */
int sg_escape_put_text(FILE *out, const char *text, size_t len, const char *keep);

/* A NUL-terminated name through sg_escape_put_text(), nothing kept. -1: write error. */
int sg_escape_put_name(FILE *out, const char *name);

/*
 * The same escaping into buf (a curses screen is written from strings, not a FILE): at most
 * size - 1 bytes, always terminated, a character cut nowhere. Returns the length written.
 */
size_t sg_escape_name_buf(char *buf, size_t size, const char *name);

#endif
