/* Delta-stepping's preparation (sssp_prep.h): rows split light | heavy, short heavy parts sorted, width sums. */
#include "sssp_prep.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"

/* A warp a row, a ballot per 32 arcs: one pass counts the light arcs, one puts each arc in place. */
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

/* A heavy arc's sort key: its weight's bits (ordered like weights >= 0) above its column, for ties. */
__device__ __forceinline__ unsigned long long heavy_key(float w, unsigned c)
{
    return (unsigned long long)__float_as_uint(w) << 32 | c;
}

#define SORT_WARPS (SSSP_PREP_SORT_THREADS / 32)
static_assert(SORT_WARPS * SSSP_PULL_SORT_MAX * 8 <= 48 * 1024, "the sort's static shared memory");

/* A warp a row (sssp_prep.h): a bitonic sort over P keys (L arcs rounded up to a power of
 * two), across the lanes' registers for P <= 32 (lane i holds key i), else in the warp's
 * slice of shared memory, a compare-exchange pair per lane per step. */
__global__ void __launch_bounds__(SSSP_PREP_SORT_THREADS)
    k_sort_heavy(const long long *__restrict__ row, const long long *__restrict__ mid, unsigned n, float delta,
                 unsigned *col, float *w, float *heavy_min, unsigned long long *heavy_rows)
{
    unsigned long long rows = 0, arcs = 0;   /* lane 0's rows with a heavy arc, and their arcs */
    __shared__ unsigned long long keys_all[SORT_WARPS][SSSP_PULL_SORT_MAX];   /* a warp's row's keys */
    unsigned long long *keys = keys_all[threadIdx.x >> 5];
    const unsigned lane = threadIdx.x & 31;
    for (unsigned long long u = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) >> 5; u < n;
         u += ((unsigned long long)gridDim.x * blockDim.x) >> 5) {
        const long long start = mid[u], len = row[u + 1] - start;   /* the heavy part */
        float lightest = len > 0 ? (w ? delta : 1.0f) : __int_as_float(0x7f800000);
        if (w && len > 0 && len <= SSSP_PULL_SORT_MAX) {
            const unsigned L = (unsigned)len, P = L <= 1 ? 1u : 2u << (31 - __clz(L - 1));
            if (P <= 32) {
                unsigned long long key = lane < L ? heavy_key(w[start + lane], col[start + lane]) : ~0ull;
                for (unsigned size = 2; size <= P; size <<= 1)
                    for (unsigned stride = size >> 1; stride; stride >>= 1) {
                        unsigned long long other = __shfl_xor_sync(FULL_MASK, key, stride);
                        bool keep_min = !(lane & stride) == !(lane & size);   /* lower lane, ascending run */
                        key = keep_min ? min(key, other) : max(key, other);
                    }
                if (lane < L) {
                    col[start + lane] = (unsigned)key;
                    w[start + lane] = __uint_as_float((unsigned)(key >> 32));
                }
                key = __shfl_sync(FULL_MASK, key, 0);
                lightest = __uint_as_float((unsigned)(key >> 32));
            } else {
                for (unsigned i = lane; i < P; i += 32)
                    keys[i] = i < L ? heavy_key(w[start + i], col[start + i]) : ~0ull;
                __syncwarp();
                for (unsigned size = 2; size <= P; size <<= 1)
                    for (unsigned stride = size >> 1; stride; stride >>= 1) {
                        for (unsigned i = lane; i < P / 2; i += 32) {
                            /* pair i: lo has bit STRIDE clear, hi = lo + STRIDE; ascending where lo & SIZE is 0 */
                            unsigned lo = 2 * i - (i & (stride - 1)), hi = lo + stride;
                            unsigned long long a = keys[lo], b = keys[hi];
                            if ((a > b) == !(lo & size)) keys[lo] = b, keys[hi] = a;
                        }
                        __syncwarp();
                    }
                for (unsigned i = lane; i < L; i += 32) {
                    col[start + i] = (unsigned)keys[i];
                    w[start + i] = __uint_as_float((unsigned)(keys[i] >> 32));
                }
                lightest = __uint_as_float((unsigned)(keys[0] >> 32));
                __syncwarp();   /* every lane has read the slice before the next row fills it */
            }
        }
        if (lane == 0) heavy_min[u] = lightest;
        rows += len > 0;
        arcs += (unsigned long long)len;
    }
    if (lane == 0 && rows) {
        atomicAdd(heavy_rows, rows);
        atomicAdd(heavy_rows + 1, arcs);
    }
}

/* Grid-stride over max(n, m): a thread's weights and best degree key, each warp's to SUMS. */
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
    warp_sum_add(&sums->weight_sum, ws);
    key = warp_max(key);
    if ((threadIdx.x & 31) == 0) atomicMax(&sums->hub_key, key);
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
    warp_sum_add(&sums->reached, reached);
    deepest = warp_max(deepest);
    if ((threadIdx.x & 31) == 0 && deepest >= 0) atomicMax(&sums->max_level, deepest);
}

extern "C" const void *sssp_prep_kernel(int which)
{
    const void *k[SSSP_PREP_K_COUNT] = {(const void *)k_split_rows, (const void *)k_sort_heavy,
                                        (const void *)k_graph_sums, (const void *)k_level_sums};
    return which >= 0 && which < SSSP_PREP_K_COUNT ? k[which] : NULL;
}
