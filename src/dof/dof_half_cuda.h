/* The half-resolution DoF on CUDA (the frame's, src/dof/dof_frame_cuda.c): its half-size images,
 * made on first use and again when the frame's size changes. The passes are
 * kernels/dof/half.h's around the production SAT and gather at half size. */
#ifndef SCANWORKS_DOF_HALF_CUDA_H
#define SCANWORKS_DOF_HALF_CUDA_H

#include <cuda_runtime_api.h>
#include "util/error.h"

typedef struct dof_cuda_half {
    int w, h;                        /* the full size they were made for (0: none) */
    cudaArray_t color, depth;        /* half size: RGBA32F colour, R32F depth */
    cudaTextureObject_t color_tex, depth_tex;
    cudaSurfaceObject_t color_surf, depth_surf;
    void *out;                       /* the half DoF: RGBA16F, ushort4 a pixel, rows of the half width */
    unsigned *ready;                 /* the gather's flags over it (kernels/dof/half_ready.cuh) */
    size_t out_bytes, ready_bytes;
    unsigned epoch;                  /* the last frame's (dof_half_next_epoch) */
} dof_cuda_half;

/* Makes H's images for a W x H frame unless they are made for it already. */
int dof_cuda_half_ensure(dof_cuda_half *hf, int w, int h, sw_error *err);
void dof_cuda_half_free(dof_cuda_half *hf);

#endif
