/* Device helpers of the SAT kernels (sat.cu, sat_lookback.cu): uint4 arithmetic,
 * warp scans of all four channels, and the pixel load from either source. */
#ifndef SCANWORKS_KERNELS_SAT_TILE_CUH
#define SCANWORKS_KERNELS_SAT_TILE_CUH

#include "cuda_util.cuh"
#include "sat.h"

#define TILE 32
#define ROWS_PER_WARP (TILE / 8)

static __device__ __forceinline__ uint4 add4(uint4 a, uint4 b)
{
    return make_uint4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

static __device__ __forceinline__ uint4 sub4(uint4 a, uint4 b)
{
    return make_uint4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
}

/* A shuffle of all four channels: CALL is __shfl_sync, __shfl_up_sync or __shfl_xor_sync. */
#define SHFL4(call, v, arg) \
    make_uint4(call(0xffffffffu, (v).x, arg), call(0xffffffffu, (v).y, arg), call(0xffffffffu, (v).z, arg), \
               call(0xffffffffu, (v).w, arg))

static __device__ __forceinline__ uint4 shfl_up4(uint4 v, int d) { return SHFL4(__shfl_up_sync, v, d); }

static __device__ __forceinline__ uint4 warp_inclusive(uint4 v, int lane)
{
    for (int d = 1; d < 32; d <<= 1) {
        uint4 o = shfl_up4(v, d);
        if (lane >= d) v = add4(v, o);
    }
    return v;
}

static __device__ __forceinline__ uint4 shfl4(uint4 v, int src) { return SHFL4(__shfl_sync, v, src); }

static __device__ __forceinline__ unsigned quantize(float v, float scale)
{
    float q = fmaxf(v, 0.0f) * scale + 0.5f;   /* NaN -> 0 */
    return q >= 65535.0f ? 65535u : (unsigned)q;
}

static __device__ __forceinline__ uint4 load_px(const sat_cuda_src src, int x, int y, int w)
{
    if (src.rgba_u32) return ((const uint4 *)src.rgba_u32)[(size_t)y * w + x];
    float4 f = tex2D<float4>(src.tex, x + 0.5f, y + 0.5f);
    return make_uint4(quantize(f.x, src.scale), quantize(f.y, src.scale), quantize(f.z, src.scale),
                      quantize(f.w, src.scale));
}

#endif
