/* flamefiles.h - the flame graph files of a run: ROOT-N.svg every STEP, ROOT.svg at the end. */
#ifndef SG_FLAMEFILES_H
#define SG_FLAMEFILES_H

#include <stdint.h>
#include "aggregate.h"
#include "flame.h"
#include "invocation.h"

    enum sg_flame_format {
	    SG_FLAME_SVG,
	    SG_FLAME_PNG,
	    SG_FLAME_PDF
    };

struct sg_flamefiles_opts {
	enum sg_flame_format format;
	const char *outdir; /* NULL: the current directory; created when missing */
	int outdir_of_file; /* outdir is -o's directory: judged as a file's, not made (outdir.h) */
	const char *base;   /* file names start with it (the -f pattern); unsafe bytes become '_' */
	int step;	    /* a graph for invocation N when N % step == 0; 0 or less: none */
	const char *title;  /* replaces the root's name in titles; NULL: none */
	const char *subtitle; /* the first note under the title; NULL: none */
	int dated;	      /* the aggregate's "created" date is the capture's: show it */
	int by_root;	      /* per-invocation files are ROOT-N after each one's root, not base */
	struct sg_flame_opts flame;
};

struct sg_flamefiles;

/* o's strings must outlive the result. NULL with a message (no memory, outdir unusable). */
struct sg_flamefiles *sg_flamefiles_new(const struct sg_flamefiles_opts *o);
void sg_flamefiles_free(struct sg_flamefiles *ff);

/* At most this many BASE-N files a run writes every -s STEP; past it, they are counted. */
#define SG_FLAMEFILES_CAP 1000

/*
 * BASE-N.EXT for complete invocation inv (N = inv->seq, zero-padded to 6 digits so names sort)
 * when N is a multiple of step, until SG_FLAMEFILES_CAP of them were written; agg gives
 * metadata known so far and may be NULL. Returns 1 when a file was written (its path:
 * sg_flamefiles_path), 0 when none was due (or the cap passed), -1 with a message. Files appear
 * whole or not at all.
 */
int sg_flamefiles_invocation(struct sg_flamefiles *ff, const struct sg_invocation *inv,
			     const struct sg_aggregate *agg, int has_time);

/*
 * inv's graph whatever the step: BASE-ROLE.EXT (--pick's and the default picks: "slowest",
 * "typical"), or BASE-N.EXT with role NULL. 0 or -1.
 */
int sg_flamefiles_one(struct sg_flamefiles *ff, const struct sg_invocation *inv,
		      const struct sg_aggregate *agg, int has_time, const char *role);

/* Files -s STEP asked for that the cap left out. */
uint64_t sg_flamefiles_capped(const struct sg_flamefiles *ff);

/* BASE.EXT: the merged graph of all complete invocations, with the run's facts. 0 or -1. */
int sg_flamefiles_merged(struct sg_flamefiles *ff, const struct sg_aggregate *agg);

/* The path of the file last written. */
const char *sg_flamefiles_path(const struct sg_flamefiles *ff);

/* Per-invocation files written so far, and the numbers of the first and last of them. */
uint64_t sg_flamefiles_count(const struct sg_flamefiles *ff, uint64_t *first, uint64_t *last);

#endif
