/* The CUDA gather's layer tables (dof_layers_cuda.h): their input by
 * kernels/dof/layers.cu, then two builds of the production SAT over it. */
#include "dof/dof_layers_cuda.h"

#include <string.h>

#include "kernels/common/cuda_util.cuh"

void dof_cuda_layers_free(dof_cuda_layers *l)
{
    cudaFree(l->values);
    cudaFree(l->tables);
    cudaGetLastError();
    memset(l, 0, sizeof *l);
}

int dof_cuda_layers_build(dof_cuda_layers *l, cudaTextureObject_t color, cudaTextureObject_t depth, const dof_params *p,
                          int w, int h, sat_cuda_scratch *scratch, cudaStream_t stream, sw_error *err)
{
    size_t px = (size_t)w * h, need = px * 2 * 16;   /* two uint4 a pixel */
    if (l->bytes < need) {
        dof_cuda_layers_free(l);
        if (cuda_alloc(&l->values, need, "the DoF layer tables' input", err) ||
            cuda_alloc(&l->tables, need, "the DoF layer tables", err)) {
            dof_cuda_layers_free(l);
            return -1;
        }
        l->bytes = need;
    }
    if (sat_cuda_scratch_ensure(scratch, w, h, err)) return -1;
    if (dof_cuda_layer_values(color, depth, p, w, h, l->values, stream, err)) return -1;
    for (int t = 0; t < 2; t++) {
        sat_cuda_src src = {.rgba_u32 = (const char *)l->values + t * px * 16, .scale = 1.0f};
        if (sat_cuda_build(SAT_CUDA_TILED_V2, &src, (char *)l->tables + t * px * 16, w, h, scratch, stream, NULL, err))
            return -1;
    }
    return 0;
}
