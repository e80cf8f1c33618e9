/* The layer tables' input as a CUDA kernel (one thread a pixel: the colour quantized as
 * the SAT quantizes it, times its near and far weights; src/dof/dof_math.h,
 * dof_layer_texel, the same integer arithmetic as C and GLSL), then two builds of the
 * production SAT over it. */
#include <math.h>
#include <string.h>

#include "kernels/common/cuda_util.cuh"
#include "layers.h"
#include "dof/dof_limits.h"

#define DOF_FN __device__ static inline
#include "dof/dof_layer_texel.h"

__device__ static inline unsigned dof_quantize(float v, float scale)
{
    float q = fmaxf(v, 0.0f) * scale + 0.5f;   /* NaN -> 0; as kernels/sat/sat_tile.cuh */
    return q >= 65535.0f ? 65535u : (unsigned)q;
}

__global__ void __launch_bounds__(256) dof_layer_values_kernel(cudaTextureObject_t color, cudaTextureObject_t depth,
                                                               float aperture, float focus, float scale, int w, int h,
                                                               uint4 *near_in, uint4 *far_in)
{
    int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 c = tex2D<float4>(color, x + 0.5f, y + 0.5f);
    float d = tex2D<float>(depth, x + 0.5f, y + 0.5f);
    unsigned q[3] = {dof_quantize(c.x, scale), dof_quantize(c.y, scale), dof_quantize(c.z, scale)}, v[4];
    size_t i = (size_t)y * w + x;
    dof_layer_texel(aperture, focus, d, DOF_LAYER_NEAR, q, v);
    near_in[i] = make_uint4(v[0], v[1], v[2], v[3]);
    dof_layer_texel(aperture, focus, d, DOF_LAYER_FAR, q, v);
    far_in[i] = make_uint4(v[0], v[1], v[2], v[3]);
}

extern "C" void dof_cuda_layers_free(dof_cuda_layers *l)
{
    cudaFree(l->values);
    cudaFree(l->tables);
    cudaGetLastError();
    memset(l, 0, sizeof *l);
}

extern "C" int dof_cuda_layers_build(dof_cuda_layers *l, cudaTextureObject_t color, cudaTextureObject_t depth,
                                     const dof_params *p, int w, int h, sat_cuda_scratch *scratch,
                                     cudaStream_t stream, sw_error *err)
{
    size_t px = (size_t)w * h, need = px * 2 * sizeof(uint4);
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
    uint4 *in = (uint4 *)l->values, *out = (uint4 *)l->tables;
    dim3 grid(cuda_div_up(w, 16), cuda_div_up(h, 16));
    dof_layer_values_kernel<<<grid, dim3(16, 16), 0, stream>>>(color, depth, p->aperture, p->focus, p->scale, w, h, in,
                                                               in + px);
    CUDA_TRY_LAUNCH("dof_layer_values_kernel", err);
    for (int t = 0; t < 2; t++) {
        sat_cuda_src src = {0, in + t * px, 1.0f, 0, 0.0f, 0};
        if (sat_cuda_build(SAT_CUDA_TILED_V2, &src, out + t * px, w, h, scratch, stream, NULL, err)) return -1;
    }
    return 0;
}
