/* The input of the CUDA gather's layer tables (layers.cu; src/dof/dof_layers_cuda.h
 * makes the tables of it): the near and far layers, premultiplied by their coverage. */
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
 * (src/prim/dof_plan_cuda.c); its kernel (dof_layer_values_kernel), 16 x 16 blocks. */
const void *dof_cuda_layer_values_kernel(void);
int dof_cuda_layer_values(cudaTextureObject_t color, cudaTextureObject_t depth, const dof_params *p, int w, int h,
                          void *values, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
