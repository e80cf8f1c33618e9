/* The vectorized tile scan behind "tuned" and "lookback".
 *
 * A block of TILE_THREADS threads scans one tile of TILE_THREADS * NV * VEC
 * elements, VEC = 16 bytes of elements. Each thread owns NV vectors, loaded and
 * stored with one 16-byte access each; vector v of lane l in warp w starts at
 *     tile_base + w * (32 * NV * VEC) + v * (32 * VEC) + l * VEC,
 * so every warp-wide access covers 512 contiguous bytes (fully coalesced). Scan order
 * is the element order: within a warp the vectors go row by row (v), lanes across.
 *
 *   1. each thread reduces each of its vectors in registers (sequential, VEC-1 ops);
 *   2. per row v a warp scan (shuffles) of those totals gives each vector's prefix
 *      within the warp; rows chain by their totals;
 *   3. warp 0 scans the warp totals: the block's aggregate;
 *   4. "tuned": the aggregate goes to sums[tile] (scanned and added back later);
 *      "lookback": warp 0 publishes it and looks back over predecessors' status
 *      words 32 at a time (one per lane) until it finds an inclusive prefix
 *      (Merrill and Garland 2016), then publishes its own inclusive prefix;
 *   5. each thread rescans its vectors sequentially from its prefix and stores.
 * The tile index comes from an atomic counter, so every tile a block waits for was
 * taken by a block already running: forward progress without co-scheduling. */
#ifndef SCANWORKS_KERNELS_SCAN_TILE_CUH
#define SCANWORKS_KERNELS_SCAN_TILE_CUH

#include "scan_ops.cuh"

#define TILE_THREADS 256
#define TILE_WARPS (TILE_THREADS / 32)

enum { FLAG_INVALID = 0, FLAG_AGGREGATE = 1, FLAG_PREFIX = 2 };

/* Per-tile status. 4-byte types: one 64-bit word, flag in the high half and the
 * value's bits in the low half, written and read in one access (no fence needed).
 * 8-byte types: a flag word and two value slots (aggregate, inclusive prefix); the
 * value is stored, then a fence, then the flag; a reader reads the flag, fences,
 * then reads the slot the flag names. The caller zeroes it before each scan. */
template <typename T> struct tile_status {
    unsigned long long *packed;   /* 4-byte T: one word per tile */
    unsigned int *flags;          /* 8-byte T */
    T *aggregate, *inclusive;     /* 8-byte T */
};

template <typename T> static __device__ __forceinline__ void status_publish(tile_status<T> st, size_t tile, int flag, T v)
{
    if constexpr (sizeof(T) == 4) {
        unsigned int bits;
        memcpy(&bits, &v, 4);
        ((volatile unsigned long long *)st.packed)[tile] = ((unsigned long long)flag << 32) | bits;
    } else {
        volatile T *slot = flag == FLAG_PREFIX ? st.inclusive : st.aggregate;
        slot[tile] = v;
        __threadfence();
        ((volatile unsigned int *)st.flags)[tile] = (unsigned int)flag;
    }
}

/* Spins until TILE has published something; returns its flag and value. */
template <typename T> static __device__ __forceinline__ int status_wait(tile_status<T> st, size_t tile, T *v)
{
    if constexpr (sizeof(T) == 4) {
        unsigned long long w;
        do {
            w = ((volatile unsigned long long *)st.packed)[tile];
        } while ((unsigned int)(w >> 32) == FLAG_INVALID);
        unsigned int bits = (unsigned int)w;
        memcpy(v, &bits, 4);
        return (int)(w >> 32);
    } else {
        unsigned int f;
        do {
            f = ((volatile unsigned int *)st.flags)[tile];
        } while (f == FLAG_INVALID);
        __threadfence();
        *v = ((volatile T *)(f == FLAG_PREFIX ? st.inclusive : st.aggregate))[tile];
        return (int)f;
    }
}

/* Warp 0 of tile TILE (> 0): publishes AGG, returns the op of all earlier tiles. */
template <typename T, int OP> static __device__ T look_back(tile_status<T> st, size_t tile, T agg, int lane)
{
    if (lane == 0) status_publish(st, tile, FLAG_AGGREGATE, agg);
    T prefix = op_identity<T, OP>();
    long long pred = (long long)tile - 1;
    for (;;) {
        long long idx = pred - lane;   /* lane 0 the nearest predecessor */
        T v = op_identity<T, OP>();
        int flag = FLAG_PREFIX;        /* before tile 0: the identity, complete */
        if (idx >= 0) flag = status_wait(st, (size_t)idx, &v);
        unsigned int done = __ballot_sync(FULL_MASK, flag == FLAG_PREFIX);
        int stop = done ? __ffs(done) - 1 : 31;   /* nearest lane holding a full prefix */
        T part = warp_reduce<T, OP>(lane <= stop ? v : op_identity<T, OP>());
        prefix = op_apply<T, OP>(part, prefix);   /* PART covers older tiles */
        if (done) break;
        pred -= 32;
    }
    if (lane == 0) status_publish(st, tile, FLAG_PREFIX, op_apply<T, OP>(prefix, agg));
    return prefix;
}

template <typename T, int NV>
static __device__ __forceinline__ size_t tile_elem(size_t base, int warp, int v, int lane)
{
    const int VEC = 16 / sizeof(T);
    return base + (size_t)warp * (32 * NV * VEC) + (size_t)v * (32 * VEC) + (size_t)lane * VEC;
}

/* LOOKBACK false: "tuned" (SUMS, if not NULL, gets each tile's aggregate).
 * LOOKBACK true: "lookback" (COUNTER hands out tiles, ST holds their status).
 * ALIGNED: IN and OUT are 16-byte aligned, so full tiles use vector accesses. */
template <typename T, int OP, int NV, bool LOOKBACK>
__global__ void __launch_bounds__(TILE_THREADS)
tile_scan_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, T *sums, tile_status<T> st,
                 unsigned int *counter)
{
    const int VEC = 16 / sizeof(T);
    const size_t TILE = (size_t)TILE_THREADS * NV * VEC;
    __shared__ T s_warp[TILE_WARPS];
    __shared__ unsigned int s_tile;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;

    size_t tile = blockIdx.x;
    if (LOOKBACK) {
        if (threadIdx.x == 0) s_tile = atomicAdd(counter, 1u);
        __syncthreads();
        tile = s_tile;
    }
    const size_t base = tile * TILE;
    const bool fast = aligned && base + TILE <= n;
    const T id = op_identity<T, OP>();

    vec16<T> x[NV];
#pragma unroll
    for (int v = 0; v < NV; v++) {
        size_t i = tile_elem<T, NV>(base, warp, v, lane);
        if (fast) {
            x[v].q = *(const int4 *)(in + i);
        } else {
#pragma unroll
            for (int j = 0; j < VEC; j++) x[v].e[j] = i + j < n ? in[i + j] : id;
        }
    }

    /* Steps 1 and 2: each vector's prefix within the warp. */
    T pre[NV];
    T carry = id;
#pragma unroll
    for (int v = 0; v < NV; v++) {
        T t = x[v].e[0];
#pragma unroll
        for (int j = 1; j < VEC; j++) t = op_apply<T, OP>(t, x[v].e[j]);
        T inc = warp_inclusive<T, OP>(t, lane);
        T exc = __shfl_up_sync(FULL_MASK, inc, 1);
        pre[v] = op_apply<T, OP>(carry, lane ? exc : id);
        carry = op_apply<T, OP>(carry, __shfl_sync(FULL_MASK, inc, 31));
    }
    if (lane == 31) s_warp[warp] = carry;
    __syncthreads();

    /* Steps 3 and 4: warp 0 scans the warp totals and finds the tile's prefix. */
    if (warp == 0) {
        T w = lane < TILE_WARPS ? s_warp[lane] : id;
        T inc = warp_inclusive<T, OP>(w, lane);
        T exc = __shfl_up_sync(FULL_MASK, inc, 1);
        T agg = __shfl_sync(FULL_MASK, inc, TILE_WARPS - 1);
        T prefix = id;
        if (LOOKBACK) {
            if (tile == 0) {
                if (lane == 0) status_publish(st, 0, FLAG_PREFIX, agg);
            } else {
                prefix = look_back<T, OP>(st, tile, agg, lane);
            }
        } else if (sums && lane == 0) {
            sums[tile] = agg;
        }
        if (lane < TILE_WARPS) s_warp[lane] = op_apply<T, OP>(prefix, lane ? exc : id);
    }
    __syncthreads();

    /* Step 5: rescan from the prefix and store. */
    const T wp = s_warp[warp];
#pragma unroll
    for (int v = 0; v < NV; v++) {
        T r = op_apply<T, OP>(wp, pre[v]);
        vec16<T> y;
#pragma unroll
        for (int j = 0; j < VEC; j++) {
            T nr = op_apply<T, OP>(r, x[v].e[j]);
            y.e[j] = inclusive ? nr : r;
            r = nr;
        }
        size_t i = tile_elem<T, NV>(base, warp, v, lane);
        if (fast) {
            *(int4 *)(out + i) = y.q;
        } else {
#pragma unroll
            for (int j = 0; j < VEC; j++)
                if (i + j < n) out[i + j] = y.e[j];
        }
    }
}

#endif
