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

/* A thread a half pixel: the mean of its four full pixels' counts (dof_half_color), each
 * quantized as the table's build quantizes it (sat_tile.cuh), stored as count / scale,
 * which the half table's build quantizes back to the count exactly; the nearest of their
 * depths, into the depth image (the gather's) and into the
 * colour's fourth channel (the composite's; the table and the gather of an opaque frame
 * use three channels, and the composite writes the frame's alpha). */
__global__ void __launch_bounds__(256) dof_half_down_kernel(dof_cuda_half_args a)
{
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x), j = (int)(blockIdx.y * blockDim.y + threadIdx.y);
    int hw = dof_half_size(a.w), hh = dof_half_size(a.h);
    if (i >= hw || j >= hh) return;
    float x0 = dof_half_lo(i) + 0.5f, x1 = dof_half_hi(i, a.w) + 0.5f;
    float y0 = dof_half_lo(j) + 0.5f, y1 = dof_half_hi(j, a.h) + 0.5f;
    float4 c0 = tex2D<float4>(a.color, x0, y0), c1 = tex2D<float4>(a.color, x1, y0);
    float4 c2 = tex2D<float4>(a.color, x0, y1), c3 = tex2D<float4>(a.color, x1, y1);
    float d = dof_half_depth(tex2D<float>(a.depth, x0, y0), tex2D<float>(a.depth, x1, y0),
                             tex2D<float>(a.depth, x0, y1), tex2D<float>(a.depth, x1, y1));
    float inv = 1.0f / a.scale;
#define DOF_HALF_CH(f)                                                                                       \
    ((float)dof_half_color(quantize(c0.f, a.scale), quantize(c1.f, a.scale),             \
                           quantize(c2.f, a.scale), quantize(c3.f, a.scale)) * inv)
    float4 c = make_float4(DOF_HALF_CH(x), DOF_HALF_CH(y), DOF_HALF_CH(z), d);
#undef DOF_HALF_CH
    surf2Dwrite(c, a.half_color, i * (int)sizeof(float4), j);
    surf2Dwrite(d, a.half_depth, i * (int)sizeof(float), j);
}

/* The composite: a block's 16 x 16 half pixels are 32 x 32 full pixels, whose taps are
 * those half pixels and a ring of one around them: staged once in shared memory (18 x 18
 * colours with their depth, 18 x 18 half DoF results with their coverage), then a thread
 * composites the four full pixels of its half pixel. A thread a full pixel reading its
 * four taps from the textures made 14 texture reads a pixel; this makes 2.6. */
#define DOF_HALF_TILE 16
#define DOF_HALF_RING (DOF_HALF_TILE + 2)

/* Full pixel (x, y): the four half pixels around it, weighed by distance and depth
 * (dof_half_weights); the upsampled half DoF plus the pixel's own detail where it is in
 * focus and no blurred foreground covers it (dof_half_blend). The half colour is read
 * rounded to half precision, as the gather wrote it where a half pixel is in focus, so
 * that U - C is exactly 0 there and an in-focus pixel keeps its own colour. S_C and S_U
 * hold the block's taps from half pixel (I0, J0). */
__device__ static inline void dof_half_composite_pixel(const dof_cuda_half_args *a, int x, int y, int i0, int j0,
                                                       const float4 (*s_c)[DOF_HALF_RING],
                                                       const float4 (*s_u)[DOF_HALF_RING])
{
    int hw = dof_half_size(a->w), hh = dof_half_size(a->h), i[2], j[2];
    float tx, ty;
    dof_half_axis(x, hw, &i[0], &i[1], &tx);
    dof_half_axis(y, hh, &j[0], &j[1], &ty);
    float d = tex2D<float>(a->depth, x + 0.5f, y + 0.5f), dt[4], wt[4];
    float4 u[4], c[4];
#pragma unroll
    for (int k = 0; k < 4; k++) {
        int li = i[k & 1] - i0, lj = j[k >> 1] - j0;
        c[k] = s_c[lj][li], u[k] = s_u[lj][li];
        dt[k] = c[k].w;
    }
    dof_half_weights(d, dt, tx, ty, wt);
    float cover = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; k++) cover += wt[k] * u[k].w;   /* the half gather's fourth channel: its near coverage */
    float keep = dof_half_sharp(dof_radius(a->aperture, a->focus, d)) * (1.0f - cover);
    float4 s = tex2D<float4>(a->color, x + 0.5f, y + 0.5f);
    float v[3];
    const float sharp[3] = {s.x, s.y, s.z};
#pragma unroll
    for (int ch = 0; ch < 3; ch++) {
        float uu[4], cc[4];
#pragma unroll
        for (int k = 0; k < 4; k++) {
            uu[k] = ch == 0 ? u[k].x : ch == 1 ? u[k].y : u[k].z;
            cc[k] = __half2float(__float2half(ch == 0 ? c[k].x : ch == 1 ? c[k].y : c[k].z));
        }
        v[ch] = dof_half_blend(sharp[ch], uu, cc, wt, keep);
    }
    ushort4 o = make_ushort4(__half_as_ushort(__float2half(v[0])), __half_as_ushort(__float2half(v[1])),
                             __half_as_ushort(__float2half(v[2])), __half_as_ushort(__float2half(a->alpha)));
    surf2Dwrite(o, a->out, x * (int)sizeof(ushort4), y);
}

__global__ void __launch_bounds__(DOF_HALF_TILE * DOF_HALF_TILE) dof_half_composite_kernel(dof_cuda_half_args a)
{
    __shared__ float4 s_c[DOF_HALF_RING][DOF_HALF_RING], s_u[DOF_HALF_RING][DOF_HALF_RING];
    int hw = dof_half_size(a.w), hh = dof_half_size(a.h);
    int i0 = (int)blockIdx.x * DOF_HALF_TILE - 1, j0 = (int)blockIdx.y * DOF_HALF_TILE - 1;
    for (int k = (int)(threadIdx.y * DOF_HALF_TILE + threadIdx.x); k < DOF_HALF_RING * DOF_HALF_RING;
         k += DOF_HALF_TILE * DOF_HALF_TILE) {
        int li = k % DOF_HALF_RING, lj = k / DOF_HALF_RING;
        float hx = (float)min(max(i0 + li, 0), hw - 1) + 0.5f, hy = (float)min(max(j0 + lj, 0), hh - 1) + 0.5f;
        s_c[lj][li] = tex2D<float4>(a.half_color_tex, hx, hy);
        s_u[lj][li] = tex2D<float4>(a.half_out_tex, hx, hy);
    }
    __syncthreads();
    int i = i0 + 1 + (int)threadIdx.x, j = j0 + 1 + (int)threadIdx.y;
    if (i >= hw || j >= hh) return;
#pragma unroll
    for (int q = 0; q < 4; q++) {
        int x = 2 * i + (q & 1), y = 2 * j + (q >> 1);
        if (x < a.w && y < a.h) dof_half_composite_pixel(&a, x, y, i0, j0, s_c, s_u);
    }
}

extern "C" const void *dof_cuda_half_down_kernel(void) { return (const void *)dof_half_down_kernel; }
extern "C" const void *dof_cuda_half_composite_kernel(void) { return (const void *)dof_half_composite_kernel; }
