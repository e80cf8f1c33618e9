/* The vectorized tile of "tuned" (the ladder's eight-per-thread rung) and of the
 * production "lookback" (scan_lookback.cuh). A block of THREADS threads scans a tile of
 * THREADS * NV * VEC elements, VEC = 16 bytes of elements; vector v of lane l in warp w
 * starts at tile_base + w * (32 * NV * VEC) + v * (32 * VEC) + l * VEC, so every
 * warp-wide access covers 512 contiguous bytes. Each thread reduces its vectors in
 * registers, a warp scan per row of vectors gives each its prefix within the warp, warp
 * 0 scans the warp totals (the tile's aggregate), and each thread rescans its vectors
 * from its prefix and stores them. */
#ifndef SCANWORKS_KERNELS_SCAN_TILE_CUH
#define SCANWORKS_KERNELS_SCAN_TILE_CUH

#include "scan_ops.cuh"

#define TILE_THREADS 256
#define TILE_WARPS (TILE_THREADS / 32)

enum { FLAG_INVALID = 0, FLAG_AGGREGATE = 1, FLAG_PREFIX = 2 };

/* Per-tile status of "lookback": 4-byte T, one 8-byte word a slot (tag, value); 8-byte
 * T, two, written and read as one 16-byte access (tag, low half), (tag, high half). */
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

/* Steps 1 and 2 for one row: the prefix of vector X within the warp, after CARRY (the
 * op of the warp's rows before it); CARRY takes in the row's total. */
template <typename T, int OP>
static __device__ __forceinline__ T tile_row_prefix(const vec16<T> &x, T &carry, int lane)
{
    const int VEC = 16 / sizeof(T);
    T t = x.e[0];
#pragma unroll
    for (int j = 1; j < VEC; j++) t = op_apply<T, OP>(t, x.e[j]);
    T inc = warp_inclusive<T, OP>(t, lane);
    T exc = __shfl_up_sync(FULL_MASK, inc, 1);
    T pre = op_apply<T, OP>(carry, lane ? exc : op_identity<T, OP>());
    carry = op_apply<T, OP>(carry, __shfl_sync(FULL_MASK, inc, 31));
    return pre;
}

/* Steps 1 and 2: each vector's prefix within the warp (PRE); returns the warp's total. */
template <typename T, int OP, int NV>
static __device__ __forceinline__ T tile_warp_prefixes(const vec16<T> (&x)[NV], T (&pre)[NV], int lane)
{
    T carry = op_identity<T, OP>();
#pragma unroll
    for (int v = 0; v < NV; v++) pre[v] = tile_row_prefix<T, OP>(x[v], carry, lane);
    return carry;
}

/* Step 5 for one vector: its elements scanned on from R (the op of everything before
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

/* Stores the 16-byte vector Y at OUT + I: one vector store when FAST (CS: streaming),
 * else element by element, those below N only. */
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

/* Step 5: rescan each vector from the warp's prefix WP and store. */
template <typename T, int OP, int NV>
static __device__ __forceinline__ void tile_store(T *out, const vec16<T> (&x)[NV], const T (&pre)[NV], T wp,
                                                  int inclusive, size_t base, size_t n, bool fast, bool cs,
                                                  int warp, int lane)
{
#pragma unroll
    for (int v = 0; v < NV; v++) {
        T r = op_apply<T, OP>(wp, pre[v]);
        vec16<T> y;
        vec_rescan<T, OP>(y, x[v], r, inclusive);
        store16<T>(out, tile_elem<T, NV>(base, warp, v, lane), y, fast, cs, n);
    }
}

/* Warp 0 of a tile: scans the WARPS warp totals in S_WARP; returns the tile's total
 * and sets *EXC to warp LANE's exclusive prefix within the tile (the identity for
 * lane 0). */
template <typename T, int OP, int WARPS>
static __device__ __forceinline__ T tile_scan_warp_totals(const T *s_warp, int lane, T *exc)
{
    const T id = op_identity<T, OP>();
    const T inc = warp_inclusive<T, OP>(lane < WARPS ? s_warp[lane] : id, lane);
    const T up = __shfl_up_sync(FULL_MASK, inc, 1);
    *exc = lane ? up : id;
    return __shfl_sync(FULL_MASK, inc, WARPS - 1);
}

/* "tuned", the ladder's eight-per-thread rung (39.2.5; SUMS, if not NULL, gets each
 * tile's aggregate for the block-sum scan and the uniform add). What the production
 * kernel fixes: the second and third trips through memory (one pass, look-back).
 * ALIGNED: IN and OUT are 16-byte aligned, so full tiles use vector accesses. */
template <typename T, int OP, int NV>
__global__ void __launch_bounds__(TILE_THREADS)
tile_scan_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, T *sums)
{
    const int VEC = 16 / sizeof(T);
    const size_t TILE = (size_t)TILE_THREADS * NV * VEC;
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

    /* Steps 3 and 4: warp 0 scans the warp totals (the tile's prefix is the identity). */
    if (warp == 0) {
        T exc;
        const T agg = tile_scan_warp_totals<T, OP, TILE_WARPS>(s_warp, lane, &exc);
        if (sums && lane == 0) sums[tile] = agg;
        if (lane < TILE_WARPS) s_warp[lane] = exc;
    }
    __syncthreads();

    tile_store<T, OP, NV>(out, x, pre, s_warp[warp], inclusive, base, n, fast, false, warp, lane);
}

#endif
