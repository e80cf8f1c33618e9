/* The half-resolution DoF's two passes around the gather (half.cu): the downsample
 * (full frame -> half colour and depth) and the composite (the half DoF back onto the
 * full frame). The arithmetic is src/dof/dof_half_math.h, shared with the C version
 * (src/dof/dof_half.c); the gather between them is gather.cu at half size. */
#ifndef SCANWORKS_KERNELS_DOF_HALF_H
#define SCANWORKS_KERNELS_DOF_HALF_H

#include <cuda_runtime_api.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dof_cuda_half_args {
    cudaTextureObject_t color, depth;           /* the full frame: RGBA float, R32F */
    cudaSurfaceObject_t half_color, half_depth; /* the downsample's output: RGBA32F (the depth in .w), R32F */
    cudaTextureObject_t half_color_tex;         /* the composite's input: the half colour, */
    const void *half_out;                       /* and the half DoF (RGBA16F, ushort4 a pixel, rows of */
    const unsigned *ready;                      /* the half width), each gather warp's row published */
    int ready_w;                                /* in ready (ready_w flags a half row: half_ready.cuh) */
    unsigned epoch;                             /* with this frame's epoch */
    cudaSurfaceObject_t out;                    /* the full DoF: RGBA16F */
    int w, h;                                   /* the full size */
    float scale;                                /* the tables' quantization: colour c counts round(c scale) */
    float aperture, focus;                      /* the full frame's (pixels of blur at infinity) */
    float alpha;                                /* written as the output's fourth channel */
    /* The near field's sample grid (gather.h, step 0 of its tile pass), written by the
     * downsample from the half depth it makes, or NULL: its grid_w x grid_h samples at
     * 4c + 2 of the half picture, each (CoC in half pixels where it lies before the focus and
     * is at least 1/2, else 0; depth), the CoC at HALF_APERTURE. */
    void *near_grid;
    int grid_w, grid_h;
    float half_aperture;
} dof_cuda_half_args;

/* The kernels, launched by src/prim/dof_plan_cuda.c: the downsample a thread a half
 * pixel in 16 x 16 blocks; the composite in blocks of DOF_HALF_COMPOSITE_WARPS warps,
 * each warp 32 x DOF_HALF_COMPOSITE_ROWS full pixels (half.cu stages each warp's taps
 * for that shape), as a programmatic dependent of the gather where the device allows. */
#define DOF_HALF_COMPOSITE_WARPS 8
#define DOF_HALF_COMPOSITE_ROWS 2
/* The gather's flags over a HW x HH half picture (kernels/dof/half_ready.cuh): one a
 * gather warp's row of DOF_HALF_READY_ROW_W half pixels. */
#define DOF_HALF_READY_ROW_W 32
static inline size_t dof_half_ready_w(int hw) { return ((size_t)hw + DOF_HALF_READY_ROW_W - 1) / DOF_HALF_READY_ROW_W; }
/* The epoch of the frame after one of epoch E: never 0 (the flags' first value) or all
 * ones (the poison's). */
static inline unsigned dof_half_next_epoch(unsigned e)
{
    e++;
    return e == 0u || e == 0xFFFFFFFFu ? 1u : e;
}
const void *dof_cuda_half_down_kernel(void);
/* The downsample as the half table's first kernel (half_sums.cu), for sat_cuda_src.producer:
 * parameters (dof_cuda_half_args, then the tile sums' R, C, T, w, h). */
const void *dof_cuda_half_down_sums_kernel(void);
const void *dof_cuda_half_composite_kernel(void);
int dof_cuda_half_down(const dof_cuda_half_args *a, cudaStream_t stream, sw_error *err);
int dof_cuda_half_composite(const dof_cuda_half_args *a, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
