/* The thin lens's image of two fronto-parallel layers: a background picture at depth
 * d_far and, in front of it at d_near, an object of per-pixel opacity alpha.
 *
 * Each layer is its picture held constant over each pixel. Seen through a thin lens, a
 * point of a layer at depth d spreads to the disc of radius r = A |1 - F/d| pixels (the
 * post-process's CoC, dof_math.h dof_radius, in the same units), and the ray from lens
 * point u (the unit disc) to pixel x meets that layer at x - u A (1 - F/d). Averaging
 * over the lens, with N = alpha * object (premultiplied) and B the background:
 *   I(x) = mean_u [ N(x - u s_n) + (1 - alpha(x - u s_n)) B(x - u s_f) ],  s = A (1 - F/d).
 * When one layer is in focus its s is 0 and the mean separates:
 *   focus on the background (s_f = 0):  I = N * D_n + (1 - alpha * D_n) B
 *   focus on the object     (s_n = 0):  I = N + (1 - alpha) (B * D_f)
 * where * D_r is the convolution with the normalised disc of radius r. Both are exact
 * (no matting approximation: in the second, every ray to a pixel crosses the object's
 * plane at one point, so the pixel sees the object or the whole blurred disc of the
 * background, including what the object hides from the lens's centre). With a piecewise
 * constant layer, the disc's mean at a pixel centre is the sum of the pixels' values
 * weighted by the disc's area over each: dof_disc_weights computes those areas. */
#ifndef SCANWORKS_DOF_DOF_LAYERS_H
#define SCANWORKS_DOF_DOF_LAYERS_H

#include "util/error.h"

/* Half-size in pixels of the square that holds the disc of radius R. */
int dof_disc_half(float r);

/* The normalised disc of radius R (>= 0): (2 h + 1)^2 weights, h = dof_disc_half(r),
 * row by row, each the disc's area over that pixel (centred on the middle pixel) over
 * the disc's area; they sum to 1. Below r = 1/2 the disc lies in the middle pixel. *W
 * is malloc'd. */
int dof_disc_weights(float r, int *half, float **w, sw_error *err);

/* DST (w x h x c floats) = SRC (the canvas, (w + 2 m) x (h + 2 m) x c) convolved with the
 * normalised disc of radius R, at the canvas's inner w x h pixels. M must be at least
 * dof_disc_half(r): the disc never reads outside the canvas. */
int dof_disc_convolve(const float *src, int w, int h, int c, int m, float r, float *dst, sw_error *err);

/* Two layers on a canvas of (w + 2 m) x (h + 2 m) pixels: the background's and the
 * object's RGB (0..255, interleaved) and the object's opacity (0..1). */
typedef struct dof_layers {
    int w, h, m;
    const float *back, *object, *alpha;
    float near_coc, far_coc;   /* the layers' CoC radii in pixels; one of them 0 for an exact answer */
} dof_layers;

/* The thin lens's image of L at the inner w x h pixels, RGB floats (0..255) into OUT:
 * (alpha object) * D_near + (1 - alpha * D_near) (back * D_far), exact when near_coc or
 * far_coc is 0 (see above; with both blurred it is the layered approximation, which
 * ignores what the object hides of the lens). A CoC of 0 leaves a layer as it is, so
 * with both 0 the result is the pinhole composite alpha object + (1 - alpha) back. */
int dof_layers_render(const dof_layers *l, float *out, sw_error *err);

#endif
