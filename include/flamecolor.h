/* flamecolor.h - flame graph colours: palettes, interrupts' and off-CPU frames, labels' ink. */
#ifndef SG_FLAMECOLOR_H
#define SG_FLAMECOLOR_H

/* the frame, options and palette types are flame.h's, which includes this header at its end */
#include "flame.h"

/* The frame's fill colour, a function of its name only. */
void sg_flame_color(const char *name, enum sg_flame_palette p, unsigned char rgb[3]);

/*
 * A frame's fill: o's frame_color hook when set, else the palette's colour of its name, except
 * that an interrupt's subtree has its own hue in every palette (cool blues for hot, the
 * interrupt family's aqua for subsys), so it does not pass for the interrupted call's callees.
 */
void sg_flame_frame_color(const struct sg_flame_frame *fr, const struct sg_flame_opts *o,
			  unsigned char rgb[3]);

/* Whether a label on this fill reads better white than black (dark blues, reds, greys). */
int sg_flame_light_text(const unsigned char rgb[3]);

/* Subsystem families of --palette subsys, for the legend: name and base colour. */
struct sg_flame_family {
	const char *name;
	unsigned char rgb[3];
};
extern const struct sg_flame_family sg_flame_families[];
extern const int sg_flame_nfamilies;

#endif
