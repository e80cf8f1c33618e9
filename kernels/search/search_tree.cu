/* The production search: lower bound through a built sample tree ("tree"), its leaf
 * size from kernels/search/tune.h.
 *
 * Index levels, built once per keys array (search_tree_build): level 1 holds every
 * LEAF-th key (LEAF = 32 x the row's leaf lines of 128 bytes), every higher level every
 * 32nd entry of the level below, up to a top level of at most 32 entries. Each level is
 * padded to a multiple of 32 entries with a value that is below no query, so any
 * aligned run of 32 entries (a "node", 128 bytes) can be read whole. Levels are stored
 * top first; the top levels that fit in 48 KB are copied into shared memory by every
 * block (for 2^28 keys: the top three), the rest are read from global memory (L2).
 *
 * A query is answered by 8 lanes (an octet) together: at each level the octet reads
 * one node, lane j its entries 4j..4j+3 as one uint4, counts those below the query and
 * the octet sums the counts with three shuffles. If A entries of a level are below the
 * query, its answer on the level below lies in the node that starts at 32 (A - 1) (0 when
 * A == 0), and that node's count of entries below the query gives the answer there.
 * The keys themselves are read last, one LEAF-key block per query, with streaming
 * loads (as are the queries, and the results stored) so that they do not push the
 * index out of L2. Each octet carries SR_QPO queries
 * at once so that their loads overlap: 2 + levels dependent round trips in all, of
 * which (at 2^28 keys) two reach L2 and one DRAM. */
#include "search_kernel.h"
#include "kernels/common/cuda_util.cuh"

#define SR_TREE_THREADS 512
#define SR_TREE_MAX_LEVELS 8 /* enough for 2^40 keys */
#define SR_QPO 4
#define SR_NODE 32
#define SR_SHARED_ENTRIES 12288 /* 48 KB: no opt-in needed for the dynamic shared memory */

typedef struct sr_tree {
    size_t len[SR_TREE_MAX_LEVELS];         /* entries of each level, top first */
    size_t off[SR_TREE_MAX_LEVELS + 1];     /* where each level starts (entries); off[levels] = total */
    int levels, shared_levels;
} sr_tree;

/* The layout for N keys and leaves of LEAF keys. levels == 0 when n == 0. */
static sr_tree sr_tree_layout(size_t n, size_t leaf)
{
    sr_tree t;
    memset(&t, 0, sizeof t);
    if (n == 0) return t;
    size_t lens[SR_TREE_MAX_LEVELS];
    int l = 0;
    size_t len = (n + leaf - 1) / leaf;
    lens[l++] = len;
    while (len > SR_NODE && l < SR_TREE_MAX_LEVELS) {
        len = (len + SR_NODE - 1) / SR_NODE;
        lens[l++] = len;
    }
    t.levels = l;
    for (int i = 0; i < l; i++) {
        t.len[i] = lens[l - 1 - i];
        t.off[i + 1] = t.off[i] + (t.len[i] + SR_NODE - 1) / SR_NODE * SR_NODE;
    }
    while (t.shared_levels < l && t.off[t.shared_levels + 1] <= SR_SHARED_ENTRIES) t.shared_levels++;
    return t;
}

static size_t sr_tree_leaf(int algo)
{
    (void)algo;
    return 32 * (size_t)search_tune_for(cuda_device_arch())->leaf_lines;
}

/* Below no query in the key order of MODE: UINT_MAX, INT_MAX, NaN. */
static uint32_t sr_tree_pad(int mode) { return mode == 1 ? 0x7fffffffu : mode == 2 ? 0x7fc00000u : 0xffffffffu; }

template <int MODE> static __device__ __forceinline__ int sr_below(uint32_t a, uint32_t b)
{
    if (MODE == 1) return (int)a < (int)b;
    if (MODE == 2) {
        float x = __uint_as_float(a), y = __uint_as_float(b);
        return x < y || (x == x && y != y);
    }
    return a < b;
}

template <int MODE> static __device__ __forceinline__ int sr_below4(uint4 v, uint32_t key)
{
    return sr_below<MODE>(v.x, key) + sr_below<MODE>(v.y, key) + sr_below<MODE>(v.z, key) + sr_below<MODE>(v.w, key);
}

/* The sum of C over the 8 lanes of this octet (MASK: its lanes). */
static __device__ __forceinline__ int sr_octet_sum(int c, unsigned int mask)
{
    c += __shfl_xor_sync(mask, c, 1);
    c += __shfl_xor_sync(mask, c, 2);
    c += __shfl_xor_sync(mask, c, 4);
    return c;
}

/* dst[j] = src[j * stride] for j < len, the pad value up to padded (a multiple of 32). */
static __global__ void sr_tree_gather(const uint32_t *src, size_t stride, size_t len, size_t padded, uint32_t pad,
                                      uint32_t *dst)
{
    for (size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x; j < padded; j += (size_t)gridDim.x * blockDim.x)
        dst[j] = j < len ? src[j * stride] : pad;
}

/* Four keys from E on (E a multiple of 4): one vector load, or, at the end of the
 * array, one by one with the missing ones set to PAD. */
static __device__ __forceinline__ uint4 sr_leaf_load(const uint32_t *keys, size_t n, size_t e, uint32_t pad)
{
    if (e + 4 <= n) return __ldcs((const uint4 *)(keys + e));
    uint4 v;
    v.x = e < n ? keys[e] : pad;
    v.y = e + 1 < n ? keys[e + 1] : pad;
    v.z = e + 2 < n ? keys[e + 2] : pad;
    v.w = e + 3 < n ? keys[e + 3] : pad;
    return v;
}

template <int MODE, int LEAFV>
static __global__ void __launch_bounds__(SR_TREE_THREADS, 2)
    sr_tree_search(const uint32_t *keys, size_t n, const uint32_t *tab, sr_tree t, uint32_t pad,
                   const uint32_t *queries, size_t q, int64_t *out)
{
    extern __shared__ uint4 s_tab[];
    const uint4 *g_tab = (const uint4 *)tab;
    const size_t shared4 = t.off[t.shared_levels] / 4;
    for (size_t i = threadIdx.x; i < shared4; i += blockDim.x) s_tab[i] = g_tab[i];
    __syncthreads();

    const unsigned int lane = threadIdx.x & 31u, j = lane & 7u;
    const unsigned int mask = 0xffu << (lane & 24u);
    const size_t octets = ((size_t)gridDim.x * blockDim.x) >> 3;
    for (size_t g = (((size_t)blockIdx.x * blockDim.x + threadIdx.x) >> 3) * SR_QPO; g < q; g += octets * SR_QPO) {
        uint32_t key[SR_QPO];
        size_t a[SR_QPO];
#pragma unroll
        for (int k = 0; k < SR_QPO; k++) {
            key[k] = g + k < q ? __ldcs(queries + g + k) : 0u;
            a[k] = 0;
        }
#pragma unroll
        for (int l = 0; l < SR_TREE_MAX_LEVELS; l++) {
            if (l >= t.levels) break;
            const bool in_shared = l < t.shared_levels;
            uint4 v[SR_QPO];
            size_t start[SR_QPO];
#pragma unroll
            for (int k = 0; k < SR_QPO; k++) {
                start[k] = a[k] ? (a[k] - 1) * SR_NODE : 0;
                size_t at = (t.off[l] + start[k]) / 4 + j;
                v[k] = in_shared ? s_tab[at] : __ldg(g_tab + at);
            }
#pragma unroll
            for (int k = 0; k < SR_QPO; k++) a[k] = start[k] + (size_t)sr_octet_sum(sr_below4<MODE>(v[k], key[k]), mask);
        }
        /* a[k]: entries of level 1 below the query; now the keys, LEAF = 32 * LEAFV of them */
        uint4 v[SR_QPO][LEAFV];
        size_t start[SR_QPO];
#pragma unroll
        for (int k = 0; k < SR_QPO; k++) {
            start[k] = a[k] ? (a[k] - 1) * (SR_NODE * LEAFV) : 0;
#pragma unroll
            for (int w = 0; w < LEAFV; w++) v[k][w] = sr_leaf_load(keys, n, start[k] + SR_NODE * w + 4 * j, pad);
        }
#pragma unroll
        for (int k = 0; k < SR_QPO; k++) {
            int c = 0;
#pragma unroll
            for (int w = 0; w < LEAFV; w++) c += sr_below4<MODE>(v[k][w], key[k]);
            a[k] = start[k] + (size_t)sr_octet_sum(c, mask);
        }
#pragma unroll
        for (int k = 0; k < SR_QPO; k++)
            if (j == (unsigned int)k && g + k < q) __stcs((long long *)out + g + k, (long long)a[k]);
    }
}

extern "C" size_t search_tree_temp_bytes(int algo, size_t n)
{
    sr_tree t = sr_tree_layout(n, sr_tree_leaf(algo));
    return t.off[t.levels] * sizeof(uint32_t);
}

extern "C" int search_tree_build(int algo, int mode, const uint32_t *keys, size_t n, void *temp, void *stream,
                                 sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    size_t leaf = sr_tree_leaf(algo);
    sr_tree t = sr_tree_layout(n, leaf);
    uint32_t *tab = (uint32_t *)temp;
    for (int l = t.levels - 1; l >= 0; l--) {   /* the finest level first: each is sampled from the one below */
        const uint32_t *src = l == t.levels - 1 ? keys : tab + t.off[l + 1];
        size_t stride = l == t.levels - 1 ? leaf : SR_NODE, padded = t.off[l + 1] - t.off[l];
        size_t blocks = (padded + 255) / 256;
        sr_tree_gather<<<blocks < 8192 ? (unsigned int)blocks : 8192u, 256, 0, s>>>(src, stride, t.len[l], padded,
                                                                                    sr_tree_pad(mode), tab + t.off[l]);
        CUDA_TRY_LAUNCH("sr_tree_gather", err);
    }
    return 0;
}

template <int MODE, int LEAFV>
static int sr_tree_launch(const uint32_t *keys, size_t n, const uint32_t *tab, const sr_tree *t, uint32_t pad,
                          const uint32_t *queries, size_t q, int64_t *out, int one_block, cudaStream_t s, sw_error *err)
{
    size_t smem = t->off[t->shared_levels] * sizeof(uint32_t);
    int sms, per_sm = 1;
    if (cuda_sm_count(&sms, err)) return -1;
    CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, sr_tree_search<MODE, LEAFV>, SR_TREE_THREADS,
                                                           smem),
             err);
    if (per_sm < 1) per_sm = 1;
    size_t per_block = (SR_TREE_THREADS / 8) * SR_QPO, need = (q + per_block - 1) / per_block;
    size_t grid = (size_t)sms * (size_t)per_sm;
    if (need < grid) grid = need;
    if (one_block || grid == 0) grid = 1;
    sr_tree_search<MODE, LEAFV><<<(unsigned int)grid, SR_TREE_THREADS, smem, s>>>(keys, n, tab, *t, pad, queries, q,
                                                                                 out);
    CUDA_TRY_LAUNCH("sr_tree_search", err);
    return 0;
}

extern "C" int search_tree_query(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries,
                                 size_t q, int64_t *out, const void *temp, int one_block, void *stream, sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    if (q == 0) return 0;
    if (n == 0) {
        CUDA_TRY(cudaMemsetAsync(out, 0, q * sizeof(int64_t), s), err);
        return 0;
    }
    if ((uintptr_t)keys % 16 || (uintptr_t)temp % 16)
        return sw_fail(err, "search tree: keys and table must be 16-byte aligned");
    sr_tree t = sr_tree_layout(n, sr_tree_leaf(algo));
    const uint32_t *tab = (const uint32_t *)temp;
    uint32_t pad = sr_tree_pad(mode);
    const int lines = (int)(sr_tree_leaf(algo) / 32);
    if (lines != 1) return sw_fail(err, "search tree: leaves of %d lines are not compiled (kernels/search/tune.h)", lines);
    switch (mode) {
    case 0: return sr_tree_launch<0, 1>(keys, n, tab, &t, pad, queries, q, out, one_block, s, err);
    case 1: return sr_tree_launch<1, 1>(keys, n, tab, &t, pad, queries, q, out, one_block, s, err);
    case 2: return sr_tree_launch<2, 1>(keys, n, tab, &t, pad, queries, q, out, one_block, s, err);
    default: return sw_fail(err, "search tree: invalid key mode %d", mode);
    }
}
