/* The production search: lower bound through a sample tree built once per keys array
 * ("tree", docs/perf/search.md; layout and checks in src/prim/search_plan_cuda.c). An
 * octet of lanes answers a query: at each level it reads one 128-byte node, lane j its
 * entries 4j..4j+3 as a uint4, and three shuffles sum the counts below the query; if A
 * entries are below, the answer on the next level lies in the node at 32 (A - 1) (0 if
 * A == 0). Levels are padded with a value below no query, so any aligned node reads
 * whole. The keys come last, a leaf a query; keys, queries and results are streamed so
 * the index stays in L2, and an octet carries QPO queries so their loads overlap. */
#include "search_kernel.h"

template <int MODE> static __device__ __forceinline__ int sr_below4(uint4 v, uint32_t key)
{
    return sr_less<MODE>(v.x, key) + sr_less<MODE>(v.y, key) + sr_less<MODE>(v.z, key) + sr_less<MODE>(v.w, key);
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
static __global__ void __launch_bounds__(SEARCH_TREE_THREADS, 2)
    sr_tree_search(const uint32_t *keys, size_t n, const uint32_t *tab, search_tree t, uint32_t pad,
                   const uint32_t *queries, size_t q, int64_t *out)
{
    enum { QPO = SEARCH_TREE_QPO, NODE = SEARCH_TREE_NODE };
    extern __shared__ uint4 s_tab[];
    const uint4 *g_tab = (const uint4 *)tab;
    const size_t shared4 = t.off[t.shared_levels] / 4;
    for (size_t i = threadIdx.x; i < shared4; i += blockDim.x) s_tab[i] = g_tab[i];
    __syncthreads();

    const unsigned int lane = threadIdx.x & 31u, j = lane & 7u;
    const unsigned int mask = 0xffu << (lane & 24u);
    const size_t octets = ((size_t)gridDim.x * blockDim.x) >> 3;
    for (size_t g = (((size_t)blockIdx.x * blockDim.x + threadIdx.x) >> 3) * QPO; g < q; g += octets * QPO) {
        uint32_t key[QPO];
        size_t a[QPO];
#pragma unroll
        for (int k = 0; k < QPO; k++) {
            key[k] = g + k < q ? __ldcs(queries + g + k) : 0u;
            a[k] = 0;
        }
#pragma unroll
        for (int l = 0; l < SEARCH_TREE_MAX_LEVELS; l++) {
            if (l >= t.levels) break;
            const bool in_shared = l < t.shared_levels;
            uint4 v[QPO];
            size_t start[QPO];
#pragma unroll
            for (int k = 0; k < QPO; k++) {
                start[k] = a[k] ? (a[k] - 1) * NODE : 0;
                size_t at = (t.off[l] + start[k]) / 4 + j;
                v[k] = in_shared ? s_tab[at] : __ldg(g_tab + at);
            }
#pragma unroll
            for (int k = 0; k < QPO; k++) a[k] = start[k] + (size_t)sr_octet_sum(sr_below4<MODE>(v[k], key[k]), mask);
        }
        /* a[k]: entries of level 1 below the query; now the keys, LEAF = 32 * LEAFV of them */
        uint4 v[QPO][LEAFV];
        size_t start[QPO];
#pragma unroll
        for (int k = 0; k < QPO; k++) {
            start[k] = a[k] ? (a[k] - 1) * (NODE * LEAFV) : 0;
#pragma unroll
            for (int w = 0; w < LEAFV; w++) v[k][w] = sr_leaf_load(keys, n, start[k] + NODE * w + 4 * j, pad);
        }
#pragma unroll
        for (int k = 0; k < QPO; k++) {
            int c = 0;
#pragma unroll
            for (int w = 0; w < LEAFV; w++) c += sr_below4<MODE>(v[k][w], key[k]);
            a[k] = start[k] + (size_t)sr_octet_sum(c, mask);
        }
#pragma unroll
        for (int k = 0; k < QPO; k++)
            if (j == (unsigned int)k && g + k < q) __stcs((long long *)out + g + k, (long long)a[k]);
    }
}

extern "C" const void *search_tree_kernel(int mode, int leaf_lines)
{
    if (mode < 0) return (const void *)sr_tree_gather;
    if (leaf_lines != 1) return NULL;
    const void *k[3] = {(const void *)sr_tree_search<0, 1>, (const void *)sr_tree_search<1, 1>,
                        (const void *)sr_tree_search<2, 1>};
    return mode >= 0 && mode < 3 ? k[mode] : NULL;
}
