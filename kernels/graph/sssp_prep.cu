/* Delta-stepping's preparation on the device (sssp_prep.h): the light | heavy split of
 * every row (a warp a row, a ballot per 32 arcs), and the sums of the width. */
#include "sssp_prep.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"

/* A warp a row: the first pass counts the light arcs (so the heavy ones start at
 * row[u] + that count), the second writes each arc at its part's running rank. */
__global__ void k_split_rows(const long long *__restrict__ row, const unsigned *__restrict__ col,
                             const float *__restrict__ w, unsigned n, float delta, long long *mid, unsigned *out_col,
                             float *out_w)
{
    const unsigned lane = threadIdx.x & 31;
    const unsigned below = (1u << lane) - 1u;
    for (unsigned long long u = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) >> 5; u < n;
         u += ((unsigned long long)gridDim.x * blockDim.x) >> 5) {
        const long long start = row[u], end = row[u + 1];
        long long light = 0;
        for (long long base = start; base < end; base += 32) {
            long long k = base + lane;
            bool is_light = k < end && (w ? w[k] : 1.0f) < delta;
            light += __popc(__ballot_sync(FULL_MASK, is_light));
        }
        long long at_light = start, at_heavy = start + light;
        for (long long base = start; base < end; base += 32) {
            long long k = base + lane;
            bool valid = k < end;
            float wk = valid ? (w ? w[k] : 1.0f) : 0.0f;
            bool is_light = valid && wk < delta;
            unsigned lm = __ballot_sync(FULL_MASK, is_light), hm = __ballot_sync(FULL_MASK, valid && !is_light);
            if (valid) {
                long long q = is_light ? at_light + __popc(lm & below) : at_heavy + __popc(hm & below);
                out_col[q] = col[k];
                if (w) out_w[q] = wk;
            }
            at_light += __popc(lm);
            at_heavy += __popc(hm);
        }
        if (lane == 0) mid[u] = start + light;
    }
}

/* Grid-stride over max(n, m): each thread adds its weights and keeps its best degree
 * key; a warp's lane 0 folds the warp's into SUMS. */
__global__ void k_graph_sums(const long long *__restrict__ row, const float *__restrict__ w, unsigned n,
                             unsigned long long m, sssp_graph_sums *sums)
{
    const unsigned long long count = m > n ? m : n, stride = (unsigned long long)gridDim.x * blockDim.x;
    double ws = 0.0;
    unsigned long long key = 0;
    /* every lane runs the same trips, so the shuffles below see whole warps */
    for (unsigned long long base = blockIdx.x * (unsigned long long)blockDim.x; base < count; base += stride) {
        unsigned long long i = base + threadIdx.x;
        if (w && i < m) ws += (double)w[i];
        if (i < n) {
            unsigned long long deg = (unsigned long long)(row[i + 1] - row[i]);
            if (deg > 0xffffffffull) deg = 0xffffffffull;
            unsigned long long k = deg << 32 | (0xffffffffull - i);
            key = k > key ? k : key;
        }
    }
    ws = warp_sum(ws);
    key = warp_max(key);
    if ((threadIdx.x & 31) == 0) {
        if (ws != 0.0) atomicAdd(&sums->weight_sum, ws);
        atomicMax(&sums->hub_key, key);
    }
}

__global__ void k_level_sums(const int *__restrict__ levels, unsigned n, sssp_graph_sums *sums)
{
    unsigned long long reached = 0;
    int deepest = -1;
    const unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long base = blockIdx.x * (unsigned long long)blockDim.x; base < n; base += stride) {
        unsigned long long v = base + threadIdx.x;
        int l = v < n ? levels[v] : -1;
        reached += l >= 0;
        deepest = l > deepest ? l : deepest;
    }
    reached = warp_sum(reached);
    deepest = warp_max(deepest);
    if ((threadIdx.x & 31) == 0) {
        if (reached) atomicAdd(&sums->reached, reached);
        if (deepest >= 0) atomicMax(&sums->max_level, deepest);
    }
}

extern "C" const void *sssp_prep_kernel(int which)
{
    const void *k[SSSP_PREP_K_COUNT] = {(const void *)k_split_rows, (const void *)k_graph_sums, (const void *)k_level_sums};
    return which >= 0 && which < SSSP_PREP_K_COUNT ? k[which] : NULL;
}
