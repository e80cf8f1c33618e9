/* The layer tables' input (layers.h), a thread a pixel: the colour quantized as the SAT
 * quantizes it, times its near and far weights (dof_layer_texel.h, the same integer
 * arithmetic as C and GLSL); src/dof/dof_layers_cuda.c builds the tables over it. */
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
    const int exact = DOF_LAYER_EXACT(scale);
    dof_layer_texel(aperture, focus, d, DOF_LAYER_NEAR, q, exact, v);
    near_in[i] = make_uint4(v[0], v[1], v[2], v[3]);
    dof_layer_texel(aperture, focus, d, DOF_LAYER_FAR, q, exact, v);
    far_in[i] = make_uint4(v[0], v[1], v[2], v[3]);
}

extern "C" const void *dof_cuda_layer_values_kernel(void) { return (const void *)dof_layer_values_kernel; }
