/* The vectorized tile of "tuned" (the ladder's eight-per-thread rung) and of "lookback"
 * (scan_lookback.cuh): a block of THREADS threads scans THREADS * NV * VEC elements, VEC =
 * 16 bytes of elements; vector v of lane l in warp w starts at tile_base + w * (32 * NV *
 * VEC) + v * (32 * VEC) + l * VEC, so every warp-wide access covers 512 contiguous bytes.
 * Steps: 0, load; 1, each thread reduces each vector in registers; 2, a warp scan per row
 * of vectors gives each its prefix in the warp; 3, warp 0 scans the warp totals (the
 * tile's aggregate); 4, the tile's prefix (the identity in "tuned"); 5, rescan and store. */
#ifndef SCANWORKS_KERNELS_SCAN_TILE_CUH
#define SCANWORKS_KERNELS_SCAN_TILE_CUH

#include "scan.h"   /* SCAN_K_TILE_THREADS */
#include "scan_ops.cuh"

#define TILE_WARPS (SCAN_K_TILE_THREADS / 32)

enum { FLAG_INVALID = 0, FLAG_AGGREGATE = 1, FLAG_PREFIX = 2 };

/* The per-tile status words of "lookback" (lb_publish: their layout). */
template <typename T> struct tile_status {
    unsigned long long *packed;
};

template <typename T, int NV>
static __device__ __forceinline__ size_t tile_elem(size_t base, int warp, int v, int lane)
{
    const int VEC = 16 / sizeof(T);
    return base + (size_t)warp * (32 * NV * VEC) + (size_t)v * (32 * VEC) + (size_t)lane * VEC;
}

/* Step 0: load NV vectors (16-byte loads on full aligned tiles; CS: streaming). */
template <typename T, int OP, int NV>
static __device__ __forceinline__ void tile_load(vec16<T> (&x)[NV], const T *in, size_t base, size_t n, bool fast,
                                                 bool cs, int warp, int lane)
{
    const int VEC = 16 / sizeof(T);
#pragma unroll
    for (int v = 0; v < NV; v++) {
        size_t i = tile_elem<T, NV>(base, warp, v, lane);
        if (fast) {
            x[v].q = cs ? __ldcs((const int4 *)(in + i)) : *(const int4 *)(in + i);
        } else {
#pragma unroll
            for (int j = 0; j < VEC; j++) x[v].e[j] = i + j < n ? in[i + j] : op_identity<T, OP>();
        }
    }
}

/* Steps 1 and 2: each vector's prefix within the warp (PRE): its elements reduced, a
 * warp scan of that row of vectors, after CARRY (the op of the warp's rows before it);
 * returns the warp's total. */
template <typename T, int OP, int NV>
static __device__ __forceinline__ T tile_warp_prefixes(const vec16<T> (&x)[NV], T (&pre)[NV], int lane)
{
    const int VEC = 16 / sizeof(T);
    T carry = op_identity<T, OP>();
#pragma unroll
    for (int v = 0; v < NV; v++) {
        T t = x[v].e[0];
#pragma unroll
        for (int j = 1; j < VEC; j++) t = op_apply<T, OP>(t, x[v].e[j]);
        T inc = warp_inclusive<T, OP>(t, lane);
        T exc = __shfl_up_sync(FULL_MASK, inc, 1);
        pre[v] = op_apply<T, OP>(carry, lane ? exc : op_identity<T, OP>());
        carry = op_apply<T, OP>(carry, __shfl_sync(FULL_MASK, inc, 31));
    }
    return carry;
}

/* Step 5, one vector: its elements scanned on from R (the op of everything before
 * it) into Y, inclusive or exclusive; R becomes the op through the vector. */
template <typename T, int OP>
static __device__ __forceinline__ void vec_rescan(vec16<T> &y, const vec16<T> &x, T &r, int inclusive)
{
    const int VEC = 16 / sizeof(T);
#pragma unroll
    for (int j = 0; j < VEC; j++) {
        T nr = op_apply<T, OP>(r, x.e[j]);
        y.e[j] = inclusive ? nr : r;
        r = nr;
    }
}

/* Y to OUT + I: one vector store when FAST (CS: streaming), else its elements below N. */
template <typename T>
static __device__ __forceinline__ void store16(T *out, size_t i, const vec16<T> &y, bool fast, bool cs, size_t n)
{
    const int VEC = 16 / sizeof(T);
    if (fast) {
        if (cs)
            __stcs((int4 *)(out + i), y.q);
        else
            *(int4 *)(out + i) = y.q;
    } else {
#pragma unroll
        for (int j = 0; j < VEC; j++)
            if (i + j < n) out[i + j] = y.e[j];
    }
}

/* Step 3, warp 0: scans the WARPS warp totals in S_WARP; returns the tile's total and
 * sets *EXC to warp LANE's exclusive prefix within the tile. */
template <typename T, int OP, int WARPS>
static __device__ __forceinline__ T tile_scan_warp_totals(const T *s_warp, int lane, T *exc)
{
    const T id = op_identity<T, OP>();
    const T inc = warp_inclusive<T, OP>(lane < WARPS ? s_warp[lane] : id, lane);
    const T up = __shfl_up_sync(FULL_MASK, inc, 1);
    *exc = lane ? up : id;
    return __shfl_sync(FULL_MASK, inc, WARPS - 1);
}

/* "tuned", 39.2.5 (SUMS, if not NULL, gets each tile's aggregate for the block-sum scan and
 * the uniform add). ALIGNED: IN and OUT are 16-byte aligned: full tiles use vector accesses. */
template <typename T, int OP, int NV>
__global__ void __launch_bounds__(SCAN_K_TILE_THREADS)
tile_scan_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, T *sums)
{
    const int VEC = 16 / sizeof(T);
    const size_t TILE = (size_t)SCAN_K_TILE_THREADS * NV * VEC;
    __shared__ T s_warp[TILE_WARPS];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const size_t tile = blockIdx.x;
    const size_t base = tile * TILE;
    const bool fast = aligned && base + TILE <= n;
    vec16<T> x[NV];
    tile_load<T, OP, NV>(x, in, base, n, fast, false, warp, lane);
    T pre[NV];
    const T carry = tile_warp_prefixes<T, OP, NV>(x, pre, lane);
    if (lane == 31) s_warp[warp] = carry;
    __syncthreads();
    if (warp == 0) {
        T exc;
        const T agg = tile_scan_warp_totals<T, OP, TILE_WARPS>(s_warp, lane, &exc);
        if (sums && lane == 0) sums[tile] = agg;
        if (lane < TILE_WARPS) s_warp[lane] = exc;
    }
    __syncthreads();
    const T wp = s_warp[warp];
#pragma unroll
    for (int v = 0; v < NV; v++) {
        T r = op_apply<T, OP>(wp, pre[v]);
        vec16<T> y;
        vec_rescan<T, OP>(y, x[v], r, inclusive);
        store16<T>(out, tile_elem<T, NV>(base, warp, v, lane), y, fast, false, n);
    }
}

#endif
