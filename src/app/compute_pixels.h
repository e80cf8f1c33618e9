/* Input pictures for the SAT and DoF commands: a PNG or an .npy array read into one
 * layout (rows first, channels interleaved). */
#ifndef SCANWORKS_APP_COMPUTE_PIXELS_H
#define SCANWORKS_APP_COMPUTE_PIXELS_H

#include <stdint.h>
#include "io/npy.h"
#include "util/error.h"

typedef struct pixel_grid {
    int width, height, channels;
    int ndim;                 /* of the source array: 2 -> (H,W), 3 -> (H,W,C); PNG gives 3 */
    int64_t shape[3];
} pixel_grid;

/* True when PATH ends in .npy (any case). */
int path_is_npy(const char *path);

/* The grid of an array of shape (W), (H,W) or (H,W,C) with C 1..4, sides within
 * IMAGE_MAX_SIDE; an error names PATH. */
int pixel_grid_of(const char *path, const npy_array *a, pixel_grid *g, sw_error *err);

/* A PNG (H x W x C, 8 or 16 bits, kept as they are) or an .npy of integers 0..65535 (shape (W), (H,W) or
 * (H,W,C) with C 1..4, any integer dtype) as
 * uint16 values. *values is malloc'd. */
int load_u16_grid(const char *path, pixel_grid *g, uint16_t **values, sw_error *err);

/* A depth map: a PNG's first channel read as 0..1, or an .npy (H,W) or (H,W,1) of
 * any numeric dtype, as given. *depth is malloc'd, w*h floats. */
int load_depth(const char *path, int *w, int *h, float **depth, sw_error *err);

#endif
