/* The depth-of-field gather as a CUDA kernel (the arithmetic of src/dof/dof_math.h),
 * reading the colour and depth through texture objects and the SAT from device
 * memory, writing an RGBA16F surface. */
#ifndef SCANWORKS_KERNELS_DOF_H
#define SCANWORKS_KERNELS_DOF_H

#include <cuda_runtime_api.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dof_cuda_args {
    cudaTextureObject_t color, depth;   /* RGBA16F/32F and R32F arrays */
    cudaSurfaceObject_t out;            /* RGBA16F array */
    const void *sat;                    /* w*h uint4, wrapped sums */
    int w, h;
    float focus, aperture, scale;
    int view;                           /* 0 effect, 2 blur radius, 3 normalized SAT */
    int boxes;                          /* nested boxes averaged, 1..DOF_MAX_BOXES */
    int guard;                          /* the foreground guard on (1) or off (0) */
} dof_cuda_args;

int dof_cuda_gather(const dof_cuda_args *a, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
