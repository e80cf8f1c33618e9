/* Device building blocks of the graph kernels, called by whole warps: warp-aggregated appends
 * (one atomicAdd a warp), the load balancer that spreads a chunk's edges over a block. */
#ifndef SCANWORKS_KERNELS_GRAPH_BLOCK_CUH
#define SCANWORKS_KERNELS_GRAPH_BLOCK_CUH

#include "kernels/common/block_scan.cuh"
#include "kernels/common/cuda_util.cuh"
#include "kernels/graph/tune.h"

#define GRAPH_WARPS (GRAPH_BLOCK / 32)
#define FULL_MASK 0xffffffffu
/* A grid-stride loop of I over [0, COUNT). */
#define GRID_STRIDE(i, count)                                                                     \
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < (count); \
         i += (unsigned long long)gridDim.x * blockDim.x)

/* atomicMin on a float >= 0 through its int bits (they order like the values). */
__device__ __forceinline__ float atomic_min_nonneg(float *addr, float v)
{
    return __int_as_float(atomicMin((int *)addr, __float_as_int(v)));
}

/* Lists V's segments of SEG arcs (DEG arcs from START) for each lane whose BIG is set, one atomicAdd a warp. */
__device__ __forceinline__ void warp_hub_append(bool big, unsigned v, long long start, long long deg, unsigned seg,
                                                long long *hub_start, unsigned *hub_v, unsigned *count)
{
    unsigned segs = big ? (unsigned)((deg + seg - 1) / seg) : 0, inc = warp_inclusive_sum(segs);
    unsigned total = __shfl_sync(FULL_MASK, inc, 31), base = 0;
    if (!total) return;
    if ((threadIdx.x & 31) == 31) base = atomicAdd(count, total);
    base = __shfl_sync(FULL_MASK, base, 31) + inc - segs;
    for (unsigned s = 0; s < segs; s++) {
        hub_start[base + s] = start + (long long)s * seg;
        hub_v[base + s] = v;
    }
}

/* The sum and the largest of X over the warp, in lane 0. */
template <typename T> __device__ __forceinline__ T warp_sum(T x)
{
    for (int d = 16; d > 0; d >>= 1) x += __shfl_down_sync(FULL_MASK, x, d);
    return x;
}
#if __CUDA_ARCH__ >= 800
template <> __device__ __forceinline__ unsigned warp_sum<unsigned>(unsigned x)   /* one instruction, every lane */
{
    return __reduce_add_sync(FULL_MASK, x);
}
#endif
template <typename T> __device__ __forceinline__ T warp_max(T x)
{
    for (int d = 16; d > 0; d >>= 1) {
        T y = __shfl_down_sync(FULL_MASK, x, d);
        x = y > x ? y : x;
    }
    return x;
}

/* Adds X, summed over the warp in type S, to *AT: lane 0's atomicAdd, none for 0. */
template <typename T, typename S> __device__ __forceinline__ void warp_sum_add(T *at, S x)
{
    x = warp_sum(x);
    if ((threadIdx.x & 31) == 0 && x) atomicAdd(at, (T)x);
}

/* Appends V of each lane whose FLAG is set to QUEUE (room for all), one atomicAdd a warp. */
__device__ __forceinline__ void warp_append(bool flag, unsigned v, unsigned *queue, unsigned *count)
{
    unsigned mask = __ballot_sync(FULL_MASK, flag);
    if (!mask) return;
    int lane = threadIdx.x & 31, leader = __ffs(mask) - 1;
    unsigned base = 0;
    if (lane == leader) base = atomicAdd(count, (unsigned)__popc(mask));
    base = __shfl_sync(FULL_MASK, base, leader);
    if (flag) queue[(unsigned long long)base + __popc(mask & ((1u << lane) - 1))] = v;
}

/* warp_append of B values a lane, from the caller's B ballots (each can sit by its test):
 * one atomicAdd for all, mask j's appends after mask j - 1's, each in lane order. */
template <int B>
__device__ __forceinline__ void warp_append_masks(const unsigned *mask, const unsigned *v, unsigned *queue,
                                                  unsigned *count)
{
    unsigned total = 0;
#pragma unroll
    for (int j = 0; j < B; j++) total += __popc(mask[j]);
    if (!total) return;
    const unsigned lane = threadIdx.x & 31;
    unsigned base = 0;
    if (lane == 0) base = atomicAdd(count, total);
    base = __shfl_sync(FULL_MASK, base, 0);
#pragma unroll
    for (int j = 0; j < B; j++) {
        if (mask[j] >> lane & 1) queue[base + __popc(mask[j] & ((1u << lane) - 1))] = v[j];
        base += __popc(mask[j]);
    }
}

/* Load balance over the edges of up to GRAPH_BLOCK frontier vertices (thread t's: DEG edges
 * from START): lb_load scans the degrees into OFF, then the block walks the edges GRAPH_BLOCK
 * at a time, lb_find mapping edge rank E (< total) to its slot by binary search in OFF. */
typedef struct graph_lb {
    long long off[GRAPH_BLOCK];
    long long start[GRAPH_BLOCK];
    long long warp_tot[GRAPH_WARPS + 1];
} graph_lb;

/* Returns the total (WARP_TOT: the warps' offsets, then the total). */
__device__ __forceinline__ long long lb_load(graph_lb *s, long long start, long long deg)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    long long inc = warp_inclusive_sum(deg);
    if (lane == 31) s->warp_tot[warp] = inc;
    __syncthreads();
    if (warp == 0) {
        long long t = lane < GRAPH_WARPS ? s->warp_tot[lane] : 0;
        long long ti = warp_inclusive_sum(t);
        if (lane < GRAPH_WARPS) s->warp_tot[lane] = ti - t;
        if (lane == GRAPH_WARPS - 1) s->warp_tot[GRAPH_WARPS] = ti;
    }
    __syncthreads();
    long long ex = s->warp_tot[warp] + inc - deg, total = s->warp_tot[GRAPH_WARPS];
    __syncthreads();
    s->off[threadIdx.x] = ex;
    s->start[threadIdx.x] = start;
    __syncthreads();
    return total;
}

/* The last slot k with off[k] <= e (so slots of degree 0 are skipped). */
__device__ __forceinline__ int lb_find(const graph_lb *s, long long e)
{
    int lo = 0, hi = GRAPH_BLOCK - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) >> 1;
        if (s->off[mid] <= e) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

#endif
