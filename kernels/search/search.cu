/* Lower bound on the GPU, the ladder (the production tree: search_tree.cu).
 * binary: one thread per query, a plain binary search.
 * single-key (the course report): one warp per query; its 32 lanes probe 32 evenly
 *   spaced points of the range and the range shrinks to the gap between the last probe
 *   below the key and the first probe not below it; repeated (log_32 n rounds).
 * pary (Kaldewey & Di Blas): the same with a whole block of P threads per query
 *   (log_P n rounds, one barrier each). Each round is a dependent trip to DRAM. */
#include "search_kernel.h"

/* a < b in the key order: plain for integers, NaN after everything for float32. */
static __device__ __forceinline__ bool sr_less(uint32_t a, uint32_t b, int mode)
{
    if (mode == 1) return (int)a < (int)b;
    if (mode == 2) {
        float x = __uint_as_float(a), y = __uint_as_float(b);
        return x < y || (x == x && y != y);
    }
    return a < b;
}

/* First i in [lo, lo + len) with !(keys[i] < q), or lo + len. */
static __device__ __forceinline__ size_t sr_lower(const uint32_t *keys, size_t lo, size_t len, uint32_t q, int mode)
{
    while (len > 0) {
        size_t half = len >> 1;
        if (sr_less(__ldg(keys + lo + half), q, mode)) {
            lo += half + 1;
            len -= half + 1;
        } else {
            len = half;
        }
    }
    return lo;
}

static __global__ void sr_binary(const uint32_t *keys, size_t n, const uint32_t *queries, size_t q, int mode,
                                 int64_t *out)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < q; i += (size_t)gridDim.x * blockDim.x)
        out[i] = (int64_t)sr_lower(keys, 0, n, queries[i], mode);
}

/* One warp per query: ballots replace the block barrier. */
static __global__ void sr_single_key(const uint32_t *keys, size_t n, const uint32_t *queries, size_t q, int mode,
                                     int64_t *out)
{
    const unsigned int lane = threadIdx.x & 31u;
    const size_t warps = (size_t)gridDim.x * (blockDim.x >> 5);
    for (size_t i = (size_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5); i < q; i += warps) {
        const uint32_t key = queries[i];
        size_t lo = 0, hi = n;   /* the answer lies in [lo, hi] */
        while (lo < hi) {
            size_t step = (hi - lo + 31) / 32;
            size_t p = lo + lane * step;
            bool below = p < hi && sr_less(__ldg(keys + p), key, mode);
            unsigned int c = __popc(__ballot_sync(0xffffffffu, below));
            if (c == 0) break;   /* keys[lo] is not below: the answer is lo */
            size_t next_hi = lo + c * step;
            lo = lo + (c - 1) * step + 1;
            hi = next_hi < hi ? next_hi : hi;
        }
        if (lane == 0) out[i] = (int64_t)lo;
    }
}

/* One block of P threads per query: each thread tests the first key of its slice. */
static __global__ void sr_pary(const uint32_t *keys, size_t n, const uint32_t *queries, size_t q, int mode,
                               int64_t *out)
{
    const size_t P = blockDim.x;
    for (size_t i = blockIdx.x; i < q; i += gridDim.x) {
        const uint32_t key = queries[i];
        size_t lo = 0, hi = n;
        while (lo < hi) {
            size_t step = (hi - lo + P - 1) / P;
            size_t p = lo + threadIdx.x * step;
            bool below = p < hi && sr_less(__ldg(keys + p), key, mode);
            size_t c = (size_t)__syncthreads_count(below);
            if (c == 0) break;
            size_t next_hi = lo + c * step;
            lo = lo + (c - 1) * step + 1;
            hi = next_hi < hi ? next_hi : hi;
        }
        if (threadIdx.x == 0) out[i] = (int64_t)lo;
    }
}

extern "C" const void *search_ladder_kernel(int algo)
{
    const void *k[] = {(const void *)sr_binary, (const void *)sr_single_key, (const void *)sr_pary};
    return algo >= 0 && algo < SEARCH_K_TREE ? k[algo] : NULL;
}
