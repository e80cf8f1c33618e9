/* Host side of the CUDA searches (kernels/search/search_kernel.h): the tree's layout and
 * temp size, the device's tuning row, the checks, the launches of the kernels that
 * kernels/search/ hands over. */
#include "prim/search_plan_cuda.h"

#include <string.h>

#include <cuda_runtime_api.h>

#include "kernels/common/cuda_util.cuh"

/* The layout for N keys and leaves of LEAF keys: level 1 holds every LEAF-th key, every
 * higher level every 32nd entry of the level below, up to a top level of at most 32
 * entries. levels == 0 when n == 0. */
static search_tree tree_layout(size_t n, size_t leaf)
{
    search_tree t;
    memset(&t, 0, sizeof t);
    if (n == 0) return t;
    size_t lens[SEARCH_TREE_MAX_LEVELS];
    int l = 0;
    size_t len = (n + leaf - 1) / leaf;
    lens[l++] = len;
    while (len > SEARCH_TREE_NODE && l < SEARCH_TREE_MAX_LEVELS) {
        len = (len + SEARCH_TREE_NODE - 1) / SEARCH_TREE_NODE;
        lens[l++] = len;
    }
    t.levels = l;
    for (int i = 0; i < l; i++) {
        t.len[i] = lens[l - 1 - i];
        t.off[i + 1] = t.off[i] + (t.len[i] + SEARCH_TREE_NODE - 1) / SEARCH_TREE_NODE * SEARCH_TREE_NODE;
    }
    while (t.shared_levels < l && t.off[t.shared_levels + 1] <= SEARCH_TREE_SHARED_ENTRIES) t.shared_levels++;
    return t;
}

static size_t tree_leaf(void) { return 32 * (size_t)search_tune_for(cuda_device_arch())->leaf_lines; }

/* Below no query in the key order of MODE: UINT_MAX, INT_MAX, NaN. */
static uint32_t tree_pad(int mode) { return mode == 1 ? 0x7fffffffu : mode == 2 ? 0x7fc00000u : 0xffffffffu; }

static size_t search_tree_temp_bytes(int algo, size_t n)
{
    (void)algo;
    search_tree t = tree_layout(n, tree_leaf());
    return t.off[t.levels] * sizeof(uint32_t);
}

size_t search_kernel_temp_bytes(int algo, size_t n_keys)
{
    return algo == SEARCH_K_TREE ? search_tree_temp_bytes(algo, n_keys) : 0;
}

static int search_tree_build(int algo, int mode, const uint32_t *keys, size_t n, void *temp, void *stream,
                             sw_error *err)
{
    (void)algo;
    const size_t leaf = tree_leaf();
    search_tree t = tree_layout(n, leaf);
    uint32_t *tab = temp;
    for (int l = t.levels - 1; l >= 0; l--) {   /* the finest level first: each is sampled from the one below */
        const uint32_t *src = l == t.levels - 1 ? keys : tab + t.off[l + 1];
        size_t stride = l == t.levels - 1 ? leaf : SEARCH_TREE_NODE, padded = t.off[l + 1] - t.off[l];
        size_t len = t.len[l], blocks = (padded + 255) / 256;
        uint32_t pad = tree_pad(mode), *dst = tab + t.off[l];
        void *args[] = {&src, &stride, &len, &padded, &pad, &dst};
        if (cuda_launch(search_tree_kernel(-1, 1), blocks < 8192 ? (unsigned)blocks : 8192u, 256, 0, args,
                        (cudaStream_t)stream, "sr_tree_gather", err))
            return -1;
    }
    return 0;
}

/* A ladder rung on Q > 0 queries: binary a thread a query, single-key a warp, pary a
 * block of 256; ONE_BLOCK: one block (of one thread, one warp) for the whole batch. */
static int search_ladder(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries, size_t q,
                         int64_t *out, int one_block, cudaStream_t s, sw_error *err)
{
    const void *kernel = search_ladder_kernel(algo);
    if (!kernel) return sw_fail(err, "search (cuda): invalid algorithm %d", algo);
    const unsigned per_block = algo == SEARCH_K_BINARY ? 256 : algo == SEARCH_K_SINGLE_KEY ? 8 : 1;
    unsigned grid = cuda_grid_capped((q + per_block - 1) / per_block, 65535u * 32);
    unsigned threads = algo == SEARCH_K_SINGLE_KEY ? 32 : algo == SEARCH_K_BINARY ? 1 : 256;
    if (!one_block) threads = 256;
    else grid = 1;
    void *args[] = {&keys, &n, &queries, &q, &mode, &out};
    return cuda_launch(kernel, grid, threads, 0, args, s, algo == SEARCH_K_BINARY ? "sr_binary"
                       : algo == SEARCH_K_SINGLE_KEY ? "sr_single_key" : "sr_pary", err);
}

static int search_tree_query(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries, size_t q,
                             int64_t *out, const void *temp, int one_block, void *stream, sw_error *err)
{
    (void)algo;
    if (q == 0) return 0;
    if (n == 0) {
        CUDA_TRY(cudaMemsetAsync(out, 0, q * sizeof(int64_t), (cudaStream_t)stream), err);
        return 0;
    }
    if ((uintptr_t)keys % 16 || (uintptr_t)temp % 16)
        return sw_fail(err, "search tree: keys and table must be 16-byte aligned");
    const size_t leaf = tree_leaf();
    search_tree t = tree_layout(n, leaf);
    const int leaf_lines = (int)(leaf / 32);
    const void *kernel = search_tree_kernel(mode, leaf_lines);
    if (leaf_lines != 1)
        return sw_fail(err, "search tree: leaves of %d lines are not compiled (kernels/search/tune.h)", leaf_lines);
    if (!kernel) return sw_fail(err, "search tree: invalid key mode %d", mode);
    /* as many blocks as the device holds at once, no more than the queries fill */
    size_t smem = t.off[t.shared_levels] * sizeof(uint32_t);   /* at most 48 KB */
    int resident;
    if (cuda_resident_blocks(kernel, SEARCH_TREE_THREADS, smem, &resident, err)) return -1;
    size_t per_block = (SEARCH_TREE_THREADS / 8) * SEARCH_TREE_QPO, need = (q + per_block - 1) / per_block;
    size_t grid = resident > 0 ? (size_t)resident : 1;
    if (need < grid) grid = need;
    if (one_block || grid == 0) grid = 1;
    const uint32_t *tab = (const uint32_t *)temp;
    uint32_t pad = tree_pad(mode);
    void *args[] = {&keys, &n, &tab, &t, &pad, &queries, &q, &out};
    CUDA_TRY(cudaLaunchKernel(kernel, (dim3){(unsigned)grid, 1, 1}, (dim3){SEARCH_TREE_THREADS, 1, 1}, args, smem,
                              (cudaStream_t)stream),
             err);
    CUDA_TRY_LAUNCH("sr_tree_search", err);
    return 0;
}

int search_kernel_build(int algo, int mode, const uint32_t *keys, size_t n, void *temp, void *stream, sw_error *err)
{
    if (algo != SEARCH_K_TREE) return 0;
    return search_tree_build(algo, mode, keys, n, temp, stream, err);
}

int search_kernel_query(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries, size_t q,
                        int64_t *out, void *temp, int one_block, void *stream, sw_error *err)
{
    if (algo == SEARCH_K_TREE)
        return search_tree_query(algo, mode, keys, n, queries, q, out, temp, one_block, stream, err);
    return search_kernel_run(algo, mode, keys, n, queries, q, out, temp, one_block, stream, err);
}

int search_kernel_run(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries, size_t q,
                      int64_t *out, void *temp, int one_block, void *stream, sw_error *err)
{
    if (q == 0) return 0;
    if (algo == SEARCH_K_TREE) {
        if (search_tree_build(algo, mode, keys, n, temp, stream, err)) return -1;
        return search_tree_query(algo, mode, keys, n, queries, q, out, temp, one_block, stream, err);
    }
    return search_ladder(algo, mode, keys, n, queries, q, out, one_block, (cudaStream_t)stream, err);
}
