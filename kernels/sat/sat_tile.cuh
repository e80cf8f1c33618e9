/* Device helpers of the SAT kernels: uint4 and packed-RGB arithmetic, warp and block scans,
 * the pixel load from either source, tiled-v2's carry loops. */
#ifndef SCANWORKS_KERNELS_SAT_TILE_CUH
#define SCANWORKS_KERNELS_SAT_TILE_CUH

#include "kernels/common/cuda_util.cuh"
#include "kernels/common/pdl.cuh"
#include "sat.h"
#include "kernels/sat/tune.h"

static __device__ __forceinline__ uint4 add4(uint4 a, uint4 b)
{
    return make_uint4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
static __device__ __forceinline__ uint4 sub4(uint4 a, uint4 b)
{
    return make_uint4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
}

/* A shuffle of three or four channels: CALL is __shfl_sync, __shfl_up_sync or __shfl_xor_sync. */
#define SHFL3(call, v, arg) \
    make_uint3(call(0xffffffffu, (v).x, arg), call(0xffffffffu, (v).y, arg), call(0xffffffffu, (v).z, arg))
#define SHFL4(call, v, arg) \
    make_uint4(call(0xffffffffu, (v).x, arg), call(0xffffffffu, (v).y, arg), call(0xffffffffu, (v).z, arg), \
               call(0xffffffffu, (v).w, arg))

static __device__ __forceinline__ uint4 shfl4(uint4 v, int src) { return SHFL4(__shfl_sync, v, src); }

/* An opaque frame's three channels packed 21 bits apart in one 64-bit word (quantized
 * values are at most 65535, so sums of up to 32 of them stay inside their field), and
 * unpacked as uint3 for longer sums (sat_v2_rgb.cu). */
typedef unsigned long long rgb21;   /* r | g << 21 | b << 42 */
static __device__ __forceinline__ rgb21 pack_rgb(uint4 q) { return (rgb21)q.x | (rgb21)q.y << 21 | (rgb21)q.z << 42; }
static __device__ __forceinline__ uint3 unpack_rgb(rgb21 p)
{
    return make_uint3((unsigned)p & 0x1FFFFFu, (unsigned)(p >> 21) & 0x1FFFFFu, (unsigned)(p >> 42));
}

static __device__ __forceinline__ uint3 add3(uint3 a, uint3 b) { return make_uint3(a.x + b.x, a.y + b.y, a.z + b.z); }
static __device__ __forceinline__ uint3 rgb_of(uint4 v) { return make_uint3(v.x, v.y, v.z); }
static __device__ __forceinline__ uint4 with_alpha(uint3 v, unsigned a) { return make_uint4(v.x, v.y, v.z, a); }

/* Inclusive warp scans of uint4, uint3 and packed sums. */
static __device__ __forceinline__ uint4 shfl_up(uint4 v, int d) { return SHFL4(__shfl_up_sync, v, d); }
static __device__ __forceinline__ uint3 shfl_up(uint3 v, int d) { return SHFL3(__shfl_up_sync, v, d); }
static __device__ __forceinline__ rgb21 shfl_up(rgb21 v, int d) { return __shfl_up_sync(0xffffffffu, v, d); }
static __device__ __forceinline__ uint4 vadd(uint4 a, uint4 b) { return add4(a, b); }
static __device__ __forceinline__ uint3 vadd(uint3 a, uint3 b) { return add3(a, b); }
static __device__ __forceinline__ rgb21 vadd(rgb21 a, rgb21 b) { return a + b; }

template <typename V> static __device__ __forceinline__ V warp_inclusive(V v, int lane)
{
    for (int d = 1; d < 32; d <<= 1) {
        V o = shfl_up(v, d);
        if (lane >= d) v = vadd(v, o);
    }
    return v;
}

static __device__ __forceinline__ unsigned quantize(float v, float scale)
{
    float q = fmaxf(v, 0.0f) * scale + 0.5f;   /* NaN -> 0 */
    return q >= 65535.0f ? 65535u : (unsigned)q;
}

static __device__ __forceinline__ uint4 quantize4(float4 f, float scale)
{
    return make_uint4(quantize(f.x, scale), quantize(f.y, scale), quantize(f.z, scale), quantize(f.w, scale));
}

static __device__ __forceinline__ uint4 load_px(const sat_cuda_src src, int x, int y, int w)
{
    if (src.rgba_u32) return ((const uint4 *)src.rgba_u32)[(size_t)y * w + x];
    return quantize4(tex2D<float4>(src.tex, x + 0.5f, y + 0.5f), src.scale);
}

/* N pixels of column X, rows Y, Y + STEP, ...: all N loads issued before any is used (not
 * so with load_px's branches), at clamped coordinates, then zero outside the image. */
template <int N>
static __device__ __forceinline__ void load_column(const sat_cuda_src src, int x, int y, int step, int w, int h,
                                                   uint4 *v)
{
    int xc = min(x, w - 1);
    if (src.rgba_u32) {
        const uint4 *p = (const uint4 *)src.rgba_u32;
#pragma unroll
        for (int k = 0; k < N; k++) v[k] = p[(size_t)min(y + k * step, h - 1) * w + xc];
    } else {
        float4 f[N];
#pragma unroll
        for (int k = 0; k < N; k++) f[k] = tex2D<float4>(src.tex, xc + 0.5f, min(y + k * step, h - 1) + 0.5f);
#pragma unroll
        for (int k = 0; k < N; k++) v[k] = quantize4(f[k], src.scale);
    }
#pragma unroll
    for (int k = 0; k < N; k++)
        if (x >= w || y + k * step >= h) v[k] = make_uint4(0, 0, 0, 0);
}

/* The inclusive scan of V over the block (SCAN_THREADS threads); *TOTAL: the block's total. */
static __device__ uint4 block_inclusive(uint4 v, uint4 *warp_sums, uint4 *total)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = warp_inclusive(v, lane);
    if (lane == 31) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        uint4 s = lane < SCAN_THREADS / 32 ? warp_sums[lane] : make_uint4(0, 0, 0, 0);
        s = warp_inclusive(s, lane);
        if (lane < SCAN_THREADS / 32) warp_sums[lane] = s;
    }
    __syncthreads();
    if (warp) v = add4(v, warp_sums[warp - 1]);
    *total = warp_sums[SCAN_THREADS / 32 - 1];
    __syncthreads();   /* warp_sums is reused by the next call */
    return v;
}

/* Row carries: the per-tile row totals R (TX a row) scanned exclusively along image rows,
 * in place; a warp a row (SCAN_THREADS / 32 rows for block BLOCK), 64 tiles a step, both
 * halves loaded before either is scanned (one round trip for up to 2048 pixels). Warps
 * past the last row return: no block barrier may follow. */
static __device__ __forceinline__ void row_carries(uint4 *R, int block, int h, int tx)
{
    int lane = threadIdx.x & 31;
    int y = block * (SCAN_THREADS / 32) + (threadIdx.x >> 5);
    if (y >= h) return;
    const uint4 zero = make_uint4(0, 0, 0, 0);
    uint4 carry = zero;
    uint4 *row = R + (size_t)y * tx;
    for (int base = 0; base < tx; base += 64) {
        int i0 = base + lane, i1 = i0 + 32;
        uint4 v0 = i0 < tx ? row[i0] : zero, v1 = i1 < tx ? row[i1] : zero;
        uint4 inc0 = warp_inclusive(v0, lane), inc1 = add4(warp_inclusive(v1, lane), shfl4(inc0, 31));
        if (i0 < tx) row[i0] = add4(carry, sub4(inc0, v0));
        if (i1 < tx) row[i1] = add4(carry, sub4(inc1, v1));
        carry = add4(carry, shfl4(inc1, 31));
    }
}

/* Lane I of C (LANES words a tile row, TY tile rows) scanned exclusively down the tile rows
 * in place, loads in batches of B in flight (column carries past V2_ONE_TRIP_TY rows). */
template <int B> static __device__ __forceinline__ void carry_down(unsigned *C, int i, int lanes, int ty)
{
    unsigned run = 0;
    for (int j0 = 0; j0 < ty; j0 += B) {
        unsigned v[B];
#pragma unroll
        for (int k = 0; k < B; k++) v[k] = j0 + k < ty ? C[(size_t)(j0 + k) * lanes + i] : 0u;
#pragma unroll
        for (int k = 0; k < B; k++)
            if (j0 + k < ty) {
                C[(size_t)(j0 + k) * lanes + i] = run;
                run += v[k];
            }
    }
}

/* Sum of C[j][x] over the rows j = FIRST, FIRST + STEP, ... below J (rows of W elements),
 * B loads in flight at a time: a thread's share of tile_corners' totals above a tile. */
template <int B>
static __device__ __forceinline__ uint4 fold_above(const uint4 *C, int J, int x, int w, int first, int step)
{
    uint4 s = make_uint4(0, 0, 0, 0);
    for (int j0 = first; j0 < J; j0 += B * step) {
        uint4 v[B];
#pragma unroll
        for (int k = 0; k < B; k++) {
            int j = j0 + k * step;
            v[k] = j < J ? C[(size_t)j * w + x] : make_uint4(0, 0, 0, 0);
        }
#pragma unroll
        for (int k = 0; k < B; k++) s = add4(s, v[k]);
    }
    return s;
}

#endif
