/* Device helpers of the compaction, radix sort and graph kernels: warp and block sums (one
 * shared word a warp), the sorts' key maps and digit offsets, compaction's look-back. */
#ifndef SCANWORKS_KERNELS_BLOCK_SCAN_CUH
#define SCANWORKS_KERNELS_BLOCK_SCAN_CUH

#include <stdint.h>

#define BS_FULL_MASK 0xffffffffu
#define BS_WARP_SUMS 33   /* one word per warp, then the block total */

/* Inclusive sum over the 32 lanes of a warp (all lanes take part). */
template <typename T> static __device__ __forceinline__ T warp_inclusive_sum(T x)
{
    const unsigned int lane = threadIdx.x & 31u;
#pragma unroll
    for (unsigned int d = 1; d < 32; d <<= 1) {
        T y = __shfl_up_sync(BS_FULL_MASK, x, d);
        if (lane >= d) x += y;
    }
    return x;
}

/* Exclusive sum of X over the block (blockDim.x a multiple of 32, at most 1024; all threads
 * call it) in BS_WARP_SUMS words of shared memory; *TOTAL: the block's sum in every thread. */
static __device__ __forceinline__ unsigned int block_exclusive_sum(unsigned int x, unsigned int *warp_sums,
                                                                   unsigned int *total)
{
    const unsigned int lane = threadIdx.x & 31u, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;
    unsigned int inc = warp_inclusive_sum(x);
    if (lane == 31) warp_sums[warp] = inc;
    __syncthreads();
    if (warp == 0) {
        unsigned int w = lane < nwarps ? warp_sums[lane] : 0u;
        unsigned int wi = warp_inclusive_sum(w);
        if (lane < nwarps) warp_sums[lane] = wi - w;
        if (lane == 31) warp_sums[32] = wi;   /* lane 31 >= nwarps-1: wi is the total */
    }
    __syncthreads();
    unsigned int result = warp_sums[warp] + inc - x;
    *total = warp_sums[32];
    __syncthreads();   /* warp_sums may be reused at once */
    return result;
}

/* Order-preserving maps of 32-bit keys to unsigned integers: int32 flips the sign
 * bit; float32 flips all bits of negatives and the sign bit of the rest, so -0.0 sorts
 * before +0.0 and every NaN (made 0xFFFFFFFF) sorts last. Mode 0 is uint32. */
static __device__ __forceinline__ uint32_t key_to_ordered(uint32_t bits, int mode)
{
    if (mode == 1) return bits ^ 0x80000000u;
    if (mode == 2) {
        if ((bits & 0x7fffffffu) > 0x7f800000u) return 0xffffffffu;
        return bits ^ ((bits & 0x80000000u) ? 0xffffffffu : 0x80000000u);
    }
    return bits;
}

static __device__ __forceinline__ uint32_t key_from_ordered(uint32_t u, int mode)
{
    if (mode == 1) return u ^ 0x80000000u;
    if (mode == 2) return u ^ ((u & 0x80000000u) ? 0x80000000u : 0xffffffffu);
    return u;
}

/* The radix sorts' per-warp digit counts HIST[w][d] (WARPS rows of 256): digit D's thread
 * turns column D into each warp's offset in the digit and returns the column's total. */
template <int WARPS>
static __device__ __forceinline__ unsigned int warp_digit_offsets(unsigned int (*hist)[256], unsigned int d)
{
    unsigned int run = 0;
#pragma unroll
    for (int w = 0; w < WARPS; w++) {
        unsigned int c = hist[w][d];
        hist[w][d] = run;
        run += c;
    }
    return run;
}

/* Decoupled look-back status words (Merrill & Garland 2016): the top two bits say
 * whether the rest holds nothing yet, the tile's own aggregate or its inclusive prefix. */
#define LB_FLAG_AGG 0x4000000000000000ull
#define LB_FLAG_INC 0x8000000000000000ull
#define LB_VALUE_MASK 0x3fffffffffffffffull

static __device__ __forceinline__ void lb_store(unsigned long long *p, unsigned long long v)
{
    *(volatile unsigned long long *)p = v;
}

static __device__ __forceinline__ unsigned long long lb_load(const unsigned long long *p)
{
    return *(volatile const unsigned long long *)p;
}

/* Warp 0 of a tile (all 32 lanes): the exclusive prefix of tile TILE, from the status
 * words of earlier tiles, 32 at a time. Tile t's word is STATUS[t << SPREAD] (SPREAD 2:
 * one a 32-byte sector, so the polled words spread over L2; docs/perf/scan.md). */
template <int SPREAD = 0>
static __device__ __forceinline__ unsigned long long lb_warp_lookback(const unsigned long long *status,
                                                                      long long tile)
{
    const unsigned int lane = threadIdx.x & 31u;
    unsigned long long prefix = 0;
    long long base = tile - 1;
    while (base >= 0) {
        long long t = base - (long long)lane;
        unsigned long long s = t >= 0 ? lb_load(status + (t << SPREAD)) : LB_FLAG_INC;
        while (__any_sync(BS_FULL_MASK, (s & (LB_FLAG_AGG | LB_FLAG_INC)) == 0)) {
            if ((s & (LB_FLAG_AGG | LB_FLAG_INC)) == 0) s = lb_load(status + (t << SPREAD));
        }
        unsigned int inc_mask = __ballot_sync(BS_FULL_MASK, (s & LB_FLAG_INC) != 0);
        /* Lanes up to and including the first inclusive one (the nearest tile). */
        unsigned int stop = inc_mask ? (unsigned int)(__ffs(inc_mask) - 1) : 31u;
        unsigned long long v = (lane <= stop && t >= 0) ? (s & LB_VALUE_MASK) : 0ull;
#pragma unroll
        for (int d = 16; d > 0; d >>= 1) v += __shfl_xor_sync(BS_FULL_MASK, v, d);
        prefix += v;
        if (inc_mask) break;
        base -= 32;
    }
    return prefix;
}

#endif
