/* flame.h - flame graph layout: frames placed by time, depth and order, narrow ones pruned. */
#ifndef SG_FLAME_H
#define SG_FLAME_H

#include <stddef.h>
#include <stdint.h>
#include "scatter.h"
#include "stats.h"
#include "tree.h"

/*
 * The picture's fixed geometry, shared by the SVG and cairo renderers so that they draw the
 * same thing. Labels use a monospace font, so whether a label fits is a character count.
 */
#define SG_FLAME_FRAME_H   16  /* px per depth level; a frame is 15 px tall plus a 1 px gap */
#define SG_FLAME_FONT_PX   12  /* labels, notes, details */
#define SG_FLAME_TITLE_PX  16  /* the title */
#define SG_FLAME_CHAR_EM   0.6 /* advance of a monospace character, in em */
#define SG_FLAME_PAD	   10  /* left and right margin, px */
#define SG_FLAME_LABEL_IN  3   /* label start, px inside its frame */
#define SG_FLAME_MIN_W	   200 /* --width below this leaves no room for the buttons */
#define SG_FLAME_MAX_W	   100000
#define SG_FLAME_MAX_NOTES 16

enum sg_flame_palette {
	SG_PALETTE_HOT,	   /* warm colours from a hash of the name (flamegraph.pl's "hot") */
	SG_PALETTE_SUBSYS, /* hue by kernel subsystem, guessed from the name's prefix */
};

struct sg_flame_frame;

#define SG_FLAME_WANT	      1
#define SG_FLAME_WANT_CALLEES 2

struct sg_flame_opts {
	int width;	     /* image width in px */
	double minwidth;     /* frames narrower than this (px) are not drawn, nor their callees */
	enum sg_order order; /* siblings left to right: SG_ORDER_TOTAL (widest first) or by name */
	int has_time;	     /* width is time; 0: calls (own plus its callees') */
	int inverted;	     /* icicle: the root at the top, callees below */
	enum sg_flame_palette palette;
	/*
	 * Hooks for a graph drawn on this layout and writer (the differential flame graph); NULL
	 * for the plain one. frame_color replaces the palette's fill; frame_tooltip writes text
	 * (NUL-terminated, unescaped) that is appended to the frame's tooltip.
	 */
	void (*frame_color)(void *ctx, const struct sg_flame_frame *fr, unsigned char rgb[3]);
	void (*frame_tooltip)(void *ctx, const struct sg_flame_frame *fr, char *buf, size_t size);
	void *frame_ctx;
	/*
	 * Which frames to store (svg_hist.c: the paths some selection can draw); NULL: every one
	 * wide enough. 0: not wanted: it still takes its width from its siblings' left, and its
	 * callees are not visited (none of them is wanted either); SG_FLAME_WANT: stored, and with
	 * SG_FLAME_WANT_CALLEES some callee is wanted too (without, time's layout looks at none).
	 */
	int (*frame_want)(void *ctx, const struct sg_node *n);
	void *want_ctx;
};

/* Defaults: 1200 px wide, minwidth 0.1 px, widest first, hot palette. */
void sg_flame_opts_init(struct sg_flame_opts *o);

struct sg_flame_frame {
	const char *name;
	const struct sg_node *node; /* NULL for the "all" frame drawn under several roots */
	uint64_t x, w;		    /* weight units from the left edge of the bottom frame */
	uint64_t self;		    /* time without callees (ns), or own calls without time */
	uint64_t calls;
	uint32_t parent; /* index of the caller's frame; the bottom frame's is 0, itself */
	uint32_t depth;
	int irq;	 /* in an interrupt's subtree (irq_enter_rcu, __sysvec_... and below) */
};

struct sg_flame {
	struct sg_flame_frame *frames; /* breadth first: by depth, then left to right */
	size_t nframes;
	uint64_t total; /* weight of the bottom frame */
	unsigned max_depth;
	uint64_t pruned; /* tree nodes not drawn because narrower than minwidth */
	double scale;	 /* px per weight unit */
	int has_time;
};

/*
 * Lay out the tree under top (a tree's sentinel: its children are the root functions). One
 * root becomes the bottom frame; several get an "all" frame under them. A frame's width is
 * its node's total time (or its calls plus all its callees' calls without time); callees sit
 * on top of it, left to right in o->order, starting at its left edge. No recursion. NULL with
 * a message when memory runs out; an empty tree gives a flame with no frames.
 */
struct sg_flame *sg_flame_layout(const struct sg_node *top, const struct sg_flame_opts *o);
void sg_flame_free(struct sg_flame *f);

/* Left edge of a frame's x (weight units) in px. */
double sg_flame_px(const struct sg_flame *f, uint64_t units);

/*
 * The label that fits a frame w px wide: name cut to fit with ".." after it, or "" when fewer
 * than 3 characters would fit. Bytes that are not valid UTF-8 or are control characters become
 * '?', so the label can be handed to any text API. Returns buf.
 */
const char *sg_flame_label(const char *name, double w, char *buf, size_t size);

/*
 * Bytes of the valid UTF-8 character at s (1 to 4, none past avail), or 0 when the bytes there
 * are not one (or are an XML non-character). Control characters count as valid here.
 */
int sg_flame_utf8(const char *s, size_t avail);

/* One fact under the title (kernel, host, latency ...); alert ones are drawn in red. */
struct sg_flame_note {
	char text[160];
	int alert;
};

struct sg_flame_caption {
	char title[256];
	struct sg_flame_note notes[SG_FLAME_MAX_NOTES];
	int nnotes;
	/*
	 * The root's latency histogram, drawn as a strip above the frames (SVG only: svg_hist.c);
	 * NULL: none. Set it only when it has_hist and counts something.
	 */
	const struct sg_summary *hist;
	/*
	 * With hist: the run's per-bucket merged trees (SG_HIST_BUCKETS of them, NULL where empty),
	 * embedded so that the SVG can redraw the graph from a selection of buckets; NULL: a static
	 * strip. hist_depth: the deepest frame any selection can draw (svg.c sets it), so the page
	 * has room for it.
	 */
	struct sg_tree *const *bucket;
	unsigned hist_depth;
	/*
	 * With hist: the run's start-time × duration scatter, drawn under the strip (svg_scatter.c),
	 * and the kept invocations (the last N and the slowest, each once, by number), whose dots
	 * are always drawn and, with bucket, draw their invocation alone. NULL: no scatter.
	 */
	const struct sg_scatter *scatter;
	struct sg_invocation *const *kept;
	unsigned nkept;
};

/* Add a note (printf-like; cut at 159 bytes); ignored once SG_FLAME_MAX_NOTES are there. */
void sg_flame_note(struct sg_flame_caption *c, int alert, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Where everything goes on the page, computed once for both renderers. */
struct sg_flame_page {
	int width, height;
	int title_y;			  /* title baseline */
	int line_of[SG_FLAME_MAX_NOTES];  /* the note line each note is on */
	int nlines, first_line_y, line_h; /* note line i's baseline: first_line_y + i * line_h */
	int frames_top, frames_bottom;	  /* the frame area */
	int details_y;			  /* baseline of the hovered frame's details (SVG) */
	size_t title_len;		  /* bytes of the title that fit */
	int title_cut;			  /* the title is cut: draw ".." after it */
	int legend_y;			  /* --palette subsys: the legend's baseline; 0: none */
	int hist_top;			  /* top of the histogram strip (c->hist); 0: none */
	int scatter_top;		  /* top of the scatter (c->scatter); 0: none */
};

/* The histogram strip's height: its bars, the axis labels, the selection's line and a gap. */
#define SG_FLAME_HIST_H 86

/* The scatter's height: its plot, the axis labels, its note line and a gap. */
#define SG_FLAME_SCATTER_PLOT_H 100
#define SG_FLAME_SCATTER_H	(SG_FLAME_SCATTER_PLOT_H + 48)

/* Left edge of legend item i (its swatch; the name follows SG_FLAME_LEGEND_GAP px later). */
int sg_flame_legend_x(int i);
#define SG_FLAME_SWATCH 10
#define SG_FLAME_LEGEND_GAP 14

void sg_flame_page(const struct sg_flame *f, const struct sg_flame_caption *c,
		   const struct sg_flame_opts *o, struct sg_flame_page *pg);

/* Top of a frame at depth d. */
int sg_flame_y(const struct sg_flame_page *pg, const struct sg_flame_opts *o, unsigned d);

/* The separator between notes on one line. */
#define SG_FLAME_NOTE_SEP "  \xc2\xb7  "

/* the colours of frames (flamecolor.c), declared on these types */
#include "flamecolor.h"

#endif
