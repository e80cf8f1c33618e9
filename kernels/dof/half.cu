/* The half-resolution DoF's downsample and composite (half.h); the per-pixel arithmetic
 * is src/dof/dof_half_math.h, which the C version (src/dof/dof_half.c) compiles too. */
#include <cuda_fp16.h>

#include "half.h"
#include "dof/dof_limits.h"
#include "kernels/sat/sat_tile.cuh"   /* quantize: the count the tables hold for a colour channel */

#define DOF_HALF_FN __device__ static inline
#include "dof/dof_half_math.h"
#define DOF_FN __device__ static inline
#include "dof/dof_radius.h"
#include "kernels/dof/near_grid.cuh"

/* The near field's grid sample at half pixel (I, J) of depth D, where one lies there
 * (dof_near_grid_kernel's value over the half depth). */
__device__ static inline void dof_half_grid_sample(const dof_cuda_half_args &a, int i, int j, float d)
{
    if (!a.near_grid || i % DOF_NEAR_STRIDE != DOF_NEAR_STRIDE / 2 || j % DOF_NEAR_STRIDE != DOF_NEAR_STRIDE / 2) return;
    int c = i / DOF_NEAR_STRIDE, r = j / DOF_NEAR_STRIDE;
    if (c >= a.grid_w || r >= a.grid_h) return;
    ((float2 *)a.near_grid)[(size_t)r * a.grid_w + c] = dof_near_grid_value(a.half_aperture, a.focus, d);
}

/* A thread a half pixel: the mean of its four full pixels' counts (dof_half_color), each
 * quantized as the table's build quantizes it (sat_tile.cuh), stored as count / scale,
 * which the half table's build quantizes back to the count exactly; the nearest of their
 * depths (dof_half_depth), into the depth image (the gather's) and into the colour's
 * fourth channel (the composite's; the table and the gather of an opaque frame use three
 * channels, and the composite writes the frame's alpha); and the near field's grid sample
 * where one lies. The 2 x 2 block comes from four texture gathers (R, G, B and the depth,
 * four texels each: sat_cuda.c registers the frame's images for them), not eight fetches:
 * the fetches kept the texture unit's queue full (1.4 us more at 1080p on an H100). The
 * clamp at an odd edge repeats the last column or row, as dof_half_hi does. */
__global__ void __launch_bounds__(256) dof_half_down_kernel(dof_cuda_half_args a)
{
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x), j = (int)(blockIdx.y * blockDim.y + threadIdx.y);
    int hw = dof_half_size(a.w), hh = dof_half_size(a.h);
    if (i >= hw || j >= hh) return;
    float x = (float)(2 * i + 1), y = (float)(2 * j + 1);   /* the corner shared by the block's four texels */
    float4 r = tex2Dgather<float4>(a.color, x, y, 0), g = tex2Dgather<float4>(a.color, x, y, 1);
    float4 b = tex2Dgather<float4>(a.color, x, y, 2), dd = tex2Dgather<float4>(a.depth, x, y, 0);
    float d = dof_half_depth(dd.x, dd.y, dd.z, dd.w);
    float inv = 1.0f / a.scale;
#define DOF_HALF_CH(q)                                                                                       \
    ((float)dof_half_color(quantize(q.x, a.scale), quantize(q.y, a.scale), quantize(q.z, a.scale),        \
                           quantize(q.w, a.scale)) * inv)
    float4 c = make_float4(DOF_HALF_CH(r), DOF_HALF_CH(g), DOF_HALF_CH(b), d);
#undef DOF_HALF_CH
    surf2Dwrite(c, a.half_color, i * (int)sizeof(float4), j);
    surf2Dwrite(d, a.half_depth, i * (int)sizeof(float), j);
    dof_half_grid_sample(a, i, j, d);
}

/* The composite: a thread a full pixel, in blocks of 32 x 16 full pixels (16 x 8 half
 * pixels), whose taps are those half pixels and a ring of one around them, staged once in
 * shared memory: 18 x 10 half colours (rounded to half precision, as the gather wrote
 * them where a half pixel is in focus, so that U - C is exactly 0 there and an in-focus
 * pixel keeps its own colour) with their depth, and 18 x 10 half DoF results with their
 * near coverage. The full colour and depth are read, and the result written, a warp a row. */
#define DOF_HALF_BX DOF_HALF_COMPOSITE_BX
#define DOF_HALF_BY DOF_HALF_COMPOSITE_BY
#define DOF_HALF_RX (DOF_HALF_BX / 2 + 2)
#define DOF_HALF_RY (DOF_HALF_BY / 2 + 2)

__device__ static inline float dof_half_round(float v) { return __half2float(__float2half(v)); }

/* three blocks an SM where it holds 1536 threads or more (sm_80, sm_90): 40 registers, no spill */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define DOF_HALF_BLOCKS 3
#else
#define DOF_HALF_BLOCKS 1
#endif
__global__ void __launch_bounds__(DOF_HALF_BX * DOF_HALF_BY, DOF_HALF_BLOCKS) dof_half_composite_kernel(dof_cuda_half_args a)
{
    __shared__ float4 s_c[DOF_HALF_RY][DOF_HALF_RX], s_u[DOF_HALF_RY][DOF_HALF_RX];
    int hw = dof_half_size(a.w), hh = dof_half_size(a.h);
    int i0 = (int)blockIdx.x * (DOF_HALF_BX / 2) - 1, j0 = (int)blockIdx.y * (DOF_HALF_BY / 2) - 1;
    static_assert(DOF_HALF_RX * DOF_HALF_RY <= DOF_HALF_BX * DOF_HALF_BY, "a tap a thread");
    int k = (int)(threadIdx.y * DOF_HALF_BX + threadIdx.x);
    if (k < DOF_HALF_RX * DOF_HALF_RY) {
        int li = k % DOF_HALF_RX, lj = k / DOF_HALF_RX;
        float hx = (float)min(max(i0 + li, 0), hw - 1) + 0.5f, hy = (float)min(max(j0 + lj, 0), hh - 1) + 0.5f;
        float4 c = tex2D<float4>(a.half_color_tex, hx, hy);
        s_c[lj][li] = make_float4(dof_half_round(c.x), dof_half_round(c.y), dof_half_round(c.z), c.w);
        s_u[lj][li] = tex2D<float4>(a.half_out_tex, hx, hy);
    }
    /* the full pixel's depth and colour, in flight while the taps are staged (a thread
     * outside the picture reads a clamped texel and writes nothing) */
    int x = (int)(blockIdx.x * DOF_HALF_BX + threadIdx.x), y = (int)(blockIdx.y * DOF_HALF_BY + threadIdx.y);
    float d = tex2D<float>(a.depth, x + 0.5f, y + 0.5f), dt[4], wt[4];
    float4 s = tex2D<float4>(a.color, x + 0.5f, y + 0.5f);
    __syncthreads();
    if (x >= a.w || y >= a.h) return;
    /* the four half pixels around (x, y), weighed by distance and depth (dof_half_weights);
     * the upsampled half DoF plus the pixel's own detail where it is in focus and no
     * blurred foreground covers it (dof_half_blend). dof_half_axis's taps (x - 1) >> 1 and
     * one more, clamped, are the staged ring's (tx + 1) >> 1 and one more: the ring holds
     * the clamped half pixels. */
    float tx = (x & 1) ? 0.25f : 0.75f, ty = (y & 1) ? 0.25f : 0.75f;
    const int li = ((int)threadIdx.x + 1) >> 1, lj = ((int)threadIdx.y + 1) >> 1;
    int tap[4];   /* the taps' places in shared memory */
#pragma unroll
    for (int k = 0; k < 4; k++) {
        tap[k] = (lj + (k >> 1)) * DOF_HALF_RX + li + (k & 1);
        dt[k] = (&s_c[0][0])[tap[k]].w;
    }
    dof_half_weights(d, dt, tx, ty, wt);
    /* dof_half_blend's sums, a tap at a time (the same order): U and C, and the near coverage */
    float uu[3] = {0.0f, 0.0f, 0.0f}, cc[3] = {0.0f, 0.0f, 0.0f}, cover = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; k++) {
        float4 u = (&s_u[0][0])[tap[k]], c = (&s_c[0][0])[tap[k]];
        uu[0] += wt[k] * u.x, uu[1] += wt[k] * u.y, uu[2] += wt[k] * u.z;
        cc[0] += wt[k] * c.x, cc[1] += wt[k] * c.y, cc[2] += wt[k] * c.z;
        cover += wt[k] * u.w;   /* the half gather's fourth channel: its near coverage */
    }
    float keep = dof_half_sharp(dof_radius(a.aperture, a.focus, d)) * (1.0f - cover);
    float v[3] = {dof_half_mix(s.x, uu[0], cc[0], keep), dof_half_mix(s.y, uu[1], cc[1], keep),
                  dof_half_mix(s.z, uu[2], cc[2], keep)};
    ushort4 o = make_ushort4(__half_as_ushort(__float2half(v[0])), __half_as_ushort(__float2half(v[1])),
                             __half_as_ushort(__float2half(v[2])), __half_as_ushort(__float2half(a.alpha)));
    surf2Dwrite(o, a.out, x * (int)sizeof(ushort4), y);
}

extern "C" const void *dof_cuda_half_down_kernel(void) { return (const void *)dof_half_down_kernel; }
extern "C" const void *dof_cuda_half_composite_kernel(void) { return (const void *)dof_half_composite_kernel; }
