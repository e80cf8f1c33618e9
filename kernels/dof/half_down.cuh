/* The half DoF's downsample of one half pixel, for its kernel (half.cu) and for the
 * table's tile sums that make the half colour as they read it (half_sums.cu): each half
 * pixel the mean of its four full pixels' counts (dof_half_color), each quantized as the
 * table's build quantizes it (sat_tile.cuh), stored as count / scale, which the half
 * table's build quantizes back to the count exactly; the nearest of their depths
 * (dof_half_depth), into the depth image (the gather's) and into the colour's fourth
 * channel (the composite's; the table and the gather of an opaque frame use three
 * channels, and the composite writes the frame's alpha); and the near field's grid
 * sample where one lies. */
#ifndef SCANWORKS_KERNELS_DOF_HALF_DOWN_CUH
#define SCANWORKS_KERNELS_DOF_HALF_DOWN_CUH

#include "kernels/dof/half.h"
#ifndef DOF_FN
#define DOF_FN __device__ static inline
#endif
#include "dof/dof_radius.h"
#include "kernels/dof/near_grid.cuh"
#include "kernels/sat/sat_tile.cuh"   /* quantize: the count the tables hold for a colour channel */
#ifndef DOF_HALF_FN
#define DOF_HALF_FN __device__ static inline
#endif
#include "dof/dof_half_math.h"

/* The near field's grid sample at half pixel (I, J) of depth D, where one lies there
 * (dof_near_grid_kernel's value over the half depth). */
__device__ static inline void dof_half_grid_sample(const dof_cuda_half_args &a, int i, int j, float d)
{
    if (!a.near_grid || i % DOF_NEAR_STRIDE != DOF_NEAR_STRIDE / 2 || j % DOF_NEAR_STRIDE != DOF_NEAR_STRIDE / 2) return;
    int c = i / DOF_NEAR_STRIDE, r = j / DOF_NEAR_STRIDE;
    if (c >= a.grid_w || r >= a.grid_h) return;
    ((float2 *)a.near_grid)[(size_t)r * a.grid_w + c] = dof_near_grid_value(a.half_aperture, a.focus, d);
}

/* Half pixel (I, J)'s 2 x 2 block: Q[0..2] its R, G and B, Q[3] its depth, four texels
 * each, by texture gathers at the corner the four share. The clamp at an odd edge
 * repeats the last column or row, as dof_half_hi does. */
__device__ static inline void dof_half_down_fetch(const dof_cuda_half_args &a, int i, int j, float4 *q)
{
    float x = (float)(2 * i + 1), y = (float)(2 * j + 1);
    q[0] = tex2Dgather<float4>(a.color, x, y, 0), q[1] = tex2Dgather<float4>(a.color, x, y, 1);
    q[2] = tex2Dgather<float4>(a.color, x, y, 2), q[3] = tex2Dgather<float4>(a.depth, x, y, 0);
}

/* The half pixel's colour counts from its block Q (dof_half_down_fetch). */
__device__ static inline uint4 dof_half_down_counts(const dof_cuda_half_args &a, const float4 *q)
{
#define DOF_HALF_CH(v) \
    dof_half_color(quantize(v.x, a.scale), quantize(v.y, a.scale), quantize(v.z, a.scale), quantize(v.w, a.scale))
    return make_uint4(DOF_HALF_CH(q[0]), DOF_HALF_CH(q[1]), DOF_HALF_CH(q[2]), 0u);
#undef DOF_HALF_CH
}

/* Half pixel (I, J) from its block Q written: the colour, the depth, the grid sample;
 * returns its counts. */
__device__ static inline uint4 dof_half_down_store(const dof_cuda_half_args &a, int i, int j, const float4 *q)
{
    uint4 n = dof_half_down_counts(a, q);
    float d = dof_half_depth(q[3].x, q[3].y, q[3].z, q[3].w);
    float inv = 1.0f / a.scale;
    surf2Dwrite(make_float4((float)n.x * inv, (float)n.y * inv, (float)n.z * inv, d), a.half_color,
                i * (int)sizeof(float4), j);
    surf2Dwrite(d, a.half_depth, i * (int)sizeof(float), j);
    dof_half_grid_sample(a, i, j, d);
    return n;
}

#endif
