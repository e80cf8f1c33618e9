/* How close a depth-of-field image is to a reference: PSNR and SSIM on luma, over the
 * whole frame and over the depth-edge band, where a post-process DoF goes wrong first.
 *
 * Luma: Rec. 709 weights on the 8-bit values as stored (0.2126 R + 0.7152 G + 0.0722 B,
 * scaled to 0..1; one channel: that channel). PSNR = 10 log10(1 / MSE), +inf for equal
 * images. SSIM: Wang, Bovik, Sheikh and Simoncelli 2004, an 11x11 Gaussian window of
 * sigma 1.5 (normalized over the part inside the image at the borders), C1 = (0.01)^2,
 * C2 = (0.03)^2; the mean of the SSIM map over the pixels scored.
 * The depth-edge band: every pixel within 2 r of a CoC jump, where a CoC jump is a pair of
 * 4-neighbours whose blur radii differ by 1 px or more, and r is the larger of the two
 * (the "max CoC" of the jump). */
#ifndef SCANWORKS_DOF_DOF_QUALITY_H
#define SCANWORKS_DOF_DOF_QUALITY_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

typedef struct dof_score {
    double psnr, ssim;   /* whole frame */
    double band_psnr, band_ssim;
    double band_fraction;   /* pixels in the band / all pixels (0: no depth edge; the band scores are then the frame's) */
} dof_score;

/* Luma in 0..1 of W*H pixels of C channels (1..4), rows of W*C bytes. */
int dof_luma(const uint8_t *px, int w, int h, int c, float *out, sw_error *err);

/* Mask (1 = in the band) of the pixels within 2 r of a CoC jump of the radius map
 * COC (w*h pixels). Returns the number of pixels in it. */
size_t dof_edge_band(const float *coc, int w, int h, uint8_t *mask);

/* PSNR over the pixels where MASK is 1 (all where MASK is NULL); +inf for equal ones. */
double dof_psnr(const float *a, const float *b, int w, int h, const uint8_t *mask);
/* The SSIM map of A against B into MAP (w*h); 0, or -1 when out of memory. */
int dof_ssim_map(const float *a, const float *b, int w, int h, float *map, sw_error *err);
double dof_masked_mean(const float *v, int w, int h, const uint8_t *mask);

/* All four numbers for two 8-bit images of the same size (channels CA, CB) and the radius map
 * COC (NULL: no band; its scores are then the frame's). */
int dof_score_images(const uint8_t *a, int ca, const uint8_t *b, int cb, int w, int h, const float *coc,
                     dof_score *s, sw_error *err);

#endif
