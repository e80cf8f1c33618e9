/* Scaling pictures through stb_image_resize. */
#ifndef SCANWORKS_IO_IMAGE_RESIZE_H
#define SCANWORKS_IO_IMAGE_RESIZE_H

#include "io/image.h"

/* OUT (W x H, IN's channels) = IN scaled by the smallest factor that covers W x H (stb's
 * default filter, in sRGB), the excess cropped evenly from both sides. OUT->pixels is
 * malloc'd. */
int image_resize_cover(const image8 *in, int w, int h, image8 *out, sw_error *err);

#endif
