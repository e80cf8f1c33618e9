/* Lower bound on the GPU, four ways.
 * binary: one thread per query, a plain binary search.
 * single-key (the course report): one warp per query; its 32 lanes probe 32 evenly
 *   spaced points of the range and the range shrinks to the gap between the last probe
 *   below the key and the first probe not below it; repeated (log_32 n rounds).
 * pary (Kaldewey & Di Blas): the same with a whole block of P threads per query
 *   (log_P n rounds, one barrier each).
 * sampled: a two-level index built on each call: level 2 is every 32nd key (n/32
 *   words, read one sector per 128-byte line, small enough to stay in L2), level 1 is
 *   16384 evenly spaced entries of level 2, copied by every block into shared memory.
 *   A query finds its stretch of level 2 in shared memory, its 32-key line in level 2,
 *   then its place in that one line of the keys; four queries per thread advance
 *   together so that their dependent loads overlap.
 * tree, tree64: an index built once per keys array, searched by 8 lanes per query a
 *   128-byte node at a time: kernels/search/search_tree.cu. */
#include "search_kernel.h"
#include "kernels/common/cuda_util.cuh"

#define SR_SAMPLES 16384
#define SR_THREADS 512
#define SR_QPT 4

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

/* T2[j] = keys[j * 32] (one 4-byte read per 128-byte line: a 32-byte sector each). */
static __global__ void sr_gather_level2(const uint32_t *keys, size_t m2, uint32_t *t2)
{
    for (size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x; j < m2; j += (size_t)gridDim.x * blockDim.x)
        t2[j] = keys[j * 32];
}

/* T1[i] = T2[i * stride1]: the table every block copies into shared memory. */
static __global__ void sr_gather_level1(const uint32_t *t2, size_t m2, size_t stride1, uint32_t *t1)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < SR_SAMPLES; i += (size_t)gridDim.x * blockDim.x)
        t1[i] = i * stride1 < m2 ? t2[i * stride1] : 0u;
}

/* For every query k with len[k] > 0: lo[k] = first i in [lo, lo + len) with
 * !(table[i] < key), the queries advancing together so that their loads overlap. */
static __device__ __forceinline__ void sr_lower_group(const uint32_t *table, size_t *lo, size_t *len,
                                                      const uint32_t *key, int mode)
{
    bool more = true;
    while (more) {
        more = false;
#pragma unroll
        for (int k = 0; k < SR_QPT; k++) {
            if (len[k] == 0) continue;
            size_t half = len[k] >> 1;
            if (sr_less(__ldg(table + lo[k] + half), key[k], mode)) {
                lo[k] += half + 1;
                len[k] -= half + 1;
            } else {
                len[k] = half;
            }
            more |= len[k] > 0;
        }
    }
}

/* Count A of entries below the key in a table of M where entry j stands for element
 * j * S of the level below (of N): that level's answer lies in
 * [(A - 1) * S + 1, min(A * S, N)] (just 0 when A == 0). */
static __device__ __forceinline__ void sr_narrow(size_t a, size_t s, size_t n, size_t *lo, size_t *len)
{
    if (a == 0) {
        *lo = 0, *len = 0;
        return;
    }
    *lo = (a - 1) * s + 1;
    size_t hi = a * s < n ? a * s : n;
    *len = hi - *lo;
}

static __global__ void __launch_bounds__(SR_THREADS) sr_sampled(const uint32_t *keys, size_t n, const uint32_t *t2,
                                                                 size_t m2, const uint32_t *t1, size_t stride1,
                                                                 size_t m1, const uint32_t *queries, size_t q,
                                                                 int mode, int64_t *out)
{
    extern __shared__ uint32_t s_t1[];
    for (size_t j = threadIdx.x; j < m1; j += blockDim.x) s_t1[j] = t1[j];
    __syncthreads();
    const size_t threads = (size_t)gridDim.x * blockDim.x;
    for (size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x; first < q; first += threads * SR_QPT) {
        size_t lo[SR_QPT], len[SR_QPT];
        uint32_t key[SR_QPT];
#pragma unroll
        for (int k = 0; k < SR_QPT; k++) {
            size_t i = first + k * threads;
            key[k] = i < q ? queries[i] : 0u;
            /* level 1, in shared memory */
            size_t a = 0, l = i < q ? m1 : 0;
            while (l > 0) {
                size_t half = l >> 1;
                if (sr_less(s_t1[a + half], key[k], mode)) {
                    a += half + 1;
                    l -= half + 1;
                } else {
                    l = half;
                }
            }
            sr_narrow(a, stride1, m2, &lo[k], &len[k]);
        }
        sr_lower_group(t2, lo, len, key, mode);   /* level 2: every 32nd key, mostly in L2 */
#pragma unroll
        for (int k = 0; k < SR_QPT; k++) sr_narrow(first + k * threads < q ? lo[k] : 0, 32, n, &lo[k], &len[k]);
        sr_lower_group(keys, lo, len, key, mode);   /* the keys: one 128-byte line */
#pragma unroll
        for (int k = 0; k < SR_QPT; k++) {
            size_t i = first + k * threads;
            if (i < q) out[i] = (int64_t)lo[k];
        }
    }
}

static size_t sr_level2_count(size_t n) { return (n + 31) / 32; }

extern "C" size_t search_kernel_temp_bytes(int algo, size_t n_keys)
{
    if (algo == SEARCH_K_TREE || algo == SEARCH_K_TREE64) return search_tree_temp_bytes(algo, n_keys);
    return algo == SEARCH_K_SAMPLED && n_keys ? (SR_SAMPLES + sr_level2_count(n_keys)) * sizeof(uint32_t) : 0;
}

static unsigned int sr_blocks(size_t work, unsigned int per_block)
{
    size_t g = (work + per_block - 1) / per_block;
    return g == 0 ? 1u : g > 65535u * 32 ? 65535u * 32 : (unsigned int)g;
}

extern "C" int search_kernel_build(int algo, int mode, const uint32_t *keys, size_t n, void *temp, void *stream,
                                   sw_error *err)
{
    if (algo != SEARCH_K_TREE && algo != SEARCH_K_TREE64) return 0;
    return search_tree_build(algo, mode, keys, n, temp, stream, err);
}

extern "C" int search_kernel_query(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries,
                                   size_t q, int64_t *out, void *temp, int one_block, void *stream, sw_error *err)
{
    if (algo == SEARCH_K_TREE || algo == SEARCH_K_TREE64)
        return search_tree_query(algo, mode, keys, n, queries, q, out, temp, one_block, stream, err);
    return search_kernel_run(algo, mode, keys, n, queries, q, out, temp, one_block, stream, err);
}

extern "C" int search_kernel_run(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries,
                                 size_t q, int64_t *out, void *temp, int one_block, void *stream, sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    if (q == 0) return 0;
    if (algo == SEARCH_K_TREE || algo == SEARCH_K_TREE64) {
        if (search_tree_build(algo, mode, keys, n, temp, stream, err)) return -1;
        return search_tree_query(algo, mode, keys, n, queries, q, out, temp, one_block, stream, err);
    }
    switch (algo) {
    case SEARCH_K_BINARY:
        sr_binary<<<one_block ? 1u : sr_blocks(q, 256), one_block ? 1u : 256u, 0, s>>>(keys, n, queries, q, mode, out);
        CUDA_TRY_LAUNCH("sr_binary", err);
        return 0;
    case SEARCH_K_SINGLE_KEY:
        sr_single_key<<<one_block ? 1u : sr_blocks(q, 8), one_block ? 32u : 256u, 0, s>>>(keys, n, queries, q, mode,
                                                                                          out);
        CUDA_TRY_LAUNCH("sr_single_key", err);
        return 0;
    case SEARCH_K_PARY:
        sr_pary<<<one_block ? 1u : sr_blocks(q, 1), 256, 0, s>>>(keys, n, queries, q, mode, out);
        CUDA_TRY_LAUNCH("sr_pary", err);
        return 0;
    default: break;
    }
    /* sampled: level 2 holds every 32nd key, level 1 (shared memory) every stride1-th of those */
    size_t m2 = sr_level2_count(n), stride1 = (m2 + SR_SAMPLES - 1) / SR_SAMPLES;
    if (stride1 == 0) stride1 = 1;
    size_t m1 = (m2 + stride1 - 1) / stride1;
    uint32_t *t1 = (uint32_t *)temp, *t2 = t1 + SR_SAMPLES;
    if (m2 > 0) {
        sr_gather_level2<<<sr_blocks(m2, 256) < 4096 ? sr_blocks(m2, 256) : 4096, 256, 0, s>>>(keys, m2, t2);
        CUDA_TRY_LAUNCH("sr_gather_level2", err);
        sr_gather_level1<<<SR_SAMPLES / 256, 256, 0, s>>>(t2, m2, stride1, t1);
        CUDA_TRY_LAUNCH("sr_gather_level1", err);
    }
    /* The 64 KB opt-in is an attribute of the current device: set it again after a
     * device switch. */
    static int smem_device = -1;
    int dev;
    CUDA_TRY(cudaGetDevice(&dev), err);
    if (dev != smem_device) {
        if (cuda_require_dyn_smem((const void *)sr_sampled, SR_SAMPLES * sizeof(uint32_t),
                                  "the sampled search's level 1", err))
            return -1;
        smem_device = dev;
    }
    int sms;
    if (cuda_sm_count(&sms, err)) return -1;
    unsigned int grid = one_block ? 1u : sr_blocks(q, SR_THREADS * SR_QPT);
    if (!one_block && grid > (unsigned)sms * 3) grid = (unsigned)sms * 3;
    sr_sampled<<<grid, SR_THREADS, m1 * sizeof(uint32_t), s>>>(keys, n, t2, m2, t1, stride1, m1, queries, q, mode,
                                                               out);
    CUDA_TRY_LAUNCH("sr_sampled", err);
    return 0;
}
