/* treestat.h - a `.tree`'s stat and hist lines: each root's statistics and histogram. */
#ifndef SG_TREESTAT_H
#define SG_TREESTAT_H

#include <stdint.h>
#include <stdio.h>
#include "aggregate.h"
#include "treefield.h"

/* What a reader keeps between the hist lines of a file; hist_root starts at -1. */
struct sg_treestat_reader {
	int hist_root;	    /* the root (index) the last hist line was of; -1: none */
	unsigned hist_next; /* the lowest bucket its next hist line may be */
	uint64_t *hist_sum; /* per root: the invocations its hist lines counted */
	int qs_next;	    /* the lowest root (index) the next qsketch line may be of */
	int nqs;	    /* qsketch lines read */
};

/* A "stat" line (nf fields f) of a file of that version into agg's roots; 0, or -1 logged. */
int sg_treestat_read_stat(struct sg_treefield_at *at, struct sg_aggregate *agg, int version,
			  char **f, int nf);

/* Version 3's "hist ROOT LO HI COUNT": one bucket of a root's histogram, in bucket order. */
int sg_treestat_read_hist(struct sg_treestat_reader *s, struct sg_treefield_at *at,
			  struct sg_aggregate *agg, int version, char **f, int nf);

/*
 * Version 6's "qsketch ROOT ALPHA ZERO COLLAPSED INDEX:COUNT,...": a root's quantile sketch
 * (qsketch.h), roots in the order of the stat lines, each at most once.
 */
int sg_treestat_read_qsketch(struct sg_treestat_reader *s, struct sg_treefield_at *at,
			     struct sg_aggregate *agg, int version, char **f, int nf);

/* The roots' qsketch lines (version 6), when every root with invocations has its sketch. */
void sg_treestat_write_qsketch(FILE *out, const struct sg_aggregate *agg);

/* At the end: each root's histogram counts exactly its complete invocations; 0, or -1 logged. */
int sg_treestat_check(const struct sg_treestat_reader *s, const struct sg_treefield_at *at,
		      const struct sg_aggregate *agg);

/* Free what the hist lines needed; the reader may be zeroed again. */
void sg_treestat_release(struct sg_treestat_reader *s);

#endif
