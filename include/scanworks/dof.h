/* Depth of field from a summed-area table (GPU Gems 3, 39.3.2, improved): each pixel
 * of an RGBA8 picture is blurred over a disc or boxes of radius r = A |1 - F/d| pixels
 * (A the aperture: the radius at infinity; F the focus distance; d the pixel's depth,
 * in F's units), capped at SW_DOF_MAX_RADIUS; a pixel with r < 0.5 keeps its colour.
 * Every box costs four table reads whatever its size. The same gather as the app's
 * frame: the stepped disc of fractional radius with the soft foreground guard (the
 * default), or N nested boxes (1 is the chapter's single box) with the halving guard,
 * and optionally the near field (a blurred foreground spread over what lies behind
 * it). The cpu backend is the C gather, the reference; cuda results are within one
 * step of 255 of it (the reciprocals are approximate). */
#ifndef SCANWORKS_DOF_H
#define SCANWORKS_DOF_H

#include "scanworks/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SW_DOF_MAX_RADIUS 64    /* pixels */
#define SW_DOF_MAX_BOXES 3
#define SW_DOF_MAX_SIDE 16384   /* each side of the picture (sat.h's SW_SAT_MAX_SIDE) */

typedef enum sw_dof_kernel { SW_DOF_DISC = 0, SW_DOF_BOXES = 1 } sw_dof_kernel;

typedef struct sw_dof_desc {
    float focus;            /* F > 0, in the depth's units */
    float aperture;         /* A >= 0, pixels (0: no blur) */
    sw_dof_kernel kernel;   /* SW_DOF_DISC or SW_DOF_BOXES */
    int boxes;              /* SW_DOF_BOXES: nested boxes, 1..SW_DOF_MAX_BOXES */
    int guard;              /* 1: keep sharp nearer edges out of the blur (the app's default) */
    int near_field;         /* 1: the near field (the app's --near on) */
} sw_dof_desc;

/* Host memory on backend B: RGBA (w*h RGBA8) and DEPTH (w*h floats > 0) into OUT
 * (w*h RGBA8). Synchronous. */
int sw_dof(sw_backend b, const sw_dof_desc *d, const uint8_t *rgba, const float *depth, int w, int h, uint8_t *out,
           sw_error *err);

/* Device memory, CUB style. D_SAT is the table of the picture as sw_sat_device builds
 * it (w*h RGBA quadruples of uint32 from the picture's values 0..255), D_RGBA the
 * picture (RGBA8), D_DEPTH the depth (w*h floats), D_OUT (w*h RGBA8, not overlapping
 * the inputs) the result; all 16-byte aligned (cudaMalloc's pointers are). The gather
 * needs no temp storage today (*TEMP_BYTES 0; TEMP may then be NULL): ask anyway, a
 * later version may. Asynchronous on STREAM. */
int sw_dof_gather_temp_bytes(int w, int h, size_t *temp_bytes, sw_error *err);
int sw_dof_gather_device(const sw_dof_desc *d, const uint32_t *d_sat, const uint8_t *d_rgba, const float *d_depth,
                         uint8_t *d_out, int w, int h, void *temp, size_t temp_bytes, sw_stream stream,
                         sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
