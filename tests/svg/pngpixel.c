/* pngpixel.c - test helper: a PNG's size and the colour of one pixel, read back through cairo. */
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	cairo_surface_t *s;
	int x, y, w, h;
	uint32_t px;

	if (argc != 4) {
		fprintf(stderr, "usage: pngpixel FILE.png X Y  (prints: WIDTH HEIGHT RRGGBB)\n");
		return 2;
	}
	s = cairo_image_surface_create_from_png(argv[1]);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngpixel: %s: %s\n", argv[1],
			cairo_status_to_string(cairo_surface_status(s)));
		return 1;
	}
	x = atoi(argv[2]);
	y = atoi(argv[3]);
	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	if (x < 0 || y < 0 || x >= w || y >= h) {
		fprintf(stderr, "pngpixel: %d,%d is outside %dx%d\n", x, y, w, h);
		return 1;
	}
	cairo_surface_flush(s);
	/* RGB24 and ARGB32 both keep a pixel in a native-endian 32-bit word, red in bits 16-23 */
	px = *(const uint32_t *) (cairo_image_surface_get_data(s) +
				  (size_t) y * (size_t) cairo_image_surface_get_stride(s) +
				  (size_t) x * 4);
	printf("%d %d %06x\n", w, h, px & 0xffffff);
	cairo_surface_destroy(s);
	return 0;
}
