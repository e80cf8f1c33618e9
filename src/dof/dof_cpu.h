/* The DoF gather in C (dof_cpu.c), the reference of the GL and CUDA gathers; no GL
 * here, so that the library (include/scanworks/dof.h) builds it without a window. */
#ifndef SCANWORKS_DOF_DOF_CPU_H
#define SCANWORKS_DOF_DOF_CPU_H

#include <stdint.h>
#include "dof/dof_limits.h"
#include "dof/dof_params.h"
#include "util/error.h"

/* The thin lens's circle of confusion in pixels, A |1 - F/d|, capped (dof.h). */
float dof_blur_radius(float aperture, float focus, float depth);

/* The gather on the CPU for 8-bit images (quantization scale 1): IMG has c channels,
 * SAT is its wrapped table (sat_host), DEPTH w*h floats; OUT gets w*h*c bytes. With
 * p->layers (the disc), LAYERS holds the two tables of dof_cpu_layer_tables (NULL: none). */
void dof_cpu_apply(const dof_params *p, const uint8_t *img, const uint32_t *sat, const uint32_t *const *layers,
                   const float *depth, int w, int h, int c, uint8_t *out);
/* The same, and where ALPHA is not NULL the near coverage (0..1) laid over each pixel into
 * ALPHA[w*h]: the probes' near layer's (dof_near_layer; 0 with p->near off), or with the
 * layer tables the near layer's they blend inside the pixel (dof_layers_pixel). */
void dof_cpu_apply_alpha(const dof_params *p, const uint8_t *img, const uint32_t *sat, const uint32_t *const *layers,
                         const float *depth, int w, int h, int c, uint8_t *out, float *alpha_out);
/* The near and far layer tables (dof_math.h, dof_layer_texel) of IMG (c channels, the
 * first three read; a grey picture's one channel as all three) over DEPTH, for
 * dof_cpu_apply's LAYERS (p->layers): w*h*4 wrapped sums each. */
int dof_cpu_layer_tables(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c,
                         uint32_t *near, uint32_t *far, sw_error *err);
/* The near field's tile pass (dof_math.h, dof_near_sample) on the CPU: the tile whose first
 * pixel is (tx0, ty0) gets its near CoC RT (0: none) and least near depth DT. */
void dof_cpu_near_tile(const dof_params *p, const float *depth, int w, int h, int tx0, int ty0, float *rt, float *dt);
/* The disc kernel's radius at (x, y) of a W x H depth map: the CoC, shrunk by the soft
 * guard where p->guard is on (dof_math.h, dof_disc_radius). */
float dof_cpu_disc_radius(const dof_params *p, const float *depth, int w, int h, int x, int y);
/* One pixel of that gather (without the near field) in float, before any rounding: its colour into out[0..c), or 0
 * when the pixel is in focus (out untouched). */
int dof_cpu_pixel(const dof_params *p, const uint32_t *sat, const float *depth, int w, int h, int c, int x, int y,
                  float *out);

#endif
