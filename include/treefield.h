/* treefield.h - the fields of a `.tree` line: tabs, decimal numbers, %XX-escaped names. */
#ifndef SG_TREEFIELD_H
#define SG_TREEFIELD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "strtab.h"

/* Split line at tabs (written over with NULs) into at most max fields; returns the count. */
int sg_treefield_split(char *line, char **f, int max);

/* A whole decimal number, digits only, no sign, within 64 bits. -1 otherwise. */
int sg_treefield_u64(const char *s, uint64_t *out);

/* The same within 128 bits (version 5's sums of squares). -1 otherwise. */
int sg_treefield_u128(const char *s, unsigned __int128 *out);

/* Write v in decimal. */
void sg_treefield_put_u128(FILE *out, unsigned __int128 v);

/*
 * Decode s[0..len)'s %XX escapes into out (room for len bytes), *n the decoded length. -1 on a
 * malformed escape or %00 (a name never holds a NUL).
 */
int sg_treefield_unescape(const char *s, size_t len, char *out, size_t *n);

/*
 * Write a name or value as every field has it: '%', ';', tab and control bytes (C1 too) as %XX (the
 * writers' side of sg_treefield_unescape; treefile.c and treescatter.c both use it).
 */
void sg_treefield_put_name(FILE *out, const char *s);

/* A key= name as sg_treefield_put_name writes a value, and '=' as %3D: the reader splits there. */
void sg_treefield_put_key(FILE *out, const char *s);

/* Where a reader is in a `.tree` (for its messages), and the room names are decoded in. */
struct sg_treefield_at {
	const char *name;
	unsigned long lineno;
	struct sg_strtab *st;
	char *buf;
	size_t bufcap;
};

/* Log "name:line: " and fmt with arg; returns -1. */
int sg_treefield_fail(const struct sg_treefield_at *at, const char *fmt, const char *arg);

/* Unescape s[0..len) and intern it in at->st; NULL when an escape is malformed. */
const char *sg_treefield_intern(struct sg_treefield_at *at, const char *s, size_t len);

/* sg_treefield_u64, logging "bad number in column WHAT" at at's line when s is not one. */
int sg_treefield_number(const struct sg_treefield_at *at, const char *s, const char *what,
			uint64_t *out);

#endif
