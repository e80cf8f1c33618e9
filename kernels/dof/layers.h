/* The input of the CUDA gather's layer tables (src/dof/dof_math.h, dof_layers_pixel): the
 * frame's near and far layers, premultiplied by their coverage, the values of
 * dof_layer_texel; src/dof/dof_layers_cuda.h makes the tables of them. */
#ifndef SCANWORKS_KERNELS_DOF_LAYERS_H
#define SCANWORKS_KERNELS_DOF_LAYERS_H

#include <cuda_runtime_api.h>
#include "dof/dof_params.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* VALUES (2 w h uint4): the near then the far layer's values of COLOR (RGBA float or
 * half, quantized with p->scale as the SAT quantizes) over DEPTH (linear depth), on STREAM
 * (src/prim/dof_plan_cuda.c); its kernel (layers.cu) takes (color, depth, float aperture,
 * float focus, float scale, int w, int h, uint4 *near, uint4 *far), 16 x 16 blocks. */
const void *dof_cuda_layer_values_kernel(void);
int dof_cuda_layer_values(cudaTextureObject_t color, cudaTextureObject_t depth, const dof_params *p, int w, int h,
                          void *values, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
