/* The depth of field at half resolution, in C (dof_half.c): the reference of the GPU
 * versions to come. The full frame is downsampled 2x2 (dof_half_math.h), the whole DoF
 * (dof_cpu_apply: the table, the gather, the soft guard, the near field) runs on the half
 * picture with the aperture halved (the CoC is in pixels), and the result is composited
 * back at full size: the half result upsampled by bilinear weights times a depth
 * similarity, the full pixel's own detail kept where its CoC is below 3/2 px and the near
 * layer does not cover it. No GL here (the library's rules, like dof_cpu.h). */
#ifndef SCANWORKS_DOF_DOF_HALF_H
#define SCANWORKS_DOF_DOF_HALF_H

#include <stdint.h>
#include "dof/dof_params.h"
#include "util/error.h"

/* IMG (w x h, c channels of 8 bits) and DEPTH (w*h) into the half picture HIMG (hw x hh,
 * hw = (w + 1) / 2, hh = (h + 1) / 2, c channels) and its depth HDEPTH (hw*hh). */
void dof_half_downsample(const uint8_t *img, const float *depth, int w, int h, int c, uint8_t *himg,
                         float *hdepth);

/* The full frame OUT (w x h x c) from the full picture IMG and DEPTH, the half picture
 * HIMG and HDEPTH, the half DoF's result HOUT (hw x hh x c) and its near coverage HALPHA
 * (hw*hh, 0..1); P's focus and aperture are the full frame's. */
void dof_half_composite(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c,
                        const uint8_t *himg, const float *hdepth, const uint8_t *hout, const float *halpha,
                        uint8_t *out);

/* The whole half-resolution DoF of IMG over DEPTH into OUT (w*h*c bytes), with P's
 * settings for the full frame (with the layer tables, they are built of the half picture);
 * -1 and ERR where memory runs out. */
int dof_half_apply(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c, uint8_t *out,
                   sw_error *err);

#endif
