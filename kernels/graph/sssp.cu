/* SSSP kernels: the seed's edge-parallel Bellman-Ford round (plain and with the
 * read-only alias) and the near-far pile's relax / split / rebuild steps. atomicMin
 * on float uses the int bit patterns, which order like the values for floats >= 0. */
#include "sssp.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"

static unsigned grid_for(unsigned long long work, unsigned per_block)
{
    unsigned long long b = (work + per_block - 1) / per_block;
    if (b < 1) b = 1;
    return (unsigned)(b > 65535ull * 16 ? 65535ull * 16 : b);
}

#define GRID_STRIDE(i, count)                                                                     \
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < (count); \
         i += (unsigned long long)gridDim.x * blockDim.x)

__global__ void k_sssp_init(float *dist, float *expanded, unsigned n, unsigned source)
{
    GRID_STRIDE(v, n)
    {
        dist[v] = v == source ? 0.0f : __int_as_float(0x7f800000);
        if (expanded) expanded[v] = __int_as_float(0x7f800000);
    }
}

extern "C" int sssp_launch_init(float *dist, float *expanded, uint32_t n, uint32_t source, sw_error *err)
{
    k_sssp_init<<<grid_for(n, GRAPH_BLOCK), GRAPH_BLOCK>>>(dist, expanded, n, source);
    CUDA_TRY_LAUNCH("sssp_init", err);
    return 0;
}

/* The seed's basic kernel: one pointer for reads and writes. Races are benign: a
 * lost smaller write is redone in a later round, and rounds go on until none changes. */
__global__ void k_bf_plain(const unsigned *st, const unsigned *en, const float *w, unsigned long long m, int both,
                           float *dist, int iter, int *modif)
{
    GRID_STRIDE(k, m)
    {
        float wt = w ? w[k] : 1.0f;
        unsigned s = st[k], e = en[k];
        float ds = dist[s], de = dist[e];
        if (both && ds > de + wt) {
            dist[s] = de + wt;
            *modif = iter;
        } else if (de > ds + wt) {
            dist[e] = ds + wt;
            *modif = iter;
        }
    }
}

/* The seed's optimized kernel: reads through DIST (const __restrict__, the read-only
 * cache via __ldg), writes through DIST_W; both name the same array. */
__global__ void k_bf_ro(const unsigned *__restrict__ st, const unsigned *__restrict__ en,
                        const float *__restrict__ w, unsigned long long m, int both, const float *__restrict__ dist,
                        float *dist_w, int iter, int *modif)
{
    GRID_STRIDE(k, m)
    {
        float wt = w ? __ldg(&w[k]) : 1.0f;
        unsigned s = __ldg(&st[k]), e = __ldg(&en[k]);
        float ds = __ldg(&dist[s]), de = __ldg(&dist[e]);
        if (both && ds > de + wt) {
            dist_w[s] = de + wt;
            *modif = iter;
        } else if (de > ds + wt) {
            dist_w[e] = ds + wt;
            *modif = iter;
        }
    }
}

extern "C" int sssp_launch_bellman_ford(const uint32_t *st, const uint32_t *en, const float *w, uint64_t m, int both,
                                        float *dist, int iter, int *modif, int ro, sw_error *err)
{
    if (!m) return 0;
    if (ro) k_bf_ro<<<grid_for(m, GRAPH_BLOCK), GRAPH_BLOCK>>>(st, en, w, m, both, dist, dist, iter, modif);
    else k_bf_plain<<<grid_for(m, GRAPH_BLOCK), GRAPH_BLOCK>>>(st, en, w, m, both, dist, iter, modif);
    CUDA_TRY_LAUNCH("sssp_bellman_ford", err);
    return 0;
}

/* Relaxes arc A out of a vertex at distance DU (whole warps call this). */
__device__ __forceinline__ void nf_visit(bool valid, long long a, float du, const unsigned *col, const float *w,
                                         float *dist, float threshold, unsigned *near, unsigned *far,
                                         unsigned long long far_cap, unsigned *stamp, unsigned stamp_val,
                                         sssp_counters *cnt)
{
    bool to_near = false, to_far = false;
    unsigned v = 0;
    if (valid) {
        v = col[a];
        float nd = du + (w ? w[a] : 1.0f);
        if (nd < dist[v] && nd < atomic_min_nonneg(&dist[v], nd)) {
            /* once per round in the near queue (the stamp), any number of times in far */
            to_near = nd < threshold && atomicExch(&stamp[v], stamp_val) != stamp_val;
            to_far = nd >= threshold;
        }
    }
    /* a near append happens at most once per vertex per round: the near queue
       cannot overflow */
    warp_append(to_near, v, near, &cnt->near, ~0ull, NULL);
    warp_append(to_far, v, far, &cnt->far, far_cap, &cnt->overflow);
}

__global__ void __launch_bounds__(GRAPH_BLOCK)
    k_nf_relax(const long long *__restrict__ row, const unsigned *__restrict__ col, const float *__restrict__ w,
               const unsigned *__restrict__ qin, unsigned qn, float *dist, float *expanded, float threshold,
               unsigned *near,
               unsigned *far, unsigned long long far_cap, long long *hub_start, unsigned *hub_v, unsigned *stamp,
               unsigned stamp_val, sssp_counters *cnt)
{
    __shared__ graph_lb lb;
    __shared__ float s_du[GRAPH_BLOCK];
    for (unsigned long long chunk = (unsigned long long)blockIdx.x * GRAPH_BLOCK; chunk < qn;
         chunk += (unsigned long long)gridDim.x * GRAPH_BLOCK) {
        unsigned long long i = chunk + threadIdx.x;
        long long start = 0, deg = 0;
        unsigned v = 0;
        if (i < qn) {
            v = qin[i];
            start = row[v];
            deg = row[v + 1] - start;
            float du = dist[v];
            s_du[threadIdx.x] = du;
            /* expanded before at this distance or less: its arcs gave all they can */
            if (du >= expanded[v]) deg = 0;
            else expanded[v] = du;
        }
        bool big = deg > GRAPH_BIG_DEGREE;
        warp_hub_append(big, v, start, deg, GRAPH_HUB_SEGMENT, hub_start, hub_v, &cnt->big);
        long long total = lb_load(&lb, start, big ? 0 : deg);
        for (long long base = 0; base < total; base += GRAPH_BLOCK) {
            long long e = base + threadIdx.x;
            long long a = 0;
            float du = 0;
            if (e < total) {
                int k = lb_find(&lb, e);
                a = lb.start[k] + (e - lb.off[k]);
                du = s_du[k];
            }
            nf_visit(e < total, a, du, col, w, dist, threshold, near, far, far_cap, stamp, stamp_val, cnt);
        }
        __syncthreads();
    }
}

__global__ void __launch_bounds__(GRAPH_BLOCK)
    k_nf_relax_big(const long long *__restrict__ row, const unsigned *__restrict__ col, const float *__restrict__ w,
                   const long long *__restrict__ hub_start, const unsigned *__restrict__ hub_v, float *dist,
                   float threshold, unsigned *near, unsigned *far, unsigned long long far_cap, unsigned *stamp,
                   unsigned stamp_val, sssp_counters *cnt)
{
    unsigned nseg = *(volatile unsigned *)&cnt->big;
    for (unsigned i = blockIdx.x; i < nseg; i += gridDim.x) {
        unsigned u = hub_v[i];
        float du = dist[u];
        long long s = hub_start[i], end = row[u + 1];
        if (end > s + GRAPH_HUB_SEGMENT) end = s + GRAPH_HUB_SEGMENT;
        for (long long base = s; base < end; base += GRAPH_BLOCK) {
            long long a = base + threadIdx.x;
            nf_visit(a < end, a, du, col, w, dist, threshold, near, far, far_cap, stamp, stamp_val, cnt);
        }
    }
}

extern "C" int sssp_launch_relax(const int64_t *row, const uint32_t *col, const float *w, const uint32_t *qin,
                                 uint32_t qn, float *dist, float *expanded, float threshold, uint32_t *near,
                                 uint32_t *far,
                                 uint64_t far_cap, int64_t *hub_start, uint32_t *hub_v, uint32_t *stamp,
                                 uint32_t stamp_val, sssp_counters *cnt, sw_error *err)
{
    if (!qn) return 0;
    unsigned blocks = grid_for(qn, GRAPH_BLOCK);
    if (blocks > 132 * 16) blocks = 132 * 16;
    k_nf_relax<<<blocks, GRAPH_BLOCK>>>((const long long *)row, col, w, qin, qn, dist, expanded, threshold, near, far, far_cap,
                                        (long long *)hub_start, hub_v, stamp, stamp_val, cnt);
    CUDA_TRY_LAUNCH("sssp_relax", err);
    k_nf_relax_big<<<GRAPH_BIG_BLOCKS, GRAPH_BLOCK>>>((const long long *)row, col, w, (const long long *)hub_start, hub_v,
                                                     dist, threshold, near, far,
                                                     far_cap, stamp, stamp_val, cnt);
    CUDA_TRY_LAUNCH("sssp_relax_big", err);
    return 0;
}

__global__ void k_far_split(const unsigned *far_in, unsigned far_n, const float *dist, float lo, float hi,
                            unsigned *near, unsigned *far_out, unsigned *stamp, unsigned stamp_val,
                            sssp_counters *cnt)
{
    unsigned long long padded = ((unsigned long long)far_n + 31) & ~31ull;
    unsigned min_bits = 0x7f800000u;
    GRID_STRIDE(i, padded)
    {
        bool to_near = false, keep = false;
        unsigned v = 0;
        if (i < far_n) {
            v = far_in[i];
            float d = dist[v];
            if (d >= lo && d < hi) to_near = atomicExch(&stamp[v], stamp_val) != stamp_val;
            else if (d >= hi) {
                keep = true;
                min_bits = min(min_bits, (unsigned)__float_as_int(d));
            }
        }
        warp_append(to_near, v, near, &cnt->near, ~0ull, NULL);
        warp_append(keep, v, far_out, &cnt->far, ~0ull, NULL);
    }
    for (int d = 16; d > 0; d >>= 1) min_bits = min(min_bits, __shfl_down_sync(FULL_MASK, min_bits, d));
    if ((threadIdx.x & 31) == 0 && min_bits != 0x7f800000u) atomicMin(&cnt->far_min_bits, min_bits);
}

extern "C" int sssp_launch_far_split(const uint32_t *far_in, uint32_t far_n, const float *dist, float lo, float hi,
                                     uint32_t *near, uint32_t *far_out, uint32_t *stamp, uint32_t stamp_val,
                                     sssp_counters *cnt, sw_error *err)
{
    if (!far_n) return 0;
    k_far_split<<<grid_for(far_n, GRAPH_BLOCK), GRAPH_BLOCK>>>(far_in, far_n, dist, lo, hi, near, far_out, stamp,
                                                              stamp_val, cnt);
    CUDA_TRY_LAUNCH("sssp_far_split", err);
    return 0;
}

__global__ void k_far_rebuild(const float *dist, unsigned n, float lo, unsigned *far_out, sssp_counters *cnt)
{
    unsigned long long padded = ((unsigned long long)n + 31) & ~31ull;
    GRID_STRIDE(v, padded)
    {
        bool keep = false;
        if (v < n) {
            float d = dist[v];
            keep = d >= lo && d < __int_as_float(0x7f800000);
        }
        warp_append(keep, (unsigned)v, far_out, &cnt->far, ~0ull, NULL);
    }
}

extern "C" int sssp_launch_far_rebuild(const float *dist, uint32_t n, float lo, uint32_t *far_out, sssp_counters *cnt,
                                       sw_error *err)
{
    if (!n) return 0;
    k_far_rebuild<<<grid_for(n, GRAPH_BLOCK), GRAPH_BLOCK>>>(dist, n, lo, far_out, cnt);
    CUDA_TRY_LAUNCH("sssp_far_rebuild", err);
    return 0;
}
