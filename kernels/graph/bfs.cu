/* BFS kernels: the seed's edge-parallel level over COO, a load-balanced top-down
 * frontier expansion, and the bottom-up step of direction-optimizing BFS. */
#include "bfs.h"
#include "bfs_colors.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"

__global__ void k_bfs_init(int *levels, unsigned n, unsigned source)
{
    for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
         v += (unsigned long long)gridDim.x * blockDim.x)
        levels[v] = v == source ? 0 : -1;
}

extern "C" int bfs_launch_init(int32_t *levels, uint32_t n, uint32_t source, cudaStream_t stream, sw_error *err)
{
    k_bfs_init<<<grid_for(n, GRAPH_BLOCK), GRAPH_BLOCK, 0, stream>>>(levels, n, source);
    CUDA_TRY_LAUNCH("bfs_init", err);
    return 0;
}

/* The seed's kernel with its read-only alias: reads through LV (const __restrict__,
 * __ldg), writes through LV_W; both point at the same array. A stale read only makes
 * a thread write the same ITER + 1 twice. */
__global__ void k_bfs_edge(const unsigned *__restrict__ st, const unsigned *__restrict__ en, unsigned long long m,
                           int both, const int *__restrict__ lv, int *lv_w, int iter, int *modif)
{
    for (unsigned long long k = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; k < m;
         k += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned s = st[k], d = en[k];
        int ls = __ldg(&lv[s]), ld = __ldg(&lv[d]);
        if (ls == iter && ld < 0) {
            lv_w[d] = iter + 1;
            *modif = iter;
        } else if (both && ld == iter && ls < 0) {
            lv_w[s] = iter + 1;
            *modif = iter;
        }
    }
}

extern "C" int bfs_launch_edge_parallel(const uint32_t *st, const uint32_t *en, uint64_t m, int both,
                                        int32_t *levels, int iter, int *modif, cudaStream_t stream, sw_error *err)
{
    if (!m) return 0;
    k_bfs_edge<<<grid_for(m, GRAPH_BLOCK), GRAPH_BLOCK, 0, stream>>>(st, en, m, both, levels, levels, iter, modif);
    CUDA_TRY_LAUNCH("bfs_edge_parallel", err);
    return 0;
}

/* Claims NB for level ITER + 1 and appends it (whole warps call this). */
__device__ __forceinline__ void td_visit(bool valid, unsigned nb, const long long *row, unsigned *qout,
                                         bfs_counters *cnt, int *levels, int iter, unsigned long long *deg_sum)
{
    bool found = valid && levels[nb] < 0 && atomicCAS(&levels[nb], -1, iter + 1) == -1;
    if (found) *deg_sum += (unsigned long long)(row[nb + 1] - row[nb]);
    warp_append(found, nb, qout, &cnt->count, ~0ull, NULL);
}

__device__ __forceinline__ void flush_degree(bfs_counters *cnt, unsigned long long deg_sum)
{
    deg_sum = warp_sum(deg_sum);
    if ((threadIdx.x & 31) == 0 && deg_sum) atomicAdd(&cnt->degree, deg_sum);
}

__global__ void __launch_bounds__(GRAPH_BLOCK) k_bfs_top_down(const long long *__restrict__ row,
                                                              const unsigned *__restrict__ col,
                                                              const unsigned *__restrict__ qin, unsigned qn,
                                                              unsigned *qout, long long *hub_start, unsigned *hub_v,
                                                              bfs_counters *cnt, int *levels, int iter)
{
    __shared__ graph_lb lb;
    unsigned long long deg_sum = 0;
    for (unsigned long long chunk = (unsigned long long)blockIdx.x * GRAPH_BLOCK; chunk < qn;
         chunk += (unsigned long long)gridDim.x * GRAPH_BLOCK) {
        unsigned long long i = chunk + threadIdx.x;
        long long start = 0, deg = 0;
        unsigned v = 0;
        if (i < qn) {
            v = qin[i];
            start = row[v];
            deg = row[v + 1] - start;
        }
        bool big = deg > GRAPH_BIG_DEGREE;
        warp_hub_append(big, v, start, deg, GRAPH_HUB_SEGMENT, hub_start, hub_v, &cnt->big);
        long long total = lb_load(&lb, start, big ? 0 : deg);
        for (long long base = 0; base < total; base += GRAPH_BLOCK) {
            long long e = base + threadIdx.x;
            unsigned nb = 0;
            if (e < total) {
                int k = lb_find(&lb, e);
                nb = col[lb.start[k] + (e - lb.off[k])];
            }
            td_visit(e < total, nb, row, qout, cnt, levels, iter, &deg_sum);
        }
        __syncthreads();   /* lb is refilled by the next chunk */
    }
    flush_degree(cnt, deg_sum);
}

/* The hubs: one listed segment per block. */
__global__ void __launch_bounds__(GRAPH_BLOCK) k_bfs_top_down_big(const long long *__restrict__ row,
                                                                  const unsigned *__restrict__ col,
                                                                  const long long *__restrict__ hub_start,
                                                                  const unsigned *__restrict__ hub_v, unsigned *qout,
                                                                  bfs_counters *cnt, int *levels, int iter)
{
    unsigned nseg = *(volatile unsigned *)&cnt->big;
    unsigned long long deg_sum = 0;
    for (unsigned i = blockIdx.x; i < nseg; i += gridDim.x) {
        long long s = hub_start[i], end = row[hub_v[i] + 1];
        if (end > s + GRAPH_HUB_SEGMENT) end = s + GRAPH_HUB_SEGMENT;
        for (long long base = s; base < end; base += GRAPH_BLOCK) {
            long long k = base + threadIdx.x;
            td_visit(k < end, k < end ? col[k] : 0, row, qout, cnt, levels, iter, &deg_sum);
        }
    }
    flush_degree(cnt, deg_sum);
}

extern "C" int bfs_launch_top_down(const int64_t *row, const uint32_t *col, const uint32_t *qin, uint32_t qn,
                                   uint32_t *qout, int64_t *hub_start, uint32_t *hub_v, bfs_counters *cnt,
                                   int32_t *levels, int iter, cudaStream_t stream, sw_error *err)
{
    if (!qn) return 0;
    unsigned blocks = grid_for(qn, GRAPH_BLOCK);
    if (blocks > 132 * 16) blocks = 132 * 16;
    k_bfs_top_down<<<blocks, GRAPH_BLOCK, 0, stream>>>((const long long *)row, col, qin, qn, qout, (long long *)hub_start, hub_v,
                                            cnt, levels, iter);
    CUDA_TRY_LAUNCH("bfs_top_down", err);
    k_bfs_top_down_big<<<GRAPH_BIG_BLOCKS, GRAPH_BLOCK, 0, stream>>>((const long long *)row, col, (const long long *)hub_start,
                                                         hub_v, qout, cnt, levels, iter);
    CUDA_TRY_LAUNCH("bfs_top_down_big", err);
    return 0;
}

/* One thread per vertex; a warp covers one 32-bit word of the bitmaps, so the next
 * frontier's word is the warp's ballot: no atomics. */
__global__ void k_bfs_bottom_up(const long long *__restrict__ rrow, const unsigned *__restrict__ rcol,
                                const long long *__restrict__ row, unsigned n, const unsigned *__restrict__ fin,
                                unsigned *fout, bfs_counters *cnt, int *levels, int iter)
{
    unsigned long long padded = ((unsigned long long)n + 31) & ~31ull;
    unsigned long long deg_sum = 0;
    unsigned found_count = 0;
    for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < padded;
         v += (unsigned long long)gridDim.x * blockDim.x) {
        bool found = false;
        if (v < n && levels[v] < 0) {
            long long end = rrow[v + 1];
            for (long long k = rrow[v]; k < end; k++) {
                unsigned u = rcol[k];
                if ((__ldg(&fin[u >> 5]) >> (u & 31)) & 1u) {
                    found = true;
                    break;
                }
            }
            if (found) {
                levels[v] = iter + 1;
                deg_sum += (unsigned long long)(row[v + 1] - row[v]);
            }
        }
        unsigned word = __ballot_sync(FULL_MASK, found);
        if ((threadIdx.x & 31) == 0) {
            fout[v >> 5] = word;
            found_count += (unsigned)__popc(word);
        }
    }
    deg_sum = warp_sum(deg_sum);
    if ((threadIdx.x & 31) == 0) {
        if (found_count) atomicAdd(&cnt->count, found_count);
        if (deg_sum) atomicAdd(&cnt->degree, deg_sum);
    }
}

extern "C" int bfs_launch_bottom_up(const int64_t *rrow, const uint32_t *rcol, const int64_t *row, uint32_t n,
                                    const uint32_t *fin, uint32_t *fout, bfs_counters *cnt, int32_t *levels, int iter,
                                    cudaStream_t stream, sw_error *err)
{
    if (!n) return 0;
    k_bfs_bottom_up<<<grid_for(n, GRAPH_BLOCK), GRAPH_BLOCK, 0, stream>>>((const long long *)rrow, rcol, (const long long *)row,
                                                              n, fin, fout, cnt, levels, iter);
    CUDA_TRY_LAUNCH("bfs_bottom_up", err);
    return 0;
}

__global__ void k_queue_to_bitmap(const unsigned *q, unsigned qn, unsigned *bitmap)
{
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < qn;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned v = q[i];
        atomicOr(&bitmap[v >> 5], 1u << (v & 31));
    }
}

extern "C" int bfs_launch_queue_to_bitmap(const uint32_t *q, uint32_t qn, uint32_t *bitmap, cudaStream_t stream,
                                          sw_error *err)
{
    if (!qn) return 0;
    k_queue_to_bitmap<<<grid_for(qn, GRAPH_BLOCK), GRAPH_BLOCK, 0, stream>>>(q, qn, bitmap);
    CUDA_TRY_LAUNCH("bfs_queue_to_bitmap", err);
    return 0;
}

__global__ void k_bitmap_to_queue(const unsigned *bitmap, const long long *row, unsigned n, unsigned *q,
                                  bfs_counters *cnt)
{
    unsigned long long padded = ((unsigned long long)n + 31) & ~31ull, deg_sum = 0;
    for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < padded;
         v += (unsigned long long)gridDim.x * blockDim.x) {
        bool set = v < n && ((bitmap[v >> 5] >> (v & 31)) & 1u);
        if (set) deg_sum += (unsigned long long)(row[v + 1] - row[v]);
        warp_append(set, (unsigned)v, q, &cnt->count, ~0ull, NULL);
    }
    flush_degree(cnt, deg_sum);
}

extern "C" int bfs_launch_bitmap_to_queue(const uint32_t *bitmap, const int64_t *row, uint32_t n, uint32_t *q,
                                          bfs_counters *cnt, cudaStream_t stream, sw_error *err)
{
    if (!n) return 0;
    k_bitmap_to_queue<<<grid_for(n, GRAPH_BLOCK), GRAPH_BLOCK, 0, stream>>>(bitmap, (const long long *)row, n, q, cnt);
    CUDA_TRY_LAUNCH("bfs_bitmap_to_queue", err);
    return 0;
}

extern "C" uint64_t graph_hub_capacity(uint32_t n, uint64_t m) { return m / GRAPH_HUB_SEGMENT + n + 1; }

__global__ void k_bfs_colorize(const int *levels, unsigned n, int level, unsigned *rgba)
{
    for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
         v += (unsigned long long)gridDim.x * blockDim.x)
        rgba[v] = bfs_level_color(levels[v], level);
}

extern "C" int bfs_launch_colorize(const int32_t *levels, uint32_t n, int level, uint32_t *rgba, cudaStream_t stream,
                                   sw_error *err)
{
    if (!n) return 0;
    k_bfs_colorize<<<grid_for(n, GRAPH_BLOCK), GRAPH_BLOCK, 0, stream>>>(levels, n, level, rgba);
    CUDA_TRY_LAUNCH("bfs_colorize", err);
    return 0;
}
