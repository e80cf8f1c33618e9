/* Lower bound on the GPU, the ladder (the production tree: search_tree.cu). binary: a
 * thread a query. single-key (the course report): a warp a query, its 32 lanes probe 32
 * evenly spaced points of the range, which shrinks to the gap between the last probe below
 * the key and the first not below it (log_32 n rounds). pary (Kaldewey & Di Blas): the
 * same with a block of P threads a query (log_P n rounds, a barrier each). Each round is
 * a dependent trip to DRAM. */
#include "search_kernel.h"

/* One thread per query: the first i with !(keys[i] < key), halving [lo, lo + len). */
static __global__ void sr_binary(const uint32_t *keys, size_t n, const uint32_t *queries, size_t q, int mode,
                                 int64_t *out)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < q; i += (size_t)gridDim.x * blockDim.x) {
        const uint32_t key = queries[i];
        size_t lo = 0, len = n;
        while (len > 0) {
            size_t half = len >> 1;
            if (sr_less(__ldg(keys + lo + half), key, mode)) {
                lo += half + 1;
                len -= half + 1;
            } else {
                len = half;
            }
        }
        out[i] = (int64_t)lo;
    }
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
