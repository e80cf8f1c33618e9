/* Delta-stepping's kernel parameters and its pull (sssp_delta.cu): unsettled vertices
 * read their own heavy arcs, lightest first, for the least path through the last bucket. */
#ifndef SCANWORKS_KERNELS_SSSP_PULL_CUH
#define SCANWORKS_KERNELS_SSSP_PULL_CUH

#include "sssp.h"
#include "graph_block.cuh"
#include "sssp_prep.h"

#define DS_INF_BITS 0x7f800000u

typedef struct ds_params {
    const long long *__restrict__ row, *__restrict__ mid;
    const unsigned *__restrict__ col;
    const float *__restrict__ w;
    unsigned n;
    float delta, tail;
    int pull;
    const float *__restrict__ heavy_min;
    const unsigned long long *heavy_rows;
    float *dist, *expanded;
    unsigned *queue[2], *members, *stamp, *bstamp;
    unsigned big_degree, segment;
    long long *hub_start;
    unsigned *hub_v;
    sssp_ds_ctl *ctl;
} ds_params;

#define DS_PULL_BATCH 4   /* arcs a pulling vertex reads at once (their dist loads in flight together) */

/* The pull for v, its dist BEST past the bucket [PL, PH) just done: the least dist[u] + w
 * over v's heavy arcs from members u (weights symmetric), a sorted row (sssp_prep.h) read
 * up to the first w with pl + w >= best; one of over SSSP_PULL_SORT_MAX arcs read whole. */
__device__ __forceinline__ float ds_pull(const ds_params &p, unsigned v, float best, float pl, float ph)
{
    long long a = p.mid[v];
    const long long end = p.row[v + 1];
    const bool sorted = end - a <= (long long)SSSP_PULL_SORT_MAX;
    for (; a < end; a += DS_PULL_BATCH) {
        float w[DS_PULL_BATCH], du[DS_PULL_BATCH];
        unsigned u[DS_PULL_BATCH];
#pragma unroll
        for (int i = 0; i < DS_PULL_BATCH; i++) {
            const bool in = a + i < end;
            w[i] = in ? (p.w ? p.w[a + i] : 1.0f) : __int_as_float(DS_INF_BITS);
            u[i] = in ? p.col[a + i] : 0;
        }
#pragma unroll
        for (int i = 0; i < DS_PULL_BATCH; i++) du[i] = pl + w[i] < best ? __ldcg(&p.dist[u[i]]) : -1.0f;
#pragma unroll
        for (int i = 0; i < DS_PULL_BATCH; i++)
            if (du[i] >= pl && du[i] < ph) best = fminf(best, du[i] + w[i]);
        if (sorted && !(pl + w[DS_PULL_BATCH - 1] < best)) break;
    }
    return best;
}

/* Before a scan, after a bucket [PL, LO) whose members pushed no heavy arc: each v past
 * LO whose heavy_min could improve it pulls. A thread owns the float4 of dist it scans
 * next (ds_scan's indexing): no barrier, no atomics. Vertices reached go to ctl->reached. */
__device__ __forceinline__ void ds_pull_pass(const ds_params &p, float lo, float pl)
{
    const unsigned long long n = p.n, threads = (unsigned long long)gridDim.x * GRAPH_BLOCK;
    const unsigned long long tid = (unsigned long long)blockIdx.x * GRAPH_BLOCK + threadIdx.x;
    unsigned reach = 0;
    for (unsigned long long q = tid; q * 4 < n; q += threads) {
        const unsigned long long v = q * 4;
        float e[4], h[4];
        if (v + 4 <= n) {
            const float4 d4 = __ldcg((const float4 *)p.dist + q), h4 = __ldg((const float4 *)p.heavy_min + q);
            e[0] = d4.x, e[1] = d4.y, e[2] = d4.z, e[3] = d4.w;
            h[0] = h4.x, h[1] = h4.y, h[2] = h4.z, h[3] = h4.w;
        } else {
#pragma unroll
            for (int j = 0; j < 4; j++) {
                e[j] = v + j < n ? __ldcg(&p.dist[v + j]) : -1.0f;
                h[j] = v + j < n ? p.heavy_min[v + j] : 0.0f;
            }
        }
#pragma unroll
        for (int j = 0; j < 4; j++) {
            if (!(e[j] >= lo && pl + h[j] < e[j])) continue;
            const float best = ds_pull(p, (unsigned)(v + j), e[j], pl, lo);
            if (best < e[j]) {
                reach += __float_as_uint(e[j]) == DS_INF_BITS;
                p.dist[v + j] = best;
            }
        }
    }
    warp_sum_add(&p.ctl->reached, reach);
}

#endif
