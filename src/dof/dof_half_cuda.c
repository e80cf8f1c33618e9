/* The half-resolution DoF's images on CUDA (dof_half_cuda.h). */
#include "dof/dof_half_cuda.h"

#include <string.h>

#include "kernels/common/cuda_util.cuh"
#include "kernels/dof/half.h"   /* dof_half_ready_w */
#include <math.h>   /* dof_half_math.h: fminf, fmaxf, fabsf */
#define DOF_HALF_FN static inline
#include "dof/dof_half_math.h"

#define TRY(call)                                                                                         \
    do {                                                                                                  \
        cudaError_t e_ = (call);                                                                          \
        if (e_ != cudaSuccess) {                                                                          \
            cudaGetLastError();                                                                           \
            dof_cuda_half_free(hf);                                                                       \
            return sw_fail(err, "%s failed: %s", #call, cudaGetErrorString(e_));                          \
        }                                                                                                 \
    } while (0)

void dof_cuda_half_free(dof_cuda_half *hf)
{
    cudaTextureObject_t tex[2] = {hf->color_tex, hf->depth_tex};
    cudaSurfaceObject_t surf[2] = {hf->color_surf, hf->depth_surf};
    cudaArray_t arrays[2] = {hf->color, hf->depth};
    for (int i = 0; i < 2; i++) {
        if (tex[i]) cudaDestroyTextureObject(tex[i]);
        if (surf[i]) cudaDestroySurfaceObject(surf[i]);
        if (arrays[i]) cudaFreeArray(arrays[i]);
    }
    cudaFree(hf->out);
    cudaFree(hf->ready);
    memset(hf, 0, sizeof *hf);
    cudaGetLastError();
}

/* A half-size array of DESC with a surface over it, and a point texture where TEX is not NULL. */
static int make_image(dof_cuda_half *hf, const struct cudaChannelFormatDesc *desc, int hw, int hh, cudaArray_t *array,
                      cudaTextureObject_t *tex, cudaSurfaceObject_t *surf, sw_error *err)
{
    TRY(cudaMallocArray(array, desc, (size_t)hw, (size_t)hh, cudaArraySurfaceLoadStore));
    if (cuda_array_surface(*array, surf, err)) return -1;
    if (tex && cuda_point_texture(*array, tex, err)) {
        dof_cuda_half_free(hf);
        return -1;
    }
    return 0;
}

int dof_cuda_half_ensure(dof_cuda_half *hf, int w, int h, sw_error *err)
{
    if (hf->w == w && hf->h == h && hf->color) return 0;
    dof_cuda_half_free(hf);
    int hw = dof_half_size(w), hh = dof_half_size(h);
    struct cudaChannelFormatDesc rgba32 = cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindFloat);
    struct cudaChannelFormatDesc r32 = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    if (make_image(hf, &rgba32, hw, hh, &hf->color, &hf->color_tex, &hf->color_surf, err) ||
        make_image(hf, &r32, hw, hh, &hf->depth, &hf->depth_tex, &hf->depth_surf, err))
        return -1;
    /* The half DoF in linear memory (not an array: the composite reads a gather warp's
     * row as soon as that warp publishes it, from L2, which an array's texture cache
     * could hold stale), and its flags, 0 until a gather writes an epoch (never 0). */
    hf->out_bytes = (size_t)hw * (size_t)hh * 8, hf->ready_bytes = dof_half_ready_w(hw) * (size_t)hh * sizeof(unsigned);
    TRY(cudaMalloc(&hf->out, hf->out_bytes));
    TRY(cudaMalloc((void **)&hf->ready, hf->ready_bytes));
    TRY(cudaMemset(hf->ready, 0, hf->ready_bytes));
    hf->w = w, hf->h = h;
    return 0;
}
