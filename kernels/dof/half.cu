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
#include "kernels/dof/half_down.cuh"
#include "kernels/common/cuda_util.cuh"   /* SW_MIN_BLOCKS */
#include "kernels/common/pdl.cuh"
#include "kernels/dof/half_ready.cuh"

/* A thread a half pixel (half_down.cuh). The 2 x 2 block comes from four texture gathers
 * (R, G, B and the depth, four texels each: sat_cuda.c registers the frame's images for
 * them), not eight fetches: the fetches kept the texture unit's queue full (1.4 us more
 * at 1080p on an H100). Where the table's build takes it as its tile sums
 * (half_sums.cu) this kernel does not run. */
__global__ void __launch_bounds__(256) dof_half_down_kernel(dof_cuda_half_args a)
{
    pdl_trigger();   /* the table's first kernel may launch: it waits for this one */
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x), j = (int)(blockIdx.y * blockDim.y + threadIdx.y);
    int hw = dof_half_size(a.w), hh = dof_half_size(a.h);
    if (i >= hw || j >= hh) return;
    float4 q[4];
    dof_half_down_fetch(a, i, j, q);
    dof_half_down_store(a, i, j, q);
}

/* The composite, a warp at a time: a warp covers 32 x 2 full pixels (a thread a column of
 * two), whose taps are 18 x 3 half pixels (the 16 x 1 under it and a ring of one), staged
 * in the warp's own shared memory: the half colours (rounded to half precision, as the
 * gather wrote them where a half pixel is in focus, so that U - C is exactly 0 there and
 * an in-focus pixel keeps its own colour) with their depth, and the half DoF results with
 * their near coverage. Only the warp's lanes share them, so __syncwarp orders them and no
 * warp waits for another: a block's barrier made each block load, then compute, and left
 * the SM half idle (docs/perf/dof.md). The kernel is a programmatic dependent of the
 * gather (sm_90: pdl.cuh), so its warps start while the gather's last ones run; a warp
 * reads its full pixels (their colour only where the pixel keeps some of its own detail)
 * and the half colours (written before the gather launched), then waits only for the
 * gather warps whose rows its taps read (half_ready.cuh), not for the whole gather, and
 * reads the half DoF from L2 by plain loads (a texture fetch of it would be cached, and
 * ptxas may move one above any wait: pdl.cuh). Each lane stages two taps (54 of 64), all
 * loads issued together: one round trip after the wait, not two. The blocks run the last
 * rows first, as the gather does. */
#define DOF_HALF_ROWS DOF_HALF_COMPOSITE_ROWS
#define DOF_HALF_WARPS DOF_HALF_COMPOSITE_WARPS
#define DOF_HALF_TC 18                          /* a warp's taps along x: 16 and the ring */
#define DOF_HALF_TR (DOF_HALF_ROWS / 2 + 2)     /* along y */
#define DOF_HALF_TAPS (DOF_HALF_TC * DOF_HALF_TR)

__device__ static inline float dof_half_round(float v) { return __half2float(__float2half(v)); }

__device__ static inline float4 dof_half_unpack(ushort4 h)
{
    return make_float4(__half2float(__ushort_as_half(h.x)), __half2float(__ushort_as_half(h.y)),
                       __half2float(__ushort_as_half(h.z)), __half2float(__ushort_as_half(h.w)));
}

/* six blocks an SM where it holds 1536 threads or more: 40 registers, no spill */
__global__ void __launch_bounds__(32 * DOF_HALF_WARPS, SW_MIN_BLOCKS(32 * DOF_HALF_WARPS, 6))
    dof_half_composite_kernel(dof_cuda_half_args a)
{
    __shared__ float4 s_c[DOF_HALF_WARPS][DOF_HALF_TAPS], s_u[DOF_HALF_WARPS][DOF_HALF_TAPS];
    const int lane = (int)threadIdx.x, wp = (int)threadIdx.y;
    /* the last rows first, as the gather runs, so that the first warps wait least */
    const int bx = (int)(gridDim.x - 1 - blockIdx.x), by = (int)(gridDim.y - 1 - blockIdx.y);
    const int x = bx * 32 + lane, y0 = (by * DOF_HALF_WARPS + wp) * DOF_HALF_ROWS;
    /* the full pixels' depth, and their colour only where some of it is kept: a pixel
     * blurred by 3/2 or more (dof_half_sharp 0) is the upsampled half DoF alone (a thread
     * outside the picture reads clamped texels and writes nothing) */
    float d[DOF_HALF_ROWS], sharp[DOF_HALF_ROWS];
    float4 s[DOF_HALF_ROWS];
#pragma unroll
    for (int r = 0; r < DOF_HALF_ROWS; r++) d[r] = tex2D<float>(a.depth, x + 0.5f, y0 + r + 0.5f);
#pragma unroll
    for (int r = 0; r < DOF_HALF_ROWS; r++) {
        sharp[r] = dof_half_sharp(dof_radius(a.aperture, a.focus, d[r]));
        s[r] = sharp[r] > 0.0f ? tex2D<float4>(a.color, x + 0.5f, y0 + r + 0.5f) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    }
    /* the taps: half columns i0 .. i0 + 17 and rows j0 .. j0 + TR - 1, clamped; lane t
     * stages taps t and t + 32 (lanes from 22 on load the last tap again and store nothing) */
    const int hw = dof_half_size(a.w), hh = dof_half_size(a.h);
    const int i0 = bx * 16 - 1, j0 = y0 / 2 - 1;
    const int t0 = lane, t1 = min(lane + 32, DOF_HALF_TAPS - 1);
    const int hx0 = min(max(i0 + t0 % DOF_HALF_TC, 0), hw - 1), hy0 = min(max(j0 + t0 / DOF_HALF_TC, 0), hh - 1);
    const int hx1 = min(max(i0 + t1 % DOF_HALF_TC, 0), hw - 1), hy1 = min(max(j0 + t1 / DOF_HALF_TC, 0), hh - 1);
    float4 c0 = tex2D<float4>(a.half_color_tex, hx0 + 0.5f, hy0 + 0.5f);   /* the downsample's: done before the gather */
    float4 c1 = tex2D<float4>(a.half_color_tex, hx1 + 0.5f, hy1 + 0.5f);
    /* the gather warps the taps read: rows j0 .. j0 + TR - 1 (clamped), each at the taps'
     * first and last columns (18 half pixels span one or two warps of 32), a lane each */
    if (lane < 2 * DOF_HALF_TR) {
        const int row = min(max(j0 + (lane >> 1), 0), hh - 1), col = min(max(i0 + (lane & 1) * (DOF_HALF_TC - 1), 0), hw - 1);
        dof_ready_wait(a.ready, a.ready_w, col, row, a.epoch);
    }
    __syncwarp();
    const ushort4 *half_out = (const ushort4 *)a.half_out;   /* from L2, where the gather's stores are */
    float4 u0 = dof_half_unpack(__ldcg(half_out + (size_t)hy0 * (unsigned)hw + (unsigned)hx0));
    float4 u1 = dof_half_unpack(__ldcg(half_out + (size_t)hy1 * (unsigned)hw + (unsigned)hx1));
    float4 *sc = s_c[wp], *su = s_u[wp];
    sc[t0] = make_float4(dof_half_round(c0.x), dof_half_round(c0.y), dof_half_round(c0.z), c0.w);
    su[t0] = u0;
    if (lane + 32 < DOF_HALF_TAPS) {
        sc[t1] = make_float4(dof_half_round(c1.x), dof_half_round(c1.y), dof_half_round(c1.z), c1.w);
        su[t1] = u1;
    }
    __syncwarp();
    if (x >= a.w) return;
    /* Each pixel: the four half pixels around it, weighed by distance and depth
     * (dof_half_weights); the upsampled half DoF plus the pixel's own detail where it is
     * in focus and no blurred foreground covers it (dof_half_blend). dof_half_axis's taps
     * (x - 1) >> 1 and one more, clamped, are the staged ring's (lane + 1) >> 1 and one
     * more (row y0 + r: (r + 1) >> 1, y0 even): the ring holds the clamped half pixels. */
    const int li = (lane + 1) >> 1;
    const float tx = (x & 1) ? 0.25f : 0.75f;
#pragma unroll
    for (int r = 0; r < DOF_HALF_ROWS; r++) {
        const int y = y0 + r;
        if (y >= a.h) return;
        const int lj = (r + 1) >> 1;
        const float ty = (r & 1) ? 0.25f : 0.75f;
        int tap[4];   /* the taps' places in the warp's shared memory */
        float dt[4], wt[4];
#pragma unroll
        for (int k = 0; k < 4; k++) {
            tap[k] = (lj + (k >> 1)) * DOF_HALF_TC + li + (k & 1);
            dt[k] = sc[tap[k]].w;
        }
        dof_half_weights(d[r], dt, tx, ty, wt);
        /* dof_half_blend's sums, a tap at a time (the same order): U and C, and the near coverage */
        float uu[3] = {0.0f, 0.0f, 0.0f}, cc[3] = {0.0f, 0.0f, 0.0f}, cover = 0.0f;
#pragma unroll
        for (int k = 0; k < 4; k++) {
            float4 u = su[tap[k]], c = sc[tap[k]];
            uu[0] += wt[k] * u.x, uu[1] += wt[k] * u.y, uu[2] += wt[k] * u.z;
            cc[0] += wt[k] * c.x, cc[1] += wt[k] * c.y, cc[2] += wt[k] * c.z;
            cover += wt[k] * u.w;   /* the half gather's fourth channel: its near coverage */
        }
        float keep = sharp[r] * (1.0f - cover);
        float v[3] = {dof_half_mix(s[r].x, uu[0], cc[0], keep), dof_half_mix(s[r].y, uu[1], cc[1], keep),
                      dof_half_mix(s[r].z, uu[2], cc[2], keep)};
        ushort4 o = make_ushort4(__half_as_ushort(__float2half(v[0])), __half_as_ushort(__float2half(v[1])),
                                 __half_as_ushort(__float2half(v[2])), __half_as_ushort(__float2half(a.alpha)));
        surf2Dwrite(o, a.out, x * (int)sizeof(ushort4), y);
    }
}

extern "C" const void *dof_cuda_half_down_kernel(void) { return (const void *)dof_half_down_kernel; }
extern "C" const void *dof_cuda_half_composite_kernel(void) { return (const void *)dof_half_composite_kernel; }
